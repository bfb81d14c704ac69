"""Typed, validated game options.

A game declares each option once (name, default, allowed values, a one-line doc); the
same declaration validates options from Python, the command line, the server and saved
records, so an unknown option or a bad value always gets the same clear error.
"""

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from meeple.engine.errors import InvalidOptionError

JSONValue = None | bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"]
OptionValue = JSONValue


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: its name, default, allowed values and meaning."""

    name: str
    default: OptionValue
    doc: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    # For structured options (a deck, a list of phases): normalises a value or raises
    # ValueError saying what is wrong with it.
    check: Callable[[OptionValue], OptionValue] | None = None
    # Each choice in words, in the order of ``choices``: what a person reads (``doc`` and
    # these never name an internal value; ``describe_allowed`` does, for typing them).
    choice_words: tuple[str, ...] | None = None
    # A table-maker's setting (board geometry, a whole deck as data): the lobby offers it
    # under its "advanced" fold, out of the way of someone who only wants to play.
    advanced: bool = False

    def __post_init__(self) -> None:
        if self.choice_words is not None:
            assert self.choices is not None and len(self.choice_words) == len(self.choices), (
                f"option {self.name!r}: one choice_words entry per choice"
            )

    def choices_in_words(self) -> tuple[tuple[OptionValue, str], ...]:
        """Every choice with its words (the value itself where no words were given)."""
        if self.choices is None:
            return ()
        words = self.choice_words or tuple(json.dumps(c) for c in self.choices)
        return tuple(zip(self.choices, words, strict=True))

    def describe_allowed(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(json.dumps(c) for c in self.choices)
        if isinstance(self.default, bool):
            return "true or false"
        if isinstance(self.default, int):
            bounds = []
            if self.minimum is not None:
                bounds.append(f">= {self.minimum}")
            if self.maximum is not None:
                bounds.append(f"<= {self.maximum}")
            return " ".join(["an integer", ", ".join(bounds)]).strip()
        return "a JSON value as described in the game's README"

    def allowed_in_symbols(self) -> str:
        """What ``describe_allowed`` says, in symbols any language reads: the choices as
        typed, ``true | false``, ``1–5`` or ``≥ 1``; empty for a structured option."""
        if self.choices is not None:
            return " | ".join(json.dumps(c) for c in self.choices)
        if isinstance(self.default, bool):
            return "true | false"
        if isinstance(self.default, int) and self.check is None:
            low, high = self.minimum, self.maximum
            if low is not None and high is not None:
                return f"{low}–{high}"
            return f"≥ {low}" if low is not None else f"≤ {high}" if high is not None else ""
        return ""

    def validate(self, value: OptionValue) -> OptionValue:
        """The normalised value, or an InvalidOptionError naming the option and the rule."""

        def bad(reason: str) -> InvalidOptionError:
            return InvalidOptionError(
                f"option {self.name!r}: {reason}; expected {self.describe_allowed()}",
                reason="badOption",
                details={
                    "name": self.name,
                    "value": json.dumps(value),
                    "allowed": self.allowed_in_symbols(),
                },
            )

        if self.check is not None:
            try:
                return self.check(value)
            except (ValueError, TypeError) as error:
                raise bad(f"{json.dumps(value)} is not valid ({error})") from None
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise bad(f"{value!r} is not a boolean")
        elif isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise bad(f"{value!r} is not an integer")
            if self.minimum is not None and value < self.minimum:
                raise bad(f"{value} is too small")
            if self.maximum is not None and value > self.maximum:
                raise bad(f"{value} is too large")
        if self.choices is not None and value not in self.choices:
            raise bad(f"{value!r} is not allowed")
        return value


def parse_option_text(text: str) -> tuple[str, OptionValue]:
    """``key=value`` from a command line; the value is JSON when it parses, else a string."""
    key, separator, raw = text.partition("=")
    if not separator or not key:
        raise InvalidOptionError(
            f"option {text!r} is not of the form key=value",
            reason="optionForm",
            details={"text": text},
        )
    lowered = raw.strip().lower()
    value: OptionValue
    if lowered in ("true", "on", "yes"):
        value = True
    elif lowered in ("false", "off", "no"):
        value = False
    else:
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
    return key.strip(), value


def resolve_options(
    game: str, specs: tuple[OptionSpec, ...], given: Mapping[str, OptionValue]
) -> dict[str, OptionValue]:
    """Every option's value (defaults filled in), after validating the given ones."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        valid = ", ".join(sorted(by_name)) or "none"
        names = ", ".join(map(repr, unknown))
        raise InvalidOptionError(
            f"{game}: unknown option {names}; valid options: {valid}",
            reason="unknownOption",
            details={"game": game, "names": names, "valid": valid},
        )
    resolved: dict[str, OptionValue] = {}
    for spec in specs:
        value = given.get(spec.name, spec.default)
        resolved[spec.name] = spec.validate(value)
    return resolved
