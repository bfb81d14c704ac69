"""The fast phase checks agree with the general solver on every hand hypothesis tries."""

import itertools
from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from meeple.games.phase10.actions import BeginPhase, Place
from meeple.games.phase10.cards import SKIP, remove_one
from meeple.games.phase10.config import STANDARD_PHASE_TEXTS, parse_phase, phase_text
from meeple.games.phase10.groups import partial_of, place, place_values
from meeple.games.phase10.phases import (
    _can_make,
    _choices,
    _missing,
    _missing_search,
    _solve,
    _supply,
    _total_demand,
    can_complete,
    can_make_phase,
    cards_used,
    empty_partials,
)
from meeple.games.phase10.rules import Phase10Game
from meeple.games.phase10.state import Phase10State, Stage
from support.phase10 import cards, make_state

CUSTOM = ("set4", "set2+set2+set2+set2", "run3+run3+set2", "colour4+colour3", "colour5", "run4")
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
    for keying in itertools.product(*[_choices(g) for g in groups]):
        total = _total_demand(keying)
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
    assert _missing_search(tuple(supply), wilds, phase) == expected


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


def test_the_solver_counts_each_card_by_its_number_or_colour() -> None:
    every = tuple(range(50))  # each code once: 48 numbered cards, a Wild, a Skip
    by_number, wilds = _supply(every, by_colour=False)
    assert (by_number, wilds) == ([0] + [4] * 12, 1)
    by_colour, wilds = _supply(every, by_colour=True)
    assert (by_colour, wilds) == ([12] * 4, 1)
    assert _supply(cards("7r 7b 12g W W S"), by_colour=False) == (
        [0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1],
        2,
    )
    assert _supply(cards("7r 7b 12g W W S"), by_colour=True) == ([1, 1, 0, 1], 2)


def placements_card_by_card(game: Phase10Game, state: Phase10State) -> tuple[Place, ...]:
    """The definition: each card, group and value checked on its own."""
    hand = state.hands[state.turn]
    found = []
    for code in sorted(set(hand) - {SKIP}):
        rest = remove_one(hand, code)
        for index, group in enumerate(state.building):
            if len(group.cards) >= group.size:
                continue
            for value in place_values(group, code):
                placed = place(group, code, value)
                if placed is None:
                    continue
                partials = tuple(
                    partial_of(placed if i == index else g) for i, g in enumerate(state.building)
                )
                if can_complete(rest, partials, game.config.natural_per_group):
                    found.append(Place(code, index, value))
    return tuple(found)


# Hands likely to make a phase: numbers 2-9 (every colour), many Wilds, a Skip.
LAYABLE = [*range(4, 36), *[48] * 12, 49]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    hand=st.lists(st.sampled_from(LAYABLE), min_size=6, max_size=11),
    index=st.integers(0, len(PHASES) - 1),
    per_group=st.booleans(),
    picks=st.lists(st.integers(min_value=0, max_value=1_000), min_size=12, max_size=12),
)
def test_the_placements_found_in_one_pass_are_those_checked_card_by_card(
    hand: list[int], index: int, per_group: bool, picks: list[int]
) -> None:
    """Laying a phase offers the placements that checking every card alone would, at
    every step (the engine answers every card in one pass, ``placeable``)."""
    phase = PHASES[index]
    rule = "per_group" if per_group else "per_phase"
    game = Phase10Game(2, {"phases": [phase_text(phase)], "natural_card_rule": rule})
    sorted_hand = tuple(sorted(hand))
    assume(can_make_phase(sorted_hand, phase, per_group))
    state = make_state(game, ["", ""])
    state = replace(state, hands=(sorted_hand, ()))
    state = game.apply_action(state, BeginPhase())
    for pick in picks:
        if state.stage != Stage.LAYING:
            break
        offered = game.legal_actions(state)
        assert offered == placements_card_by_card(game, state)
        state = game.apply_action(state, offered[pick % len(offered)])
