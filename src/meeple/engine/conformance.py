"""The conformance suite: checks every game must pass, through the contract alone.

The test suite runs these over every registered game, option set and player count (see
each game package's ``TEST_CONFIGS``). Each check raises ``AssertionError`` with the
seed and step, so a failure can be reproduced. The malformed-input checks take one
mutated action (``mutate_action_json``, ``mangle_text``) at a time: the tests drive them
with hypothesis, benchmarks/fuzz_actions.py by the hundred thousand.
"""

import dataclasses
import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from meeple.engine import codec
from meeple.engine.codec import JSON
from meeple.engine.errors import (
    CHANCE_FIRST,
    ENGINE_REASONS,
    TURN_OVER,
    IllegalActionError,
    InvalidActionError,
)
from meeple.engine.protocol import CHANCE, TERMINAL, AnyGame
from meeple.engine.record import MatchRecord, Step, final_state, new_record, parse_record


@dataclass(frozen=True, slots=True)
class Checks:
    """Which per-step checks a playout runs (all by default; each costs time)."""

    mutation: bool = True
    conservation: bool = True
    json: bool = True
    notation: bool = True
    leaks: bool = True
    # The costly checks (mutation, JSON, notation, leaks) run on every ``every``-th step;
    # conservation and the legal-action checks run on all of them.
    every: int = 1


def random_playout(
    game: AnyGame,
    seed: int,
    *,
    checks: Checks = Checks(),
    max_steps: int = 200_000,
    between_steps: Callable[[], None] | None = None,
) -> tuple[object, MatchRecord]:
    """Play uniformly random actions to the end, checking the contract at every step."""
    rng = random.Random(seed)
    chance_rng = random.Random(seed ^ 0x5EED)
    leak_rng = random.Random(seed ^ 0x1EAC)
    record = new_record(game, ["random"] * game.players, seed)
    state = game.initial_state()
    for step in range(max_steps):
        where = f"{game!r} seed {seed} step {step}"
        actor = game.current_player(state)
        legal = game.legal_actions(state)
        if actor >= 0:
            assert legal, f"{where}: seat {actor} is to act but has no legal action"
            assert len(set(legal)) == len(legal), f"{where}: duplicate legal actions"
        else:
            assert not legal, f"{where}: legal actions while no seat is to act"
        if checks.conservation:
            assert game.card_inventory(state) == game.full_inventory(), (
                f"{where}: components not conserved"
            )
        costly = step % checks.every == 0 or actor == TERMINAL
        if checks.json and costly:
            check_json(game, state, where)
        if checks.leaks and costly:
            check_views(game, state, leak_rng, where)
        if actor == TERMINAL:
            record.finished = True
            record.returns = game.returns(state)
            assert abs(sum(record.returns)) < 1e-9, f"{where}: returns do not sum to zero"
            check_result(game, state, where)
            return state, record
        before = game.encode_state(state) if checks.mutation and costly else None
        if actor == CHANCE:
            outcome = game.sample_chance(state, chance_rng)
            record.steps.append(Step(CHANCE, game.encode_outcome(outcome)))
            new_state = game.apply_chance(state, outcome)
        else:
            if checks.notation and costly:
                check_notation(game, state, legal, where)
            action = legal[rng.randrange(len(legal))]
            record.steps.append(Step(actor, game.encode_action(action)))
            new_state = game.apply_action(state, action)
        if checks.leaks and costly and actor >= 0:
            check_announcements(game, state, record.steps[-1], new_state, leak_rng, where)
        if before is not None:
            assert game.encode_state(state) == before, f"{where}: apply mutated its input"
        state = new_state
        if between_steps is not None:
            between_steps()
    raise AssertionError(f"{game!r} seed {seed}: no end after {max_steps} steps")


