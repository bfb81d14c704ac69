"""A JSON codec for the engine's values: frozen dataclasses, tuples, enums and primitives.

Each dataclass is written as an object tagged with its class name, so unions of actions
decode without ambiguity; decoding is driven by the type hints of the target class, so a
game needs no hand-written serialisation. Anything that does not fit the declared types
is refused with an ``InvalidActionError`` saying where.
"""

import dataclasses
import enum
import types
import typing
from functools import cache
from typing import Literal, TypeVar, Union, get_args, get_origin

from meeple.engine.errors import InvalidActionError

T = TypeVar("T")
JSON = None | bool | int | float | str | list["JSON"] | dict[str, "JSON"]


def to_json(value: object) -> JSON:
    """A JSON-ready form of ``value``."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, enum.Enum):
        raw: JSON = value.value
        return raw
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, tuple):
        return [to_json(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, JSON] = {"type": type(value).__name__}
        for field in dataclasses.fields(value):
            out[field.name] = to_json(getattr(value, field.name))
        return out
    raise TypeError(f"cannot encode {type(value).__name__} as JSON")


@cache
def _hints(cls: type) -> dict[str, object]:
    return typing.get_type_hints(cls)


def from_json(target: object, data: JSON, where: str = "value") -> object:
    """Decode ``data`` as the type ``target`` (a class or a type hint)."""
    origin = get_origin(target)
    if origin in (Union, types.UnionType):
        return _decode_union(get_args(target), data, where)
    if origin is Literal:
        if data not in get_args(target):
            raise InvalidActionError(f"{where}: {data!r} is not one of {get_args(target)}")
        return data
    if origin is tuple:
        args = get_args(target)
        if not isinstance(data, list):
            raise InvalidActionError(f"{where}: expected a list, got {type(data).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], item, f"{where}[{i}]") for i, item in enumerate(data))
        if len(args) != len(data):
            raise InvalidActionError(f"{where}: expected {len(args)} items, got {len(data)}")
        return tuple(
            from_json(a, item, f"{where}[{i}]")
            for i, (a, item) in enumerate(zip(args, data, strict=True))
        )
    if isinstance(target, type):
        return _decode_class(target, data, where)
    raise TypeError(f"{where}: cannot decode type {target!r}")


def _decode_union(members: tuple[object, ...], data: JSON, where: str) -> object:
    if data is None and type(None) in members:
        return None
    if isinstance(data, dict):
        tag = data.get("type")
        for member in members:
            if (
                isinstance(member, type)
                and dataclasses.is_dataclass(member)
                and member.__name__ == tag
            ):
                return _decode_class(member, data, where)
        names = [m.__name__ for m in members if isinstance(m, type)]
        raise InvalidActionError(f"{where}: unknown type {tag!r}; expected one of {names}")
    for member in members:
        if member is type(None):
            continue
        try:
            return from_json(member, data, where)
        except InvalidActionError:
            continue
    raise InvalidActionError(f"{where}: {data!r} fits none of the expected types")


def _decode_class(cls: type, data: JSON, where: str) -> object:
    if dataclasses.is_dataclass(cls):
        if not isinstance(data, dict):
            raise InvalidActionError(f"{where}: expected an object for {cls.__name__}")
        if data.get("type") != cls.__name__:
            raise InvalidActionError(
                f"{where}: expected type {cls.__name__!r}, got {data.get('type')!r}"
            )
        hints = _hints(cls)
        fields = {f.name for f in dataclasses.fields(cls)}
        extra = set(data) - fields - {"type"}
        if extra:
            raise InvalidActionError(
                f"{where}: unexpected fields {sorted(extra)} for {cls.__name__}"
            )
        kwargs: dict[str, object] = {}
        for name in fields:
            if name not in data:
                raise InvalidActionError(f"{where}: missing field {name!r} of {cls.__name__}")
            kwargs[name] = from_json(hints[name], data[name], f"{where}.{name}")
        return cls(**kwargs)
    if issubclass(cls, enum.Enum):
        try:
            return cls(data)
        except ValueError:
            raise InvalidActionError(f"{where}: {data!r} is not a {cls.__name__}") from None
    if cls is bool:
        if not isinstance(data, bool):
            raise InvalidActionError(f"{where}: expected a boolean, got {data!r}")
        return data
    if cls is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise InvalidActionError(f"{where}: expected an integer, got {data!r}")
        return data
    if cls is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise InvalidActionError(f"{where}: expected a number, got {data!r}")
        return float(data)
    if cls is str:
        if not isinstance(data, str):
            raise InvalidActionError(f"{where}: expected a string, got {data!r}")
        return data
    if cls is type(None):
        if data is not None:
            raise InvalidActionError(f"{where}: expected null, got {data!r}")
        return None
    raise TypeError(f"{where}: cannot decode class {cls.__name__}")


def decode(target: type[T], data: JSON, where: str = "value") -> T:
    """Typed wrapper of :func:`from_json` for a concrete class."""
    return typing.cast(T, from_json(target, data, where))
