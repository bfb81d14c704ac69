"""A table in memory: the true state, its log, its seats and clocks, and how moves apply.

Everything here is synchronous and free of I/O: the manager (``manager.py``) locks a
table, asks it for a :class:`Plan` (the steps a move produces, checked by the engine),
stores the plan, and only then commits it to memory with :meth:`TableRuntime.commit`.
"""

import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, NamedTuple, overload

from meeple.engine import codec
from meeple.engine.codec import JSON
from meeple.engine.errors import (
    IllegalActionError,
    InvalidActionError,
    ReasonedError,
    RecordError,
    Why,
)
from meeple.engine.protocol import CHANCE, TERMINAL, AnyGame, GameResult
from meeple.engine.text import typed
from meeple.server import fastjson
from meeple.server.clocks import ClockSpec, charge, elapsed_ms
from meeple.store.db import NewStep, StoredStep, StoredTable
from meeple.store.kinds import SeatKind, StepBy, TableStatus

MAX_CHANCE_CHAIN = 10_000
PlayedBy = Literal["human", "bot", "nobody"]  # who plays a seat now (TableInfo)


class LogEntry(NamedTuple):
    """A step with what redaction needs, computed once from the state it was taken in."""

    number: int  # the step's index in the game
    seat: int  # CHANCE (-1) for a chance outcome
    data: JSON
    text: str | None  # the action in notation (None for chance outcomes)
    visibility: tuple[int, ...] | None  # None: everyone; else the seats that may see it
    by: StepBy
    notes: tuple[dict[str, JSON], ...] = ()  # the game's announcements (public facts)


def announced(
    game: AnyGame, entry: LogEntry, before: object, action: object | None, after: object
) -> LogEntry:
    """``entry`` with what the step did to the seats (``Game.announcements``)."""
    notes = game.announcements(before, action, after)
    return entry._replace(notes=tuple(note.to_json() for note in notes)) if notes else entry


def _seats(visibility: frozenset[int] | None) -> tuple[int, ...] | None:
    return None if visibility is None else tuple(sorted(visibility))


def action_entry(
    game: AnyGame, before: object, index: int, seat: int, action: object, by: StepBy
) -> LogEntry:
    return LogEntry(
        index,
        seat,
        fastjson.to_json(action)
        if fastjson.uses_default_codec(game)
        else game.encode_action(action),
        game.format_action(before, action),
        _seats(game.action_visibility(before, action)),
        by,
    )


def chance_entry(game: AnyGame, before: object, index: int, outcome: object) -> LogEntry:
    return LogEntry(
        index,
        CHANCE,
        fastjson.to_json(outcome)
        if fastjson.uses_default_codec(game)
        else game.encode_outcome(outcome),
        None,
        _seats(game.outcome_visibility(before, outcome)),
        "chance",
    )


