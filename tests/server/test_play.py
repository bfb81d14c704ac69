"""WebSocket play: views, legal moves, versions; refused moves leave the table unchanged."""

import threading
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from meeple.engine.conformance import full_width
from meeple.engine.errors import InvalidActionError
from meeple.server.outbound import StateOut, outgoing
from server.serverkit import Client, LiveServer, create_table, join


def two_player_table(
    live: LiveServer, http: httpx.Client, game: str = "cmyk"
) -> tuple[str, list[str], list[Client]]:
    table = create_table(http, game=game, players=2, bot_delay_ms=0)
    tid = table["id"]
    tokens = [join(http, tid, 0, "Ann"), join(http, tid, 1, "Bob")]
    clients = [Client(live.ws_base, tid, token) for token in tokens]
    for client in clients:
        client.wait_type("welcome")
        client.wait_type("state")
    return tid, tokens, clients


def actor_of(clients: list[Client]) -> tuple[Client, Client, dict[str, Any]]:
    """The client to act, the other one, and the actor's latest state (both caught up)."""
    for client in clients:
        client.drain(0.1)
    states = [client.state for client in clients]
    assert states[0] is not None and states[1] is not None
    assert states[0]["version"] == states[1]["version"]
    seat = states[0]["to_act"]
    state = states[seat]
    assert state is not None
    return clients[seat], clients[1 - seat], state


def truth(live: LiveServer, tid: str, seat: int | None) -> dict[str, Any]:
    runtime = live.manager.live[tid].runtime
    return outgoing(seat, StateOut(runtime, 0))


def test_each_seat_gets_its_own_view_and_only_the_actor_gets_moves(
    live: LiveServer, http: httpx.Client
) -> None:
    tid, _, clients = two_player_table(live, http)
    welcome = clients[0].messages[0]
    assert welcome["type"] == "welcome" and welcome["seat"] == 0
    actor, other, _ = actor_of(clients)
    assert actor.state is not None and other.state is not None
    assert actor.state["legal"] and other.state["legal"] == []
    for seat, client in enumerate(clients):
        assert client.state is not None
        expected = truth(live, tid, seat)
        assert client.state["view"] == expected["view"]
        assert client.state["events"] == expected["events"]
        assert client.state["version"] == expected["version"] > 0
    assert clients[0].state["view"] != clients[1].state["view"]  # different hands
    for client in clients:
        client.close()


def test_moves_by_action_and_by_notation(live: LiveServer, http: httpx.Client) -> None:
    _, _, clients = two_player_table(live, http)
    actor, other, state = actor_of(clients)
    version = state["version"]
    move = state["legal"][0]
    actor.move(version, action=move["action"])
    new = other.wait_version(version + 1)
    actor.wait_version(new["version"])
    event = new["events"][0]
    assert event["index"] == version and event["kind"] == "action"
    assert event["text"] == move["text"] and event["by"] == "human"
    actor, other, state = actor_of(clients)
    actor.move(state["version"], text=state["legal"][-1]["text"])
    other.wait_version(state["version"] + 1)
    # As a Japanese keyboard in full-width mode types it ("Ｃ３０"), a move is the same.
    actor, other, state = actor_of(clients)
    actor.move(state["version"], text=full_width(state["legal"][-1]["text"]))
    assert (
        other.wait_version(state["version"] + 1)["events"][0]["text"]
        == (state["legal"][-1]["text"])
    )
    for client in clients:
        client.close()


def refused(client: Client, code: str) -> dict[str, Any]:
    message = client.wait_type("error")
    assert message["code"] == code, message
    return message


