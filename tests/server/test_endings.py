"""How a table ends: the result's reason and rounds, the log's announcements, rematches."""

import threading
from typing import Any

import httpx
import pytest

from meeple.engine.registry import game_class
from meeple.server.rematch import rematch_id
from server.serverkit import Client, LiveServer, create_table, join, wait_until

PATIENCE = 300.0  # seconds: only a guard against a hang (a loaded machine is slow)
# Small, quick games: the human seat (joined, never connected) is played by the
# empty-seat bot at once (grace 0), so the seat keeps its token to ask for a rematch.
GAMES: dict[str, dict[str, Any]] = {
    "phase10": {"players": 2, "options": {"phases": ["set3+set3", "run4"]}},
    "toc": {"players": 2, "options": {}},
    "cmyk": {"players": 2, "options": {}},
    "toquer": {"players": 2, "options": {"end_score": 30}},
}
ROUND_BASED = {"phase10", "toquer"}
ANNOUNCED = {
    "phase10": {"skipped", "phase_laid", "round_over"},
    "toc": {"captured", "swapped", "pawn_home"},
    "cmyk": {"cards_won", "pile_closed", "pile_busted"},
    "toquer": {
        "knocked",
        "nobody_knocked",
        "knock_exchange",
        "shared_swap",
        "shared_reveal",
        "shared_clear",
        "round_over",
    },
}


def finished_table(http: httpx.Client, game: str, **extra: Any) -> tuple[dict[str, Any], str]:
    """A finished table of ``game`` (seat 0 joined, seat 1 a bot) and seat 0's token."""
    table = create_table(
        http,
        game=game,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
        grace_seconds=0,
        bot_delay_ms=0,
        empty_seat_bot="heuristic",
        **GAMES[game],
        **extra,
    )
    token = join(http, table["id"], 0)
    url = f"/api/tables/{table['id']}"
    wait_until(lambda: http.get(url).json()["status"] == "finished", PATIENCE)
    info: dict[str, Any] = http.get(url).json()
    return info, token


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_result_says_why_the_game_ended_and_scores_each_round(
    http: httpx.Client, game: str
) -> None:
    info, _ = finished_table(http, game)
    result = info["result"]
    reasons = dict(game_class(game).spec.end_reasons)
    assert result["reason"] in reasons, result
    if game in ROUND_BASED:
        rounds = result["rounds"]
        assert rounds and all(len(points) == 2 for points in rounds)
        # the rounds add up to the totals (no points come from anywhere else)
        assert [sum(column) for column in zip(*rounds, strict=True)] == result["scores"]
    else:
        assert "rounds" not in result
    record = http.get(f"/api/tables/{info['id']}/record").json()
    kinds = {note["kind"] for event in record["events"] for note in event["notes"]}
    assert kinds <= ANNOUNCED[game], kinds
    # Certain in every game that ends: a phase is laid, a Toquer round is scored, a Toc
    # pawn reaches its Safety Zone.
    sure = {
        "phase10": {"phase_laid", "round_over"},
        "toquer": {"round_over"},
        "toc": {"pawn_home"},
    }
    assert sure.get(game, set()) <= kinds, kinds


def test_a_rematch_is_one_new_table_with_the_same_game_seats_and_options(
    live: LiveServer, http: httpx.Client
) -> None:
    info, token = finished_table(http, "toquer", name="evening")
    tid = info["id"]
    asker = {"Authorization": f"Bearer {token}"}
    assert http.post(f"/api/tables/{tid}/rematch").status_code == 401
    running = create_table(http, game="cmyk", players=2)
    other = join(http, running["id"], 0)
    refused = http.post(
        f"/api/tables/{running['id']}/rematch", headers={"Authorization": f"Bearer {other}"}
    )
    assert refused.status_code == 409  # the game is not over
    watcher = Client(live.ws_base, tid)  # someone still looking at the finished table
    answers: list[httpx.Response] = []

    def ask() -> None:
        with httpx.Client(base_url=live.base, timeout=20, trust_env=False) as client:
            answers.append(client.post(f"/api/tables/{tid}/rematch", headers=asker))

    threads = [threading.Thread(target=ask) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(a.status_code for a in answers) == [200, 200, 201], [a.text for a in answers]
    new = answers[0].json()
    assert {a.json()["id"] for a in answers} == {new["id"]} == {rematch_id(tid)}
    assert new["status"] == "open" and new["game"] == "toquer" and new["name"] == "evening"
    assert new["options"] == info["options"] and new["options"]["end_score"] == 30
    assert [(s["kind"], s["bot"], s["occupied"]) for s in new["seats"]] == [
        ("human", None, False),
        ("bot", "heuristic", True),
    ]
    invite = watcher.wait_for(lambda m: m["type"] == "rematch", 30)
    assert invite["table"] == new["id"]
    watcher.close()
    assert http.get(f"/api/tables/{tid}").json()["result"]["rematch"] == new["id"]
    again = http.post(f"/api/tables/{tid}/rematch", headers=asker)
    assert again.status_code == 200 and again.json()["id"] == new["id"]
    # The same person takes the same seat again, and the rematch starts.
    join(http, new["id"], 0)
    wait_until(lambda: http.get(f"/api/tables/{new['id']}").json()["status"] != "open", 30)
