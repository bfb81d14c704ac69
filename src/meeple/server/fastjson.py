"""The server's hot path in JSON: a faster twin of ``engine.codec.to_json``, and the
text of every message it sends.

``to_json`` writes exactly what ``codec.to_json`` writes (tests compare them on whole
games), but caches each dataclass's field names instead of asking ``dataclasses.fields``
for every value. Used only when a game keeps the engine's default
``encode_view``/``encode_action``.

``dumps`` and ``loads`` are orjson's (a state message is written in about a tenth of the
time ``json.dumps`` takes), with the standard library's for what orjson refuses: a
string holding a lone surrogate, which JSON text may escape but UTF-8 cannot carry.
Frames from clients are still read by ``json.loads`` (ws.py), whose refusals are the
documented ones.
"""

import dataclasses
import enum
import json
from typing import Any

import orjson

from meeple.engine.codec import JSON
from meeple.engine.protocol import AnyGame, Game

_PLAIN = (str, int, float, bool)
_FIELDS: dict[type, tuple[str, ...]] = {}


def to_json(value: object) -> JSON:
    cls = value.__class__
    if value is None or cls in _PLAIN:
        return value  # type: ignore[return-value]
    if cls is tuple:
        plain = _PLAIN
        return [
            item if item.__class__ in plain else to_json(item)
            for item in value  # type: ignore[attr-defined]
        ]
    names = _FIELDS.get(cls)
    if names is not None:
        out: dict[str, JSON] = {"type": cls.__name__}
        for name in names:
            item = getattr(value, name)
            out[name] = item if item.__class__ in _PLAIN else to_json(item)
        return out
    if isinstance(value, enum.Enum):
        raw: JSON = value.value
        return raw
    if isinstance(value, _PLAIN):
        return value
    if isinstance(value, tuple):
        return [to_json(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        _FIELDS[cls] = tuple(field.name for field in dataclasses.fields(value))
        return to_json(value)
    raise TypeError(f"cannot encode {cls.__name__} as JSON")


def uses_default_codec(game: AnyGame) -> bool:
    """Whether the game encodes views and actions with the engine's generic codec."""
    cls = type(game)
    return (
        cls.encode_view is Game.encode_view
        and cls.encode_action is Game.encode_action
        and cls.encode_outcome is Game.encode_outcome
    )


def dumps(value: object) -> str:
    """The JSON text of ``value`` (a message: dicts, lists, strings, numbers)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value)


def loads(text: str | bytes) -> Any:
    """The value of JSON text written by ``dumps`` (the server's own messages)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)