def test_stale_malformed_illegal_and_out_of_turn_moves_change_nothing(
    live: LiveServer, http: httpx.Client
) -> None:
    tid, _, clients = two_player_table(live, http)
    actor, other, state = actor_of(clients)
    version = state["version"]
    legal = state["legal"]
    before = truth(live, tid, None)

    actor.move(version - 1, action=legal[0]["action"])
    assert "version" in refused(actor, "stale")["message"]
    assert actor.wait_type("state")["version"] == version  # a fresh state, to that client
    actor.move(version, action={"type": "NoSuchAction"})
    refused(actor, "malformed")
    actor.move(version, action=[1, 2, {"deep": [[[]]]}])
    assert "reason" not in refused(actor, "malformed")  # data that does not decode: no words
    actor.move(version, text="this is not a move")
    unread = refused(actor, "malformed")
    assert "expected" in unread["message"]
    # What the notation could not read, and its facts, for the client to say in its words.
    assert (unread["reason"], unread["details"]) == ("notColour", {"letter": "T"}), unread
    actor.move(version, text="X፩")  # isdigit, but int() refuses it: once a bare ValueError
    unread = refused(actor, "malformed")
    assert unread["reason"] == "unknownMix", unread
    assert unread["details"] == {"token": "X፩", "mixes": [f"X{i}" for i in range(1, 8)]}
    assert "part" not in unread  # one move typed: nothing to single out
    # Of several moves typed on one line, none is played and the refused one is named:
    # "Z30" cannot be read, or must wait for a draw or for the seat's next turn.
    actor.move(version, text=f"{legal[0]['text']} ; Z30")
    several = actor.wait_type("error")
    assert several["part"] == "Z30", several
    assert (several["code"], several["reason"]) in {
        ("malformed", "notColour"),
        ("illegal", "chanceFirst"),
        ("illegal", "turnOver"),
    }, several
    game = live.manager.live[tid].runtime.game
    real_state = live.manager.live[tid].runtime.state
    legal_texts = {m["text"] for m in legal}
    illegal_text = None
    for colour in "CMYK":
        for value in range(10, 100, 10):
            for text in (f"{colour}{value}", f"-{colour}{value}"):
                try:
                    game._parse_action(real_state, text)
                except InvalidActionError:
                    continue
                if text not in legal_texts:
                    illegal_text = text
                    break
    assert illegal_text is not None
    actor.move(version, text=illegal_text)
    said = refused(actor, "illegal")
    assert "illegal" in said["message"]
    # The game's reason and its facts, for the client to say in its reader's language.
    assert set(said["details"]) == game.illegal_reasons[said["reason"]], said
    action = game.encode_action(game._parse_action(real_state, illegal_text))
    actor.move(version, action=action)  # the same move, sent as an action
    assert refused(actor, "illegal")["reason"] == said["reason"]
    other.move(version, action=legal[0]["action"])  # the right move, the wrong seat
    refused(other, "not_your_turn")
    actor.send({"type": "move", "version": version, "action": legal[0]["action"], "text": "x"})
    refused(actor, "malformed")
    actor.send({"type": "move", "version": True, "action": legal[0]["action"]})
    refused(actor, "malformed")

    assert truth(live, tid, None) == before
    for client in clients:
        assert all(m["type"] != "state" or m["version"] == version for m in client.drain())
    assert other.messages[-1]["code"] == "not_your_turn"  # errors went to their sender only
    for client in clients:
        client.close()


def test_spectator_cannot_act_and_token_acts_only_for_its_seat(
    live: LiveServer, http: httpx.Client
) -> None:
    tid, tokens, clients = two_player_table(live, http)
    _, _, state = actor_of(clients)
    spectator = Client(live.ws_base, tid)
    assert spectator.wait_type("welcome")["seat"] is None
    spectator_state = spectator.wait_type("state")
    assert spectator_state["seat"] is None and spectator_state["legal"] == []
    spectator.move(state["version"], action=state["legal"][0]["action"])
    refused(spectator, "forbidden")
    spectator.send({"type": "chat", "text": "hi"})
    refused(spectator, "forbidden")
    # A second connection with the non-actor's token is still only that seat.
    other_seat = 1 - state["to_act"]
    again = Client(live.ws_base, tid, tokens[other_seat])
    assert again.wait_type("welcome")["seat"] == other_seat
    again.wait_type("state")
    again.move(state["version"], action=state["legal"][0]["action"])
    refused(again, "not_your_turn")
    # A token of another table is refused at hello.
    elsewhere = create_table(http, game="cmyk", players=2)
    stranger = Client(live.ws_base, elsewhere["id"], tokens[0])
    assert refused(stranger, "auth")
    with pytest.raises(ConnectionClosed):
        stranger.recv(5)
    assert truth(live, tid, None)["version"] == state["version"]
    for client in [*clients, spectator, again, stranger]:
        client.close()


