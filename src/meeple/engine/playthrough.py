"""Playthroughs: a seeded match written out step by step, in one text format for every game.

A playthrough is what a golden file holds: after a header naming the game, its rules
version, the players, the options given, the seats' bots and the seed, one line per step
(the initial state first)::

    12 s1 legal 7 "put 7r g2" {"type":"Place",...} views 1a2b3c4d 9c0d1e2f / 0a1b2c3d returns 0 0

that is: the step's number; the actor (``sN`` a seat, ``chance``, or ``start``); for a
seat, how many legal actions it had, the action in notation and in JSON; for chance, the
outcome's JSON (or ``#digest`` and its length when longer than ``OUTCOME_WIDTH``); then
each seat's view digest after the step, the spectator's after the ``/``, and the
returns. The last line gives the result. A view digest is a short hash of the view's
JSON: a change to what any seat sees shows up at the step where it happens, without the
file holding the views themselves.

The engine does no I/O and knows no bots: the match comes as a record (``sim`` plays
it; ``meeple playthrough`` writes it; see CONTRIBUTING.md for regenerating them).
"""

import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from meeple.engine.codec import JSON
from meeple.engine.errors import RecordError
from meeple.engine.options import OptionValue
from meeple.engine.protocol import CHANCE, AnyGame
from meeple.engine.record import MatchRecord

FORMAT = "# meeple playthrough 1"
OUTCOME_WIDTH = 120  # chance outcomes longer than this are shown by digest


def compact(data: JSON) -> str:
    """JSON in one canonical line (sorted keys, no spaces)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(data: JSON) -> str:
    """A short hash of a JSON value (eight hex digits)."""
    return hashlib.sha256(compact(data).encode("utf-8")).hexdigest()[:8]


@dataclass(frozen=True, slots=True)
class Header:
    """What a playthrough was made from: enough to make it again."""

    game: str
    version: int
    players: int
    options: dict[str, OptionValue]  # the options given (the others at their defaults)
    seats: tuple[str, ...]
    seed: int

    def command(self) -> str:
        """The ``meeple`` command line that prints this playthrough."""
        words = ["meeple playthrough", self.game, f"--players {self.players}"]
        words += [f"--seed {self.seed}", f"--bots {','.join(self.seats)}"]
        words += [f"-o '{key}={compact(value)}'" for key, value in sorted(self.options.items())]
        return " ".join(words)

    def lines(self) -> list[str]:
        return [
            f"{FORMAT}: {self.command()}",
            f"game {self.game}",
            f"rules_version {self.version}",
            f"players {self.players}",
            f"options {compact(dict(self.options))}",
            f"seats {' '.join(self.seats)}",
            f"seed {self.seed}",
        ]


def parse_header(lines: Iterable[str]) -> Header:
    """The header of a playthrough's lines; ``RecordError`` if they are not one."""
    found = list(lines)[:7]
    if len(found) < 7 or not found[0].startswith(FORMAT):
        raise RecordError(f"line 1: not a playthrough (it must start with {FORMAT!r})")
    fields = dict(line.partition(" ")[::2] for line in found[1:])
    try:
        options = json.loads(fields["options"])
        return Header(
            game=fields["game"],
            version=int(fields["rules_version"]),
            players=int(fields["players"]),
            options=options,
            seats=tuple(fields["seats"].split()),
            seed=int(fields["seed"]),
        )
    except (KeyError, ValueError) as error:
        raise RecordError(f"playthrough header: {error}") from None


def _views(game: AnyGame, state: object) -> str:
    seats = " ".join(digest(game.encode_view(game.view(state, s))) for s in range(game.players))
    spectator = digest(game.encode_view(game.view(state, None)))
    returns = " ".join(f"{value:g}" for value in game.returns(state))
    return f"views {seats} / {spectator} returns {returns}"


def _outcome(data: JSON) -> str:
    text = compact(data)
    return text if len(text) <= OUTCOME_WIDTH else f"#{digest(data)} ({len(text)} chars)"


def playthrough_lines(game: AnyGame, record: MatchRecord, header: Header) -> Iterator[str]:
    """The playthrough of a finished match: the header, a line per step, the result."""
    yield from header.lines()
    state = game.initial_state()
    yield f"0 start {_views(game, state)}"
    for number, step in enumerate(record.steps, start=1):
        if step.seat == CHANCE:
            outcome = game.decode_outcome(step.data)
            move = f"chance {_outcome(step.data)}"
            state = game.apply_chance(state, outcome)
        else:
            action = game.decode_action(step.data)
            legal = len(game.legal_actions(state))
            notation = json.dumps(game.format_action(state, action), ensure_ascii=False)
            move = f"s{step.seat} legal {legal} {notation} {compact(step.data)}"
            state = game.apply_action(state, action)
        yield f"{number} {move} {_views(game, state)}"
    result = game.result(state)
    scores = " ".join(f"{score:g}" for score in result.scores)
    winners = " ".join(map(str, result.winners)) or "-"
    yield f"end winners {winners} scores {scores} length {result.length} reason {result.reason}"
