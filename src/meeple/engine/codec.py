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
from collections.abc import Callable, Mapping
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


def _unwrap(target: object) -> object:
    """A ``NewType`` (a named card type, ``Card = NewType("Card", int)``) as the type it
    names: it is that type in JSON and at run time."""
    while isinstance(target, typing.NewType):
        target = target.__supertype__
    return target


def from_json(target: object, data: JSON, where: str = "value") -> object:
    """Decode ``data`` as the type ``target`` (a class or a type hint)."""
    target = _unwrap(target)
    origin = get_origin(target)
    if origin in (Union, types.UnionType):
        return _decode_union(get_args(target), data, where)
    if origin is Literal:
        if data not in get_args(target):
            raise InvalidActionError(f"{where}: {_shown(data)} is not one of {get_args(target)}")
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
        raise InvalidActionError(f"{where}: unknown type {_shown(tag)}; expected one of {names}")
    for member in members:
        if member is type(None):
            continue
        try:
            return from_json(member, data, where)
        except InvalidActionError:
            continue
    raise InvalidActionError(f"{where}: {_shown(data)} fits none of the expected types")


def _decode_class(cls: type, data: JSON, where: str) -> object:
    if dataclasses.is_dataclass(cls):
        return _decode_dataclass(cls, data, where)
    if issubclass(cls, enum.Enum):
        try:
            return cls(data)
        except ValueError:
            raise InvalidActionError(f"{where}: {_shown(data)} is not a {cls.__name__}") from None
    if cls is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise InvalidActionError(f"{where}: expected a number, got {_shown(data)}")
        return float(data)
    scalar = _SCALARS.get(cls)
    if scalar is None:
        raise TypeError(f"{where}: cannot decode class {cls.__name__}")
    fits, expected = scalar
    if not fits(data):
        raise InvalidActionError(f"{where}: expected {expected}, got {_shown(data)}")
    return data


# The scalar classes decoded as they are: a test of the JSON value and its description.
_SCALARS: dict[type, tuple[Callable[[JSON], bool], str]] = {
    bool: (lambda data: isinstance(data, bool), "a boolean"),
    int: (lambda data: isinstance(data, int) and not isinstance(data, bool), "an integer"),
    str: (lambda data: isinstance(data, str), "a string"),
    type(None): (lambda data: data is None, "null"),
}


def _decode_dataclass(cls: type, data: JSON, where: str) -> object:
    if not isinstance(data, dict):
        raise InvalidActionError(f"{where}: expected an object for {cls.__name__}")
    if data.get("type") != cls.__name__:
        raise InvalidActionError(
            f"{where}: expected type {cls.__name__!r}, got {_shown(data.get('type'))}"
        )
    hints = _hints(cls)
    fields = [f.name for f in dataclasses.fields(cls)]
    extra = set(data) - set(fields) - {"type"}
    if extra:
        raise InvalidActionError(
            f"{where}: unexpected fields {sorted(map(str, extra))} for {cls.__name__}"
        )
    kwargs: dict[str, object] = {}
    for name in fields:
        if name not in data:
            raise InvalidActionError(f"{where}: missing field {name!r} of {cls.__name__}")
        kwargs[name] = from_json(hints[name], data[name], f"{where}.{name}")
    return cls(**kwargs)


def decode(target: type[T], data: JSON, where: str = "value") -> T:
    """Typed wrapper of :func:`from_json` for a concrete class."""
    return typing.cast(T, from_json(target, data, where))


def member_classes(target: object) -> tuple[type, ...]:
    """The dataclasses a type hint admits: the members of a union, or the class itself."""
    members = get_args(target) if get_origin(target) in (Union, types.UnionType) else (target,)
    return tuple(m for m in members if isinstance(m, type) and dataclasses.is_dataclass(m))


# A checker returns None for a well-formed value, else the problem: where inside the value
# (".card", "[2].colour") and what is wrong (": expected an integer, got 1.0"). Paths are
# only spelt out on failure, so a check costs a few type tests per field.
Checker = Callable[[object], str | None]


