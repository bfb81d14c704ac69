"""Shared fixtures: the registered games and their test configurations."""

import importlib

from meeple.engine.protocol import Game
from meeple.engine.registry import game_names, load_game


def game_configs() -> list[tuple[str, int, dict[str, object]]]:
    """(game, players, options) for every registered game's ``TEST_CONFIGS``."""
    configs = []
    for name in game_names():
        module = importlib.import_module(f"meeple.games.{name}")
        for players, options in module.TEST_CONFIGS:
            configs.append((name, players, dict(options)))
    return configs


def config_id(config: tuple[str, int, dict[str, object]]) -> str:
    name, players, options = config
    extra = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{name}-{players}p" + (f"-{extra}" if extra else "")


def make(config: tuple[str, int, dict[str, object]]) -> Game[object, object, object, object]:
    name, players, options = config
    return load_game(name, players, **options)  # type: ignore[arg-type]
