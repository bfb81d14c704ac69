"""The one choke point: every message that leaves the server is built here, for one seat.

After boardgame.io's ``filter-player-view``: views, log events, errors, chat, table
summaries, records, replays and even the requests sent to bot workers pass through
:func:`outgoing`, which is given the seat the message is for (``None``: a spectator) and
the true data, and returns the JSON object to send. Nothing else in the server turns a
state or a log entry into data for a client, so hidden information has one exit to
guard: the game's ``view`` for that seat, and the visibility of each logged step.
"""

import html
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from meeple.bots.review import decision_seed
from meeple.engine.codec import JSON
from meeple.engine.protocol import CHANCE
from meeple.server.clocks import elapsed_ms, remaining_ms
from meeple.server.tables import LogEntry, TableRuntime
from meeple.store.db import StoredChat, StoredTable


@dataclass(frozen=True, slots=True)
class StateOut:
    """The seat's view, legal moves, clocks and the log entries from ``events_from``."""

    table: TableRuntime
    events_from: int


@dataclass(frozen=True, slots=True)
class WelcomeOut:
    table: TableRuntime
    chat: Sequence[StoredChat]


@dataclass(frozen=True, slots=True)
class TableOut:
    table: TableRuntime | StoredTable


@dataclass(frozen=True, slots=True)
class ChatOut:
    chat: StoredChat


@dataclass(frozen=True, slots=True)
class ChatListOut:
    messages: Sequence[StoredChat]


@dataclass(frozen=True, slots=True)
class ErrorOut:
    code: str
    message: str
    version: int | None = None
    reason: str = ""  # a refused move's: the game's reason or notation mistake, and its facts
    details: dict[str, JSON] = field(default_factory=dict)
    part: str = ""  # of several moves typed together, the one refused


@dataclass(frozen=True, slots=True)
class PongOut:
    pass


@dataclass(frozen=True, slots=True)
class RematchOut:
    """An invitation to the table that replays a finished one (same for every seat)."""

    table_id: str


@dataclass(frozen=True, slots=True)
class RecordOut:
    """A whole match record (every step, unredacted going in)."""

    table: TableRuntime
    header: dict[str, JSON]


@dataclass(frozen=True, slots=True)
class ReplayOut:
    """Frames ``start`` to ``end - 1`` of a replay (frame ``k``: the view after ``k``
    steps of ``entries``, a snapshot of the log). Built off the event loop."""

    table: TableRuntime
    entries: Sequence[LogEntry]
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class BotRequestOut:
    """What a bot worker gets to choose a move: the seat's view and legal actions."""

    table: TableRuntime
    spec: str
    seed: int


@dataclass(frozen=True, slots=True)
class ReviewOut:
    """The bot requests of a post-game review of the seat: one per decision of it with a
    choice in ``entries`` (a finished game's log), at most ``limit``, each with the seat's
    view then and the legal actions; beside them the move played and every legal move in
    notation. Built off the event loop."""

    table: TableRuntime
    entries: Sequence[LogEntry]
    spec: str
    seed: int
    limit: int


Outgoing = (
    StateOut
    | WelcomeOut
    | TableOut
    | ChatOut
    | ChatListOut
    | ErrorOut
    | PongOut
    | RematchOut
    | RecordOut
    | ReplayOut
    | BotRequestOut
    | ReviewOut
)


def _error(item: ErrorOut) -> dict[str, JSON]:
    """A refusal; a refused move's names the game's reason (illegal) or notation mistake
    (malformed) and its facts too, and of several moves typed together the one refused."""
    error: dict[str, JSON] = {
        "type": "error",
        "code": item.code,
        "message": item.message,
        "version": item.version,
    }
    if item.reason:
        error.update(reason=item.reason, details=item.details)
    if item.part:
        error["part"] = item.part
    return error


