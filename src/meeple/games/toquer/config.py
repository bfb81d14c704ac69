"""Toquer's options, the resolved configuration and the game's spec."""

from collections.abc import Mapping
from dataclasses import dataclass

from meeple.engine.options import OptionSpec, OptionValue
from meeple.engine.protocol import GameSpec, OlderVersion

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
        "how each player's 15 cards are laid out",
        choices=LAYOUTS,
        choice_words=(
            "your own 3 by 4 cards plus your left neighbour's right-hand column",
            "your own 3 by 5 cards",
        ),
    ),
    OptionSpec(
        "deck",
        "standard",
        "how many cards of each value the deck holds (the usual deck: five -2, ten -1, "
        "fifteen 0 and ten of each value 1 to 12: 150 cards)",
        check=check_deck,
    ),
    OptionSpec(
        "discard_draw_must_keep",
        False,
        "a card drawn from the discard pile must be kept (if not, as in the original text, "
        "it may be discarded again and a card revealed)",
    ),
    OptionSpec(
        "gaps_break_adjacency",
        False,
        "empty slots break adjacency (by default they are skipped)",
    ),
    OptionSpec(
        "goal",
        "points",
        "how the game is won",
        choices=GOALS,
        choice_words=(
            "the lowest total when a total reaches the end score",
            "the first to clear all their own cards",
        ),
    ),
    OptionSpec(
        "end_score",
        100,
        "a total that ends the game after its round",
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
Toquer: a Skyjo-family card game, 2 to 8 players; the lowest total wins.
150 cards valued -2 to 12. Seat s+1 sits on seat s's left (clockwise play).
Your 15 cards, face down, 3 rows: layout=shared_column (default): your own 3x4
(columns a-d) plus your left neighbour's right-hand column (n), your "fifth
column"; layout=own_grid: your own 3x5 (a-e), the n column touching your rows.
Set-up: everyone reveals 2 of their own cards; one card starts the discard.
The player left of the dealer starts, and deals the next round.
Turn: draw from the stock or the discard pile (seed: either may be kept or discarded).
Swap it with any of your 15 cards (it lies face up; the card taken out is
discarded after any clearing), or discard it and reveal a face-down card.
Clearing: 3 identical, adjacent, face-up cards in one of your rows or
columns may be discarded; empty slots are skipped; if one card completes a
row and a column, you choose. Cards belong to the owner of their column.
Knocking (3+ players): after a stock draw, each other player with more than
3 of their 15 cards, before their last turn, decides in secret whether to
knock. The active player gives the card to one knocker or refuses. The
knocker swaps it in, keeping the card taken out in hand, and may clear; the
active player takes any one of the knocker's cards and swaps it with one of
their own, discarding that; the knocker's hand card fills the gap face up;
the active player may clear; the turn ends.
Round end: once a player has no face-down card of their own, every other
player plays one last turn. Score your own cards; the one who ended the
round scores double if positive and not strictly the lowest.
The game ends after a round in which a total reaches 100 (end_score).
goal=race: the first player to clear all their own cards wins instead.
Moves: reveal b2, stock, pile, knock, pass, give 2, refuse, swap b2,
discard b2 (and reveal b2), take b2, clear a1 b1 c1, done."""

SPEC = GameSpec(
    name="toquer",
    title="Toquer",
    # Version 2: no knocker, no taken slot and no round ender are null, not -1, in states
    # and views (their JSON changed; actions and outcomes did not, so version 1 records
    # replay as before).
    version=2,
    older_versions=(
        OlderVersion(
            1, "no knocker, taken slot or round ender is null, not -1, in states and views"
        ),
    ),
    player_counts=(2, 3, 4, 5, 6, 7, 8),
    options=OPTIONS,
    summary=SUMMARY,
    length_unit="rounds",
    end_reasons=(
        ("end_score", "a total reached the end score: the lowest total wins"),
        ("race_cleared", "a player cleared all their own cards (goal race)"),
    ),
)
