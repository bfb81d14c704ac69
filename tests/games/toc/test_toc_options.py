"""Options: every bad value is refused with the valid ones listed."""

import pytest

from meeple.engine.errors import InvalidOptionError
from meeple.games.toc import TEST_CONFIGS
from meeple.games.toc.config import SPEC
from support.toc import game


def test_every_option_has_the_spec_default() -> None:
    defaults = {spec.name: spec.default for spec in SPEC.options}
    assert defaults == {
        "cells_per_sector": 18,
        "entry_offset": -2,
        "shortcut_length": 6,
        "shortcut_may_skip_entry": False,
        "deal_mode": "refill",
        "partner_exchange": False,
        "ace_eleven": False,
        "jack_eleven": False,
        "king_captures_own": True,
        "depart_protection": True,
        "reshuffle": True,
        "teams": "off",
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"deal_mode": "4-4-5"}, '"refill", "5-4-4"'),
        ({"teams": "trios"}, '"off", "pairs", "halves"'),
        ({"ace_eleven": "yes"}, "true or false"),
        ({"cells_per_sector": 5}, ">= 8"),
        ({"entry_offset": 1}, "<= -1"),
        ({"shortcut_length": 0}, ">= 1"),
        ({"colour": "red"}, "valid options: ace_eleven"),
    ],
)
def test_bad_option_values_list_the_valid_ones(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        game(4, **options)


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (6, {"deal_mode": "5-4-4"}, "at most 4 players"),
        (3, {"teams": "pairs"}, "needs 4, 6 or 8 players"),
        (4, {"partner_exchange": True}, "needs teams"),
        (6, {"shortcut_length": 17}, "from 1 to 16"),
        (4, {"cells_per_sector": 10, "entry_offset": -10}, "from -9 to -1"),
    ],
)
def test_clashing_options_are_refused(
    players: int, options: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        game(players, **options)


def test_unsupported_player_counts_are_refused() -> None:
    for players in (1, 5, 7, 9):
        with pytest.raises(InvalidOptionError, match="valid counts: 2, 3, 4, 6, 8"):
            game(players)


def test_test_configs_cover_every_player_count_and_option_value() -> None:
    counts = {players for players, _ in TEST_CONFIGS}
    assert counts == set(SPEC.player_counts)
    for spec in SPEC.options:
        values = {options.get(spec.name, spec.default) for _, options in TEST_CONFIGS}
        if spec.choices is not None:
            assert values >= set(spec.choices), spec.name
        elif isinstance(spec.default, bool):
            assert values == {True, False}, spec.name
        else:
            assert len(values) >= 2, spec.name
