"""The terminal's words in English, French and Japanese.

The terminal's own strings are in this package's ``en.json``, ``fr.json`` and
``ja.json``, in the browser catalogues' format (nested keys, ``{{name}}`` placeholders).
What both clients say alike is read from the browser's catalogues: the games' titles,
rules summaries and options, and the bot levels' names. Moves stay in each game's
notation, one language for every player, as the records and the browser's text box
have them.

The language is the ``--lang`` option of ``meeple``, else ``MEEPLE_LANG``, else the
locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English. :func:`t` says a key in
it; :func:`use` changes it.
"""

import json
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "fr", "ja")
PLACEHOLDER = re.compile(r"\{\{\s*(\w+)\s*\}\}")
# The browser catalogues' sections the terminal says too.
SHARED = ("games", "bots", "illegal", "notation")


def language_from(env: Mapping[str, str]) -> str:
    """The language an environment asks for: ``MEEPLE_LANG``, then the locale."""
    for name in ("MEEPLE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "").strip()
        if value:
            code = value.split(".")[0].split("_")[0].split("-")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def flatten(tree: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """``{"a": {"b": "x"}}`` as ``{"a.b": "x"}``."""
    out: dict[str, str] = {}
    for key, value in tree.items():
        if isinstance(value, Mapping):
            out.update(flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = str(value)
    return out


@cache
def catalogue(lang: str) -> Mapping[str, str]:
    """Every key of ``lang``: the terminal's own and the shared browser sections."""
    own = resources.files(__package__).joinpath(f"{lang}.json").read_text(encoding="utf-8")
    web = resources.files("meeple").joinpath("web", "static", "i18n", f"{lang}.json")
    shared = json.loads(web.read_text(encoding="utf-8"))
    words = flatten({name: shared[name] for name in SHARED})
    words.update(flatten(json.loads(own)))
    return words


class _Active:
    lang = "en"


def use(lang: str) -> None:
    """Speak ``lang`` from now on (ValueError for a language the terminal lacks)."""
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r}: the terminal speaks {', '.join(LANGUAGES)}")
    _Active.lang = lang


def current() -> str:
    return _Active.lang


def has(key: str) -> bool:
    return key in catalogue(_Active.lang)


def t(key: str, **values: object) -> str:
    """The text of ``key`` in the current language, its placeholders filled."""
    text = catalogue(_Active.lang)[key]
    return PLACEHOLDER.sub(lambda match: str(values[match.group(1)]), text)


def words(key: str) -> tuple[str, ...]:
    """A '|'-separated list of words (such as a command's names) in the current language
    and in English: what a person may type."""
    found = t(key).split("|") + catalogue("en")[key].split("|")
    return tuple(dict.fromkeys(word.strip() for word in found))


def join_names(names: list[str]) -> str:
    """Names joined as a list is in the current language ("nobody" for none)."""
    return t("list.separator").join(names) if names else t("seat.nobody")
