"""A WebSocket frame fuzzer for a live server: mutated frames of every type, one at a time.

Used by ``test_ws_fuzz.py`` (a bounded run) and ``benchmarks/fuzz_ws.py`` (a bigger one).
Each frame is followed by a ``ping``; the ``pong`` says the server has handled the frame,
so every answer is matched to its frame and the table can be compared before and after.
Both seats are people driven from here (no bot moves between two looks at the table).
"""

import contextlib
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed

from meeple.engine.registry import game_names
from meeple.server import ws
from meeple.server.outbound import StateOut, outgoing
from server.serverkit import Client, LiveServer, Message, create_table, join

# Values that break assumptions: signs, sizes, types, text that is no valid Unicode.
ODD_NUMBERS: tuple[Any, ...] = (-1, -14, 0, 1, 7, 63, 64, 10**30, -(10**30), 2**63, 1.5, True)
ODD_TEXTS: tuple[str, ...] = (
    "",
    " ",
    "\ud83d",
    "a\udc00b",
    "\x00",
    "\x1b[2J",
    "😀",
    "x" * 300,
    "; ;",
    "-K50",
    "W=99",
)
ODD_VALUES: tuple[Any, ...] = (None, [], {}, [1, 2], {"type": None}, "7", *ODD_NUMBERS[:4])
DOCUMENTED_CLOSES = {1008, 1009, 4404}  # auth/flood, too big, no such table
TABLE_TEXTS = ("draw", "take", "lay", "put", "hit", "discard", "skip", "knock", "pass")


def mutate(value: Any, rng: random.Random, depth: int = 0) -> Any:
    """``value`` with one thing changed somewhere inside it."""
    if isinstance(value, dict) and value and depth < 4:
        key = rng.choice(sorted(value))
        changed = dict(value)
        roll = rng.random()
        if roll < 0.15:
            del changed[key]
        elif roll < 0.25:
            changed[rng.choice(("extra", "seat", "index", key + "_"))] = rng.choice(ODD_VALUES)
        elif roll < 0.35 and key == "type":
            changed["type"] = rng.choice(("Nope", "", 5, None, str(value["type"]).lower()))
        else:
            changed[key] = mutate(value[key], rng, depth + 1)
        return changed
    if isinstance(value, list) and value and depth < 4:
        changed_list = list(value)
        index = rng.randrange(len(changed_list))
        roll = rng.random()
        if roll < 0.2:
            del changed_list[index]
        elif roll < 0.35:
            changed_list.append(changed_list[index])
        else:
            changed_list[index] = mutate(changed_list[index], rng, depth + 1)
        return changed_list
    if isinstance(value, bool) or value is None:
        return rng.choice(ODD_VALUES)
    if isinstance(value, int):
        return rng.choice((value + 1, value - 1, -value, value * 1000, *ODD_NUMBERS))
    if isinstance(value, str):
        return rng.choice((value[::-1], value + rng.choice(ODD_TEXTS), *ODD_TEXTS, 5))
    return rng.choice(ODD_VALUES)


def mangle_text(text: str, rng: random.Random) -> str:
    """Notation with characters swapped, cut, doubled or poisoned."""
    chars = list(text) or [" "]
    for _ in range(rng.randint(1, 3)):
        index = rng.randrange(len(chars))
        roll = rng.random()
        if roll < 0.3:
            chars[index] = rng.choice("0123456789-+=<>;WKrgby \ud83d\x00")
        elif roll < 0.5:
            del chars[index]
            chars = chars or [" "]
        elif roll < 0.7:
            chars.insert(index, rng.choice(ODD_TEXTS))
        else:
            chars.insert(index, str(rng.choice(ODD_NUMBERS)))
    return "".join(chars)


def fuzz_frame(rng: random.Random, state: Message | None) -> str | bytes:
    """One client frame: usually a mutated move, chat, sync or ping; sometimes a legal
    move (so the game moves on and the fuzz reaches later positions)."""
    legal = state["legal"] if state else []
    version = state["version"] if state else 0
    roll = rng.random()
    if legal and roll < 0.25:
        choice = rng.choice(legal)
        return json.dumps({"type": "move", "version": version, "action": choice["action"]})
    if legal and roll < 0.55:
        frame = {
            "type": "move",
            "version": version,
            "action": mutate(rng.choice(legal)["action"], rng),
        }
    elif roll < 0.7:
        base = rng.choice(legal)["text"] if legal else rng.choice(TABLE_TEXTS)
        text = "; ".join(mangle_text(base, rng) for _ in range(rng.randint(1, 3)))
        frame = {"type": "move", "version": version, "text": text}
    elif roll < 0.8:
        frame = {
            "type": "chat",
            "text": rng.choice((*ODD_TEXTS, "good luck", mangle_text("gg", rng))),
        }
    elif roll < 0.85:
        frame = {"type": rng.choice(("sync", "ping", "hello", "bye", "MOVE"))}
    else:  # any frame, structurally mangled
        frame = mutate(
            {
                "type": rng.choice(("move", "chat", "sync", "hello")),
                "version": version,
                "text": "draw",
                "action": legal[0]["action"] if legal else {},
            },
            rng,
        )
    if rng.random() < 0.03:
        return rng.choice((b"\x00binary", "[1, 2]", "not json", "{" * 50, "1e999", "9" * 5000))
    return json.dumps(frame)


