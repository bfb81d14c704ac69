"""A game's *guide*: its heuristic bot class, and the optional hooks the search reads.

Everything ISMCTS knows of a game comes from here, so that the search itself knows no
game (``meeple.bots.ismcts`` lists the hooks and what each one does).
"""

from typing import Protocol, TypeGuard, runtime_checkable

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


def _hook(guide: type[Bot] | None, name: str, players: int) -> object:
    """The guide's attribute ``name``: a value, or a function of the player count
    (a static method) answered for ``players``; None without it."""
    value = getattr(guide, name, None)
    return value(players) if callable(value) else value


def _number(value: object, minimum: float, strict: bool) -> TypeGuard[int | float]:
    """Whether ``value`` is a number (not a bool) above ``minimum``, or at it too."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return value > minimum if strict else value >= minimum


def suggested_iterations(guide: type[Bot] | None, players: int) -> int:
    """The guide's ``ismcts_iterations`` (an int, or a function of the player count)."""
    suggested = _hook(guide, "ismcts_iterations", players)
    if _number(suggested, 0, strict=True) and isinstance(suggested, int):
        return suggested
    return DEFAULT_ITERATIONS


def suggested_depth(guide: type[Bot] | None, players: int, default: int) -> int:
    """The guide's ``ismcts_depth``: rollout steps before the cut where its evaluation
    values the position (a non-negative int, or a function of the player count), else
    ``default``."""
    suggested = _hook(guide, "ismcts_depth", players)
    if _number(suggested, 0, strict=False) and isinstance(suggested, int):
        return suggested
    return default


def suggested_confidence(guide: type[Bot] | None, players: int) -> float:
    """The guide's ``ismcts_confidence`` (standard errors, or a function of the player
    count; 0: off), else 0."""
    suggested = _hook(guide, "ismcts_confidence", players)
    return float(suggested) if _number(suggested, 0, strict=True) else 0.0


def suggested_prior(guide: type[Bot] | None, players: int, default: float) -> float:
    """The guide's ``ismcts_prior`` (a win share, 0 or more, or a function of the player
    count), else ``default``."""
    suggested = _hook(guide, "ismcts_prior", players)
    return float(suggested) if _number(suggested, 0, strict=False) else default


def suggested_paired(guide: type[Bot] | None, players: int) -> bool:
    """The guide's ``ismcts_paired`` (a bool, or a function of the player count), else
    False."""
    return _hook(guide, "ismcts_paired", players) is True


def root_policy(guide: type[Bot]) -> type[Bot]:
    """The policy whose choice the search favours at its root: the guide's optional
    ``ismcts_root_policy()`` (a stronger bot too slow for rollouts), else the guide."""
    named = getattr(guide, "ismcts_root_policy", None)
    policy = named() if callable(named) else None
    return policy if isinstance(policy, type) and issubclass(policy, Bot) else guide


def rollout_policy(guide: type[Bot], players: int) -> type[Bot]:
    """The policy that plays the rollouts: the guide's optional
    ``ismcts_rollout_policy(players)`` (a cheaper bot where the guide's full judgement
    is not needed; None: the guide), else the guide."""
    named = getattr(guide, "ismcts_rollout_policy", None)
    policy = named(players) if callable(named) else None
    return policy if isinstance(policy, type) and issubclass(policy, Bot) else guide