def checker(target: object, ranges: Mapping[str, range]) -> Checker:
    """A function that finds what makes a Python value not a well-formed ``target``: the
    rules of decoding (a bool is no int, nor is a float; tuples, not lists), plus
    ``ranges``, the valid integers of each field name. None when there is no problem."""
    target = _unwrap(target)
    origin = get_origin(target)
    if origin in (Union, types.UnionType):
        return _union_checker(get_args(target), ranges)
    if origin is Literal:
        return _literal_checker(get_args(target))
    if origin is tuple:
        args = get_args(target)
        if len(args) == 2 and args[1] is Ellipsis:
            return _items_checker(checker(args[0], ranges))
    if isinstance(target, type) and dataclasses.is_dataclass(target):
        return _class_checker(target, ranges)
    if target in _EXPECTED:
        return _primitive_checker(target)
    raise TypeError(f"cannot check type {target!r}")


def check(check: Checker, value: object, where: str) -> None:
    """Raise ``InvalidActionError`` naming the field when ``check`` finds a problem."""
    problem = check(value)
    if problem is not None:
        raise InvalidActionError(f"{where}{problem}")


def _items_checker(item: Checker) -> Checker:
    def check_items(value: object) -> str | None:
        if type(value) is not tuple:
            return f": expected a tuple, got {_shown(value)}"
        for index, element in enumerate(value):
            problem = item(element)
            if problem is not None:
                return f"[{index}]{problem}"
        return None

    return check_items


def _literal_checker(allowed: tuple[object, ...]) -> Checker:
    def check_literal(value: object) -> str | None:
        if any(type(value) is type(a) and value == a for a in allowed):
            return None
        return f": {_shown(value)} is not one of {allowed}"

    return check_literal


def _union_checker(members: tuple[object, ...], ranges: Mapping[str, range]) -> Checker:
    members = tuple(_unwrap(m) for m in members)
    by_class = {m: checker(m, ranges) for m in members if isinstance(m, type)}
    names = [m.__name__ for m in by_class]

    def check_union(value: object) -> str | None:
        check = by_class.get(type(value))
        if check is None:
            return f": expected one of {names}, got {_shown(value)} ({type(value).__name__})"
        return check(value)

    return check_union


def _class_checker(cls: type, ranges: Mapping[str, range]) -> Checker:
    hints = _hints(cls)
    # Integer fields (``int``, or ``int | None`` whose None is always valid) are tested
    # inline (the common case, and a hot path), against their range; others recurse.
    integers: list[tuple[str, range | None, bool]] = []
    others: list[tuple[str, Checker]] = []
    for field in dataclasses.fields(cls):
        hint = _unwrap(hints[field.name])
        if hint is int or _is_optional_int(hint):
            integers.append((field.name, ranges.get(field.name), hint is not int))
        else:
            others.append((field.name, checker(hint, ranges)))

    def check_object(value: object) -> str | None:
        if type(value) is not cls:
            return f": expected type {cls.__name__!r}, got {_shown(value)}"
        for name, valid, optional in integers:
            number = getattr(value, name)
            if number is None and optional:
                continue
            if type(number) is not int or (valid is not None and number not in valid):
                return f".{name}{_integer_problem(number, valid)}"
        for name, check in others:
            problem = check(getattr(value, name))
            if problem is not None:
                return f".{name}{problem}"
        return None

    return check_object


def _is_optional_int(hint: object) -> bool:
    """Whether ``hint`` is ``int | None`` (or a ``NewType`` of int, or None)."""
    if get_origin(hint) not in (Union, types.UnionType):
        return False
    return {_unwrap(member) for member in get_args(hint)} == {int, type(None)}


def _integer_problem(value: object, valid: range | None) -> str:
    if type(value) is not int:  # a bool, an IntEnum or a numpy integer is not one
        return f": expected an integer, got {_shown(value)}"
    assert valid is not None
    return f": {_shown(value)} is out of range ({valid.start} to {valid.stop - 1})"


_EXPECTED = {int: "an integer", bool: "a boolean", str: "a string", type(None): "null"}


def _primitive_checker(kind: type) -> Checker:
    expected = _EXPECTED[kind]

    def check_primitive(value: object) -> str | None:
        if type(value) is kind:
            return None
        return f": expected {expected}, got {_shown(value)}"

    return check_primitive


def _shown(value: object) -> str:
    """``repr(value)``, cut short: a hostile value may be huge."""
    try:
        text = repr(value)
    except ValueError:  # an int beyond Python's limit on digits converted to text
        return "a number too long to show"
    return text if len(text) <= 60 else text[:57] + "..."
