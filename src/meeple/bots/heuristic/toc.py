"""A heuristic Toc player: it plays the card whose result it likes best.

It scores a position by how far each pawn has come (pawns out of the reserve, pawns near
or in the Zone de Sécurité), minus the danger to its pawns that opponents could land on,
and the same for the opponents, negated. Each legal card is tried on a copy of the
public board (a split 7 is searched to its end, so the whole split is judged), and a
little value is kept for the cards left in hand: a Parteu while pawns wait in reserve,
a 4 for the backward trick. It sees only its own view.
"""

import math
import random
from functools import cache

from meeple.bots.base import Bot
from meeple.engine.protocol import Game
from meeple.games.toc.actions import Discard, Enter, Give, Move, Swap, TocAction
from meeple.games.toc.board import Board
from meeple.games.toc.cards import ACE, FOUR, JOKER, KING, PARTEUX, SEVEN
from meeple.games.toc.rules import TocGame
from meeple.games.toc.state import Phase, TocState
from meeple.games.toc.view import TocView

OUT_BONUS = 12.0  # a pawn on the track rather than in the reserve
HOME_BONUS = 40.0  # a pawn in its Zone de Sécurité (safe for good)
DANGER = 0.45  # share of a pawn's value lost when an opponent can land on it
PARTEU_KEPT = 6.0  # keeping one Parteu while pawns wait in the reserve
FOUR_KEPT = 2.0
POSITION_SCALE = 60.0  # evaluation points (about a lap) per factor e of ISMCTS strength
REACH = frozenset({1, 2, 3, 5, 6, 8, 9, 10, 12, 13, 18})  # forward counts of single cards


@cache
def _distances(board: Board, seat: int) -> tuple[int, ...]:
    """Per cell, the fewest forward steps from it to ``seat``'s zone entry."""
    target = board.entry[seat]
    out = []
    for cell in range(board.zone_base):
        frontier = {cell}
        steps = 0
        seen = {cell}
        while target not in frontier and steps < 4 * board.ring:
            nxt: set[int] = set()
            for here in frontier:
                for step in board.next_cells(here, seat, armed=True):
                    if step not in seen and step < board.zone_base:
                        seen.add(step)
                        nxt.add(step)
            frontier = nxt
            steps += 1
        out.append(steps)
    return tuple(out)


@cache
def _reach_masks(ring: int) -> tuple[int, ...]:
    """Per ring cell, the bitmask of cells a pawn there could land on with one common
    card (the forward counts of REACH, and 4 backwards)."""
    masks = []
    for cell in range(ring):
        mask = 1 << (cell - 4) % ring
        for step in REACH:
            mask |= 1 << (cell + step) % ring
        masks.append(mask)
    return tuple(masks)


EVALUATIONS_KEPT = 1 << 16  # positions whose evaluation a bot remembers (then it forgets)


