"""Match records: the game, its rules version, options, seats, seed and every step.

A record is saved as JSON lines: a header, one line per chance outcome or action, and an
end line. Replaying it needs no generator, because every chance outcome is in it. This
module only turns records into lines and back; reading and writing files is the
caller's business (the engine does no I/O).
"""

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial

from meeple.engine.codec import JSON
from meeple.engine.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    RecordError,
)
from meeple.engine.options import OptionValue
from meeple.engine.protocol import CHANCE, AnyGame
from meeple.engine.registry import game_class

FORMAT = "meeple-record"
FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a match: a chance outcome (``seat`` is CHANCE) or a seat's action."""

    seat: int
    data: JSON


@dataclass(slots=True)
class MatchRecord:
    """Everything needed to replay a match exactly."""

    game: str
    version: int
    players: int
    options: dict[str, OptionValue]
    seats: tuple[str, ...]
    seed: int | None
    steps: list[Step] = field(default_factory=list)
    finished: bool = False
    returns: tuple[float, ...] | None = None

    def header(self) -> dict[str, JSON]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "options": dict(self.options),
            "seats": list(self.seats),
            "seed": self.seed,
        }

    def to_lines(self) -> Iterator[str]:
        """The record as JSON lines (no trailing newlines)."""
        yield json.dumps(self.header(), sort_keys=True)
        for step in self.steps:
            if step.seat == CHANCE:
                yield json.dumps({"chance": step.data}, sort_keys=True)
            else:
                yield json.dumps({"seat": step.seat, "action": step.data}, sort_keys=True)
        end: dict[str, JSON] = {
            "steps": len(self.steps),
            "finished": self.finished,
            "returns": None if self.returns is None else list(self.returns),
        }
        yield json.dumps({"end": end}, sort_keys=True)


def new_record(game: AnyGame, seats: Iterable[str], seed: int | None) -> MatchRecord:
    return MatchRecord(
        game=game.spec.name,
        version=game.spec.version,
        players=game.players,
        options=dict(game.options),
        seats=tuple(seats),
        seed=seed,
    )


def _load_json(line: str, number: int) -> dict[str, JSON]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        raise RecordError(f"line {number}: not valid JSON ({error.msg})") from None
    if not isinstance(data, dict):
        raise RecordError(f"line {number}: expected a JSON object")
    return data


def _int_field(data: dict[str, JSON], key: str, number: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"line {number}: field {key!r} must be an integer, got {value!r}")
    return value


def parse_record(lines: Iterable[str], *, expected_version: int | None = None) -> MatchRecord:
    """A record from its JSON lines; ``RecordError`` names the line and the problem.

    ``expected_version`` is the installed rules version of the game: a record made under
    another version is refused, since its actions may mean something else now, unless the
    installed game lists that version among the ones it still replays exactly
    (``GameSpec.older_versions``): then the record's options are completed with that
    version's defaults, and its steps are read through the game's ``upgrade_json`` (the
    record keeps its own ``version``).
    """
    numbered = [(n, line) for n, line in enumerate(lines, start=1) if line.strip()]
    if not numbered:
        raise RecordError("line 1: the record is empty")
    record = _parse_header(*numbered[0], expected_version)
    upgrade = _upgrader(record, expected_version)
    ended = False
    for number, line in numbered[1:]:
        data = _load_json(line, number)
        if ended:
            raise RecordError(f"line {number}: data after the end line")
        if "end" in data:
            _read_end(record, data["end"], number)
            ended = True
        elif "chance" in data:
            record.steps.append(Step(CHANCE, upgrade("outcome", data["chance"])))
        elif "action" in data:
            seat = _int_field(data, "seat", number)
            record.steps.append(Step(seat, upgrade("action", data["action"])))
        else:
            raise RecordError(f"line {number}: expected a chance, action or end line")
    if not ended:
        raise RecordError(f"line {numbered[-1][0]}: the record is truncated: it has no end line")
    return record


