"""Does a text shown to a person name an internal value (an option's name, a choice's
value, a key of a structured option)? The values come from the game specs, so a new
option or choice is checked without editing this file.

A value is named when it appears
- anywhere, if it looks like code (an underscore, a digit, a dash: ``own_grid``, ``5-4-4``);
- marked as code, in backticks or quotes, alone in brackets, or as ``value:``;
- as a plain word, unless it is also an ordinary word of that language (``even`` and
  ``points`` are English words a sentence needs: only the marked uses count for those).
JSON in a text (``null``, ``{"``, ``["``) counts too.
"""

import re

from meeple.engine.options import OptionSpec
from meeple.engine.protocol import GameSpec

# Words of each language that are also internal values or option names: a sentence may
# use them as words.
ORDINARY_WORDS = {
    "en": {
        "deck",
        "discard",
        "even",
        "goal",
        "jokers",
        "layout",
        "mixes",
        "odd",
        "overflow",
        "phases",
        "points",
        "reshuffle",
        "standard",
        "sweep",
        "teams",
        "white",
    },
    "fr": {"jokers", "points", "phases", "standard"},
    "ja": set(),
}
JSON_MARKS = re.compile(r"\bnull\b|\{\s*\"|\[\s*\"")


def option_values(option: OptionSpec) -> set[str]:
    """The internal strings of one option: its name, string choices, structured keys."""
    values = {option.name}
    values |= {c for c in option.choices or () if isinstance(c, str)}
    if isinstance(option.default, str):
        values.add(option.default)
    if isinstance(option.default, dict):
        values |= set(option.default)
    return values


def internal_values(spec: GameSpec) -> set[str]:
    """Every internal string of a game's options."""
    values: set[str] = set()
    for option in spec.options:
        values |= option_values(option)
    return values


def _looks_like_code(value: str) -> bool:
    return re.search(r"[_\d]|-", value) is not None


def named_values(text: str, values: set[str], language: str) -> set[str]:
    """The internal values ``text`` names (see the module's docstring)."""
    found: set[str] = set()
    ordinary = ORDINARY_WORDS.get(language, set())
    for value in values:
        escaped = re.escape(value)
        # ASCII word boundaries: in Japanese a value sits between letters (配置own_grid).
        word = re.compile(rf"(?<![\w-]){escaped}(?![\w-])", re.IGNORECASE | re.ASCII)
        marked = re.compile(
            rf"[`\"'«“]\s*{escaped}\s*[`\"'»”]|\(\s*{escaped}\s*\)|(?:^|[;.]\s*){escaped}\s*:",
            re.IGNORECASE,
        )
        plain = _looks_like_code(value) or value.lower() not in ordinary
        if marked.search(text) or (plain and word.search(text)):
            found.add(value)
    if JSON_MARKS.search(text):
        found.add("JSON")
    return found