def check_json(game: AnyGame, state: object, where: str) -> None:
    assert game.decode_state(game.encode_state(state)) == state, f"{where}: state JSON round-trip"
    for action in game.legal_actions(state):
        assert game.decode_action(game.encode_action(action)) == action, (
            f"{where}: action JSON round-trip of {action!r}"
        )
    for seat in [None, *range(game.players)]:
        view = game.view(state, seat)
        assert game.decode_view(game.encode_view(view)) == view, f"{where}: view JSON round-trip"


def check_result(game: AnyGame, state: object, where: str) -> None:
    """A finished game says why it ended (a documented code) and, round by round, adds
    up to its scores where it has rounds."""
    result = game.result(state)
    reasons = dict(game.spec.end_reasons)
    assert result.reason in reasons, f"{where}: end reason {result.reason!r} is undocumented"
    for points in result.rounds:
        assert len(points) == game.players, f"{where}: a round's points miss seats"


def check_announcements(
    game: AnyGame, state: object, step: Step, after: object, rng: random.Random, where: str
) -> None:
    """Announcements are public: whatever the acting seat cannot see is reshuffled, and
    where that leaves what a spectator sees after the step unchanged, so are they."""
    action = game.decode_action(step.data)
    notes = game.announcements(state, action, after)
    for note in notes:
        assert isinstance(note.to_json()["kind"], str), f"{where}: announcement {note!r}"
    other = game.redeal_hidden(state, step.seat, rng)
    if action in game.legal_actions(other):
        moved = game.apply_action(other, action)
        if game.view(moved, None) == game.view(after, None):
            again = game.announcements(other, action, moved)
            assert again == notes, f"{where}: announcements {notes!r} depend on hidden cards"


def check_notation(game: AnyGame, state: object, legal: tuple[object, ...], where: str) -> None:
    texts = [game.format_action(state, action) for action in legal]
    assert len(set(texts)) == len(texts), f"{where}: two legal actions share a notation"
    for action, text in zip(legal, texts, strict=True):
        parsed = game.parse_action(state, text)
        assert parsed == action, f"{where}: {text!r} parses to {parsed!r}, not {action!r}"
        wide = full_width(text)  # as a Japanese keyboard in full-width mode types it
        assert game.parse_action(state, wide) == action, f"{where}: {wide!r} is not {text!r}"
    if legal:
        check_moves_typed_together(game, state, legal[0], texts[0], where)


def check_moves_typed_together(
    game: AnyGame, state: object, action: object, text: str, where: str
) -> None:
    """``text`` (naming ``action``) typed with the next move on one line: both are read
    when the same seat is still to act after it; otherwise the second is refused with the
    engine's reason, naming it (``part``)."""
    seat = game.current_player(state)
    after = game.apply_action(state, action)
    actor = game.current_player(after)
    if actor == seat:
        following = game.legal_actions(after)[0]
        second = game.format_action(after, following)
        line = f"{text}; {second}"
        assert game.parse_moves(state, line) == [action, following], f"{where}: {line!r}"
        return
    second = "x" if actor < 0 else game.format_action(after, game.legal_actions(after)[0])
    line = f"{text} ;{second};"
    try:
        game.parse_moves(state, line)
    except IllegalActionError as error:
        reason = CHANCE_FIRST if actor == CHANCE else TURN_OVER
        assert (error.reason, error.part) == (reason, second), f"{where}: {line!r}: {error}"
    else:
        raise AssertionError(f"{where}: {line!r} was read, though {second!r} must wait")


def full_width(text: str) -> str:
    """``text`` with its ASCII letters, digits and signs in their full-width forms and its
    spaces ideographic (U+3000)."""
    return "".join(
        "\u3000" if char == " " else chr(ord(char) + 0xFEE0) if "!" <= char <= "~" else char
        for char in text
    )


