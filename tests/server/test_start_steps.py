"""Tables that start from a built position (``start_steps``, tests only)."""

import httpx
import pytest

from server.serverkit import LiveServer, join
from web.positions import toc_split_seven_steps

BOTS = [{"kind": "bot", "bot": "heuristic"}] * 3


def new_table(http: httpx.Client, steps: list[dict[str, object]]) -> httpx.Response:
    seats = [{"kind": "human"}, *BOTS]
    return http.post(
        "/api/tables",
        json={"game": "toc", "players": 4, "seats": seats, "start_steps": steps},
    )


def open_toc_tables(http: httpx.Client) -> int:
    return len(http.get("/api/tables?status=open&game=toc").json()["tables"])


def test_start_steps_are_refused_unless_the_server_is_started_for_tests(
    http: httpx.Client,
) -> None:
    answer = new_table(http, toc_split_seven_steps())
    assert answer.status_code == 422 and "start_steps is for tests" in answer.text


def test_a_table_starts_from_the_given_steps(
    live: LiveServer, http: httpx.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live.manager.settings, "test_positions", True)
    steps = toc_split_seven_steps()
    answer = new_table(http, steps)
    assert answer.status_code == 201, answer.text
    table = answer.json()
    assert table["status"] == "open" and table["version"] == 0
    token = join(http, table["id"], 0)  # every human seat taken: the table starts
    asker = {"Authorization": f"Bearer {token}"}
    state = http.get(f"/api/tables/{table['id']}/state", headers=asker).json()
    assert state["version"] == len(steps) and state["to_act"] == 0
    assert any(move["text"].startswith("7") for move in state["legal"]), state["legal"]
    record = http.get(f"/api/tables/{table['id']}/record", headers=asker).json()
    assert len(record["events"]) == len(steps)
    kinds = {(e["kind"], e["by"]) for e in record["events"]}
    assert kinds == {("chance", "chance"), ("action", "preset")}


def test_steps_that_do_not_fit_are_refused_naming_the_step(
    live: LiveServer, http: httpx.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live.manager.settings, "test_positions", True)
    steps = toc_split_seven_steps()
    before = open_toc_tables(http)
    wrong_seat = [steps[0], {"seat": 2, "action": steps[1]["action"]}]
    answer = new_table(http, wrong_seat)
    assert answer.status_code == 422 and "start step 1" in answer.text
    impossible = [{"chance": {"type": "Deal", "hands": [[14, 14, 14, 14, 14]] * 4}}]
    answer = new_table(http, impossible)
    assert answer.status_code == 422 and "start step 0" in answer.text
    assert open_toc_tables(http) == before  # nothing stored
