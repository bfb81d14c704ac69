"""The fast phase checks agree with the general solver on every hand hypothesis tries."""

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.games.phase10.phases import (
    STANDARD_PHASE_TEXTS,
    _can_make,
    _solve,
    _supply,
    empty_partials,
    parse_phase,
)

PHASES = [parse_phase(text) for text in STANDARD_PHASE_TEXTS] + [parse_phase("set4")]
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
