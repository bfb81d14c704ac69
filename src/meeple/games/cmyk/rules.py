"""CMYK ("Quadri") under the engine contract (the rules: README.md).

The turn logic lives in turn.py (pure functions); this class connects it to the engine:
chance draws, views, notation, results and the conservation inventory.
"""

import random
from collections import Counter
from collections.abc import Mapping

from meeple.engine.errors import Why
from meeple.engine.options import OptionValue
from meeple.engine.protocol import (
    CHANCE,
    TERMINAL,
    Announcement,
    Game,
    GameResult,
    Visibility,
    standard_returns,
)
from meeple.games.cmyk import notation, turn
from meeple.games.cmyk.actions import CmykAction, Draw
from meeple.games.cmyk.cards import (
    COLOUR_NAMES,
    card_name,
)
from meeple.games.cmyk.config import HAND_SIZE, SPEC, Config, make_config
from meeple.games.cmyk.state import OPENING_BOARD, CmykState, Tally
from meeple.games.cmyk.view import CmykView, determinize, make_view, redeal_hidden


class CmykGame(Game[CmykState, CmykAction, Draw, CmykView]):
    spec = SPEC
    illegal_reasons = notation.ILLEGAL_REASONS
    notation_mistakes = notation.NOTATION_MISTAKES
    state_type = CmykState
    action_type = CmykAction
    outcome_type = Draw
    view_type = CmykView

    def __init__(self, players: int, options: Mapping[str, OptionValue] | None = None) -> None:
        super().__init__(players, options)
        self.config: Config = make_config(players, self.options)
        self.deck: tuple[int, ...] = self.config.deck()

    # ------------------------------------------------------------------------ flow
    def initial_state(self) -> CmykState:
        """Seed: shuffle and deal five cards to each player (one chance draw per card)."""
        zeros = (0,) * self.players
        return turn.settle(
            self.config,
            self.players,
            "deal",
            0,
            HAND_SIZE,
            ((),) * self.players,
            self.deck,
            (),
            OPENING_BOARD,
            Tally((), zeros, zeros),
            0,
            0,
            False,
        )

    def current_player(self, state: CmykState) -> int:
        stage = state.stage
        if stage == "play":
            return state.seat
        if stage == "over":
            return TERMINAL
        return CHANCE

    def _legal_actions(self, state: CmykState) -> tuple[CmykAction, ...]:
        return turn.legal_actions(self.config, state)

    def _apply_action(self, state: CmykState, action: CmykAction) -> CmykState:
        return turn.apply_action(self.config, self.players, state, action)

    def _sample_chance(self, state: CmykState, rng: random.Random) -> Draw:
        stock = state.stock
        return turn.DRAWS[stock[rng.randrange(len(stock))]]

    def _is_possible_outcome(self, state: CmykState, outcome: Draw) -> bool:
        return isinstance(outcome, Draw) and outcome.card in state.stock

    def _apply_chance(self, state: CmykState, outcome: Draw) -> CmykState:
        return turn.apply_chance(self.config, self.players, state, outcome.card)

    def chance_outcomes(self, state: CmykState) -> tuple[tuple[Draw, float], ...] | None:
        if self.current_player(state) != CHANCE:
            return None
        counts = Counter(state.stock)
        size = len(state.stock)
        return tuple((turn.DRAWS[card], counts[card] / size) for card in sorted(counts))

    # ---------------------------------------------------------------------- results
    def winners(self, state: CmykState) -> tuple[int, ...]:
        """Seed: most cards won; default tie_break none (a shared win) or most piles."""
        counts = state.tally.won_counts
        best = max(counts)
        tied = [seat for seat, count in enumerate(counts) if count == best]
        if self.config.tie_break == "most_piles" and len(tied) > 1:
            piles = state.tally.completions
            most = max(piles[seat] for seat in tied)
            tied = [seat for seat in tied if piles[seat] == most]
        return tuple(tied)

    def returns(self, state: CmykState) -> tuple[float, ...]:
        if state.stage != "over":
            return (0.0,) * self.players
        return standard_returns(self.players, self.winners(state))

    def result(self, state: CmykState) -> GameResult:
        stalled = state.stalled_passes >= self.config.stall_limit
        return GameResult(
            self.winners(state),
            tuple(float(c) for c in state.tally.won_counts),
            state.turn,
            reason="stall_limit" if stalled else "no_pile_completable",
        )

    def announcements(
        self, before: CmykState, action: CmykAction | None, after: CmykState
    ) -> tuple[Announcement, ...]:
        """Cards won, a pile completed under a mix (closed: it wins nothing yet), a pile
        busted to the reserve (overflow = bust): told about the seat that played."""
        if before.stage != "play":
            return ()
        seat = before.seat
        notes: list[Announcement] = []
        won = after.tally.won_counts[seat] - before.tally.won_counts[seat]
        old, new = before.board, after.board
        for colour in range(4):
            if new.closed[colour] and not old.closed[colour]:
                notes.append(Announcement("pile_closed", seat, (("colour", colour),)))
            elif not won and old.piles[colour] and not new.piles[colour]:
                notes.append(Announcement("pile_busted", seat, (("colour", colour),)))
        if won:
            piles = after.tally.completions[seat] - before.tally.completions[seat]
            notes.append(Announcement("cards_won", seat, (("cards", won), ("piles", piles))))
        return tuple(notes)

    # ------------------------------------------------------------- hidden information
    def view(self, state: CmykState, seat: int | None) -> CmykView:
        return make_view(state, seat)

    def determinize(self, view: CmykView, rng: random.Random) -> CmykState:
        return determinize(view, self.deck, rng)

    def redeal_hidden(self, state: CmykState, seat: int, rng: random.Random) -> CmykState:
        return redeal_hidden(state, seat, rng)

    def outcome_visibility(self, state: CmykState, outcome: Draw) -> Visibility:
        """A card drawn is seen by the seat drawing it only."""
        return frozenset((state.seat,))

    # ---------------------------------------------------------------------- notation
    def format_action(self, state: CmykState, action: CmykAction) -> str:
        return notation.format_action(action)

    def _parse_action(self, state: CmykState, text: str) -> CmykAction:
        return notation.parse_action(text, len(self.config.mixes))

    def card_name(self, card: int) -> str:
        return card_name(card, self.config.mixes)

    def action_ranges(self) -> dict[str, range]:
        """A card is a kind of this deck; a colour is one of the four piles."""
        return {"card": range(self.config.kinds), "colour": range(len(COLOUR_NAMES))}

    def why_illegal(self, state: CmykState, action: CmykAction) -> Why:
        """A person's reason why ``action`` is not legal in ``state``, with its facts."""
        return notation.why_illegal(self.config, state, action, self.legal_actions(state))

    # --------------------------------------------------------------------- inventory
    def card_inventory(self, state: CmykState) -> Counter[object]:
        inventory: Counter[object] = Counter(state.stock)
        inventory.update(state.reserve)
        inventory.update(state.tally.won)
        inventory.update(turn.board_cards(state.board))
        for hand in state.hands:
            inventory.update(hand)
        return inventory

    def full_inventory(self) -> Counter[object]:
        return Counter(self.deck)
