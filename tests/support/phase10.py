"""Builders of hand-made Phase 10 states for rule tests."""

from collections import Counter
from dataclasses import replace

from meeple.games.phase10.cards import SKIP, WILD, card, deck_counts, parse_card
from meeple.games.phase10.rules import Phase10Game
from meeple.games.phase10.state import LaidGroup, Phase10State, Stage

W, S = WILD, SKIP


def c(text: str) -> int:
    code = parse_card(text)
    assert code is not None, text
    return code


def cards(text: str) -> tuple[int, ...]:
    """Sorted card codes from ``"5r 5b W S"``."""
    return tuple(sorted(c(t) for t in text.split()))


def make_state(
    game: Phase10Game,
    hands: list[str],
    *,
    turn: int = 0,
    stage: Stage = Stage.PLAY,
    discard: str = "",
    table: tuple[LaidGroup, ...] = (),
    phase_index: tuple[int, ...] | None = None,
    laid: tuple[bool, ...] | None = None,
    scores: tuple[int, ...] | None = None,
    draw_pile: str | None = None,
    **changes: object,
) -> Phase10State:
    """A state with the given hands, discard pile (bottom first) and table; every other
    card is in the draw pile (or the draw pile is exactly ``draw_pile``) so that the 108
    cards are all accounted for."""
    n = game.players
    state = game.initial_state()
    used: Counter[int] = Counter()
    hand_tuples = tuple(cards(h) for h in hands)
    for hand in hand_tuples:
        used.update(hand)
    discard_cards = tuple(c(t) for t in discard.split())
    used.update(discard_cards)
    for group in table:
        used.update(group.cards)
    pile = list(deck_counts())
    for code, count in used.items():
        pile[code] -= count
        assert pile[code] >= 0, f"too many copies of card {code}"
    if draw_pile is not None:
        wanted = Counter(cards(draw_pile))
        pile = [wanted[code] for code in range(len(pile))]
    state = replace(
        state,
        stage=stage,
        turn=turn,
        hands=hand_tuples,
        known=((),) * n,
        draw_pile=tuple(pile),
        discard=discard_cards,
        table=table,
        phase_index=phase_index or (0,) * n,
        laid=laid or (False,) * n,
        scores=scores or (0,) * n,
    )
    return replace(state, **changes) if changes else state


def run(start: int, text: str, owner: int = 0) -> LaidGroup:
    from meeple.games.phase10.config import GroupKind

    return LaidGroup(owner, GroupKind.RUN, start, tuple(c(t) for t in text.split()))


def set_of(number: int, text: str, owner: int = 0) -> LaidGroup:
    from meeple.games.phase10.config import GroupKind

    return LaidGroup(owner, GroupKind.SET, number, tuple(c(t) for t in text.split()))


def colour_group(colour: int, text: str, owner: int = 0) -> LaidGroup:
    from meeple.games.phase10.config import GroupKind

    return LaidGroup(owner, GroupKind.COLOUR, colour, tuple(c(t) for t in text.split()))


def lay_phase(game: Phase10Game, state: Phase10State) -> Phase10State:
    """Lay down the current phase by always taking the first legal placement."""
    from meeple.games.phase10.actions import BeginPhase

    state = game.apply_action(state, BeginPhase())
    while state.stage == Stage.LAYING:
        state = game.apply_action(state, game.legal_actions(state)[0])
    return state


__all__ = ["S", "W", "c", "card", "cards", "make_state"]