def _parse_header(number: int, line: str, expected_version: int | None) -> MatchRecord:
    """The record (with no steps yet) that the header line describes."""
    header = _load_json(line, number)
    if header.get("format") != FORMAT:
        raise RecordError(f"line {number}: not a meeple record (format {header.get('format')!r})")
    if header.get("format_version") != FORMAT_VERSION:
        raise RecordError(
            f"line {number}: record format version {header.get('format_version')!r} "
            f"is not supported (this meeple reads version {FORMAT_VERSION})"
        )
    game = header.get("game")
    options = header.get("options")
    seats = header.get("seats")
    seed = header.get("seed")
    if not isinstance(game, str):
        raise RecordError(f"line {number}: field 'game' must be a string")
    if not isinstance(options, dict):
        raise RecordError(f"line {number}: field 'options' must be an object")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise RecordError(f"line {number}: field 'seats' must be a list of strings")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RecordError(f"line {number}: field 'seed' must be an integer or null")
    version = _int_field(header, "version", number)
    if expected_version is not None and version != expected_version:
        options = _options_of_older_version(game, version, expected_version, options, number)
    return MatchRecord(
        game=game,
        version=version,
        players=_int_field(header, "players", number),
        options=options,
        seats=tuple(str(s) for s in seats),
        seed=seed,
    )


def _upgrader(record: MatchRecord, expected_version: int | None) -> Callable[[str, JSON], JSON]:
    """How the steps of ``record`` are read: through its game's ``upgrade_json`` when it
    is of an older rules version (accepted by the header's check), else as they are."""
    if expected_version is None or record.version == expected_version:
        return _unchanged
    return partial(game_class(record.game).upgrade_json, record.version)


def _unchanged(kind: str, data: JSON) -> JSON:
    return data


def _read_end(record: MatchRecord, end: JSON, number: int) -> None:
    """The end line's facts, checked against the steps read."""
    if not isinstance(end, dict):
        raise RecordError(f"line {number}: the end line must hold an object")
    if _int_field(end, "steps", number) != len(record.steps):
        raise RecordError(
            f"line {number}: the end line counts {end.get('steps')} steps "
            f"but the record holds {len(record.steps)}: steps are missing"
        )
    record.finished = bool(end.get("finished"))
    returns = end.get("returns")
    if isinstance(returns, list):
        record.returns = tuple(float(r) for r in returns if isinstance(r, (int, float)))


def _options_of_older_version(
    game: str, version: int, installed: int, options: dict[str, JSON], number: int
) -> dict[str, JSON]:
    """The options to replay a record of an older rules version with, or a RecordError."""
    refusal = (
        f"line {number}: the record was made with {game} rules version {version}, "
        f"but this meeple has version {installed}"
    )
    try:
        spec = game_class(game).spec
    except InvalidOptionError:
        raise RecordError(refusal) from None
    older = [o for o in spec.older_versions if o.version == version]
    if spec.version != installed or not older:
        raise RecordError(refusal)
    filled: dict[str, JSON] = {**dict(older[0].defaults), **options}
    for name, value in older[0].differs_with:
        if filled.get(name) == value:
            raise RecordError(
                f"{refusal}, which plays differently with option {name}={value}: {older[0].change}"
            )
    return filled


def replay(game: AnyGame, record: MatchRecord) -> Iterator[tuple[object, Step | None]]:
    """Every state of the match from the first, each with the step that led to it.

    Step ``k`` of the record is on line ``k + 2`` of its file; errors say so.
    """
    if record.game != game.spec.name:
        raise RecordError(f"line 1: the record is of {record.game!r}, not {game.spec.name!r}")
    state = game.initial_state()
    yield state, None
    for index, step in enumerate(record.steps):
        number = index + 2
        try:
            if step.seat == CHANCE:
                state = game.apply_chance(state, game.decode_outcome(step.data))
            else:
                actor = game.current_player(state)
                if actor != step.seat:
                    raise RecordError(
                        f"line {number}: the record has seat {step.seat} acting, "
                        f"but it is {'chance' if actor == CHANCE else f'seat {actor}'}'s turn"
                    )
                state = game.apply_action(state, game.decode_action(step.data))
        except (InvalidActionError, IllegalActionError, InvalidOptionError) as error:
            raise RecordError(f"line {number}: {error}") from None
        yield state, step


def final_state(game: AnyGame, record: MatchRecord) -> object:
    """The state the record ends in."""
    last: object = None
    for state, _ in replay(game, record):
        last = state
    return last
