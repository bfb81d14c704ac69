"""Helpers shared by the commands: building games from options, renderers, errors."""

import importlib
import json
from collections.abc import Callable, Sequence
from typing import NoReturn

import typer
from rich.console import Console, RenderableType
from rich.pretty import Pretty

from meeple.engine.errors import InvalidOptionError
from meeple.engine.options import OptionValue, parse_option_text
from meeple.engine.protocol import AnyGame
from meeple.engine.registry import default_players, game_names, load_game

console = Console()
Renderer = Callable[[AnyGame, object], RenderableType]


def parse_options(texts: Sequence[str]) -> dict[str, OptionValue]:
    options: dict[str, OptionValue] = {}
    for text in texts:
        key, value = parse_option_text(text)
        options[key] = value
    return options


def build_game(name: str, players: int | None, option_texts: Sequence[str]) -> AnyGame:
    """The configured game, or a clean exit with the engine's message."""
    try:
        return load_game(name, players, **parse_options(option_texts))
    except InvalidOptionError as error:
        fail(str(error))


def fail(message: str) -> NoReturn:
    console.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code=2)


def at_least_one(**counts: int) -> None:
    """A clean exit (code 2) when a count option such as ``--games`` is below 1."""
    for name, count in counts.items():
        if count < 1:
            fail(f"--{name} must be at least 1 (it is {count})")


def parse_bot_list(text: str | None, count: int, default: str) -> list[str]:
    """A comma-separated list of bot specs, cycled to ``count`` entries."""
    specs = split_specs(text) if text else [default]
    return [specs[i % len(specs)] for i in range(count)]


def split_specs(text: str) -> list[str]:
    """Split on commas that start a new spec (``ismcts:iterations=5,c=1.4`` stays whole)."""
    specs: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        elif part:
            specs.append(part)
    return specs


def renderer(game: AnyGame) -> Renderer:
    """The game's terminal renderer, or a plain dump of the view."""
    try:
        module = importlib.import_module(f"meeple.cli.render.{game.spec.name}")
    except ImportError:
        return lambda _game, view: Pretty(view)
    render: Renderer = module.render_view
    return render


def round_renderer(game: AnyGame) -> Renderer | None:
    """The game's table of a finished round (round-based games), or None."""
    try:
        module = importlib.import_module(f"meeple.cli.render.{game.spec.name}")
    except ImportError:
        return None
    render: Renderer | None = getattr(module, "render_round", None)
    return render


def default_bot(game_name: str) -> str:
    try:
        importlib.import_module(f"meeple.bots.heuristic.{game_name}")
    except ImportError:
        return "random"
    return "heuristic"


def games_help() -> str:
    return ", ".join(game_names())


def players_or_default(name: str, players: int | None) -> int:
    try:
        return default_players(name) if players is None else players
    except InvalidOptionError as error:
        fail(str(error))


def dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)
