"""The 54-card Toc deck: ranks, names, counts and what each card does.

Cards are plain ints (their rank) so that hands, the talon and the played pile are tuples
of ints: Ace = 1, 2..10, Jack = 11, Queen = 12, King = 13, Joker = 14.
"""

from typing import TypeAlias

Card: TypeAlias = int  # a card is its rank, 1 (Ace) to 14 (Joker)
Hand: TypeAlias = tuple[Card, ...]  # a sorted tuple of ranks

ACE = 1
FOUR = 4
SEVEN = 7
JACK = 11
QUEEN = 12
KING = 13
JOKER = 14

RANKS: tuple[Card, ...] = tuple(range(1, 15))
HAND_SIZE = 5

# Four of each rank and two Jokers (seed names the Joker; 52 + 2 = 54, common).
DECK_COUNTS: tuple[int, ...] = (4,) * 13 + (2,)
DECK_SIZE = sum(DECK_COUNTS)

# Parteux: the cards that bring a pawn out of the Réserve de Départ (seed).
PARTEUX: frozenset[Card] = frozenset({ACE, KING, JOKER})

_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "Jo"}


def card_name(rank: Card) -> str:
    """The short name a person types: A, 2..10, J, Q, K, Jo."""
    return _NAMES.get(rank, str(rank))


_BY_NAME = {card_name(rank).lower(): rank for rank in RANKS}
_BY_NAME.update({"1": ACE, "11": JACK, "12": QUEEN, "13": KING, "joker": JOKER, "x": JOKER})


def parse_card(text: str) -> Card | None:
    """The rank named by ``text`` (case-insensitive), or None."""
    return _BY_NAME.get(text.strip().lower())


def forward_steps(rank: Card, ace_eleven: bool, jack_eleven: bool) -> tuple[int, ...]:
    """The forward moves a card allows (the 7 is split separately; the 4 goes backward)."""
    if rank == ACE:
        return (1, 11) if ace_eleven else (1,)
    if rank == JACK:
        return (11,) if jack_eleven else ()
    if rank == QUEEN:
        return (12,)
    if rank == KING:
        return (13,)
    if rank == JOKER:
        return (18,)
    if rank in (FOUR, SEVEN):
        return ()
    return (rank,)


def sorted_insert(hand: Hand, rank: Card) -> Hand:
    """``hand`` (sorted) with ``rank`` added, still sorted."""
    for index, held in enumerate(hand):
        if held >= rank:
            return (*hand[:index], rank, *hand[index:])
    return (*hand, rank)


def remove_one(hand: Hand, rank: Card) -> Hand:
    """``hand`` with one ``rank`` removed (it must be there)."""
    index = hand.index(rank)
    return hand[:index] + hand[index + 1 :]
