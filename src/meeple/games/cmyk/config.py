"""CMYK options, the resolved configuration and the game's spec."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, cast

from meeple.engine.errors import InvalidOptionError
from meeple.engine.options import OptionSpec, OptionValue
from meeple.engine.protocol import GameSpec, OlderVersion
from meeple.games.cmyk.cards import (
    DEFAULT_DECK,
    FIRST_JOKER,
    FIRST_MIX,
    SWEEP,
    WHITE,
    normalise_deck,
)

HAND_SIZE = 5  # seed: "en distribuer 5 à chaque joueur"

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "deck",
        DEFAULT_DECK,
        "the cards in the game: copies of each colour card 10% to 90% (the same in every "
        "colour), white cards, jokers per colour, sweeps and mix cards (each with its "
        "cyan, magenta, yellow and black percentages)",
        check=normalise_deck,
    ),
    OptionSpec(
        "opening_no_card",
        "discard",
        "in the opening, a player who cannot start a missing colour",
        choices=("discard", "play_normally"),
        choice_words=(
            "puts one card face up on the reserve",
            "plays a normal turn on the piles already started",
        ),
    ),
    OptionSpec(
        "overflow",
        "forbidden",
        "a card that would take a pile above 100%",
        choices=("forbidden", "bust"),
        choice_words=(
            "cannot be laid",
            "may be laid, and the pile goes to the reserve with it",
        ),
    ),
    OptionSpec(
        "stall_limit",
        3,
        "the game also ends after this many passes through the stock without a pile completed",
        minimum=1,
        maximum=100,
    ),
    OptionSpec(
        "tie_break",
        "none",
        "players who won as many cards as each other",
        choices=("none", "most_piles"),
        choice_words=(
            "share the win",
            "the one who completed the most piles wins (still equal: shared)",
        ),
    ),
)


# The options' choices (the option specs above check every value against them).
OpeningNoCard = Literal["discard", "play_normally"]
Overflow = Literal["forbidden", "bust"]
TieBreak = Literal["none", "most_piles"]


@dataclass(frozen=True, slots=True)
class Config:
    """The options resolved into the tables the rules use."""

    colour_cards: tuple[int, ...]  # copies of 10%..90% in every colour
    white: int
    jokers: int  # per colour
    sweep: int
    mixes: tuple[tuple[int, int, int, int], ...]  # distinct mix percentages, kind 42 + i
    mix_counts: tuple[int, ...]
    opening_no_card: OpeningNoCard
    overflow: Overflow
    stall_limit: int
    tie_break: TieBreak

    @property
    def kinds(self) -> int:
        """How many card kinds this deck's tables need."""
        return FIRST_MIX + len(self.mixes)

    def deck(self) -> tuple[int, ...]:
        """Every card of the deck as a sorted tuple of kinds."""
        cards: list[int] = []
        for colour in range(4):
            for index, copies in enumerate(self.colour_cards):
                cards += [colour * 9 + index] * copies
        cards += [WHITE] * self.white
        for colour in range(4):
            cards += [FIRST_JOKER + colour] * self.jokers
        cards += [SWEEP] * self.sweep
        for index, copies in enumerate(self.mix_counts):
            cards += [FIRST_MIX + index] * copies
        return tuple(sorted(cards))


def _int(value: OptionValue) -> int:
    assert isinstance(value, int), value
    return value


def _ints(value: OptionValue) -> tuple[int, ...]:
    assert isinstance(value, list), value
    return tuple(_int(item) for item in value)


def make_config(players: int, options: Mapping[str, OptionValue]) -> Config:
    """The configuration from resolved options; the deck must be big enough to deal."""
    deck = options["deck"]
    assert isinstance(deck, dict), "the deck option is normalised to an object"
    raw_mixes = deck["mixes"]
    assert isinstance(raw_mixes, list)
    mixes: list[tuple[int, int, int, int]] = []
    counts: list[int] = []
    for raw in raw_mixes:
        c, m, y, k = _ints(raw)
        mix = (c, m, y, k)
        if mix in mixes:
            counts[mixes.index(mix)] += 1  # identical mix cards are one kind
        else:
            mixes.append(mix)
            counts.append(1)
    config = Config(
        colour_cards=_ints(deck["colour_cards"]),
        white=_int(deck["white"]),
        jokers=_int(deck["jokers"]),
        sweep=_int(deck["sweep"]),
        mixes=tuple(mixes),
        mix_counts=tuple(counts),
        opening_no_card=cast(OpeningNoCard, options["opening_no_card"]),
        overflow=cast(Overflow, options["overflow"]),
        stall_limit=_int(options["stall_limit"]),
        tie_break=cast(TieBreak, options["tie_break"]),
    )
    size = len(config.deck())
    if size <= HAND_SIZE * players:
        raise InvalidOptionError(
            f"cmyk: option 'deck': {size} cards are too few for {players} players; the deal "
            f"needs more than {HAND_SIZE * players} (5 per player and a stock)"
        )
    return config


SUMMARY = """\
CMYK ("Quadri"), 2-6 players: complete the cyan, magenta, yellow and black
piles at exactly 100% to win their cards. Most cards won wins.
Deck (option deck, 88 cards): colour cards 10%..90%, two of each value per
colour; four white 10% (any colour); one joker per colour; one sweep; seven
mix cards. Deal 5 cards each; the rest is the stock.
Opening: each turn draw a card and start a colour not yet on the board with a
colour card or a white; a joker never starts a pile. No such card: discard one
to the face-up reserve (option opening_no_card).
Turn: draw a card, lay one on the pile of its colour (a white on any pile).
No pile above 100% (option overflow). At exactly 100% you win the pile and the
zone is empty again. Several piles, one card each, may be completed at once.
No card can be laid: discard one to the reserve. Refill your hand to 5.
Joker: worth what its own pile needs; laid only to complete that pile.
Sweep (any turn): win the whole board, sweep included; the opening restarts.
Mix (any turn): win the board but the mix; the piles start at its values.
Completed piles stay closed; completing the fourth wins the board and the
mix. A sweep or a second mix over a mix wins it too.
Empty stock: the reserve is shuffled into a new stock.
End: no pile can be completed from the cards not yet won (no sweep or mix
left; with overflow=bust, counting what a bust would give back), or
stall_limit passes through the stock without a completed pile.
Cards in hands or on the board don't count; a tie is shared (tie_break).
Moves: C30 (cyan 30%), WM (white on magenta), C* (cyan joker), C30+M* (two
completions), S (sweep), X1 (mix 1), -C30 (discard C30).
"""

SPEC = GameSpec(
    name="cmyk",
    title="CMYK (Quadri)",
    # Version 2: with overflow=bust the end test counts what busts give back (issue 17).
    # Version 3: no mix in play is null, not -1, in the board of states and views (their
    # JSON changed; actions and outcomes did not, so version 2 records replay as before).
    version=3,
    older_versions=(
        OlderVersion(2, "no mix in play is null, not -1, in states and views"),
        OlderVersion(
            1,
            "with overflow=bust the game no longer ends while a bust could still let a pile "
            "be completed",
            differs_with=(("overflow", "bust"),),
        ),
    ),
    player_counts=(2, 3, 4, 5, 6),
    options=OPTIONS,
    summary=SUMMARY,
    length_unit="turns",
    end_reasons=(
        ("no_pile_completable", "no pile can be completed any more with the cards left"),
        ("stall_limit", "too many passes through the stock without a completed pile"),
    ),
)
