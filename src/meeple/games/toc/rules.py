"""Toc under the engine contract: see README.md for the rules.

The rules live in turn.py (pure functions over the configured game's Mover); this class
connects them to the engine: chance, views, notation, results, announcements and the
conservation inventory.
"""

import random
from collections import Counter
from collections.abc import Callable, Mapping
from functools import partial

from meeple.engine.errors import Why
from meeple.engine.options import OptionValue
from meeple.engine.protocol import (
    CHANCE,
    TERMINAL,
    Announcement,
    Game,
    GameResult,
    standard_returns,
)
from meeple.games.toc import notation, turn
from meeple.games.toc.actions import Draw, Give, TocAction, TocOutcome
from meeple.games.toc.board import RESERVE, make_board
from meeple.games.toc.cards import DECK_COUNTS, RANKS, card_name
from meeple.games.toc.config import SPEC, make_config
from meeple.games.toc.moves import PAWNS_PER_SEAT, make_mover
from meeple.games.toc.state import EXCHANGE, OVER, PLAY, Pending, TocState
from meeple.games.toc.view import TocView, determinize, make_view, redeal_hidden


class TocGame(Game[TocState, TocAction, TocOutcome, TocView]):
    """Toc for 2, 3, 4, 6 or 8 players (see README.md for the rules and options)."""

    spec = SPEC
    illegal_reasons = notation.ILLEGAL_REASONS
    notation_mistakes = notation.NOTATION_MISTAKES
    state_type = TocState
    action_type = TocAction
    outcome_type = TocOutcome
    view_type = TocView

    def __init__(self, players: int, options: Mapping[str, OptionValue] | None = None) -> None:
        super().__init__(players, options)
        self.config = c = make_config(players, self.options)
        self.board = make_board(
            players, c.cells_per_sector, c.entry_offset, c.shortcut_length,
            c.shortcut_may_skip_entry,
        )  # fmt: skip
        self.mover = make_mover(c, self.board)
        # The board once a seat has made a legal play (for bots that try plays on the
        # board alone): ``turn.board_after`` bound to this game's Mover, called as
        # board_after(seat, positions, protected, armed, pending, action).
        self.board_after: Callable[
            [int, tuple[int, ...], int, int, Pending | None, TocAction], turn.BoardAfter
        ] = partial(turn.board_after, self.mover)

    def initial_state(self) -> TocState:
        return turn.initial_state(self.players)

    def current_player(self, state: TocState) -> int:
        phase = state.phase
        if phase in (PLAY, EXCHANGE):
            return state.turn
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def deal_size(self, deals: int) -> int:
        """Cards per hand in the next deal (``deals`` made so far)."""
        return turn.deal_size(self.mover, deals)

    def _legal_actions(self, state: TocState) -> tuple[TocAction, ...]:
        return turn.legal_actions(self.mover, state)

    def _apply_action(self, state: TocState, action: TocAction) -> TocState:
        return turn.apply_action(self.mover, state, action)

    def _sample_chance(self, state: TocState, rng: random.Random) -> TocOutcome:
        return turn.sample_chance(self.mover, state, rng)

    def _is_possible_outcome(self, state: TocState, outcome: TocOutcome) -> bool:
        return turn.is_possible_outcome(self.mover, state, outcome)

    def chance_outcomes(self, state: TocState) -> tuple[tuple[TocOutcome, float], ...] | None:
        return turn.chance_outcomes(state)

    def _apply_chance(self, state: TocState, outcome: TocOutcome) -> TocState:
        return turn.apply_chance(self.mover, state, outcome)

    # ---------------------------------------------------------------- results
    def returns(self, state: TocState) -> tuple[float, ...]:
        if state.phase != OVER:
            return (0.0,) * self.players
        return standard_returns(self.players, state.winners)

    def result(self, state: TocState) -> GameResult:
        scores = tuple(float(home) for home in turn.pawns_home(self.mover, state))
        reason = "team_home" if self.mover.teams else "all_pawns_home"
        return GameResult(state.winners, scores, state.turns, reason=reason)

    def announcements(
        self, before: TocState, action: TocAction | None, after: TocState
    ) -> tuple[Announcement, ...]:
        """Pawns captured (sent back to their reserve) and pawns swapped by a Jack: each
        told to the pawn's owner, with the seat that did it and the cells; and a pawn
        brought into its Safety Zone (the game's milestone), with how many are home."""
        notes: list[Announcement] = []
        old, new = before.positions, after.positions
        if old == new:
            return ()
        by = before.turn
        base = self.board.zone_base
        for pawn, (was, now) in enumerate(zip(old, new, strict=True)):
            owner = pawn // PAWNS_PER_SEAT
            if was != RESERVE and now == RESERVE:
                notes.append(Announcement("captured", owner, (("by", by), ("cell", was))))
            elif was != now and was != RESERVE and now in old and owner != by:
                other = old.index(now)
                if new[other] == was and other // PAWNS_PER_SEAT != owner:
                    detail = (("by", by), ("cell", was), ("to", now))
                    notes.append(Announcement("swapped", owner, detail))
            if was < base <= now:
                mine = new[owner * PAWNS_PER_SEAT : (owner + 1) * PAWNS_PER_SEAT]
                home = sum(1 for cell in mine if cell >= base)
                notes.append(Announcement("pawn_home", owner, (("by", by), ("home", home))))
        return tuple(notes)

    # ------------------------------------------------------------------ views
    def view(self, state: TocState, seat: int | None) -> TocView:
        return make_view(self.config, state, seat)

    def determinize(self, view: TocView, rng: random.Random) -> TocState:
        return determinize(self.config, view, rng)

    def redeal_hidden(self, state: TocState, seat: int, rng: random.Random) -> TocState:
        return redeal_hidden(self.config, state, seat, rng)

    def action_visibility(self, state: TocState, action: TocAction) -> frozenset[int] | None:
        # A card set aside for a partner is face down: only its giver sees which.
        return frozenset({state.turn}) if isinstance(action, Give) else None

    def outcome_visibility(self, state: TocState, outcome: TocOutcome) -> frozenset[int] | None:
        if isinstance(outcome, Draw):
            return None if state.talon_order else frozenset({state.turn})
        return frozenset()

    # --------------------------------------------------------------- notation
    def format_action(self, state: TocState, action: TocAction) -> str:
        return notation.format_action(self.mover, state, action)

    def _parse_action(self, state: TocState, text: str) -> TocAction:
        return notation.parse_action(self.mover, state, text)

    def action_ranges(self) -> dict[str, range]:
        """Card ranks, seats, pawns (four per seat) and the cells of this board."""
        pawns = range(PAWNS_PER_SEAT * self.players)
        return {
            "card": range(min(RANKS), max(RANKS) + 1),
            "seat": range(self.players),
            "pawn": pawns,
            "other": pawns,
            "dest": range(self.board.cells),
        }

    def why_illegal(self, state: TocState, action: TocAction) -> Why:
        return notation.why_illegal(self.mover, state, action)

    # -------------------------------------------------------------- inventory
    def card_inventory(self, state: TocState) -> Counter[object]:
        per_rank = list(state.talon)
        per_rank.append(0)  # a slot for the 0s of ``gifts`` (no card set aside)
        for pile in (*state.hands, state.played, state.talon_order, state.gifts):
            for rank in pile:
                per_rank[rank - 1] += 1
        counts: Counter[object] = Counter(
            {card_name(rank): count for rank, count in enumerate(per_rank[:-1], 1) if count}
        )
        on_track = [cell for cell in state.positions if cell != RESERVE]
        for seat in range(self.players):
            counts[("pawn", seat)] = PAWNS_PER_SEAT
        # Two pawns on one cell would lose a pawn: count a shared cell as a missing pawn.
        counts[("pawn", 0)] -= len(on_track) - len(set(on_track))
        return counts

    def full_inventory(self) -> Counter[object]:
        counts: Counter[object] = Counter()
        for rank, count in enumerate(DECK_COUNTS, 1):
            counts[card_name(rank)] += count
        for seat in range(self.players):
            counts[("pawn", seat)] += PAWNS_PER_SEAT
        return counts
