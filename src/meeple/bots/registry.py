"""Bots named by spec strings.

- ``random``: uniform over legal actions;
- ``heuristic``: the game's own heuristic bot (the registry's ``heuristic_bot`` piece;
  refused for a game that has none);
- ``ismcts:iterations=2000``: a built-in bot with parameters (``name:key=value,...``);
- ``package.module:ClassName`` (parameters after a second colon): a user's own Bot subclass;
- a level for people (``easy``, ``medium``, ``hard``, ``expert``: ``meeple.bots.levels``),
  which stands for its spec (parameters after it refine it: ``expert:scale=8``).
"""

import importlib
import random
from dataclasses import dataclass

from meeple.bots.base import Bot
from meeple.bots.levels import LEVELS
from meeple.engine.errors import InvalidOptionError
from meeple.engine.options import OptionValue, parse_option_text
from meeple.engine.protocol import AnyGame
from meeple.engine.registry import piece

BUILTIN = {
    "random": "meeple.bots.random_bot:RandomBot",
    "ismcts": "meeple.bots.ismcts:ISMCTSBot",
    "easy": "meeple.bots.levels:EasyBot",
}


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A parsed bot spec string."""

    text: str
    target: str  # "heuristic" or "module:Class"
    params: dict[str, OptionValue]


def parse_bot_spec(text: str) -> BotSpec:
    text = text.strip()
    if not text:
        raise InvalidOptionError("empty bot spec; try random, heuristic or ismcts")
    head, _, rest = text.partition(":")
    level = LEVELS.get(head)
    if level is not None and level != head:
        # a level stands for its spec; parameters after the level's name refine it
        spec = parse_bot_spec(level)
        return BotSpec(text, spec.target, {**spec.params, **_parse_params(rest)})
    if head in BUILTIN or head == "heuristic":
        target, param_text = (BUILTIN.get(head, head), rest)
    else:
        # module:Class[:params]
        class_name, _, param_text = rest.partition(":")
        if not class_name:
            known = ", ".join(builtin_names())
            raise InvalidOptionError(
                f"unknown bot {text!r}: use one of {known} or package.module:ClassName",
                reason="unknownBot",
                details={"spec": text, "known": known},
            )
        target = f"{head}:{class_name}"
    return BotSpec(text, target, _parse_params(param_text))


def builtin_names() -> list[str]:
    """The bots named without a module: the built-in ones and the levels."""
    return list(dict.fromkeys([*BUILTIN, "heuristic", *LEVELS]))


def _parse_params(param_text: str) -> dict[str, OptionValue]:
    """``key=value,key=value`` as parameters (values read as JSON when they parse)."""
    params: dict[str, OptionValue] = {}
    for item in filter(None, (p.strip() for p in param_text.split(","))):
        key, value = parse_option_text(item)
        params[key] = value
    return params


def bot_class(spec: BotSpec, game_name: str) -> type[Bot]:
    if spec.target == "heuristic":
        return heuristic_class(spec, game_name)
    module_name, _, class_name = spec.target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise InvalidOptionError(
            f"bot {spec.text!r}: cannot import {module_name} ({error})"
        ) from None
    cls = getattr(module, class_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise InvalidOptionError(
            f"bot {spec.text!r}: {module_name}.{class_name} is not a Bot class"
        )
    return cls


def heuristic_class(spec: BotSpec, game_name: str) -> type[Bot]:
    """The game's heuristic bot (the registry's ``heuristic_bot`` piece); a game without
    one refuses the spec with a message, rather than playing another bot under its name."""
    try:
        cls = piece(game_name, "heuristic_bot")
    except ImportError as error:
        raise InvalidOptionError(f"bot {spec.text!r}: {error}") from None
    if cls is None:
        raise InvalidOptionError(
            f"bot {spec.text!r}: the game {game_name!r} has no heuristic bot; "
            "use random, easy or ismcts"
        )
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise InvalidOptionError(f"bot {spec.text!r}: {cls!r} is not a Bot class")
    return cls


def make_bot(text: str, game: AnyGame, seat: int, rng: random.Random) -> Bot:
    """A bot for ``seat`` from its spec string, e.g. ``make_bot("heuristic", game, 0, rng)``."""
    spec = parse_bot_spec(text)
    cls = bot_class(spec, game.spec.name)
    try:
        return cls(game, seat, rng, **spec.params)
    except TypeError as error:
        raise InvalidOptionError(f"bot {spec.text!r}: bad parameters ({error})") from None
