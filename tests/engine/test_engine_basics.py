"""Options, codec, seeded streams and the registry."""

from dataclasses import dataclass

import pytest

import meeple
from meeple.engine import codec
from meeple.engine.errors import InvalidActionError, InvalidOptionError
from meeple.engine.options import OptionSpec, parse_option_text, resolve_options
from meeple.engine.rng import derive_seed, stream


def test_the_registry_finds_every_game_package() -> None:
    assert "phase10" in meeple.game_names()
    with pytest.raises(InvalidOptionError, match="unknown game 'chess'; games: "):
        meeple.load_game("chess")


def test_derived_streams_are_stable_and_independent() -> None:
    assert derive_seed(1, "seat", 0) == derive_seed(1, "seat", 0)
    assert derive_seed(1, "seat", 0) != derive_seed(1, "seat", 1)
    assert stream(5, "chance").random() == stream(5, "chance").random()


def test_option_validation_names_the_option_and_the_allowed_values() -> None:
    specs = (
        OptionSpec("flag", True, "a flag"),
        OptionSpec("count", 3, "a count", minimum=1, maximum=5),
        OptionSpec("mode", "a", "a mode", choices=("a", "b")),
    )
    assert resolve_options("g", specs, {}) == {"flag": True, "count": 3, "mode": "a"}
    with pytest.raises(InvalidOptionError, match="option 'count': 9 is too large"):
        resolve_options("g", specs, {"count": 9})
    with pytest.raises(InvalidOptionError, match="option 'flag': 'yes' is not a boolean"):
        resolve_options("g", specs, {"flag": "yes"})
    with pytest.raises(InvalidOptionError, match="unknown option 'colour'; valid options"):
        resolve_options("g", specs, {"colour": 1})


def test_command_line_option_text_is_parsed_as_json_or_words() -> None:
    assert parse_option_text("reshuffle_discards=off") == ("reshuffle_discards", False)
    assert parse_option_text("n=3") == ("n", 3)
    assert parse_option_text('phases=["run4"]') == ("phases", ["run4"])
    assert parse_option_text("skip_style=circuit") == ("skip_style", "circuit")
    with pytest.raises(InvalidOptionError, match="key=value"):
        parse_option_text("circuit")


@dataclass(frozen=True, slots=True)
class Inner:
    cards: tuple[int, ...]
    name: str | None


@dataclass(frozen=True, slots=True)
class Outer:
    inner: Inner
    pairs: tuple[tuple[int, bool], ...]


def test_the_codec_round_trips_nested_dataclasses() -> None:
    value = Outer(Inner((1, 2), None), ((3, True),))
    assert codec.from_json(Outer, codec.to_json(value)) == value


def test_the_codec_refuses_data_of_the_wrong_shape_and_says_where() -> None:
    with pytest.raises(InvalidActionError, match=r"value.inner.cards\[1\]: expected an integer"):
        codec.from_json(
            Outer,
            {
                "type": "Outer",
                "inner": {"type": "Inner", "cards": [1, "x"], "name": None},
                "pairs": [],
            },
        )
    with pytest.raises(InvalidActionError, match="missing field 'pairs'"):
        codec.from_json(
            Outer, {"type": "Outer", "inner": {"type": "Inner", "cards": [], "name": None}}
        )
