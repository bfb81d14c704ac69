"""Toquer under the engine contract: each hook delegates to turn.py (the rules), view.py
or notation.py; this class adds the results, the announcements and the inventories."""

import random
from collections import Counter
from collections.abc import Mapping

from meeple.engine.errors import InvalidOptionError, Why
from meeple.engine.options import OptionValue
from meeple.engine.protocol import Announcement, Game, GameResult, standard_returns
from meeple.games.toquer import notation, turn, view
from meeple.games.toquer.actions import (
    Clear,
    DiscardReveal,
    Draw,
    Knock,
    Pass,
    Reveal,
    Swap,
    ToquerAction,
    ToquerOutcome,
)
from meeple.games.toquer.config import SPEC, Config
from meeple.games.toquer.layout import EMPTY, Triple, make_table, triples
from meeple.games.toquer.state import KNOCKED, Phase, ToquerState
from meeple.games.toquer.view import ToquerView


class ToquerGame(Game[ToquerState, ToquerAction, ToquerOutcome, ToquerView]):
    """Toquer for 2 to 8 players (see README.md for the rules and their sources)."""

    spec = SPEC
    illegal_reasons = notation.ILLEGAL_REASONS
    notation_mistakes = notation.NOTATION_MISTAKES
    state_type = ToquerState
    action_type = ToquerAction
    outcome_type = ToquerOutcome
    view_type = ToquerView

    def __init__(self, players: int, options: Mapping[str, OptionValue] | None = None) -> None:
        super().__init__(players, options)
        self.config = Config.from_options(players, self.options)
        self.table = table = make_table(self.config)
        self.geometry = table.geometry
        self.deck = table.deck
        needed = self.geometry.slots + 2
        if self.deck.size < needed:
            raise InvalidOptionError(
                f"option 'deck': {self.deck.size} cards are too few for {players} players "
                f"with layout {self.config.layout}: at least {needed} are needed"
            )
        self.value_index = table.value_index
        self._draws = table.draws

    # ------------------------------------------------------------------------- flow
    def initial_state(self) -> ToquerState:
        return turn.initial_state(self.table)

    def current_player(self, state: ToquerState) -> int:
        return state.actor

    def triples(self, state: ToquerState, seat: int) -> tuple[Triple, ...]:
        """The triples ``seat`` may clear now (frame positions)."""
        return triples(self.table, state.cards, state.faces, seat)

    def _legal_actions(self, state: ToquerState) -> tuple[ToquerAction, ...]:
        return turn.legal_actions(self.table, state)

    def action_ranges(self) -> dict[str, range]:
        """Positions of a seat's frame, and seats."""
        positions = range(3 * self.geometry.width)
        return {
            "position": positions,
            "first": positions,
            "second": positions,
            "third": positions,
            "seat": range(self.players),
        }

    def why_illegal(self, state: ToquerState, action: ToquerAction) -> Why:
        legal = self.legal_actions(state)
        return notation.why_illegal(self.geometry, state, action, legal)

    def _apply_action(self, state: ToquerState, action: ToquerAction) -> ToquerState:
        return turn.apply_action(self.table, state, action)

    # ------------------------------------------------------------------------ chance
    def _sample_chance(self, state: ToquerState, rng: random.Random) -> ToquerOutcome:
        return turn.sample_chance(self.table, state, rng)

    def chance_outcomes(self, state: ToquerState) -> tuple[tuple[ToquerOutcome, float], ...] | None:
        return turn.chance_outcomes(self.table, state)

    def _is_possible_outcome(self, state: ToquerState, outcome: ToquerOutcome) -> bool:
        return turn.is_possible_outcome(self.table, state, outcome)

    def _apply_chance(self, state: ToquerState, outcome: ToquerOutcome) -> ToquerState:
        return turn.apply_chance(self.table, state, outcome)

    def outcome_visibility(
        self, state: ToquerState, outcome: ToquerOutcome
    ) -> frozenset[int] | None:
        # A stock draw is shown to everyone (seed); a deal is seen by nobody whole (each
        # seat learns its part, the discard's first card, through its view).
        return None if isinstance(outcome, Draw) else frozenset()

    def action_visibility(self, state: ToquerState, action: ToquerAction) -> frozenset[int] | None:
        # Knock decisions are secret until everyone has decided (then the view shows them).
        if isinstance(action, (Knock, Pass)):
            return frozenset((state.actor,))
        return None

    # ----------------------------------------------------------------------- results
    def returns(self, state: ToquerState) -> tuple[float, ...]:
        if state.phase is not Phase.OVER:
            return (0.0,) * self.players
        return standard_returns(self.players, state.winners)

    def result(self, state: ToquerState) -> GameResult:
        scored = state.last_round is not None and state.last_round.round == state.round
        return GameResult(
            winners=state.winners,
            scores=tuple(float(s) for s in state.scores),
            length=state.round,
            # A race is won mid-round; the end score only after a round is scored.
            reason="end_score" if scored and self.config.goal != "race" else "race_cleared",
            rounds=tuple(tuple(float(p) for p in points) for points in state.round_points),
        )

    def announcements(
        self, before: ToquerState, action: ToquerAction | None, after: ToquerState
    ) -> tuple[Announcement, ...]:
        """Who knocked (once all have decided), a knock's exchange (every card in it is
        face up once it is done), and the round's end (all cards turned up)."""
        notes: list[Announcement] = []
        if before.phase is Phase.KNOCK and after.phase is not Phase.KNOCK:
            knockers = [s for s, vote in enumerate(after.votes) if vote == KNOCKED]
            if not knockers:
                notes.append(Announcement("nobody_knocked", before.active))
            notes.extend(Announcement("knocked", s) for s in knockers)
        taken, knocker, from_slot = before.taken, before.knocker, before.taken_slot
        if isinstance(action, Swap) and before.phase is Phase.KNOCK_PLACE and taken is not None:
            assert knocker is not None and from_slot is not None  # set with the take
            slot = self.geometry.frames[before.actor][action.position]
            detail: tuple[tuple[str, int], ...] = (
                ("by", before.active),
                ("taken", taken),
                ("from_slot", from_slot),
                ("to_slot", slot),
                ("given", before.held if before.held is not None else 0),
                ("discarded", before.cards[slot]),
            )
            notes.append(Announcement("knock_exchange", knocker, detail))
        else:
            notes.extend(self._shared_notes(before, action, after))
        summary = after.last_round
        if summary is not None and summary is not before.last_round:
            detail = (("round", summary.round), ("doubled", int(summary.doubled)))
            notes.append(Announcement("round_over", summary.ender, detail))
        return tuple(notes)

    def _shared_notes(
        self, before: ToquerState, action: ToquerAction | None, after: ToquerState
    ) -> tuple[Announcement, ...]:
        """A move on cards another seat owns (the shared column: a seat's ``n`` column is
        its left neighbour's own ``d`` column) tells that seat, whose points they are:
        ``shared_swap`` and ``shared_reveal`` (``by`` the seat that moved, ``slot`` and the
        face-up ``card`` now there), ``shared_clear`` (``by``, the ``card`` value cleared
        and how many of that seat's cards, ``count``)."""
        actor = before.actor
        if actor < 0 or action is None:
            return ()
        frame, owner = self.geometry.frames[actor], self.geometry.owner
        if isinstance(action, Clear):
            slots = [frame[p] for p in (action.first, action.second, action.third)]
            hit = Counter(owner[slot] for slot in slots if owner[slot] != actor)
            card = before.cards[slots[0]]
            return tuple(
                Announcement("shared_clear", seat, (("by", actor), ("card", card), ("count", n)))
                for seat, n in sorted(hit.items())
            )
        if not isinstance(action, (Swap, Reveal, DiscardReveal)):
            return ()
        slot = frame[action.position]
        if owner[slot] == actor or after.faces[slot] == EMPTY:
            return ()
        kind = "shared_swap" if isinstance(action, Swap) else "shared_reveal"
        detail = (("by", actor), ("slot", slot), ("card", after.cards[slot]))
        return (Announcement(kind, owner[slot], detail),)

    # ------------------------------------------------------------ views and notation
    def view(self, state: ToquerState, seat: int | None) -> ToquerView:
        return view.make_view(self.config, state, seat)

    def determinize(self, seat_view: ToquerView, rng: random.Random) -> ToquerState:
        return view.determinize(self.deck, seat_view, rng)

    def redeal_hidden(self, state: ToquerState, seat: int, rng: random.Random) -> ToquerState:
        return view.redeal_hidden(self.deck, state, seat, rng)

    def format_action(self, state: ToquerState, action: ToquerAction) -> str:
        return notation.format_action(self.geometry, action)

    def _parse_action(self, state: ToquerState, text: str) -> ToquerAction:
        return notation.parse_action(self.geometry, text)

    def card_inventory(self, state: ToquerState) -> Counter[object]:
        found: Counter[object] = Counter(
            card for card, face in zip(state.cards, state.faces, strict=True) if face != EMPTY
        )
        for value, count in zip(self.deck.values, state.stock, strict=True):
            if count:
                found[value] += count
        found.update(state.discard)
        for loose in (state.drawn, state.held, state.taken):
            if loose is not None:
                found[loose] += 1
        return found

    def full_inventory(self) -> Counter[object]:
        return self.deck.inventory()
