"""Toc's options, its resolved configuration and its GameSpec."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, cast

from meeple.engine.errors import InvalidOptionError
from meeple.engine.options import OptionSpec, OptionValue
from meeple.engine.protocol import GameSpec, OlderVersion

DealMode = Literal["refill", "5-4-4"]
TeamMode = Literal["off", "pairs", "halves"]
DEAL_MODES: tuple[DealMode, ...] = ("refill", "5-4-4")
TEAM_MODES: tuple[TeamMode, ...] = ("off", "pairs", "halves")

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "cells_per_sector",
        18,
        "cells of the ring in front of each seat of the board (the usual board: 18, that is "
        "72 cells for 4 seats, 108 for 6, 144 for 8)",
        minimum=8,
        maximum=30,
        advanced=True,
    ),
    OptionSpec(
        "entry_offset",
        -2,
        "how many cells before its Départ a seat's Safety Zone opens, as a negative number "
        "(the usual board: 2 cells before, -2; it must stay within the seat's cells)",
        minimum=-29,
        maximum=-1,
        advanced=True,
    ),
    OptionSpec(
        "shortcut_length",
        6,
        "cells on each dashed shortcut of the 6- and 8-player boards (fewer than the "
        "cells per seat less one)",
        minimum=1,
        maximum=28,
        advanced=True,
    ),
    OptionSpec(
        "shortcut_may_skip_entry",
        False,
        "whether a pawn may take a shortcut that bypasses its own zone entry",
        advanced=True,
    ),
    OptionSpec(
        "deal_mode",
        "refill",
        "how the cards come to the players",
        choices=DEAL_MODES,
        choice_words=(
            "draw back to 5 cards after each turn (the original text)",
            "three deals of 5, 4 and 4 cards, no drawing in between (at most 4 players)",
        ),
    ),
    OptionSpec(
        "partner_exchange",
        False,
        "partners pass one card face down after each deal (needs teams)",
    ),
    OptionSpec("ace_eleven", False, "the Ace may also move 11"),
    OptionSpec("jack_eleven", False, "the Jack may move 11 instead of swapping"),
    OptionSpec(
        "king_captures_own",
        True,
        "a King also captures your own pawns it passes (if not, they block it)",
    ),
    OptionSpec(
        "depart_protection",
        True,
        "a pawn just entered on its Départ cannot be captured, swapped or passed",
    ),
    OptionSpec(
        "reshuffle",
        True,
        "the played cards are shuffled to make the new draw pile; if not, they are turned "
        "over in the order they were played (the original text read literally: every draw "
        "is then known, and at 6 players a seat can be locked out)",
    ),
    OptionSpec(
        "teams",
        "off",
        "whether players play in teams (4, 6 or 8 players)",
        choices=TEAM_MODES,
        choice_words=(
            "everyone for themselves",
            "teams of two, partners sitting opposite (2 against 2, 2v2v2, 2v2v2v2)",
            "two teams, every other player (2 against 2, 3 against 3, 4 against 4)",
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class Config:
    """The resolved options of one game, checked against each other and the player count."""

    players: int
    cells_per_sector: int
    entry_offset: int
    shortcut_length: int
    shortcut_may_skip_entry: bool
    deal_mode: DealMode
    partner_exchange: bool
    ace_eleven: bool
    jack_eleven: bool
    king_captures_own: bool
    depart_protection: bool
    reshuffle: bool
    teams: TeamMode

    def team_of(self, seat: int) -> int:
        """The team of ``seat``: partners sit opposite (pairs) or alternate (halves)."""
        if self.teams == "off":
            return seat
        if self.teams == "pairs":
            return seat % (self.players // 2)
        return seat % 2

    def teammates(self, seat: int) -> tuple[int, ...]:
        """The seats of ``seat``'s team, ``seat`` first, then clockwise."""
        team = self.team_of(seat)
        return tuple(
            (seat + k) % self.players
            for k in range(self.players)
            if self.team_of((seat + k) % self.players) == team
        )


def _bool(options: Mapping[str, OptionValue], name: str) -> bool:
    return options[name] is True


def _int(options: Mapping[str, OptionValue], name: str) -> int:
    value = options[name]
    assert isinstance(value, int)
    return value


