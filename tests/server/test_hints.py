"""Hints over REST: the expert bot's move for the asking seat, at tables that allow it."""

import httpx

from meeple.server.api import HINT_RATE, HINT_TIME_LIMIT
from server.serverkit import create_table, join


def _running_table(http: httpx.Client, hints: bool) -> tuple[str, dict[int, str], int]:
    """A two-person CMYK table that has started: its id, the seat tokens, the seat to act."""
    table = create_table(http, game="cmyk", players=2, hints=hints)
    assert table["hints"] is hints
    tokens = {seat: join(http, table["id"], seat) for seat in (0, 1)}
    info = http.get(f"/api/tables/{table['id']}").json()
    assert info["status"] == "running" and info["to_act"] in (0, 1)
    return table["id"], tokens, info["to_act"]


def _hint(http: httpx.Client, table_id: str, token: str | None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    # The hint's search has its own limit; the client waits longer than that (a loaded
    # machine is slow), so that the server's answer, not the client's clock, decides.
    return http.post(f"/api/tables/{table_id}/hint", headers=headers, timeout=HINT_TIME_LIMIT + 60)


def test_a_seat_to_act_gets_one_of_its_legal_moves_and_the_same_again(
    http: httpx.Client,
) -> None:
    table_id, tokens, actor = _running_table(http, hints=True)
    state = http.get(
        f"/api/tables/{table_id}/state", headers={"Authorization": f"Bearer {tokens[actor]}"}
    ).json()
    first = _hint(http, table_id, tokens[actor])
    assert first.status_code == 200, first.text
    hint = first.json()
    assert hint["level"] == "expert" and hint["version"] == state["version"]
    assert hint["text"] in [move["text"] for move in state["legal"]]
    assert _hint(http, table_id, tokens[actor]).json() == hint  # seeded by the position
    waiting = _hint(http, table_id, tokens[1 - actor])
    assert waiting.status_code == 409 and "not that seat's turn" in waiting.json()["detail"]
    assert waiting.json()["reason"] == "not_your_turn"
    assert _hint(http, table_id, None).status_code == 401


def test_too_many_hints_are_refused_saying_how_many_are_allowed(http: httpx.Client) -> None:
    """The rate is counted before the turn is checked, so the seat that waits reaches it
    without a search."""
    table_id, tokens, actor = _running_table(http, hints=True)
    waiting = tokens[1 - actor]
    answers = [_hint(http, table_id, waiting) for _ in range(HINT_RATE.count + 1)]
    assert {a.json()["reason"] for a in answers[:-1]} == {"not_your_turn"}
    last = answers[-1]
    assert last.status_code == 429 and last.json()["reason"] == "too_many"
    assert last.json()["details"] == {"count": HINT_RATE.count, "seconds": 60}


def test_hints_are_off_unless_the_table_allows_them(http: httpx.Client) -> None:
    table_id, tokens, actor = _running_table(http, hints=False)
    refused = _hint(http, table_id, tokens[actor])
    assert refused.status_code == 403 and "hints are off" in refused.json()["detail"]
    assert refused.json()["reason"] == "hints_off"
    assert create_table(http, game="cmyk", players=2)["hints"] is False  # the default
