"""A game's *guide*: its heuristic bot class, and the optional hooks the search reads.

Everything ISMCTS knows of a game comes from here, so that the search itself knows no
game (``meeple.bots.ismcts`` lists the hooks and what each one does).
"""

from typing import Protocol, runtime_checkable

from meeple.bots.base import Bot
from meeple.engine.errors import InvalidOptionError
from meeple.engine.protocol import AnyGame
from meeple.engine.registry import piece

DEFAULT_ITERATIONS = 300


@runtime_checkable
class Settler(Protocol):
    """What ISMCTS needs from a bot to skip the decisions that need no search."""

    def settled(self, view: object, legal: tuple[object, ...]) -> object | None:
        """The action to take without searching, or None: search this decision."""
        ...


@runtime_checkable
class Observer(Protocol):
    """A root policy that keeps track of the game (ISMCTS shows it every decision)."""

    def observe(self, view: object, action: object) -> None:
        """A view this seat was shown and the action it took there."""
        ...


@runtime_checkable
class PositionEvaluator(Protocol):
    """What ISMCTS needs from a bot to value a cut-off position from one seat's view."""

    def position_value(self, view: object) -> float:
        """A non-negative strength of this bot's seat: larger is better."""
        ...


def guide_class(game: AnyGame) -> type[Bot] | None:
    """The game's heuristic bot class (the registry's ``heuristic_bot`` piece), if any."""
    try:
        cls = piece(game.spec.name, "heuristic_bot")
    except (ImportError, InvalidOptionError):
        return None
    return cls if isinstance(cls, type) and issubclass(cls, Bot) else None


def suggested_iterations(guide: type[Bot] | None, players: int) -> int:
    """The guide's ``ismcts_iterations`` (an int, or a function of the player count)."""
    suggested = getattr(guide, "ismcts_iterations", None)
    if callable(suggested):
        suggested = suggested(players)
    if isinstance(suggested, int) and not isinstance(suggested, bool) and suggested > 0:
        return suggested
    return DEFAULT_ITERATIONS


def suggested_depth(guide: type[Bot] | None, players: int, default: int) -> int:
    """The guide's ``ismcts_depth``: rollout steps before the cut where its evaluation
    values the position (a non-negative int, or a function of the player count), else
    ``default``."""
    suggested = getattr(guide, "ismcts_depth", None)
    if callable(suggested):
        suggested = suggested(players)
    if isinstance(suggested, int) and not isinstance(suggested, bool) and suggested >= 0:
        return suggested
    return default


def suggested_confidence(guide: type[Bot] | None) -> float:
    """The guide's ``ismcts_confidence`` (standard errors; 0: off), else 0."""
    suggested = getattr(guide, "ismcts_confidence", 0.0)
    if isinstance(suggested, (int, float)) and not isinstance(suggested, bool) and suggested > 0:
        return float(suggested)
    return 0.0


def root_policy(guide: type[Bot]) -> type[Bot]:
    """The policy whose choice the search favours at its root: the guide's optional
    ``ismcts_root_policy()`` (a stronger bot too slow for rollouts), else the guide."""
    named = getattr(guide, "ismcts_root_policy", None)
    policy = named() if callable(named) else None
    return policy if isinstance(policy, type) and issubclass(policy, Bot) else guide
