"""What one seat sees: its own card, never another's, nor the deck's order."""

import random
from collections import Counter
from dataclasses import dataclass

from support.toygame.cards import Card, build_deck
from support.toygame.config import Config
from support.toygame.state import RaceState, Stage, evolve


@dataclass(frozen=True, slots=True)
class RaceView:
    seat: int | None
    stage: Stage
    to_act: int
    total: int
    turns: int
    hand: Card | None  # this seat's card (None for a spectator or an empty hand)
    holding: tuple[bool, ...]  # who holds a card
    deck_size: int
    played: tuple[Card, ...]
    winner: int | None


def make_view(state: RaceState, seat: int | None) -> RaceView:
    return RaceView(
        seat,
        state.stage,
        state.seat,
        state.total,
        state.turns,
        None if seat is None else state.hands[seat],
        tuple(hand is not None for hand in state.hands),
        len(state.deck),
        state.played,
        state.winner,
    )


def determinize(config: Config, view: RaceView, rng: random.Random) -> RaceState:
    """A state the view could come from: the unseen cards dealt at random."""
    unseen = Counter(build_deck(config.copies))
    unseen.subtract(view.played)
    if view.hand is not None:
        unseen[view.hand] -= 1
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    hands: list[Card | None] = []
    for seat, holds in enumerate(view.holding):
        hands.append(view.hand if seat == view.seat else pool.pop() if holds else None)
    return RaceState(
        view.stage,
        view.to_act,
        view.total,
        view.turns,
        tuple(hands),
        tuple(sorted(pool)),
        view.played,
        view.winner,
    )


def redeal_hidden(state: RaceState, seat: int, rng: random.Random) -> RaceState:
    """The same state for ``seat``, with what it cannot see shuffled."""
    pool = list(state.deck) + [h for s, h in enumerate(state.hands) if s != seat and h is not None]
    rng.shuffle(pool)
    hands = tuple(
        hand if s == seat or hand is None else pool.pop() for s, hand in enumerate(state.hands)
    )
    return evolve(state, hands=hands, deck=tuple(sorted(pool)))
