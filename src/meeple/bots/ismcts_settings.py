"""The search bot's settings: one frozen value, built from a spec's parameters.

A spec names them as people type them (``ismcts:iterations=2000,c=0.7,eval=none``); the
fields spell them out (``c`` is ``exploration``, ``time`` is ``time_limit``, ``eval`` is
``evaluation``). ``None`` means "from the game's guide" (its default budget, confidence),
or the rule given beside the field.
"""

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace

from meeple.engine.errors import InvalidOptionError

DEFAULT_EXPLORATION = 0.7
DEFAULT_EXPAND = 10

# spec parameter -> field, where the two differ
SPEC_NAMES = {"c": "exploration", "time": "time_limit", "eval": "evaluation"}


@dataclass(frozen=True, slots=True)
class IsmctsSettings:
    """Everything an ISMCTS bot is told; the README's parameter table says what each does."""

    iterations: int | None = None  # per move; None: the guide's budget (without time_limit)
    time_limit: float | None = None  # seconds per move (spec ``time``); not reproducible
    exploration: float = DEFAULT_EXPLORATION  # UCB constant (spec ``c``)
    depth: int | None = None  # rollout steps before the cut; None: 12 with an evaluation
    expand: int = DEFAULT_EXPAND  # visits a node needs before it grows children
    tree: int | None = None  # maximum tree depth; None: unlimited
    rollout: str = "heuristic"  # who plays rollouts: heuristic, random, or a bot spec
    evaluation: str = "heuristic"  # what values a cut (spec ``eval``): heuristic, none, spec
    prior: float | None = None  # win share added to the guide's choice; None: the guide's
    # ismcts_prior, else 0.03 with a guide
    confidence: float | None = None  # standard errors; None: the guide's ismcts_confidence
    branch: bool = True  # branch the tree on chance outcomes the bot sees
    paired: bool | None = None  # every root action on each sample, with common random
    # numbers; None: the guide's ismcts_paired
    settle: bool = True  # follow the guide's settled choices without searching them
    scale: float = 1.0  # a factor on the budget, iterations or time (expert: 4)

    def __post_init__(self) -> None:
        _check_int("iterations", self.iterations, 1)
        _check_int("depth", self.depth, 0)
        _check_int("expand", self.expand, 1)
        _check_int("tree", self.tree, 1)
        if self.time_limit is not None and (
            not _is_number(self.time_limit) or self.time_limit <= 0
        ):
            raise InvalidOptionError(
                f"ismcts: time must be a positive number of seconds, not {self.time_limit!r}"
            )
        if not _is_number(self.scale) or self.scale <= 0:
            raise InvalidOptionError(f"ismcts: scale must be a positive number, not {self.scale!r}")
        for label, number in (
            ("c", self.exploration),
            ("prior", self.prior),
            ("confidence", self.confidence),
        ):
            if number is not None and not _is_number(number):
                raise InvalidOptionError(f"ismcts: {label} must be a number, not {number!r}")
        # (``paired`` may also be unset: the guide's choice)
        paired = () if self.paired is None else (("paired", self.paired),)
        for label, flag in (("branch", self.branch), *paired, ("settle", self.settle)):
            if not isinstance(flag, bool):
                raise InvalidOptionError(f"ismcts: {label} must be true or false, not {flag!r}")
        for label, text in (("rollout", self.rollout), ("eval", self.evaluation)):
            if not isinstance(text, str):
                raise InvalidOptionError(f"ismcts: {label} must be a bot spec, not {text!r}")

    @classmethod
    def from_params(
        cls, params: Mapping[str, object], base: "IsmctsSettings | None" = None
    ) -> "IsmctsSettings":
        """``base`` (default: the defaults) with a spec's parameters, by their spec names
        (or their field names)."""
        known = {field.name for field in fields(cls)}
        changes: dict[str, object] = {}
        for key, value in params.items():
            name = SPEC_NAMES.get(key, key)
            if name not in known:
                accepted = ", ".join(_spec_name(field.name) for field in fields(cls))
                raise InvalidOptionError(f"ismcts: unknown parameter {key!r} (use {accepted})")
            changes[name] = value
        settings = base if base is not None else cls()
        return replace(settings, **changes) if changes else settings  # type: ignore[arg-type]


def _spec_name(field: str) -> str:
    for key, name in SPEC_NAMES.items():
        if name == field:
            return key
    return field


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_int(label: str, value: object, minimum: int) -> None:
    if value is not None and (
        isinstance(value, bool) or not isinstance(value, int) or value < minimum
    ):
        raise InvalidOptionError(f"ismcts: {label} must be an integer >= {minimum}, not {value!r}")