def check_views(game: AnyGame, state: object, rng: random.Random, where: str) -> None:
    """The leak test: reshuffling what a seat cannot see changes nothing it sees."""
    for seat in range(game.players):
        view = game.view(state, seat)
        spectator = game.view(state, None)
        other = game.redeal_hidden(state, seat, rng)
        assert game.card_inventory(other) == game.card_inventory(state), (
            f"{where}: redeal_hidden for seat {seat} changed the components"
        )
        assert game.view(other, seat) == view, f"{where}: seat {seat}'s view leaks hidden data"
        assert game.view(other, None) == spectator, f"{where}: the spectator view leaks"
        sampled = game.determinize(view, rng)
        assert game.view(sampled, seat) == view, (
            f"{where}: determinize gives a state inconsistent with seat {seat}'s view"
        )
        assert game.card_inventory(sampled) == game.full_inventory(), (
            f"{where}: determinize for seat {seat} does not conserve components"
        )


def check_replay(game: AnyGame, record: MatchRecord, final: object) -> None:
    """Record -> JSON lines -> record -> replay gives exactly the final state."""
    lines = list(record.to_lines())
    loaded = parse_record(lines, expected_version=game.spec.version)
    assert loaded.steps == record.steps, "record steps changed through JSON lines"
    assert final_state(game, loaded) == final, "replay does not reach the same final state"


def check_determinism(game: AnyGame, seed: int, disturb: Callable[[], None]) -> None:
    """Same seed, same record, even when global generators are disturbed between steps."""
    _, first = random_playout(game, seed, checks=Checks(False, False, False, False, False))
    _, second = random_playout(
        game, seed, checks=Checks(False, False, False, False, False), between_steps=disturb
    )
    assert first.steps == second.steps, f"{game!r} seed {seed}: same seed gave another record"


# ------------------------------------------------------------------- malformed input
# What hostile or careless callers send: out-of-range, huge and negative numbers, and
# every wrong JSON type (a bool is an int to Python, a float may equal one).
HOSTILE_VALUES: tuple[JSON, ...] = (
    -1,
    -5,
    -14,
    64,
    1000,
    2**63,
    10**30,
    -(10**30),
    10**5000,  # beyond the digits Python turns into text
    True,
    False,
    0.0,
    1.0,
    -2.5,
    float("inf"),
    float("nan"),
    "",
    "1",
    "card",
    "\ud83d",
    None,
    [],
    [0],
    [None, "x"],
    {},
    {"type": "Move"},
)
_TEXT_PIECES = (
    " ", "-", "+", "x", "=", "<", ">", "*", "%", "0", "1", "9", "-5", "-1", "99",
    "99999999999999999999", "10", "in", "c1.", "h0.", "g0", "W", "S", "X", "Jo", "é",
    "\ud83d", "\x00", "\n", ";", "put", "hit", "discard", "skip", "give", "1e9", "½", "٣",
    "፩", "²", "３", "Ｘ", "9" * 5000,  # isdigit, int refuses; NFKC's; past int's 4,300 digits
)  # fmt: skip

Path = tuple[str | int, ...]


def _paths(data: JSON, prefix: Path = ()) -> list[Path]:
    """Every place inside ``data`` (object keys and list indices), outermost first."""
    found: list[Path] = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*prefix, index))
    return found


def _replace(data: JSON, path: Path, change: Callable[[JSON], JSON]) -> JSON:
    """A copy of ``data`` with the value at ``path`` changed (dropped when ``change`` gives
    the ``_DROP`` marker)."""
    if not path:
        return change(data)
    head, rest = path[0], path[1:]
    items: list[tuple[str | int, JSON]] = (
        list(data.items()) if isinstance(data, dict) else list(enumerate(_list(data)))
    )
    changed = [
        (key, _replace(value, rest, change) if key == head else value) for key, value in items
    ]
    kept = [(key, value) for key, value in changed if value is not _DROP]
    if isinstance(data, dict):
        return {str(key): value for key, value in kept}
    return [value for _, value in kept]


def _list(value: JSON) -> list[JSON]:
    assert isinstance(value, list)
    return value


_DROP: JSON = ["<drop>"]  # a marker compared by identity


def _field_name(path: Path) -> str:
    """The object key a path ends in (or passes last through): what an error must name."""
    keys = [step for step in path if isinstance(step, str)]
    return keys[-1] if keys else ""