@dataclass
class FuzzFigures:
    frames: int = 0
    dropped: int = 0  # connections closed other than by a documented close
    documented_closes: int = 0
    internal: int = 0  # `internal` error frames (defects caught by the server)
    changed_on_error: int = 0  # an error answered, yet the table changed
    tables: int = 0
    moves_applied: int = 0
    codes: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def note(self, problem: str) -> None:
        if len(self.problems) < 20:
            self.problems.append(problem)


def snapshot(live: LiveServer, table_id: str) -> Message:
    return outgoing(None, StateOut(live.manager.live[table_id].runtime, 0), now=0.0)


class TableFuzz:
    """Two seated clients and a spectator at a fresh table of ``game``."""

    def __init__(self, live: LiveServer, http: httpx.Client, game: str) -> None:
        self.live = live
        table = create_table(http, game=game, players=2, bot_delay_ms=0, empty_seat_bot=None)
        self.table_id: str = table["id"]
        tokens = [join(http, self.table_id, seat) for seat in (0, 1)]
        self.clients = [Client(live.ws_base, self.table_id, token) for token in tokens]
        self.clients.append(Client(live.ws_base, self.table_id))
        for client in self.clients:
            client.wait_for(lambda m: m["type"] == "state")

    def close(self) -> None:
        for client in self.clients:
            client.close()

    def finished(self) -> bool:
        state = self.clients[0].state
        return state is not None and state["status"] == "finished"

    def pick(self, rng: random.Random) -> Client:
        movers = [c for c in self.clients[:2] if c.state and c.state["legal"]]
        if movers and rng.random() < 0.75:
            return movers[0]
        return rng.choice(self.clients)

    def step(self, rng: random.Random, figures: FuzzFigures) -> bool:
        """Send one fuzzed frame; False once a connection is gone."""
        client = self.pick(rng)
        before = snapshot(self.live, self.table_id)
        frame = fuzz_frame(rng, client.state)
        figures.frames += 1
        try:
            client.send_raw(frame)
            client.send({"type": "ping"})
            answers = list(_until_pong(client, 2 if _is_ping(frame) else 1))
        except (ConnectionClosed, TimeoutError) as error:
            code = getattr(getattr(error, "rcvd", None), "code", None)
            if code in DOCUMENTED_CLOSES:
                figures.documented_closes += 1
            else:
                figures.dropped += 1
                figures.note(f"dropped ({code}) after {frame!r:.200}")
            return False
        for other in self.clients:
            if other is not client:
                _drain_now(other)
        errors = [m for m in answers if m["type"] == "error"]
        for error in errors:
            figures.codes[error["code"]] = figures.codes.get(error["code"], 0) + 1
            if error["code"] == "internal":
                figures.internal += 1
                figures.note(f"internal after {frame!r:.200}")
        moved = any(m["type"] == "state" and m["version"] > before["version"] for m in answers)
        if moved:
            figures.moves_applied += 1
        elif errors and snapshot(self.live, self.table_id) != before:
            figures.changed_on_error += 1
            figures.note(f"table changed on error after {frame!r:.200}")
        return True


def _is_ping(frame: str | bytes) -> bool:
    try:
        parsed = json.loads(frame)
    except ValueError:
        return False
    return isinstance(parsed, dict) and parsed.get("type") == "ping"


def _until_pong(client: Client, pongs: int) -> Iterator[Message]:
    while pongs:
        message = client.recv(20)
        if message["type"] == "pong":
            pongs -= 1
        else:
            yield message


def _drain_now(client: Client) -> None:
    with contextlib.suppress(TimeoutError):
        while True:
            client.recv(0)


@contextlib.contextmanager
def unthrottled() -> Iterator[None]:
    """The frame rate limit off (frames here are paced by their answers, one at a time)."""
    saved = ws.RATE, ws.BURST
    ws.RATE, ws.BURST = 1e9, 1e9
    try:
        yield
    finally:
        ws.RATE, ws.BURST = saved


def run_fuzz(live: LiveServer, http: httpx.Client, frames_per_game: int, seed: int) -> FuzzFigures:
    """Fuzz every registered game's table for ``frames_per_game`` frames."""
    figures = FuzzFigures()
    rng = random.Random(seed)
    with unthrottled():
        for game in game_names():
            sent = 0
            while sent < frames_per_game:
                table = TableFuzz(live, http, game)
                figures.tables += 1
                try:
                    while sent < frames_per_game and not table.finished():
                        sent += 1
                        if not table.step(rng, figures):
                            break
                finally:
                    table.close()
    return figures
