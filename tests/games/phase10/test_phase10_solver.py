"""The fast phase checks agree with the general solver on every hand hypothesis tries."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.games.phase10.config import STANDARD_PHASE_TEXTS, parse_phase
from meeple.games.phase10.phases import (
    _can_make,
    _choices,
    _missing,
    _solve,
    _supply,
    cards_used,
    empty_partials,
)
from support.phase10 import cards

CUSTOM = ("set4", "set2+set2+set2+set2", "run3+run3+set2", "colour4+colour3")
PHASES = [parse_phase(text) for text in (*STANDARD_PHASE_TEXTS, *CUSTOM)]
hands = st.lists(st.integers(min_value=0, max_value=49), min_size=0, max_size=12)


@settings(max_examples=400, deadline=None)
@given(hand=hands, index=st.integers(0, len(PHASES) - 1), per_group=st.booleans())
def test_fast_checks_agree_with_the_general_solver(
    hand: list[int], index: int, per_group: bool
) -> None:
    phase = PHASES[index]
    by_colour = phase[0].kind.name == "COLOUR"
    supply, wilds = _supply(tuple(hand), by_colour)
    expected = _solve(list(supply), wilds, empty_partials(phase), per_group)
    assert _can_make.__wrapped__(tuple(supply), wilds, phase, per_group) == expected


def missing_by_every_keying(hand: tuple[int, ...], phase: tuple[object, ...]) -> int:
    """The definition: the fewest cards short over every way to key every group."""
    groups = empty_partials(phase)  # type: ignore[arg-type]
    supply, wilds = _supply(hand, groups[0].kind.name == "COLOUR")
    best = sum(g.size for g in groups)
    for keying in itertools.product(*[_choices(g, supply) for g in groups]):
        total: dict[int, int] = {}
        for _, demand in keying:
            for value, need in demand.items():
                total[value] = total.get(value, 0) + need
        short = sum(max(0, need - supply[v]) for v, need in total.items())
        best = min(best, max(0, short - wilds))
    return best


@settings(max_examples=600, deadline=None)
@given(hand=hands, index=st.integers(0, len(PHASES) - 1))
def test_the_pruned_search_for_missing_cards_finds_the_fewest(hand: list[int], index: int) -> None:
    phase = PHASES[index]
    supply, wilds = _supply(tuple(hand), phase[0].kind.name == "COLOUR")
    expected = missing_by_every_keying(tuple(hand), phase)
    assert _missing.__wrapped__(tuple(supply), wilds, phase) == expected


def test_cards_used_counts_what_would_go_down_with_the_phase() -> None:
    two_sets = parse_phase("set3+set3")
    # A fourth 11 goes down with its set; the lone cards and the Skip stay in hand.
    assert cards_used(cards("11r 11b 11y 11g 7r 7b 3g 4y 6b 8g S"), two_sets) == 6
    # Keyed to be fewest short (11s and 7s), then to use the most: the 2s are left.
    assert cards_used(cards("11r 11b 11y 7r 7b 7y 7g 2r 2b W"), two_sets) == 8
    # A run takes one card of each value in its stretch, however far the hand extends it.
    run = parse_phase("run4")
    assert cards_used(cards("3r 4b 5y 6g 7r 7b 9g 12r"), run) == 5
    assert cards_used(cards("3r 4b 5y 6g 7r 8b 9g 10r 11y"), run) == 9
    # A colour group takes every card of its colour, and the Wilds.
    colour = parse_phase("colour7")
    assert cards_used(cards("1r 5r 9r 12r 3r 7b 8b W W"), colour) == 7
