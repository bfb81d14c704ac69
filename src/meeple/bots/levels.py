"""Named levels for people: ``easy``, ``medium``, ``hard`` and ``expert``, each a bot spec.

- ``easy``: the game's heuristic bot with deliberate mistakes (``EasyBot``): now and
  then it plays any legal move instead of its judgement, so that a careful beginner
  beats it; it is still far from the random bot, which has no judgement at all;
- ``medium``: the heuristic bot, which plays like a sensible person;
- ``hard``: ISMCTS at its default budget (under a second a move);
- ``expert``: ISMCTS with four times the default budget, for people who do not mind
  waiting a few seconds a move (and the bot behind hints).

A level name is a spec wherever specs are read (``meeple play --bots easy``, the
server's seats, tournaments); parameters after it refine it (``expert:scale=8``).
"""

import random

from meeple.bots.base import Bot
from meeple.bots.guide import guide_class
from meeple.bots.random_bot import RandomBot
from meeple.engine.errors import InvalidOptionError
from meeple.engine.protocol import AnyGame

LEVELS: dict[str, str] = {
    "easy": "easy",
    "medium": "heuristic",
    "hard": "ismcts",
    "expert": "ismcts:scale=4",
}
LEVEL_ORDER = ("easy", "medium", "hard", "expert")
HINT_LEVEL = "expert"  # the level whose move a hint shows

DEFAULT_MISTAKES = 0.3  # share of decisions (with a choice) the easy bot plays at random


class EasyBot(Bot):
    """The heuristic bot, except that a share ``mistakes`` of its decisions with more
    than one legal action are played uniformly at random (with its own generator)."""

    name = "easy"

    def __init__(
        self,
        game: AnyGame,
        seat: int,
        rng: random.Random,
        mistakes: float = DEFAULT_MISTAKES,
    ) -> None:
        super().__init__(game, seat, rng)
        if isinstance(mistakes, bool) or not isinstance(mistakes, (int, float)):
            raise InvalidOptionError(f"easy: mistakes must be a number, not {mistakes!r}")
        if not 0 <= mistakes <= 1:
            raise InvalidOptionError(f"easy: mistakes must be between 0 and 1, not {mistakes}")
        self.mistakes = float(mistakes)
        guide = guide_class(game)  # (a game without one: the easy bot is the random bot)
        judge = guide if guide is not None else RandomBot
        self.judgement = judge(game, seat, random.Random(rng.random()))

    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        if len(legal) > 1 and self.rng.random() < self.mistakes:
            return legal[self.rng.randrange(len(legal))]
        return self.judgement.choose(view, legal)