def outgoing(seat: int | None, item: Outgoing, now: float | None = None) -> dict[str, JSON]:
    """The message ``item`` as seat ``seat`` (None: a spectator) may receive it."""
    moment = time.monotonic() if now is None else now
    if isinstance(item, StateOut):
        return _state(seat, item.table, item.events_from, moment)
    if isinstance(item, WelcomeOut):
        return {
            "type": "welcome",
            "seat": seat,
            "table": _table_info(item.table, moment),
            "chat": [_chat(message) for message in item.chat],
        }
    if isinstance(item, TableOut):
        return {"type": "table", "table": _table_info(item.table, moment)}
    if isinstance(item, ChatOut):
        return {"type": "chat", "message": _chat(item.chat)}
    if isinstance(item, ChatListOut):
        return {"type": "chat_list", "messages": [_chat(message) for message in item.messages]}
    if isinstance(item, ErrorOut):
        return _error(item)
    if isinstance(item, PongOut):
        return {"type": "pong"}
    if isinstance(item, RematchOut):
        return {"type": "rematch", "table": item.table_id}
    if isinstance(item, RecordOut):
        return {
            "type": "record",
            "seat": seat,
            "table": _table_info(item.table, moment),
            "header": item.header,
            "events": [redact(entry, seat) for entry in item.table.log],
        }
    if isinstance(item, ReplayOut):
        return _replay(seat, item)
    if isinstance(item, ReviewOut):
        return _review_requests(seat, item)
    return _bot_request(seat, item)


def redact(entry: LogEntry, seat: int | None) -> dict[str, JSON]:
    """A log entry as ``seat`` may see it: whole, or only that a step happened."""
    visible = entry.visibility is None or (seat is not None and seat in entry.visibility)
    chance = entry.seat == CHANCE
    event: dict[str, JSON] = {
        "index": entry.number,
        "kind": "chance" if chance else "action",
        "seat": None if chance else entry.seat,
        "visible": visible,
        "text": entry.text if visible else None,
        "by": entry.by,
        # Announcements are public facts (Game.announcements): every seat gets them.
        "notes": list(entry.notes),
    }
    event["outcome" if chance else "action"] = entry.data if visible else None
    return event


def _state(seat: int | None, table: TableRuntime, events_from: int, now: float) -> dict[str, JSON]:
    actor = table.actor()
    start = max(0, min(events_from, table.version))
    may_act = (
        seat is not None
        and actor == seat
        and table.seats[seat].kind == "human"
        and not (table.seats[seat].expired and table.empty_seat_bot is not None)
    )
    return {
        "type": "state",
        "table": table.id,
        "seat": seat,
        "version": table.version,
        "status": table.status,
        "to_act": actor,
        "view": table.cached_view(seat),
        "legal": list(table.cached_legal()) if may_act else [],
        "events_from": start,
        "events": [redact(entry, seat) for entry in table.log[start:]],
        "clocks": _clocks(table, now),
        "result": table.result,
    }


def _clocks(table: TableRuntime, now: float) -> list[JSON]:
    if not table.clock.enabled:
        return []
    actor = table.actor()
    elapsed = elapsed_ms(table.turn_started, now)
    clocks: list[JSON] = []
    for info in table.seats:
        if info.kind != "human":
            continue
        running = info.seat == actor
        clocks.append(
            {
                "seat": info.seat,
                "remaining_ms": remaining_ms(table.clock, info.bank_ms, running, elapsed),
                "running": running,
            }
        )
    return clocks


def _table_info(table: TableRuntime | StoredTable, now: float) -> dict[str, JSON]:
    if isinstance(table, StoredTable):
        return _stored_table_info(table)
    seats: list[JSON] = [
        {
            "seat": info.seat,
            "kind": info.kind,
            "bot": info.bot,
            "name": info.name,
            "occupied": info.kind == "bot" or info.token_hash is not None,
            "connected": info.connections > 0,
            "played_by": table.played_by(info.seat, now),
            "account": info.account is not None,
        }
        for info in table.seats
    ]
    return {
        "id": table.id,
        "name": table.name,
        "game": table.game.spec.name,
        "title": table.game.spec.title,
        "players": table.players,
        "options": dict(table.options),
        "status": table.status,
        "version": table.version,
        "to_act": table.actor(),
        "seats": seats,
        "clock": {
            "kind": table.clock.kind,
            "seconds": table.clock.seconds,
            "increment": table.clock.increment,
        },
        "empty_seat_bot": table.empty_seat_bot,
        "grace_seconds": table.grace_seconds,
        "bot_delay_ms": table.bot_delay_ms,
        "open_replays": table.open_replays,
        "hints": table.hints,
        "rated": table.rated,
        "created_at": table.created_at.isoformat(),
        "result": table.result,
    }