def test_two_clients_racing_the_same_move_get_exactly_one_applied(
    live: LiveServer, http: httpx.Client
) -> None:
    tid, tokens, clients = two_player_table(live, http)
    _, _, state = actor_of(clients)
    seat = state["to_act"]
    version = state["version"]
    racers = [Client(live.ws_base, tid, tokens[seat]) for _ in range(2)]
    for racer in racers:
        racer.wait_type("state")
    move = state["legal"][0]["action"]
    barrier = threading.Barrier(2)

    def send(racer: Client) -> None:
        barrier.wait()
        racer.move(version, action=move)

    threads = [threading.Thread(target=send, args=(racer,)) for racer in racers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    outcomes = []
    for racer in racers:
        got = racer.drain(0.5)
        outcomes.append([m.get("code") for m in got if m["type"] == "error"])
    assert sorted(outcomes, key=len) == [[], ["stale"]]
    runtime = live.manager.live[tid].runtime
    assert runtime.log[version].seat == seat
    assert sum(1 for e in runtime.log[version:] if e.by == "human") == 1
    stored = live.manager.store.load_steps(tid)
    assert len(stored) == runtime.version
    for client in [*clients, *racers]:
        client.close()


def test_reconnection_gets_the_current_view_and_whole_log(
    live: LiveServer, http: httpx.Client
) -> None:
    tid, tokens, clients = two_player_table(live, http)
    actor, other, state = actor_of(clients)
    actor.move(state["version"], action=state["legal"][0]["action"])
    current = other.wait_version(state["version"] + 1)
    seat = 1 - state["to_act"]
    other.close()
    back = Client(live.ws_base, tid, tokens[seat])
    assert back.wait_type("welcome")["seat"] == seat
    fresh = back.wait_type("state")
    assert fresh["version"] == current["version"]
    assert fresh["view"] == current["view"]
    assert fresh["events_from"] == 0 and len(fresh["events"]) == fresh["version"]
    back.send({"type": "sync"})
    assert back.wait_type("state")["events_from"] == 0
    back.send({"type": "ping"})
    assert back.wait_type("pong")
    for client in [actor, back]:
        client.close()


def test_chat_is_stored_raw_escaped_for_html_limited_and_rate_limited(
    live: LiveServer, http: httpx.Client
) -> None:
    tid, _, clients = two_player_table(live, http)
    clients[0].send({"type": "chat", "text": '<b>hi</b> & "you"'})
    for client in clients:
        message = client.wait_type("chat")["message"]
        assert message["text"] == '<b>hi</b> & "you"'
        assert message["html"] == "&lt;b&gt;hi&lt;/b&gt; &amp; &quot;you&quot;"
        assert message["name"] == "Ann" and message["seat"] == 0
    clients[0].send({"type": "chat", "text": "x" * 201})
    refused(clients[0], "chat_too_long")
    clients[0].send({"type": "chat", "text": "   "})
    refused(clients[0], "chat_empty")
    for number in range(6):
        clients[1].send({"type": "chat", "text": f"m{number}"})
    codes = [m.get("code") for m in clients[1].drain(0.4) if m["type"] == "error"]
    assert codes == ["rate_limited"]
    stored = http.get(f"/api/tables/{tid}/chat").json()["messages"]
    assert stored[0]["text"] == '<b>hi</b> & "you"' and len(stored) == 6
    for client in clients:
        client.close()