def mutate_action_json(
    data: JSON, rng: random.Random, type_names: tuple[str, ...]
) -> tuple[JSON, str]:
    """A mangled copy of an action's JSON, and the field an error about it must name ("" when
    the mangling leaves no one field to blame)."""
    paths = _paths(data)
    path = paths[rng.randrange(len(paths))]
    field = _field_name(path)
    kind = rng.randrange(8)
    if kind == 0:  # a hostile value anywhere (the whole action included)
        value = HOSTILE_VALUES[rng.randrange(len(HOSTILE_VALUES))]
        return _replace(data, path, lambda _: value), field
    if kind in (1, 2):  # a number anywhere, mostly near the legal ones, sometimes huge
        ints = [p for p in paths if type(_at(data, p)) is int] or [path]
        path = ints[rng.randrange(len(ints))]
        if kind == 1:
            delta = rng.choice((-3, -2, -1, 1, 2, 3, 10, -10, 64, -64))
            return _replace(data, path, lambda v: v + delta if type(v) is int else delta), ""
        value = rng.choice((rng.randint(-1000, 1000), rng.randint(-(2**70), 2**70)))
        return _replace(data, path, lambda _: value), ""
    objects = [p for p in paths if isinstance(_at(data, p), dict)]
    if kind == 3 and objects:  # a field missing
        target = objects[rng.randrange(len(objects))]
        keys = list(_object(_at(data, target)))
        if keys:
            key = keys[rng.randrange(len(keys))]
            return _replace(data, (*target, key), lambda _: _DROP), key
    if kind == 4 and objects:  # a field too many
        target = objects[rng.randrange(len(objects))]
        key = rng.choice(("extra", "seat", "card", "pawn", "value", "position", "lays"))
        obj = _object(_at(data, target))
        if key not in obj:
            extra = HOSTILE_VALUES[rng.randrange(len(HOSTILE_VALUES))]
            return _replace(data, target, lambda o: {**_object(o), key: extra}), key
    if kind == 5 and objects:  # another type's name, or one no game has
        target = objects[rng.randrange(len(objects))]
        name = rng.choice((*type_names, "Nothing", "__class__", "lay", ""))
        return _replace(data, target, lambda o: {**_object(o), "type": name}), ""
    lists = [p for p in paths if isinstance(_at(data, p), list)]
    if kind == 6 and lists:  # a list longer, shorter or reordered
        target = lists[rng.randrange(len(lists))]
        return _replace(data, target, lambda items: _reshape(items, rng)), ""
    return HOSTILE_VALUES[rng.randrange(len(HOSTILE_VALUES))], ""


def _object(value: JSON) -> dict[str, JSON]:
    assert isinstance(value, dict)
    return value


def _at(data: JSON, path: Path) -> JSON:
    for step in path:
        data = data[step]  # type: ignore[index]
    return data


def _reshape(items: JSON, rng: random.Random) -> JSON:
    assert isinstance(items, list)
    items = list(items)
    choice = rng.randrange(3)
    if choice == 0 and items:
        items.append(items[rng.randrange(len(items))])
    elif choice == 1 and items:
        del items[rng.randrange(len(items))]
    else:
        items.reverse()
        items.append(HOSTILE_VALUES[rng.randrange(len(HOSTILE_VALUES))])
    return items


def mangle_text(text: str, rng: random.Random) -> str:
    """A mistyped or hostile variant of an action's notation."""
    for _ in range(rng.randint(1, 3)):
        piece = _TEXT_PIECES[rng.randrange(len(_TEXT_PIECES))]
        at = rng.randint(0, len(text))
        kind = rng.randrange(6)
        if kind == 0:
            text = text[:at] + piece + text[at:]
        elif kind == 1 and text:
            text = text[:at] + text[at + 1 :]
        elif kind == 2:
            text = text[:at] + piece + text[at + len(piece) :]
        elif kind == 3:
            text = re.sub(r"\d+", lambda _: rng.choice(("-5", "0", "99", "10" * 12, "-0")), text)
        elif kind == 4:
            words = text.split()
            rng.shuffle(words)
            text = " ".join([*words, piece])
        else:
            text = text * rng.randint(2, 3)
    return text


