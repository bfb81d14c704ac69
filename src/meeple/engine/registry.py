"""The game registry: every package under ``meeple.games`` that exposes ``GAME`` is a game.

Discovery by package means a new game is registered by adding its package, with no
central list to edit.
"""

import importlib
import pkgutil
from functools import cache

from meeple.engine.errors import InvalidOptionError
from meeple.engine.options import OptionValue
from meeple.engine.protocol import AnyGame


@cache
def _game_classes() -> dict[str, type[AnyGame]]:
    import meeple.games as games_package

    found: dict[str, type[AnyGame]] = {}
    for module_info in pkgutil.iter_modules(games_package.__path__):
        module = importlib.import_module(f"meeple.games.{module_info.name}")
        game_class = getattr(module, "GAME", None)
        if game_class is not None:
            found[game_class.spec.name] = game_class
    return dict(sorted(found.items()))


def game_names() -> tuple[str, ...]:
    """The names of every registered game, sorted."""
    return tuple(_game_classes())


def game_class(name: str) -> type[AnyGame]:
    classes = _game_classes()
    if name not in classes:
        raise InvalidOptionError(f"unknown game {name!r}; games: {', '.join(classes)}")
    return classes[name]


def default_players(name: str) -> int:
    counts = game_class(name).spec.player_counts
    return 4 if 4 in counts else counts[0]


def load_game(name: str, players: int | None = None, **options: OptionValue) -> AnyGame:
    """A configured game: ``load_game("phase10", players=4, skip_style="circuit")``."""
    cls = game_class(name)
    return cls(default_players(name) if players is None else players, options)
