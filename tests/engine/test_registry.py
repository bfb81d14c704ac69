"""The registry: built-in games by package, registered games, entry-point plugins, pieces."""

import importlib.metadata
from collections.abc import Iterator

import pytest

from meeple.bots.registry import make_bot
from meeple.cli.common import default_bot, generic_render, renderer, round_renderer
from meeple.engine import codec, registry
from meeple.engine.errors import InvalidOptionError
from meeple.engine.registry import GameEntry, game_names, piece, register_game, unregister_game
from support.toygame import GAME as RaceGame


@pytest.fixture
def race() -> Iterator[None]:
    register_game(RaceGame)
    yield
    unregister_game("race")


def test_the_built_in_games_are_found_by_package_with_their_pieces() -> None:
    assert {"cmyk", "phase10", "toc", "toquer"} <= set(game_names())
    assert piece("toc", "heuristic_bot").__name__ == "HeuristicBot"  # type: ignore[union-attr]
    assert hasattr(piece("toc", "renderer"), "render_view")
    assert callable(piece("toc", "encoder"))


def test_a_registered_game_is_listed_and_loads(race: None) -> None:
    assert "race" in game_names()
    game = registry.load_game("race", 2, target=5)
    assert game.options["target"] == 5
    unregister_game("race")
    assert "race" not in game_names()
    with pytest.raises(InvalidOptionError, match="unknown game 'race'; games: cmyk"):
        registry.game_class("race")


def test_a_taken_name_is_refused_unless_replaced(race: None) -> None:
    class Other(RaceGame):  # type: ignore[misc, valid-type]
        pass

    with pytest.raises(ValueError, match="'race' is already registered"):
        register_game(Other)
    assert register_game(Other, replace=True) is Other
    assert registry.game_class("race") is Other
    with pytest.raises(TypeError, match="takes a Game subclass"):
        register_game(object)  # type: ignore[arg-type]


def test_a_game_without_pieces_degrades_to_the_generic_ones(race: None) -> None:
    game = registry.load_game("race", 2)
    assert piece("race", "heuristic_bot") is None
    assert renderer(game) is generic_render
    assert round_renderer(game) is None
    assert default_bot("race") == "random"
    with pytest.raises(InvalidOptionError, match="'race' has no heuristic bot; use random"):
        make_bot("heuristic", game, 0, __import__("random").Random(1))


def test_named_pieces_are_imported_and_a_missing_one_is_an_error() -> None:
    register_game(RaceGame, renderer="support.toygame.view", heuristic_bot="support.nowhere:Bot")
    try:
        assert piece("race", "renderer").__name__ == "support.toygame.view"  # type: ignore[union-attr]
        with pytest.raises(ImportError):
            piece("race", "heuristic_bot")
    finally:
        unregister_game("race")


class _Point:
    def __init__(self, name: str, loaded: object) -> None:
        self.name, self.value, self.loaded = name, f"plugin:{name}", loaded

    def load(self) -> object:
        if isinstance(self.loaded, Exception):
            raise self.loaded
        return self.loaded


def test_entry_points_in_the_group_add_games_and_a_broken_one_warns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    points = [
        _Point("race", GameEntry(RaceGame, renderer="support.toygame.view")),
        _Point("broken", ImportError("no module named nowhere")),
    ]

    def entry_points(group: str) -> list[_Point]:
        assert group == "meeple.games"
        return points

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    registry._plugins.cache_clear()
    try:
        with pytest.warns(RuntimeWarning, match="'broken'.*could not be loaded"):
            assert "race" in game_names()
        assert piece("race", "renderer") is not None
    finally:
        monkeypatch.undo()
        registry._plugins.cache_clear()
    assert "race" not in game_names()


def test_named_card_types_and_literals_decode_and_check() -> None:
    from support.toygame.cards import Card
    from support.toygame.state import Stage

    assert codec.from_json(tuple[Card, ...], [1, 2]) == (1, 2)
    assert codec.checker(Card, {})(True) is not None
    assert codec.checker(Stage, {})("play") is None
    assert "not one of" in (codec.checker(Stage, {})("dance") or "")


def test_loading_a_game_imports_none_of_the_later_layers() -> None:
    import subprocess
    import sys

    code = (
        "import sys, meeple; meeple.load_game('toc'); meeple.game_names(); "
        "print(sorted(m for m in sys.modules if m.startswith(('meeple.rl', 'meeple.bots', "
        "'meeple.cli', 'meeple.sim', 'meeple.server', 'numpy'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
