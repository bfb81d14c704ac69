"""Post-game reviews over REST: judged by the bot workers from the seat's views, kept."""

from collections.abc import Iterator

import httpx
import pytest

from meeple.bots.review import review_record
from meeple.engine.protocol import CHANCE
from meeple.engine.record import Step, new_record
from meeple.engine.registry import load_game
from meeple.engine.rng import derive_seed
from server.serverkit import Client, LiveServer, create_table, join, server_settings, wait_until

LEVEL = "expert:iterations=5"  # the expert level with a short search: a quick review
PATIENCE = 300.0  # seconds: only a guard against a hang (a loaded machine is slow)


@pytest.fixture(scope="module")
def reviewing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    url = f"sqlite:///{tmp_path_factory.mktemp('reviews') / 'meeple.sqlite3'}"
    with LiveServer(server_settings(url, review_level=LEVEL)) as server:
        yield server


@pytest.fixture
def client(reviewing: LiveServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=reviewing.base, timeout=60, trust_env=False) as http:
        yield http


def _finished_table(live: LiveServer, http: httpx.Client) -> str:
    seats = [{"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "heuristic"}]
    table = create_table(
        http, game="cmyk", players=2, seats=seats, bot_delay_ms=0, open_replays=True
    )
    watcher = Client(live.ws_base, table["id"])
    watcher.wait_for(lambda m: m.get("status") == "finished", timeout=PATIENCE)
    watcher.close()
    return str(table["id"])


def test_a_finished_seat_is_reviewed_once_and_the_same_as_the_library_does(
    reviewing: LiveServer, client: httpx.Client
) -> None:
    table_id = _finished_table(reviewing, client)
    path = f"/api/tables/{table_id}/review"
    assert client.get(path, params={"seat": 0}).status_code == 404  # not started
    started = client.post(path, params={"seat": 0})
    assert started.status_code in (200, 202), started.text
    assert started.json()["level"] == LEVEL and started.json()["seat"] == 0

    def done() -> bool:
        return client.get(path, params={"seat": 0}).json()["status"] != "pending"

    wait_until(done, timeout=PATIENCE)
    review = client.get(path, params={"seat": 0}).json()
    assert review["status"] == "done", review
    assert review["reviewed"] == min(review["total"], review["limit"]) > 0
    again = client.post(path, params={"seat": 0})
    assert again.status_code == 200 and again.json() == review  # kept, not judged again
    # The library's review of the same game (the server's whole log as a record, its
    # seed and level) marks the same moves with the same estimates.
    runtime = reviewing.manager.live[table_id].runtime
    game = load_game("cmyk", 2)
    record = new_record(game, ["easy", "heuristic"], None)
    for entry in runtime.log[0 : runtime.version]:
        record.steps.append(Step(CHANCE if entry.seat == CHANCE else entry.seat, entry.data))
    local = review_record(game, record, 0, LEVEL, derive_seed(0, "review", table_id))
    expected = [(m.step, m.loss if m.loss is None else round(m.loss, 4)) for m, _ in local.marks]
    assert [(m["step"], m["loss"]) for m in review["marks"]] == expected
    for each in review["marks"]:
        assert each["version"] == each["step"] + 1 and each["played_text"] != each["better_text"]
        assert each["loss"] > 0


def test_a_review_needs_a_finished_game_and_one_seat(
    reviewing: LiveServer, client: httpx.Client
) -> None:
    running = create_table(client, game="cmyk", players=2)
    token = join(client, running["id"], 0)
    refused = client.post(
        f"/api/tables/{running['id']}/review", headers={"Authorization": f"Bearer {token}"}
    )
    assert refused.status_code == 409 and "finished game" in refused.json()["detail"]
    table_id = _finished_table(reviewing, client)
    spectator = client.post(f"/api/tables/{table_id}/review")
    assert spectator.status_code == 400 and "one seat" in spectator.json()["detail"]
    assert client.post(f"/api/tables/{table_id}/review", params={"seat": 5}).status_code == 404