def _stored_table_info(table: StoredTable) -> dict[str, JSON]:
    from meeple.engine.registry import game_class

    try:
        title = game_class(table.game).spec.title
    except ValueError:
        title = table.game
    seats: list[JSON] = [
        {
            "seat": info.seat,
            "kind": info.kind,
            "bot": info.bot,
            "name": info.name,
            "occupied": info.kind == "bot" or info.token_hash is not None,
            "connected": False,
            "played_by": "bot" if info.kind == "bot" else "human",
            "account": info.account_id is not None,
        }
        for info in table.seats
    ]
    return {
        "id": table.id,
        "name": table.name,
        "game": table.game,
        "title": title,
        "players": table.players,
        "options": dict(table.options),
        "status": table.status,
        "version": table.version,
        "to_act": None,
        "seats": seats,
        "clock": {
            "kind": table.clock_kind,
            "seconds": table.clock_seconds,
            "increment": table.clock_increment,
        },
        "empty_seat_bot": table.empty_seat_bot,
        "grace_seconds": table.grace_seconds,
        "bot_delay_ms": table.bot_delay_ms,
        "open_replays": table.open_replays,
        "hints": table.hints,
        "rated": table.rated,
        "created_at": table.created_at.isoformat(),
        "result": table.result,
    }


def _chat(message: StoredChat) -> dict[str, JSON]:
    return {
        "id": message.id,
        "seat": message.seat,
        "name": message.name,
        "text": message.text,  # raw, as typed: display it as text, never as markup
        "html": html.escape(message.text),
        "at": message.at.isoformat(),
    }


def _replay(seat: int | None, item: ReplayOut) -> dict[str, JSON]:
    table = item.table
    game = table.game
    entries = item.entries
    frames: list[JSON] = []
    state = game.initial_state()
    for index in range(item.end):
        if index > 0:
            entry = entries[index - 1]
            if entry.seat == CHANCE:
                state = game.apply_chance(state, game.decode_outcome(entry.data))
            else:
                state = game.apply_action(state, game.decode_action(entry.data))
        if index >= item.start:
            frames.append(
                {
                    "version": index,
                    "view": game.encode_view(game.view(state, seat)),
                    "event": None if index == 0 else redact(entries[index - 1], seat),
                }
            )
    total = len(entries) + 1
    return {
        "type": "replay",
        "seat": seat,
        "table": _table_info(table, time.monotonic()),
        "frames_from": item.start,
        "total": total,
        "next": item.end if item.end < total else None,
        "frames": frames,
    }


def _bot_request(seat: int | None, item: BotRequestOut) -> dict[str, JSON]:
    table = item.table
    if seat is None or table.actor() != seat:
        raise ValueError(f"seat {seat} is not to act: no bot request to build")
    game = table.game
    return {
        "game": game.spec.name,
        "players": table.players,
        "options": dict(table.options),
        "seat": seat,
        "spec": item.spec,
        "seed": item.seed,
        "view": table.cached_view(seat),
        "legal": [game.encode_action(a) for a in game.legal_actions(table.state)],
    }


def _review_requests(seat: int | None, item: ReviewOut) -> dict[str, JSON]:
    if seat is None:
        raise ValueError("a review is of one seat: no review requests for a spectator")
    table = item.table
    game = table.game
    requests: list[JSON] = []
    decisions: list[JSON] = []
    total = 0
    state = game.initial_state()
    for entry in item.entries:
        if entry.seat == CHANCE:
            state = game.apply_chance(state, game.decode_outcome(entry.data))
            continue
        action = game.decode_action(entry.data)
        if entry.seat == seat:
            legal = game.legal_actions(state)
            if len(legal) > 1:
                total += 1
                if len(requests) < item.limit:
                    encoded: list[JSON] = [game.encode_action(a) for a in legal]
                    requests.append(
                        {
                            "game": game.spec.name,
                            "players": table.players,
                            "options": dict(table.options),
                            "seat": seat,
                            "spec": item.spec,
                            "seed": decision_seed(item.seed, entry.number),
                            "view": game.encode_view(game.view(state, seat)),
                            "legal": encoded,
                            "mode": "judge",
                        }
                    )
                    texts: list[JSON] = [game.format_action(state, a) for a in legal]
                    decisions.append(
                        {"step": entry.number, "played": legal.index(action), "texts": texts}
                    )
        state = game.apply_action(state, action)
    return {"seat": seat, "total": total, "requests": requests, "decisions": decisions}
