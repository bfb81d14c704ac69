"""The game registry: the one list of games, from which every other list is derived.

A game gets into it in one of three ways:

- a package under ``meeple.games`` that exposes ``GAME`` (the built-in games: adding the
  package is enough, there is no central list to edit);
- a call to :func:`register_game` (a test, a notebook, a program embedding meeple);
- an entry point in the ``meeple.games`` group of an installed distribution, naming a
  ``Game`` subclass or a :class:`GameEntry` (a third-party game)::

      [project.entry-points."meeple.games"]
      nim = "meeple_nim:GAME"

Besides the rules, a game may have *pieces* that live in later layers: a heuristic bot
(``heuristic_bot``, a ``module:Class`` that subclasses ``meeple.bots.base.Bot``), a
terminal renderer (``renderer``, a module with ``render_view`` and optionally
``render_round``) and an RL encoder (``encoder``, a ``module:Factory`` called with the
configured game). They are named by strings so that the engine imports none of those
layers. A built-in game finds its pieces by convention (``meeple.bots.heuristic.<name>``,
``meeple.cli.render.<name>``, ``meeple.rl.encoding.<name>``); a registered game names
them. Every piece is optional: see :func:`piece` and docs/adding-a-game.md for what each
layer does without one.
"""

import importlib
import importlib.metadata
import pkgutil
import warnings
from dataclasses import dataclass
from functools import cache
from typing import Literal

from meeple.engine.errors import InvalidOptionError
from meeple.engine.options import OptionValue
from meeple.engine.protocol import AnyGame, Game

PieceKind = Literal["heuristic_bot", "renderer", "encoder"]
PIECE_KINDS: tuple[PieceKind, ...] = ("heuristic_bot", "renderer", "encoder")
ENTRY_POINT_GROUP = "meeple.games"

# Where a built-in game's pieces are found ("{name}" is the game's name).
_CONVENTIONS: dict[PieceKind, str] = {
    "heuristic_bot": "meeple.bots.heuristic.{name}:HeuristicBot",
    "renderer": "meeple.cli.render.{name}",
    "encoder": "meeple.rl.encoding.{name}:ENCODER",
}


@dataclass(frozen=True, slots=True)
class GameEntry:
    """A game and where its optional pieces are (``"package.module:attribute"``, or a
    module's name for the renderer); ``None`` where it has none."""

    game: type[AnyGame]
    heuristic_bot: str | None = None
    renderer: str | None = None
    encoder: str | None = None
    # A built-in game's pieces are where the conventions put them, if those modules
    # exist: a missing module means no such piece (checked only when one is asked for,
    # so that loading a game imports none of the later layers).
    conventional: bool = False

    def location(self, kind: PieceKind) -> str | None:
        location: str | None = getattr(self, kind)
        return location


_registered: dict[str, GameEntry] = {}


@cache
def _built_in() -> dict[str, GameEntry]:
    import meeple.games as games_package

    found: dict[str, GameEntry] = {}
    for module_info in pkgutil.iter_modules(games_package.__path__):
        module = importlib.import_module(f"meeple.games.{module_info.name}")
        game_class = getattr(module, "GAME", None)
        if game_class is not None:
            name = game_class.spec.name
            pieces = {kind: _CONVENTIONS[kind].format(name=name) for kind in PIECE_KINDS}
            found[name] = GameEntry(game_class, **pieces, conventional=True)
    return found


@cache
def _plugins() -> dict[str, GameEntry]:
    """The games of installed distributions' ``meeple.games`` entry points."""
    found: dict[str, GameEntry] = {}
    for point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            entry = _as_entry(point.load())
        except Exception as error:  # a broken plugin must not break meeple
            warnings.warn(
                f"meeple: the game entry point {point.name!r} ({point.value}) "
                f"could not be loaded: {error}",
                RuntimeWarning,
                stacklevel=2,
            )
            continue
        found[entry.game.spec.name] = entry
    return found


def _as_entry(loaded: object) -> GameEntry:
    if isinstance(loaded, GameEntry):
        return loaded
    if isinstance(loaded, type) and issubclass(loaded, Game):
        return GameEntry(loaded)
    raise TypeError(f"expected a Game subclass or a GameEntry, got {loaded!r}")


def _entries() -> dict[str, GameEntry]:
    """Every game: built in, then installed plugins, then registered ones (a later
    source does not replace an earlier name unless registered with ``replace=True``)."""
    entries = {**_plugins(), **_built_in()}
    entries.update(_registered)
    return dict(sorted(entries.items()))


def register_game(
    game: type[AnyGame],
    *,
    heuristic_bot: str | None = None,
    renderer: str | None = None,
    encoder: str | None = None,
    replace: bool = False,
) -> type[AnyGame]:
    """Add a game to the registry, with where its optional pieces are; returns the class
    (so it can decorate it). A name already taken is refused unless ``replace``."""
    if not (isinstance(game, type) and issubclass(game, Game)):
        raise TypeError(f"register_game takes a Game subclass, not {game!r}")
    name = game.spec.name
    existing = _entries().get(name)
    if existing is not None and existing.game is not game and not replace:
        raise ValueError(f"a game named {name!r} is already registered ({existing.game!r})")
    _registered[name] = GameEntry(game, heuristic_bot, renderer, encoder)
    return game


def unregister_game(name: str) -> None:
    """Remove a game added by :func:`register_game` (built-in games stay)."""
    _registered.pop(name, None)


def game_entry(name: str) -> GameEntry:
    entries = _entries()
    if name not in entries:
        games = ", ".join(entries)
        raise InvalidOptionError(
            f"unknown game {name!r}; games: {games}",
            reason="unknownGame",
            details={"name": name, "games": games},
        )
    return entries[name]


def game_names() -> tuple[str, ...]:
    """The names of every registered game, sorted."""
    return tuple(_entries())


def game_class(name: str) -> type[AnyGame]:
    return game_entry(name).game


def piece(name: str, kind: PieceKind) -> object | None:
    """The game's piece of that kind, imported (a class, factory or module), or ``None``
    when the game has none. A piece that is named but cannot be imported is an error."""
    entry = game_entry(name)
    location = entry.location(kind)
    if location is None:
        return None
    module_name, _, attribute = location.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if entry.conventional and error.name == module_name:
            return None
        raise
    if not attribute:
        return module
    found: object | None = getattr(module, attribute, None)
    if found is None:
        raise ImportError(f"{module_name} has no {attribute} (the {kind} of {name!r})")
    return found


def default_players(name: str) -> int:
    counts = game_class(name).spec.player_counts
    return 4 if 4 in counts else counts[0]


def load_game(name: str, players: int | None = None, **options: OptionValue) -> AnyGame:
    """A configured game: ``load_game("phase10", players=4, skip_style="circuit")``."""
    cls = game_class(name)
    return cls(default_players(name) if players is None else players, options)
