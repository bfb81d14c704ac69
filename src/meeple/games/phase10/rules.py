"""Phase 10 under the engine contract (see this package's README).

The rules live in turn.py and rounds.py (pure functions); this class connects them to
the engine: chance, views, notation, results, announcements and the inventories.
"""

import random
from collections import Counter

from meeple.engine.codec import JSON
from meeple.engine.errors import InvalidActionError, Why
from meeple.engine.options import OptionValue
from meeple.engine.protocol import Announcement, Game, GameResult, standard_returns
from meeple.games.phase10 import notation, turn
from meeple.games.phase10.actions import (
    Draw,
    Phase10Action,
    Phase10Outcome,
    Place,
)
from meeple.games.phase10.cards import KINDS, NUMBERS, SKIP, full_inventory
from meeple.games.phase10.config import SPEC, EndReason, Phase, make_config
from meeple.games.phase10.rounds import initial_state, next_active
from meeple.games.phase10.state import Phase10State, Stage
from meeple.games.phase10.view import Phase10View, determinize, make_view, redeal_hidden


class Phase10Game(Game[Phase10State, Phase10Action, Phase10Outcome, Phase10View]):
    """Phase 10 for 2-6 players."""

    spec = SPEC
    illegal_reasons = notation.ILLEGAL_REASONS
    notation_mistakes = notation.NOTATION_MISTAKES
    state_type = Phase10State
    action_type = Phase10Action
    outcome_type = Phase10Outcome
    view_type = Phase10View

    def __init__(self, players: int, options: dict[str, OptionValue] | None = None) -> None:
        super().__init__(players, options)
        self.config = make_config(self.options)

    @classmethod
    def upgrade_json(cls, version: int, kind: str, data: JSON) -> JSON:
        """Before version 3 a Discard without a target had target -1; now it is null."""
        if version >= 3 or kind != "action" or not isinstance(data, dict):
            return data
        if data.get("type") == "Discard" and data.get("target") == -1:
            return {**data, "target": None}
        return data

    def phase_of(self, state: Phase10State, seat: int) -> Phase:
        """The phase ``seat`` is making this round (the last one in a tie-break)."""
        return turn.phase_of(self.config, state, seat)

    # ------------------------------------------------------------------ the contract
    def initial_state(self) -> Phase10State:
        return initial_state(self.players)

    def current_player(self, state: Phase10State) -> int:
        return turn.current_player(state)

    def _legal_actions(self, state: Phase10State) -> tuple[Phase10Action, ...]:
        return turn.legal_actions(self.config, state)

    def _apply_action(self, state: Phase10State, action: Phase10Action) -> Phase10State:
        return turn.apply_action(self.config, state, action)

    # ------------------------------------------------------------------------ chance
    def _sample_chance(self, state: Phase10State, rng: random.Random) -> Phase10Outcome:
        return turn.sample_chance(state, rng)

    def chance_outcomes(
        self, state: Phase10State
    ) -> tuple[tuple[Phase10Outcome, float], ...] | None:
        return turn.chance_outcomes(state)

    def _is_possible_outcome(self, state: Phase10State, outcome: Phase10Outcome) -> bool:
        return turn.is_possible_outcome(state, outcome)

    def _apply_chance(self, state: Phase10State, outcome: Phase10Outcome) -> Phase10State:
        return turn.apply_chance(state, outcome)

    # ---------------------------------------------------------------- results, views
    def returns(self, state: Phase10State) -> tuple[float, ...]:
        if state.stage != Stage.OVER:
            return (0.0,) * self.players
        return standard_returns(self.players, state.winners)

    def result(self, state: Phase10State) -> GameResult:
        return GameResult(
            state.winners,
            tuple(float(s) for s in state.scores),
            state.round,
            reason=self.end_reason(state),
            rounds=tuple(tuple(float(p) for p in points) for points in state.round_points),
        )

    def end_reason(self, state: Phase10State) -> EndReason:
        """Why a finished game ended (the codes of ``SPEC.end_reasons``)."""
        scored_now = state.last_round is not None and state.last_round.round == state.round
        if state.tiebreak:
            if not scored_now:
                return "tiebreak_first_to_lay"
            assert state.last_round is not None
            went_out = state.last_round.went_out
            return "tiebreak_first_out" if went_out is not None else "tie_lowest_total"
        last = len(self.config.phases)
        finished = sum(1 for index in state.phase_index if index >= last)
        return "tie_lowest_total" if finished > 1 else "phase10_completed"

    def announcements(
        self, before: Phase10State, action: Phase10Action | None, after: Phase10State
    ) -> tuple[Announcement, ...]:
        """A turn lost to a Skip, a phase laid down, a round won by going out."""
        notes: list[Announcement] = []
        dealt = before.stage == Stage.DEAL and after.stage == Stage.DRAW
        if (before.stage == Stage.PLAY or dealt) and after.stage == Stage.DRAW:
            # Every seat the turn passed over lost its turn to a Skip (official).
            seat = next_active(after, before.dealer if dealt else before.turn)
            for _ in range(self.players):
                if seat == after.turn:
                    break
                notes.append(Announcement("skipped", seat))
                seat = next_active(after, seat)
        for seat in range(self.players):
            if after.laid[seat] and not before.laid[seat]:
                notes.append(Announcement("phase_laid", seat))
        summary = after.last_round
        if summary is not None and summary is not before.last_round:
            out = -1 if summary.went_out is None else summary.went_out  # -1: the table
            notes.append(Announcement("round_over", out, (("round", summary.round),)))
        return tuple(notes)

    def view(self, state: Phase10State, seat: int | None) -> Phase10View:
        return make_view(state, seat)

    def determinize(self, view: Phase10View, rng: random.Random) -> Phase10State:
        return determinize(view, self.config.mattel_skips, rng)

    def redeal_hidden(self, state: Phase10State, seat: int, rng: random.Random) -> Phase10State:
        return redeal_hidden(state, seat, rng)

    def card_inventory(self, state: Phase10State) -> Counter[object]:
        counts: Counter[object] = Counter()
        for code, count in enumerate(state.draw_pile):
            if count:
                counts[code] += count
        for hand in state.hands:
            counts.update(hand)
        counts.update(state.discard)
        for group in state.table:
            counts.update(group.cards)
        for building in state.building:
            counts.update(building.cards)
        if self.config.mattel_skips:
            counts[SKIP] += sum(state.skipped)  # Skips lying before their targets
        return counts

    def full_inventory(self) -> Counter[object]:
        return full_inventory()

    def outcome_visibility(
        self, state: Phase10State, outcome: Phase10Outcome
    ) -> frozenset[int] | None:
        if isinstance(outcome, Draw):
            return frozenset({state.turn})  # only the drawer sees the card
        return frozenset()  # each seat learns its own hand, and the up card, from its view

    def action_visibility(
        self, state: Phase10State, action: Phase10Action
    ) -> frozenset[int] | None:
        if isinstance(action, Place):
            return frozenset({state.turn})  # the phase shows only once it is all down
        return None

    # ---------------------------------------------------------------------- notation
    def format_action(self, state: Phase10State, action: Phase10Action) -> str:
        return notation.format_action(state, action)

    def _parse_action(self, state: Phase10State, text: str) -> Phase10Action:
        return notation.parse_action(state, text)

    def action_ranges(self) -> dict[str, range]:
        """Card codes of the deck; a group of a phase or of the table (at most every seat's
        whole phase); a value is a number 1-12 or a colour index; a Skip's target a seat."""
        groups = self.players * max(len(phase) for phase in self.config.phases)
        return {
            "card": range(KINDS),
            "group": range(groups),
            "value": range(max(NUMBERS) + 1),
            "target": range(self.players),
        }

    def why_illegal(self, state: Phase10State, action: Phase10Action) -> Why:
        return notation.why_illegal(self.config, state, action)


__all__ = ["InvalidActionError", "Phase10Game"]
