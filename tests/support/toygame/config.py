"""The game's description (SPEC), its options and the configuration they make."""

from collections.abc import Mapping
from dataclasses import dataclass

from meeple.engine.options import OptionSpec, OptionValue
from meeple.engine.protocol import GameSpec

SUMMARY = """\
Race to 10, 2-3 players: a shared total starts at 0. On your turn add 1 or 2 to
it, or play your hidden card (1, 2 or 3) to add its value and draw a new one.
The total may never pass the target (option target, default 10): whoever
brings it to exactly the target wins.
Moves: +1, +2, card.
"""

OPTIONS = (
    OptionSpec("target", 10, "the total to reach exactly", minimum=3, maximum=30),
    OptionSpec("copies", 2, "how many cards of each value the deck holds", minimum=1, maximum=4),
)

SPEC = GameSpec(
    name="race",
    title="Race to 10",
    version=1,
    player_counts=(2, 3),
    options=OPTIONS,
    summary=SUMMARY,
    length_unit="turns",
    end_reasons=(("target", "a seat brought the total to exactly the target"),),
)


@dataclass(frozen=True, slots=True)
class Config:
    players: int
    target: int
    copies: int


def make_config(players: int, options: Mapping[str, OptionValue]) -> Config:
    target, copies = options["target"], options["copies"]
    assert isinstance(target, int) and isinstance(copies, int)
    return Config(players, target, copies)
