"""The thin Game class: each hook delegates to turn, view or notation."""

import random
from collections import Counter
from collections.abc import Mapping

from meeple.engine.options import OptionValue
from meeple.engine.protocol import CHANCE, TERMINAL, Game, GameResult, Visibility, standard_returns
from support.toygame import notation, turn
from support.toygame.actions import Deal, RaceAction
from support.toygame.cards import build_deck
from support.toygame.config import SPEC, Config, make_config
from support.toygame.state import RaceState
from support.toygame.view import RaceView, determinize, make_view, redeal_hidden


class RaceGame(Game[RaceState, RaceAction, Deal, RaceView]):
    spec = SPEC
    state_type = RaceState
    action_type = RaceAction
    outcome_type = Deal
    view_type = RaceView

    def __init__(self, players: int, options: Mapping[str, OptionValue] | None = None) -> None:
        super().__init__(players, options)
        self.config: Config = make_config(players, self.options)

    def initial_state(self) -> RaceState:
        return turn.initial_state(self.config)

    def current_player(self, state: RaceState) -> int:
        return {"deal": CHANCE, "play": state.seat, "over": TERMINAL}[state.stage]

    def _legal_actions(self, state: RaceState) -> tuple[RaceAction, ...]:
        return turn.legal_actions(self.config, state)

    def _apply_action(self, state: RaceState, action: RaceAction) -> RaceState:
        return turn.apply_action(self.config, state, action)

    def _sample_chance(self, state: RaceState, rng: random.Random) -> Deal:
        return Deal(state.deck[rng.randrange(len(state.deck))])

    def _is_possible_outcome(self, state: RaceState, outcome: Deal) -> bool:
        return outcome.card in state.deck

    def _apply_chance(self, state: RaceState, outcome: Deal) -> RaceState:
        return turn.apply_deal(self.config, state, outcome.card)

    def chance_outcomes(self, state: RaceState) -> tuple[tuple[Deal, float], ...] | None:
        if state.stage != "deal":
            return None
        counts = Counter(state.deck)
        return tuple((Deal(card), n / len(state.deck)) for card, n in sorted(counts.items()))

    def outcome_visibility(self, state: RaceState, outcome: Deal) -> Visibility:
        return frozenset((state.seat,))

    def returns(self, state: RaceState) -> tuple[float, ...]:
        if state.winner is None:
            return (0.0,) * self.players
        return standard_returns(self.players, (state.winner,))

    def result(self, state: RaceState) -> GameResult:
        winners = () if state.winner is None else (state.winner,)
        scores = tuple(1.0 if seat in winners else 0.0 for seat in range(self.players))
        return GameResult(winners, scores, state.turns, reason="target")

    def view(self, state: RaceState, seat: int | None) -> RaceView:
        return make_view(state, seat)

    def determinize(self, view: RaceView, rng: random.Random) -> RaceState:
        return determinize(self.config, view, rng)

    def redeal_hidden(self, state: RaceState, seat: int, rng: random.Random) -> RaceState:
        return redeal_hidden(state, seat, rng)

    def format_action(self, state: RaceState, action: RaceAction) -> str:
        return notation.format_action(action)

    def _parse_action(self, state: RaceState, text: str) -> RaceAction:
        return notation.parse_action(text)

    def card_inventory(self, state: RaceState) -> Counter[object]:
        inventory: Counter[object] = Counter(state.deck)
        inventory.update(state.played)
        inventory.update(hand for hand in state.hands if hand is not None)
        return inventory

    def full_inventory(self) -> Counter[object]:
        return Counter(build_deck(self.config.copies))
