"""No message to a seat or a spectator carries anything its view does not allow.

Whole games of every registered game are played over real WebSockets by clients that
choose with the game's heuristic bot from nothing but the messages they get (so the
messages are enough to play). Afterwards every message is checked against the true
state at its version: it must be exactly what the choke point builds for that seat,
and reshuffling what that seat cannot see (``redeal_hidden``) must not change it.
"""

import random
from typing import Any

import httpx
import pytest

from meeple.bots.registry import make_bot
from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.engine.registry import game_class, game_names
from meeple.server.outbound import redact
from server.serverkit import Client, LiveServer, create_table, finish, join


def chooser(game_name: str, players: int) -> Any:
    game = game_class(game_name)(players, {})
    bots: dict[int, Any] = {}

    def choose(client: Client) -> Any:
        state = client.state
        assert state is not None
        seat = state["seat"]
        if seat not in bots:
            try:
                bots[seat] = make_bot("heuristic", game, seat, random.Random(seat))
            except ValueError:
                bots[seat] = make_bot("random", game, seat, random.Random(seat))
        view = game.decode_view(state["view"])
        legal = tuple(game.decode_action(move["action"]) for move in state["legal"])
        return state["legal"][legal.index(bots[seat].choose(view, legal))]["action"]

    return choose


def legal_of(game: Any, state: object, seat: int | None) -> list[dict[str, Any]]:
    if seat is None or game.current_player(state) != seat:
        return []
    return [
        {"text": game.format_action(state, a), "action": game.encode_action(a)}
        for a in game.legal_actions(state)
    ]


@pytest.mark.parametrize("game_name", game_names())
def test_full_games_leak_nothing(live_sqlite: LiveServer, game_name: str) -> None:
    live = live_sqlite
    cls = game_class(game_name)
    players = min(cls.spec.player_counts)
    http = httpx.Client(base_url=live.base, timeout=20, trust_env=False)
    table = create_table(http, game=game_name, players=players, bot_delay_ms=0)
    tid = table["id"]
    tokens = [join(http, tid, seat) for seat in range(players)]
    clients = [Client(live.ws_base, tid, token) for token in tokens]
    spectator = Client(live.ws_base, tid)
    final = finish(clients, random.Random(1), chooser(game_name, players))
    assert final["result"] is not None
    spectator.wait_version(final["version"])

    runtime = live.manager.live[tid].runtime
    game = runtime.game
    states = [game.initial_state()]
    for entry in runtime.log:
        if entry.seat == CHANCE:
            states.append(game.apply_chance(states[-1], game.decode_outcome(entry.data)))
        else:
            states.append(game.apply_action(states[-1], game.decode_action(entry.data)))
    assert game.current_player(states[-1]) == TERMINAL
    rng = random.Random(7)
    checked = 0
    for client in [*clients, spectator]:
        for message in client.messages:
            if message["type"] != "state":
                continue
            seat, version = message["seat"], message["version"]
            state = states[version]
            assert message["view"] == game.encode_view(game.view(state, seat))
            assert message["legal"] == legal_of(game, state, seat)
            expected_events = [
                redact(e, seat) for e in runtime.log[message["events_from"] : version]
            ]
            assert message["events"] == expected_events
            for event in message["events"]:
                if not event["visible"]:
                    assert event["text"] is None
                    assert event.get("action") is None and event.get("outcome") is None
            # What the seat cannot see, reshuffled, changes nothing it is sent.
            others = [seat] if seat is not None else list(range(players))
            for hidden_from in others:
                if game.current_player(state) == TERMINAL:
                    continue
                redealt = game.redeal_hidden(state, hidden_from, rng)
                assert game.encode_view(game.view(redealt, seat)) == message["view"]
                assert legal_of(game, redealt, seat) == message["legal"]
            checked += 1
    assert checked >= len(clients)
    # The records fetched per seat are the same redaction of the same log.
    for seat, token in enumerate(tokens):
        record = http.get(
            f"/api/tables/{tid}/record", headers={"Authorization": f"Bearer {token}"}
        ).json()
        assert record["events"] == [redact(e, seat) for e in runtime.log]
    for client in [*clients, spectator]:
        client.close()
    http.close()