class Log(Sequence[LogEntry]):
    """A table's steps, stored by column: a few lists per table however long its game.

    One object per step would leave the garbage collector more to walk with every move
    (full collections walk everything alive, and a server holds hundreds of long games);
    the columns hold only values it stops tracking (numbers, strings, plain tuples and
    dicts of them), and entries are rebuilt when read.
    """

    __slots__ = ("_by", "_data", "_notes", "_seats", "_texts", "_visibility")

    def __init__(self) -> None:
        self._seats: list[int] = []
        self._data: list[JSON] = []
        self._texts: list[str | None] = []
        self._visibility: list[tuple[int, ...] | None] = []
        self._by: list[StepBy] = []
        self._notes: dict[int, tuple[dict[str, JSON], ...]] = {}  # only steps with any

    def append(self, entry: LogEntry) -> None:
        if entry.number != len(self._seats):
            raise ValueError(f"step {entry.number} logged as step {len(self._seats)}")
        self._seats.append(entry.seat)
        self._data.append(entry.data)
        self._texts.append(entry.text)
        self._visibility.append(entry.visibility)
        self._by.append(entry.by)
        if entry.notes:
            self._notes[entry.number] = entry.notes

    def extend(self, entries: Iterable[LogEntry]) -> None:
        for entry in entries:
            self.append(entry)

    def __len__(self) -> int:
        return len(self._seats)

    @overload
    def __getitem__(self, index: int) -> LogEntry: ...

    @overload
    def __getitem__(self, index: slice) -> list[LogEntry]: ...

    def __getitem__(self, index: int | slice) -> LogEntry | list[LogEntry]:
        if isinstance(index, slice):
            return [self._entry(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"step {index} is not in a log of {len(self)} steps")
        return self._entry(index)

    def _entry(self, i: int) -> LogEntry:
        return LogEntry(
            i,
            self._seats[i],
            self._data[i],
            self._texts[i],
            self._visibility[i],
            self._by[i],
            self._notes.get(i, ()),
        )


@dataclass(slots=True)
class SeatRuntime:
    seat: int
    kind: SeatKind
    bot: str | None
    name: str | None
    token_hash: str | None
    bank_ms: int | None
    expired: bool
    connections: int = 0
    disconnected_since: float | None = None  # monotonic; None while connected
    account: int | None = None  # the account that plays the seat (None: guest or bot)


@dataclass(slots=True)
class Plan:
    """What a move (or a start) would do, ready to be stored and then committed."""

    state: object
    steps: list[NewStep]
    entries: list[LogEntry]
    status: TableStatus
    result: dict[str, JSON] | None
    clocks: dict[int, int | None] = field(default_factory=dict)
    expired: dict[int, bool] = field(default_factory=dict)


class MoveError(ValueError):
    """A refused move: ``code`` is the protocol's error code; for an illegal move,
    ``reason`` and ``details`` are the game's (``Game.why_illegal``), for typed text that
    cannot be read its notation's mistake (``Game.notation_mistakes``), the facts in JSON;
    ``part`` is the move refused when the text held several (``"lay; put 5r g9"``)."""

    def __init__(
        self,
        code: str,
        message: str,
        reason: str = "",
        details: dict[str, JSON] | None = None,
        part: str = "",
    ) -> None:
        super().__init__(message)
        self.code = code
        self.reason = reason
        self.details: dict[str, JSON] = details or {}
        self.part = part


def explained(code: str, message: str, why: Why | ReasonedError, part: str = "") -> MoveError:
    """The refusal ``code`` (``illegal``, ``malformed``) with the game's reason and its
    facts (in JSON), and the move refused of several typed together."""
    details = {name: codec.to_json(value) for name, value in why.details.items()}
    return MoveError(code, message, why.reason, details, part)


class TableRuntime:
    """One table's authoritative state in memory."""

    def __init__(self, stored: StoredTable, game: AnyGame) -> None:
        self.id = stored.id
        self.name = stored.name
        self.game = game
        self.players = stored.players
        self.options = dict(game.options)
        self.status: TableStatus = stored.status
        self.clock = ClockSpec(stored.clock_kind, stored.clock_seconds, stored.clock_increment)
        self.empty_seat_bot = stored.empty_seat_bot
        self.grace_seconds = stored.grace_seconds
        self.bot_delay_ms = stored.bot_delay_ms
        self.open_replays = stored.open_replays
        self.hints = stored.hints
        self.rated = stored.rated
        self.created_at: datetime = stored.created_at
        self.rules_version = stored.rules_version  # its stored steps' JSON is this version's
        self.result = stored.result
        now = time.monotonic()
        self.seats = [
            SeatRuntime(
                s.seat,
                s.kind,
                s.bot,
                s.name,
                s.token_hash,
                s.clock_ms,
                s.expired,
                disconnected_since=now if s.kind == "human" else None,
                account=s.account_id,
            )
            for s in stored.seats
        ]
        self.state: object = game.initial_state()
        self.version = 0
        self.log = Log()
        self.turn_started = now
        # Per-version caches of what every message repeats (views are per seat).
        self._cache_version: int | None = None  # the version the caches were built at
        self._view_cache: dict[int | None, JSON] = {}
        self._legal_cache: list[dict[str, JSON]] | None = None
        self._fast = fastjson.uses_default_codec(game)
        # Tests only: the first steps to play at the start (kept in memory until then).
        self.start_steps: Sequence[Mapping[str, JSON]] = ()

    # ------------------------------------------------------------------ rebuilding
    def replay_steps(self, steps: list[StoredStep], *, checked: bool = True) -> None:
        """Re-apply stored steps (at start): the state and log exactly as they were.

        ``checked=False``: the steps come from the table's owner, which has just checked
        and applied them; a replica applies them through the engine's unchecked path (a
        step out of turn is still refused)."""
        game = self.game
        state = self.state
        apply_action = game.apply_action if checked else game.apply_unchecked
        apply_chance = game.apply_chance if checked else game.apply_chance_unchecked
        for step in steps:
            if step.index != len(self.log):
                raise RecordError(f"table {self.id}: step {step.index} out of order")
            try:
                if step.seat == CHANCE:
                    data = game.upgrade_json(self.rules_version, "outcome", step.data)
                    outcome = game.decode_outcome(data)
                    entry = chance_entry(game, state, step.index, outcome)
                    after = apply_chance(state, outcome)
                    entry = announced(game, entry, state, None, after)
                    state = after
                else:
                    actor = game.current_player(state)
                    if actor != step.seat:
                        raise RecordError(
                            f"table {self.id}: step {step.index} is seat {step.seat}'s "
                            f"but seat {actor} was to act"
                        )
                    data = game.upgrade_json(self.rules_version, "action", step.data)
                    action = game.decode_action(data)
                    entry = action_entry(game, state, step.index, step.seat, action, step.by)
                    after = apply_action(state, action)
                    entry = announced(game, entry, state, action, after)
                    state = after
            except (InvalidActionError, IllegalActionError) as error:
                raise RecordError(f"table {self.id}: step {step.index}: {error}") from None
            self.log.append(entry)
        self.state = state
        self.version = len(self.log)

    # --------------------------------------------------------------------- queries
    def actor(self) -> int | None:
        """The seat to act, or None (not running, chance due, or over)."""
        if self.status != "running":
            return None
        seat = self.game.current_player(self.state)
        return seat if seat >= 0 else None

    def played_by(self, seat: int, now: float) -> PlayedBy:
        """``human``, ``bot`` (a bot seat or a substitute) or ``nobody``."""
        info = self.seats[seat]
        if info.kind == "bot":
            return "bot"
        substitute: PlayedBy = "bot" if self.empty_seat_bot is not None else "nobody"
        if info.token_hash is None:
            return substitute if self.status == "running" else "nobody"
        if info.expired and self.empty_seat_bot is not None:
            return "bot"
        if (
            info.connections == 0
            and info.disconnected_since is not None
            and self.status == "running"
            and now - info.disconnected_since >= self.grace_seconds
        ):
            return substitute
        return "human"

    def bot_spec_for(self, seat: int) -> str:
        info = self.seats[seat]
        if info.kind == "bot" and info.bot is not None:
            return info.bot
        return self.empty_seat_bot or "random"

    def seat_for_token(self, token_hash: str) -> int | None:
        for info in self.seats:
            if info.token_hash is not None and info.token_hash == token_hash:
                return info.seat
        return None

    def cached_view(self, seat: int | None) -> JSON:
        self._check_cache()
        if seat not in self._view_cache:
            view = self.game.view(self.state, seat)
            self._view_cache[seat] = (
                fastjson.to_json(view) if self._fast else self.game.encode_view(view)
            )
        return self._view_cache[seat]

    def cached_legal(self) -> list[dict[str, JSON]]:
        self._check_cache()
        if self._legal_cache is None:
            game, state = self.game, self.state
            self._legal_cache = [
                {
                    "text": game.format_action(state, action),
                    "action": fastjson.to_json(action)
                    if self._fast
                    else game.encode_action(action),
                }
                for action in game.legal_actions(state)
            ]
        return self._legal_cache

    def _check_cache(self) -> None:
        if self._cache_version != self.version:
            self._cache_version = self.version
            self._view_cache = {}
            self._legal_cache = None

    # ---------------------------------------------------------------------- moves
    def decode_move(self, seat: int, action: JSON | None, text: str | None) -> list[object]:
        """The actions a move frame names, each legal in turn; MoveError otherwise."""
        game = self.game
        if self.actor() != seat:
            raise MoveError("not_your_turn", f"it is not seat {seat}'s turn")
        if text is not None:
            try:
                return game.parse_moves(self.state, text)
            except InvalidActionError as error:
                said = error.part or typed(text)
                raise explained("malformed", f"{said!r}: {error}", error, error.part) from None
            except IllegalActionError as error:
                raise explained("illegal", str(error), error, error.part) from None
        try:
            decoded = game.decode_action(action)
        except InvalidActionError as error:
            raise MoveError("malformed", f"the action does not decode: {error}") from None
        except (TypeError, KeyError, ValueError, RecursionError):
            raise MoveError("malformed", "the action does not decode") from None
        try:
            hash(decoded)
            legal = decoded in game.legal_actions(self.state)
        except TypeError:
            legal = False
        if not legal:
            why = game.why_illegal(self.state, decoded)
            described = _describe(game, self.state, decoded)
            raise explained("illegal", f"{described} is illegal for seat {seat}: {why.text}", why)
        return [decoded]

    def plan_actions(
        self, seat: int, actions: list[object], by: StepBy, rng: random.Random, now: float
    ) -> Plan:
        """The steps of ``actions`` by ``seat`` and the chance outcomes that follow.

        The actions were checked already, in this order from this state: a person's by
        :meth:`decode_move`, a bot's taken from ``legal_actions`` under the table's lock
        at this version; so they are applied through the engine's unchecked path (which
        spares a second ``legal_actions`` per move)."""
        game = self.game
        state = self.state
        steps: list[NewStep] = []
        entries: list[LogEntry] = []
        index = self.version
        for action in actions:
            if game.current_player(state) != seat:
                raise MoveError("illegal", f"seat {seat} is not to act after the previous part")
            after = game.apply_unchecked(state, action)
            entry = action_entry(game, state, index, seat, action, by)
            entries.append(announced(game, entry, state, action, after))
            steps.append(NewStep(seat, entry.data, by))
            state = after
            index += 1
        plan = Plan(state, steps, entries, self.status, None)
        self._chance_until_decision(plan, rng)
        info = self.seats[seat]
        if self.clock.kind == "bank" and info.kind == "human":
            bank = charge(self.clock, info.bank_ms, elapsed_ms(self.turn_started, now))
            if bank != info.bank_ms:
                plan.clocks[seat] = bank
        return plan

    def plan_start(
        self, rng: random.Random, start_steps: Sequence[Mapping[str, JSON]] = ()
    ) -> Plan:
        """The start: the given first steps (tests only), then chance until a decision."""
        plan = Plan(self.state, [], [], "running", None)
        for number, line in enumerate(start_steps):
            try:
                self._plan_start_step(plan, line)
            except (ValueError, TypeError, KeyError) as error:  # the engine's errors included
                raise MoveError("bad_start", f"start step {number}: {error}") from None
        self._chance_until_decision(plan, rng)
        bank = self.clock.initial_bank_ms()
        if bank is not None:
            for info in self.seats:
                if info.kind == "human":
                    plan.clocks[info.seat] = bank
        return plan

    def _plan_start_step(self, plan: Plan, line: Mapping[str, JSON]) -> None:
        """One record line (``{"chance": ...}`` or ``{"seat": n, "action": ...}``) into the plan."""
        game, state = self.game, plan.state
        index = self.version + len(plan.steps)
        if "chance" in line:
            outcome = game.decode_outcome(line["chance"])
            plan.state = game.apply_chance(state, outcome)
            entry = announced(
                game, chance_entry(game, state, index, outcome), state, None, plan.state
            )
            plan.steps.append(NewStep(CHANCE, entry.data, "chance"))
        else:
            seat = line.get("seat")
            if seat != game.current_player(state) or isinstance(seat, bool):
                raise MoveError("bad_start", f"seat {seat!r} is not the one to act")
            assert isinstance(seat, int)
            action = game.decode_action(line.get("action"))
            plan.state = game.apply_action(state, action)
            entry = announced(
                game,
                action_entry(game, state, index, seat, action, "preset"),
                state,
                action,
                plan.state,
            )
            plan.steps.append(NewStep(seat, entry.data, "preset"))
        plan.entries.append(entry)

    def _chance_until_decision(self, plan: Plan, rng: random.Random) -> None:
        game = self.game
        state = plan.state
        index = self.version + len(plan.steps)
        for _ in range(MAX_CHANCE_CHAIN):
            actor = game.current_player(state)
            if actor != CHANCE:
                break
            outcome = game.sample_chance(state, rng)
            after = game.apply_chance_unchecked(state, outcome)  # drawn for this state
            entry = announced(game, chance_entry(game, state, index, outcome), state, None, after)
            plan.entries.append(entry)
            plan.steps.append(NewStep(CHANCE, entry.data, "chance"))
            state = after
            index += 1
        plan.state = state
        if game.current_player(state) == TERMINAL:
            result = game.result(state)
            plan.status = "finished"
            plan.result = result_json(result, game.returns(state))

    def commit(self, plan: Plan, now: float) -> None:
        """Take a stored plan into memory (called only after the store accepted it)."""
        self.state = plan.state
        self.log.extend(plan.entries)
        self.version += len(plan.steps)
        self.status = plan.status
        if plan.result is not None:
            self.result = plan.result
        for seat, bank in plan.clocks.items():
            self.seats[seat].bank_ms = bank
        for seat, flag in plan.expired.items():
            self.seats[seat].expired = flag
        self.turn_started = now


def result_json(result: GameResult, returns: Sequence[float]) -> dict[str, JSON]:
    """A finished game's ``TableInfo.result``: winners, scores, length, returns, the end
    reason and, for round-based games, each round's points (see docs/server.md)."""
    data: dict[str, JSON] = {
        "winners": list(result.winners),
        "scores": list(result.scores),
        "length": result.length,
        "returns": list(returns),
        "reason": result.reason,
    }
    if result.rounds:
        data["rounds"] = [list(points) for points in result.rounds]
    return data


def _describe(game: AnyGame, state: object, action: object) -> str:
    try:
        return repr(game.format_action(state, action))
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return "the action"