def make_config(players: int, options: Mapping[str, OptionValue]) -> Config:
    """A Config from resolved options, or InvalidOptionError naming the clash."""
    config = Config(
        players=players,
        cells_per_sector=_int(options, "cells_per_sector"),
        entry_offset=_int(options, "entry_offset"),
        shortcut_length=_int(options, "shortcut_length"),
        shortcut_may_skip_entry=_bool(options, "shortcut_may_skip_entry"),
        deal_mode=cast(DealMode, options["deal_mode"]),
        partner_exchange=_bool(options, "partner_exchange"),
        ace_eleven=_bool(options, "ace_eleven"),
        jack_eleven=_bool(options, "jack_eleven"),
        king_captures_own=_bool(options, "king_captures_own"),
        depart_protection=_bool(options, "depart_protection"),
        reshuffle=_bool(options, "reshuffle"),
        teams=cast(TeamMode, options["teams"]),
    )
    sector = config.cells_per_sector
    if config.entry_offset <= -sector:
        raise InvalidOptionError(
            f"toc: option 'entry_offset' {config.entry_offset} must lie inside the sector "
            f"before the Départ; expected an integer from {1 - sector} to -1"
        )
    if config.shortcut_length >= sector - 1:
        raise InvalidOptionError(
            f"toc: option 'shortcut_length' {config.shortcut_length} must make the shortcut "
            f"shorter than the ring; expected an integer from 1 to {sector - 2}"
        )
    if config.deal_mode == "5-4-4" and players > 4:
        raise InvalidOptionError(
            f"toc: option 'deal_mode' '5-4-4' needs 13 cards a player, so at most 4 players "
            f'(got {players}); expected one of "refill" for {players} players'
        )
    if config.teams != "off" and players not in (4, 6, 8):
        raise InvalidOptionError(
            f"toc: option 'teams' {config.teams!r} needs 4, 6 or 8 players "
            f'(got {players}); expected "off"'
        )
    if config.partner_exchange and config.teams == "off":
        raise InvalidOptionError(
            "toc: option 'partner_exchange' true needs teams; expected false, "
            'or set teams to "pairs" or "halves"'
        )
    return config


SUMMARY = """\
Toc (Tock), the French draw-pile race game. Bring your 4 pawns from the
Réserve de Départ round the ring into your Zone de Sécurité; first home wins.
- 54 cards: A 2-10 J Q K four times, 2 Jokers. Hands of 5: play one card a
  turn, then draw back to 5. An empty talon: the played cards, shuffled
  (option reshuffle).
- You must play a card if any has a legal use; otherwise discard one.
- Parteux (A, K, Joker) bring a pawn out onto your case Départ.
- A +1, 2 3 5 6 8 9 10 their value, Q +12, K +13, Joker +18, 4 backward 4.
- 7: +7 split over several of your pawns, one part at a time, all 7 used.
- Jack: swap your pawn on the track with another player's pawn there.
- No overtaking, except the King, which captures every pawn it passes.
- Landing on another pawn sends it back to its reserve; never on your own.
- A pawn just brought out is protected on its Départ until it moves.
- Zone de Sécurité: enter going forward past your entry (2 cells before
  your Départ) with an exact count, never passing a pawn there; a card too
  big goes round again. Where you could enter or go round, you choose.
- 6 and 8 players: a pawn standing on an intersection may, on a later turn,
  take the dashed shortcut to the next one.
- Teams (option): partners opposite; home players move their partners' pawns.
- Moves: "Q 12-24" (Queen, pawn on 12 to 24), "K in" (bring out), "J 12x40"
  (swap), "7 12-15" (one part of a 7), "discard 9", "give Q". Cells: ring
  numbers, shortcut cells c<k>.<i>, zone cells h<seat>.<1-4>."""

SPEC = GameSpec(
    name="toc",
    title="Toc",
    # Version 2: option reshuffle defaults to true (issue 17); version 1 records hold the
    # option, or replay with its old default.
    version=2,
    older_versions=(
        OlderVersion(1, "option reshuffle now defaults to true", defaults=(("reshuffle", False),)),
    ),
    player_counts=(2, 3, 4, 6, 8),
    options=OPTIONS,
    summary=SUMMARY,
    length_unit="turns",
    end_reasons=(
        ("all_pawns_home", "a player brought all four pawns home"),
        ("team_home", "a team brought all its pawns home"),
    ),
)