class HeuristicBot(Bot):
    """Greedy one-turn lookahead over the legal actions with a positional score."""

    name = "heuristic"

    def __init__(
        self, game: Game[object, object, object, object], seat: int, rng: random.Random
    ) -> None:
        super().__init__(game, seat, rng)
        assert isinstance(game, TocGame)
        self.toc = game
        self.board = game.board
        self.config = game.config
        self.team = frozenset(game.config.teammates(seat))
        self.team_of = tuple(game.config.team_of(each) for each in range(game.players))
        self.reach = _reach_masks(self.board.ring)
        # evaluate() by (positions, protected, winners): the same boards recur across
        # a search's iterations and a split 7's parts
        self._evaluated: dict[tuple[tuple[int, ...], int, tuple[int, ...]], float] = {}

    # ---------------------------------------------------------------- choosing
    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        assert isinstance(view, TocView)
        actions: list[TocAction] = [
            a for a in legal if isinstance(a, (Enter, Move, Swap, Discard, Give))
        ]
        if len(actions) == 1:
            return actions[0]
        if isinstance(actions[0], Give):
            return self._give(view, actions)
        if isinstance(actions[0], Discard):
            return self._discard(view, actions)
        state = self._state(view)
        best: list[TocAction] = []
        best_score = float("-inf")
        kept: dict[tuple[bool, int], float] = {}  # _hand_value by (enters, card played)
        for action in actions:
            after = self.toc._apply_action(state, action)
            kind = (isinstance(action, Enter), 11 if isinstance(action, Swap) else action.card)
            hand_value = kept.get(kind)
            if hand_value is None:
                hand_value = kept[kind] = self._hand_value(view, action)
            score = self._best_after(after, {}) + hand_value
            if score > best_score + 1e-9:
                best, best_score = [action], score
            elif abs(score - best_score) <= 1e-9:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def _best_after(self, state: TocState, memo: dict[tuple[int, ...], float]) -> float:
        """The score after the action, searching the rest of a split 7 for its best end."""
        if state.phase == Phase.PLAY and state.pending is not None and state.turn == self.seat:
            key = (*state.positions, state.pending.remaining, state.pending.moved)
            if key not in memo:
                memo[key] = max(
                    self._best_after(self.toc._apply_action(state, part), memo)
                    for part in self.toc._legal_actions(state)
                )
            return memo[key]
        return self.evaluate(state)

    def _state(self, view: TocView) -> TocState:
        """The public board with only this seat's hand: enough to try its own cards."""
        n = view.players
        hands = tuple(view.hand if s == self.seat else () for s in range(n))
        return TocState(
            view.phase, view.turn, view.positions, view.protected, view.armed, hands,
            (1,) + (0,) * 13, (), view.played, view.pending, (0,) * n, ((),) * n, (0,) * n,
            view.deals, view.starter, view.turns, view.winners,
        )  # fmt: skip

    # -------------------------------------------------------------- evaluation
    def evaluate(self, state: TocState) -> float:
        """Own team's pawn values minus the opponents' (the strongest counts most)."""
        key = (state.positions, state.protected, state.winners)
        known = self._evaluated.get(key)
        if known is None:
            if len(self._evaluated) >= EVALUATIONS_KEPT:
                self._evaluated.clear()
            known = self._evaluated[key] = self._evaluate(state)
        return known

    def _evaluate(self, state: TocState) -> float:
        if state.winners:
            return 1e6 if self.seat in state.winners else -1e6
        threats = self._team_threats(state)
        values = [self._seat_value(state, seat, threats) for seat in range(self.toc.players)]
        mine = sum(values[s] for s in self.team)
        others: dict[int, float] = {}
        for seat, value in enumerate(values):
            if seat not in self.team:
                team = self.team_of[seat]
                others[team] = others.get(team, 0.0) + value
        if not others:
            return mine
        rivals = list(others.values())
        return mine - 0.6 * max(rivals) - 0.4 * sum(rivals) / len(rivals)

    def _seat_value(self, state: TocState, seat: int, threats: dict[int, int]) -> float:
        board = self.board
        ring = board.ring
        distance = _distances(board, seat)
        positions = state.positions
        own_team = self.team_of[seat]
        # ring cells an opponent of ``seat`` could land on with one common card
        danger = 0
        for team, mask in threats.items():
            if team != own_team:
                danger |= mask
        total = 0.0
        for pawn in range(seat * 4, seat * 4 + 4):
            cell = positions[pawn]
            if cell < 0:
                continue
            if cell >= board.zone_base:
                depth = (cell - board.zone_base) % 4
                total += OUT_BONUS + ring + HOME_BONUS + 2 * depth
                continue
            value = OUT_BONUS + (ring - distance[cell])
            if danger >> cell & 1 and not state.protected >> pawn & 1:
                value *= 1 - DANGER
            total += value
        return total

    def _team_threats(self, state: TocState) -> dict[int, int]:
        """Per team, the bitmask of ring cells its pawns could land on with one common
        card (computed once per position, for every seat's danger)."""
        ring = self.board.ring
        reach = self.reach
        team_of = self.team_of
        threats: dict[int, int] = {}
        for pawn, cell in enumerate(state.positions):
            if 0 <= cell < ring:
                team = team_of[pawn // 4]
                threats[team] = threats.get(team, 0) | reach[cell]
        return threats

    def _hand_value(self, view: TocView, action: TocAction) -> float:
        """A little value for keeping useful cards: a Parteu (not spent as a mere move)
        while pawns wait in the reserve, and a 4 for the backward trick."""
        if view.pending is not None or isinstance(action, (Give, Discard)):
            return 0.0  # the 7 already left the hand
        played = 11 if isinstance(action, Swap) else action.card
        hand = list(view.hand)
        hand.remove(played)
        start = self.seat * 4
        in_reserve = any(cell < 0 for cell in view.positions[start : start + 4])
        value = 0.0
        if in_reserve and (isinstance(action, Enter) or any(c in PARTEUX for c in hand)):
            value += PARTEU_KEPT
        if FOUR in hand:
            value += FOUR_KEPT
        return value

    # ----------------------------------------------------- discards and gifts
    def _discard(self, view: TocView, actions: list[TocAction]) -> TocAction:
        """Throw the least useful card: keep Parteux, the 7 and the 4 as long as possible."""
        keep = {KING: 9, JOKER: 9, ACE: 8, SEVEN: 6, FOUR: 5}

        def worth(action: TocAction) -> float:
            card = action.card if isinstance(action, Discard) else 0
            return keep.get(card, card / 10) - view.hand.count(card)

        return min(actions, key=worth)

    def _give(self, view: TocView, actions: list[TocAction]) -> TocAction:
        """Give the partner a Parteu when it has pawns waiting and one can be spared."""
        parteux = [a for a in actions if isinstance(a, Give) and a.card in PARTEUX]
        count = sum(1 for card in view.hand if card in PARTEUX)
        if parteux and count >= 2:
            return parteux[0]
        plain = [a for a in actions if isinstance(a, Give) and a.card not in PARTEUX]
        pool = plain or actions
        return min(pool, key=lambda a: a.card if isinstance(a, Give) else 0)

    # ------------------------------------------------------- evaluation (for ISMCTS)
    @staticmethod
    def ismcts_iterations(players: int) -> int:
        """ISMCTS's default budget with this bot as its guide: well under a second a move
        (evaluating a position costs more with more players; a two-player seat moves
        more pawns). Raised from 150/80/50 once the guide got cheaper."""
        return 250 if players <= 2 else 300 if players <= 4 else 150 if players <= 6 else 100

    def position_value(self, view: object) -> float:
        """How well this seat stands, from its view: larger is better (ISMCTS's hook).

        The bot's own evaluation of the public board (its team's pawns against the
        rival teams'), turned into a strength: exp(evaluation / POSITION_SCALE).
        """
        assert isinstance(view, TocView)
        if view.winners:
            return 1.0 if self.seat in view.winners else 0.0
        score = self.evaluate(self._state(view)) / POSITION_SCALE
        return math.exp(max(-50.0, min(50.0, score)))