def loose_action(game: AnyGame, data: JSON) -> object | None:
    """``data`` built into the game's action classes with no checks at all (lists become
    tuples), as a careless program might construct an action; None if it cannot be."""
    classes = {cls.__name__: cls for cls in codec.member_classes(game.action_type)}

    def build(value: JSON) -> object:
        if isinstance(value, list):
            return tuple(build(item) for item in value)
        if isinstance(value, dict) and value.get("type") in classes:
            fields = {k: build(v) for k, v in value.items() if k != "type"}
            return classes[str(value["type"])](**fields)
        return value

    try:
        return build(data)
    except TypeError:  # missing or unexpected constructor arguments
        return None


def check_malformed_action(game: AnyGame, state: object, data: JSON, field: str) -> None:
    """Any JSON given to ``decode_action`` and then ``apply_action``, and the same value
    built into action classes without the decoder, is refused with an engine error (one
    naming ``field`` when the input is malformed), or is legal; ``state`` stays as it was."""
    before = game.encode_state(state)
    candidates: list[tuple[object, str]] = []
    try:
        candidates.append((game.decode_action(data), field))
    except InvalidActionError as error:
        assert field in str(error), f"{data!r}: {error} does not name field {field!r}"
    loose = loose_action(game, data)
    if loose is not None:
        # Something that is no action object at all has no field to name.
        candidates.append((loose, field if dataclasses.is_dataclass(loose) else ""))
    for action, blamed in candidates:
        try:
            game.apply_action(state, action)
        except InvalidActionError as error:
            assert blamed in str(error), f"{action!r}: {error} does not name field {blamed!r}"
        except IllegalActionError as error:
            check_reason(game, error)
    assert game.encode_state(state) == before, f"{data!r}: the state changed"


def check_reason(game: AnyGame, error: IllegalActionError) -> None:
    """An illegal move's reason is one the game lists (or the engine's own, or none where
    it was refused before any reason: no seat may act), told exactly the facts it names."""
    reason = error.reason
    if reason == "" or reason in ENGINE_REASONS:
        assert not error.details, f"{error}: facts without a reason of the game's"
        return
    facts = game.illegal_reasons.get(reason)
    assert facts is not None, f"{error}: reason {reason!r} is not in illegal_reasons"
    assert set(error.details) == facts, f"{error}: facts {sorted(error.details)}"
    _sendable(error.details)


def check_mistake(game: AnyGame, error: InvalidActionError) -> None:
    """Text the notation cannot read is refused with one of the game's mistakes, told
    exactly the facts it names (a game that lists none may give none)."""
    if not game.notation_mistakes:
        return
    facts = game.notation_mistakes.get(error.reason)
    assert facts is not None, f"{error}: mistake {error.reason!r} is not in notation_mistakes"
    assert set(error.details) == facts, f"{error}: facts {sorted(error.details)}"
    _sendable(error.details)


def _sendable(details: Mapping[str, object]) -> None:
    """A refusal's facts go to clients as JSON, so each is one of the game's values."""
    for name, value in details.items():
        try:
            codec.to_json(value)
        except TypeError as error:
            raise AssertionError(f"fact {name}={value!r} does not encode: {error}") from None


def check_mangled_text(game: AnyGame, state: object, text: str) -> None:
    """Any text given to ``parse_action`` names a legal action or is refused with an
    engine error; ``state`` stays as it was."""
    before = game.encode_state(state)
    try:
        action = game.parse_action(state, text)
    except InvalidActionError as error:
        check_mistake(game, error)
    except IllegalActionError as error:
        check_reason(game, error)
    else:
        assert action in game.legal_actions(state), f"{text!r} parsed to illegal {action!r}"
    assert game.encode_state(state) == before, f"{text!r}: the state changed"
