"""Toquer's options, the resolved configuration and the game's spec."""

from collections.abc import Mapping
from dataclasses import dataclass

from meeple.engine.options import OptionSpec, OptionValue
from meeple.engine.protocol import GameSpec

LAYOUTS = ("shared_column", "own_grid")
GOALS = ("points", "race")

# The Skyjo deck (default, from Skyjo): -2 x5, -1 x10, 0 x15, 1..12 x10 each: 150 cards.
STANDARD_DECK: tuple[tuple[int, int], ...] = (
    (-2, 5),
    (-1, 10),
    (0, 15),
    *((value, 10) for value in range(1, 13)),
)
MIN_CARD_VALUE = -99
MAX_CARD_VALUE = 99


def check_deck(value: OptionValue) -> OptionValue:
    """``"standard"`` or an object ``{"value": count, ...}``; normalised, sorted by value."""
    if value == "standard":
        return value
    if not isinstance(value, dict) or not value:
        raise ValueError('expected "standard" or an object mapping card values to counts')
    pairs: list[tuple[int, int]] = []
    for key, count in value.items():
        try:
            card = int(key)
        except ValueError:
            raise ValueError(f"card value {key!r} is not an integer") from None
        if not MIN_CARD_VALUE <= card <= MAX_CARD_VALUE:
            raise ValueError(f"card value {card} is outside {MIN_CARD_VALUE}..{MAX_CARD_VALUE}")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"count {count!r} of card {card} is not a non-negative integer")
        pairs.append((card, count))
    pairs.sort()
    if len({card for card, _ in pairs}) != len(pairs):
        raise ValueError("a card value is listed twice")
    normalised: dict[str, OptionValue] = {str(card): count for card, count in pairs}
    return normalised


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "layout",
        "shared_column",
        "shared_column: 3x4 own cards in one ring, each player's 15 = own 12 + the left "
        "neighbour's right-hand column; own_grid: 3x5 each, rows touching the neighbour's",
        choices=LAYOUTS,
    ),
    OptionSpec(
        "deck",
        "standard",
        'the cards: "standard" (150: -2 x5, -1 x10, 0 x15, 1..12 x10) or {"value": count}',
        check=check_deck,
    ),
    OptionSpec(
        "discard_draw_must_keep",
        True,
        "a card drawn from the discard pile must be kept (exchanged into the layout)",
    ),
    OptionSpec(
        "gaps_break_adjacency",
        False,
        "cleared (empty) slots break adjacency; by default they are ignored",
    ),
    OptionSpec(
        "goal",
        "points",
        "points: lowest total when someone reaches end_score; race: first to clear all "
        "their own cards wins (end_score still ends the game if nobody does)",
        choices=GOALS,
    ),
    OptionSpec(
        "end_score",
        100,
        "the game ends after the round in which a player's total reaches this",
        minimum=1,
        maximum=10_000,
    ),
)


@dataclass(frozen=True, slots=True)
class Config:
    """The resolved options of one game."""

    players: int
    layout: str
    deck: tuple[tuple[int, int], ...]  # (value, count), sorted by value
    discard_draw_must_keep: bool
    gaps_break_adjacency: bool
    goal: str
    end_score: int

    @classmethod
    def from_options(cls, players: int, options: Mapping[str, OptionValue]) -> "Config":
        deck_option = options["deck"]
        if isinstance(deck_option, dict):
            deck = tuple(
                (int(key), count)
                for key, count in deck_option.items()
                if isinstance(count, int) and count > 0
            )
        else:
            deck = STANDARD_DECK
        layout, goal, end_score = options["layout"], options["goal"], options["end_score"]
        assert isinstance(layout, str) and isinstance(goal, str) and isinstance(end_score, int)
        return cls(
            players=players,
            layout=layout,
            deck=deck,
            discard_draw_must_keep=options["discard_draw_must_keep"] is True,
            gaps_break_adjacency=options["gaps_break_adjacency"] is True,
            goal=goal,
            end_score=end_score,
        )

    @property
    def deck_size(self) -> int:
        return sum(count for _, count in self.deck)


SUMMARY = """\
Toquer: a Skyjo-family card game for 2 to 8 players; lowest score wins.
Cards are valued -2 to 12 (150 cards). Each player has 15 cards face down in 3 rows:
  layout=shared_column (default): 12 of your own (3x4) plus your left neighbour's
  right-hand column, your "fifth column"; layout=own_grid: 15 of your own (3x5), your
  rows touching your left neighbour's right-hand column.
Set-up: everyone reveals 2 of their own cards; one card starts the discard pile. The
player left of the dealer starts; play is clockwise; the starter deals the next round.
Your turn: draw the top card of the stock or of the discard pile (a discard draw must be
kept). Keep it: swap it with any of your 15 cards, face up; the card taken out is
discarded after any clearing. Or discard it and reveal one face-down card of your 15.
Clearing: 3 identical, adjacent, revealed cards in one of your rows or columns may be
discarded (empty slots are ignored); when one card completes two lines, you choose.
Knocking (3+ players): when a card is drawn from the stock, every other player who has
more than 3 of their 15 cards and has not played their last turn decides in secret
whether to knock. The active player may give the card to one knocker or refuse. The
knocker swaps it in (keeping the card taken out in hand) and may clear; the active
player takes any one of the knocker's cards and swaps it into their own layout,
discarding the card taken out; the knocker puts their hand card face up in the gap; the
active player may clear, and the turn ends.
A round ends when a player has revealed or cleared all their own cards: every other
player plays one last turn. You score the sum of your remaining own cards; the player
who ended the round scores double if positive and not strictly the lowest.
The game ends after the round in which someone reaches 100 (end_score); lowest total
wins. goal=race: the first player to clear all their own cards wins instead.
Notation: columns n (neighbour's), a, b, c, ... and rows 1-3, e.g. "swap b2"."""

SPEC = GameSpec(
    name="toquer",
    title="Toquer",
    version=1,
    player_counts=(2, 3, 4, 5, 6, 7, 8),
    options=OPTIONS,
    summary=SUMMARY,
    length_unit="rounds",
)
