"""A Toquer bot that plays like a sensible person, from its view and the legal actions.

It estimates each face-down card at the mean of the cards it has not seen, and scores
each choice by the change in its own expected points, plus bonuses for triples it can
clear, for pairs that may become triples, for revealing (information and pace), and a
bonus or penalty for ending the round depending on whether it would be ahead.
"""

import math
import random
from collections.abc import Mapping
from typing import cast

from meeple.bots.base import Bot
from meeple.engine.protocol import AnyGame
from meeple.games.toquer import ToquerGame
from meeple.games.toquer.actions import (
    Clear,
    DiscardReveal,
    DrawDiscard,
    DrawStock,
    Give,
    Knock,
    Refuse,
    Swap,
    Take,
    ToquerAction,
)
from meeple.games.toquer.layout import DOWN, EMPTY, UP, Geometry
from meeple.games.toquer.state import KNOCKED, Phase
from meeple.games.toquer.view import ToquerView, unseen_counts

PAIR_WEIGHT = 0.35  # per point of a positive card that sits next to an equal one
REVEAL_BASE = 0.4  # information and pace, for revealing a face-down card of one's own
KNOCK_THRESHOLD = 2.5  # points a knock must gain (the active player then takes a card)
ACCEPT_MARGIN = 0.5  # what a knock must be worth more than keeping the card
GIVE_PENALTY = 1.0  # the knocker gains too
PATIENCE = 12  # turns per player after which the bot stops fearing to end the round
POSITION_SCALE = 8.0  # expected points per factor e of ISMCTS strength
NONE = float("-inf")  # (no use found)
FRAMES_KEPT = 1 << 14  # frames whose neighbours a bot remembers (then it forgets)

# What putting a card at one frame position depends on, the card aside (``_Table.spot``)
Spot = tuple[bool, float, frozenset[int | None], float, bool]
Beside = dict[int, frozenset[int | None]]  # per frame position, the values beside it
Placed = list[tuple[int, Spot]]  # frame positions with their spots
# Where a card's best use can be: (the best plain slots, the round-ending slots, per card
# value the slots beside an equal card), and per card its best utility off the round-ending
# slots, filled as cards are asked about (``_Table._use_candidates``, ``best_use``)
Candidates = tuple[Placed, Placed, dict[int | None, Placed], dict[int, float]]


class HeuristicBot(Bot):
    name = "heuristic"

    def __init__(self, game: AnyGame, seat: int, rng: random.Random) -> None:
        super().__init__(game, seat, rng)
        self.toquer = cast(ToquerGame, game)
        g = self.toquer.geometry
        # per seat: the lines (frame positions) through each frame position
        self.lines_through = tuple(
            {p: tuple(line for line in g.lines[s] if p in line) for p in range(3 * g.width)}
            for s in range(g.players)
        )
        # _Table.beside by (seat, what its frame shows): the same frames recur
        self.beside_by_frame: dict[tuple[int, tuple[int | str, ...]], Beside] = {}
        # _Table's use candidates by (what my frame shows, the estimate, last turn)
        self.candidates_by_frame: dict[tuple[tuple[int | str, ...], float, bool], Candidates] = {}

    # ------------------------------------------------------------------ the choice
    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        v = cast(ToquerView, view)
        actions = cast(tuple[ToquerAction, ...], legal)
        if len(actions) == 1:
            return actions[0]
        table = _Table(self, v)
        scored = [(table.utility(a), a) for a in actions]
        best = max(u for u, _ in scored)
        ties = [a for u, a in scored if u >= best - 1e-9]
        return ties[self.rng.randrange(len(ties))]

    # ------------------------------------------------------- evaluation (for ISMCTS)
    # At two players, rollouts of 6 steps before the cut, not 12, with twice the
    # iterations: an iteration costs about half (59 random engine steps from 115), and
    # against this bot the search won 96.7% of 60 games where 300 iterations of 12 steps
    # won 78.3%. With more players the 6-step setting won 41.2% of 80 games as one against
    # three (49.2% of 60 before, at 150 iterations of 12 steps): not shown better, so
    # three players or more keep 300 iterations of ISMCTS's own depth (12 steps).
    @staticmethod
    def ismcts_depth(players: int) -> int | None:
        """ISMCTS's rollout steps before the cut with this bot as its guide (None: the
        search's own default)."""
        return 6 if players == 2 else None

    @staticmethod
    def ismcts_iterations(players: int) -> int:
        """ISMCTS's default budget with this bot as its guide: well under a second a move
        (100 at two players and 150 above at first, 300 once the guide got cheaper, 600
        at two players with 6-step rollouts)."""
        return 600 if players == 2 else 300

    def position_value(self, view: object) -> float:
        """How well this seat stands, from its view: larger is better (ISMCTS's hook).

        The score so far plus this round's expected points (face-down cards at the mean
        of the unseen ones), fewer being better: exp(-points / POSITION_SCALE). In the
        race variant, the cards still to clear instead.
        """
        v = cast(ToquerView, view)
        if v.winners:
            return 1.0 if self.seat in v.winners else 0.0
        geometry = self.toquer.geometry
        if self.toquer.config.goal == "race":
            start, stop = geometry.own_range(self.seat)
            left = sum(1 for face in v.faces[start:stop] if face != EMPTY)
            return math.exp(-left / 3.0)
        # (not a whole _Table: ISMCTS asks this of every seat at every cut)
        mean = _mean(unseen_counts(self.toquer.deck, v))
        points = v.scores[self.seat] + expected_points(geometry, v, self.seat, mean)
        return math.exp(max(-50.0, min(50.0, -points / POSITION_SCALE)))


def _mean(unseen: Mapping[int, int]) -> float:
    """A face-down card's estimate: the mean of the unseen cards (counted by value).

    The last answer is kept by the identity of ``unseen_counts``'s shared answer, which
    every seat's view of a state gets."""
    global _last_mean
    if _last_mean[0] is unseen:
        return _last_mean[1]
    total = sum(unseen.values())
    mean = sum(value * count for value, count in unseen.items()) / total if total else 5.0
    _last_mean = (unseen, mean)
    return mean


_last_mean: tuple[Mapping[int, int] | None, float] = (None, 5.0)


def expected_points(geometry: Geometry, view: ToquerView, seat: int, mean: float) -> float:
    """``seat``'s points this round as ``view`` shows them, face-down cards at ``mean``.

    Summed slot by slot, in order: the sum of the face-up cards plus ``mean`` times the
    face-down ones is the same number but for the last bits, and where two moves tie
    that is enough to turn ISMCTS's choice and its games (the strength figures were
    measured with this order)."""
    start, stop = geometry.own_range(seat)
    faces, cards = view.faces, view.cards
    return sum(
        [
            cards[s] if faces[s] == UP else mean if faces[s] == DOWN else 0.0
            for s in range(start, stop)
        ]
    )


class _Table:
    """One decision's estimates, from the bot's view."""

    def __init__(self, bot: HeuristicBot, view: ToquerView) -> None:
        self.bot, self.view = bot, view
        self.game = bot.toquer
        self.geometry = self.game.geometry
        self.me = bot.seat
        self.frame = self.geometry.frames[self.me]
        unseen = unseen_counts(self.game.deck, view)
        self.unseen = unseen
        self._runs: dict[
            tuple[int, tuple[int, ...]], tuple[list[int | None], list[int], dict[int, int]]
        ] = {}
        self._spots: dict[int, Spot] = {}
        self.mean = _mean(unseen)
        self.last_turn = view.ender is not None
        self.gaps_break = self.game.config.gaps_break_adjacency
        self.race = self.game.config.goal == "race"
        # grows from 0 as the round lasts longer than a usual round
        self.impatience = view.round_turns / (PATIENCE * view.players)
        start, stop = self.geometry.own_range(self.me)
        self.face_down = view.faces[start:stop].count(DOWN)  # my face-down cards
        faces = view.faces
        # my playable frame positions that hold a card, and the face-down ones
        self.playable = [
            p for p in self.geometry.playable[self.me] if faces[self.frame[p]] != EMPTY
        ]
        self.downs = [p for p in self.playable if faces[self.frame[p]] == DOWN]
        self._best_reveal: float | None = None
        self._candidates: Candidates | None = None
        # per (seat, position): the card values beside it in its lines (any other card
        # makes neither a pair nor a triple there)
        self._beside: dict[int, Beside] = {}
        own = [self.expected_points(s) for s in range(view.players)]
        self.expected = own
        others = [own[s] for s in range(view.players) if s != self.me]
        self.ahead = own[self.me] < min(others) if others else True

    # ------------------------------------------------------------------ estimates
    def value(self, slot: int) -> float:
        face = self.view.faces[slot]
        if face == UP:
            return self.view.cards[slot]
        return self.mean if face == DOWN else 0.0

    def expected_points(self, seat: int) -> float:
        return expected_points(self.geometry, self.view, seat, self.mean)

    def is_mine(self, slot: int) -> bool:
        return self.geometry.owner[slot] == self.me

    def my_face_down(self) -> int:
        return self.face_down

    def end_bonus(self, my_points: float) -> float:
        """Ending the round now: good when ahead, costly (doubling) when not."""
        others = [self.expected[s] for s in range(self.view.players) if s != self.me]
        best_other = min(others) - 2.0 if others else my_points + 1
        if my_points < best_other:
            return 2.0
        # Fear of the doubled score fades as the round drags on, so that bots who all
        # refuse to end a round still end it.
        return (-max(my_points, 0.0) - 3.0) * max(0.0, 1.0 - self.impatience)

    def run(
        self, seat: int, line: tuple[int, ...]
    ) -> tuple[list[int | None], list[int], dict[int, int]]:
        """A line as it stands: values (None: face down or a breaking gap), slots, and
        the index of each frame position in it. Empty slots are skipped (or break)."""
        key = (seat, line)
        cached = self._runs.get(key)
        if cached is not None:
            return cached
        frame = self.geometry.frames[seat]
        faces, cards = self.view.faces, self.view.cards
        values: list[int | None] = []
        slots: list[int] = []
        index: dict[int, int] = {}
        for p in line:
            slot = frame[p]
            face = faces[slot]
            if face == EMPTY:
                if self.gaps_break:
                    values.append(None)
                    slots.append(-1)
                continue
            index[p] = len(values)
            values.append(cards[slot] if face == UP else None)
            slots.append(slot)
        self._runs[key] = (values, slots, index)
        return values, slots, index

    def line_effects(self, seat: int, position: int, card: int) -> tuple[float, float]:
        """(best triple gain, pair bonus) of ``card`` face up at ``position`` of
        ``seat``'s frame: the triple gain is what clearing would take off my points."""
        if card not in self.beside(seat, position):
            return 0.0, 0.0  # (what the loop below finds for a card unlike its neighbours)
        best_triple = 0.0
        pairs = 0
        owner, me = self.geometry.owner, self.me
        for line in self.bot.lines_through[seat][position]:
            values, slots, index = self.run(seat, line)
            i = index[position]
            last = len(values) - 1
            left = i > 0 and values[i - 1] == card
            right = i < last and values[i + 1] == card
            # a pair counts only with a card of my own: a neighbour's card may be swapped
            # away on their turn
            pairs += (left and owner[slots[i - 1]] == me) + (right and owner[slots[i + 1]] == me)
            windows = []
            if left and i > 1 and values[i - 2] == card:
                windows.append(i - 2)
            if left and right:
                windows.append(i - 1)
            if right and i < last - 1 and values[i + 2] == card:
                windows.append(i)
            for first in windows:
                mine = sum(card for s in slots[first : first + 3] if owner[s] == me)
                best_triple = max(best_triple, float(mine))
        if self.last_turn or card <= 0 or owner[self.geometry.frames[seat][position]] != me:
            return best_triple, 0.0
        return best_triple, PAIR_WEIGHT * card * pairs

    def frame_shows(self, seat: int) -> tuple[int | str, ...]:
        """What ``seat``'s frame shows: each slot's card face up, else its face."""
        faces, cards = self.view.faces, self.view.cards
        return tuple(cards[slot] if faces[slot] == UP else faces[slot]
                     for slot in self.geometry.frames[seat])  # fmt: skip

    def beside(self, seat: int, position: int) -> frozenset[int | None]:
        """The values next to ``position`` of ``seat``'s frame in each of its lines."""
        known = self._beside.get(seat)
        if known is None:
            # (the same frame recurs across a search's iterations: remembered by the
            # bot, by what the frame shows)
            key = (seat, self.frame_shows(seat))
            remembered = self.bot.beside_by_frame
            known = remembered.get(key)
            if known is None:
                values: dict[int, set[int | None]] = {}
                for line in self.geometry.lines[seat]:  # (every position of a seat at once)
                    run, _, index = self.run(seat, line)
                    for p, i in index.items():
                        near = values.setdefault(p, set())
                        near.update(run[max(0, i - 1) : i])
                        near.update(run[i + 1 : i + 2])
                if len(remembered) >= FRAMES_KEPT:
                    remembered.clear()
                known = remembered[key] = {p: frozenset(near) for p, near in values.items()}
            self._beside[seat] = known
        return known[position]

    def spot(self, position: int) -> Spot:
        """What putting any card at ``position`` of my frame depends on, the card aside:
        (the slot is mine, its value now, the values beside it, the pair bonus its card
        up there loses, whether filling it turns my last face-down card)."""
        known = self._spots.get(position)
        if known is None:
            slot = self.frame[position]
            old_face = self.view.faces[slot]
            mine = self.is_mine(slot)
            old_pairs = 0.0
            if old_face == UP:
                old = self.view.cards[slot]
                if old > 0 and not self.last_turn:
                    _, old_pairs = self.line_effects(self.me, position, old)
            ends = mine and old_face == DOWN and self.face_down == 1 and not self.last_turn
            known = (mine, self.value(slot), self.beside(self.me, position), old_pairs, ends)
            self._spots[position] = known
        return known

    def place(self, card: int, position: int) -> float:
        """Utility of putting ``card`` face up at ``position`` of my frame."""
        return self._put(card, position, self.spot(position))

    def _put(
        self,
        card: int,
        position: int,
        spot: Spot,
    ) -> float:
        """``place`` with the position's ``spot`` at hand."""
        mine, value, beside, old_pairs, ends = spot
        utility = 0.0
        if mine:
            utility -= card - value
        triple = 0.0
        if card in beside:  # (elsewhere the card makes neither a pair nor a triple)
            triple, pairs = self.line_effects(self.me, position, card)
            utility += triple + pairs
        if old_pairs:
            utility -= old_pairs
        if ends:
            after = self.expected[self.me] + card - value - triple
            utility += self.end_bonus(after)
        return utility

    def reveal(self, position: int) -> float:
        slot = self.frame[position]
        if not self.is_mine(slot) or self.last_turn:
            return 0.1
        utility = REVEAL_BASE + (0.6 if self.ahead else -0.2) + 2.0 * self.impatience
        if self.my_face_down() == 1:
            utility += self.end_bonus(self.expected[self.me])
        return utility

    def best_use(self, card: int, may_discard: bool) -> float:
        """The best utility of a card in hand: swapped in, or discarded for a reveal."""
        plain, ending, by_value, known = self.candidates()
        put = self._put
        # (off the round-ending positions, a card's best depends on what the candidates
        # do: remembered with them)
        best = known.get(card)
        if best is None:
            spots = (*plain, *by_value.get(card, ()))
            best = known[card] = max([put(card, p, spot) for p, spot in spots], default=NONE)
        for position, spot in ending:
            utility = put(card, position, spot)
            if utility > best:
                best = utility
        if best == NONE:
            best = -99.0
        if may_discard and self.downs:
            if self._best_reveal is None:
                self._best_reveal = max(self.reveal(p) for p in self.downs)
            best = max(best, self._best_reveal)
        return best

    def candidates(self) -> Candidates:
        """``_use_candidates``, remembered by the bot: they depend on my frame, the
        estimate of a face-down card and whether this is the last turn alone."""
        candidates = self._candidates
        if candidates is None:
            key = (self.frame_shows(self.me), self.mean, self.last_turn)
            remembered = self.bot.candidates_by_frame
            candidates = remembered.get(key)
            if candidates is None:
                if len(remembered) >= FRAMES_KEPT:
                    remembered.clear()
                candidates = remembered[key] = self._use_candidates()
            self._candidates = candidates
        return candidates

    def _use_candidates(self) -> Candidates:
        """The positions where a card's best use can be, whatever the card: a card
        unlike its neighbours and not ending the round scores ``value - card - lost
        pairs`` on a slot of mine and ``-lost pairs`` elsewhere, so of those only the
        best slot of mine and the best other can win (a triple or a pair only adds);
        then every position that ends the round, and per card value the positions it
        would sit beside an equal card (``best_use`` tries only these)."""
        plain: dict[bool, tuple[float, int, Spot]] = {}
        ending: Placed = []
        by_value: dict[int | None, Placed] = {}
        for position in self.playable:
            spot = self.spot(position)
            mine, value, beside, old_pairs, ends = spot
            if ends:
                ending.append((position, spot))
                continue
            for near in beside:
                by_value.setdefault(near, []).append((position, spot))
            worth = value - old_pairs if mine else -old_pairs
            if mine not in plain or worth > plain[mine][0]:
                plain[mine] = (worth, position, spot)
        return [(p, spot) for _, p, spot in plain.values()], ending, by_value, {}

    def stock_value(self) -> float:
        """The expected best use of a card from the stock."""
        if not self.unseen:
            return 0.0
        total = sum(self.unseen.values())
        return sum(n / total * self.best_use(card, True) for card, n in self.unseen.items())

    def take_value(self, knocker: int, position: int) -> float:
        """Knock step 3: the best place for the knocker's card at ``position``."""
        slot = self.geometry.frames[knocker][position]
        face = self.view.faces[slot]
        card = self.view.cards[slot] if face == UP else round(self.mean)
        options = [
            self.place(card, p)
            for p in self.geometry.playable[self.me]
            if self.view.faces[self.frame[p]] != EMPTY and self.frame[p] != slot
        ]
        loss_for_knocker = 0.2 * (self.mean - card) if face == UP else 0.0
        return max(options, default=-99.0) + loss_for_knocker

    # ----------------------------------------------------------------- utilities
    def utility(self, action: ToquerAction) -> float:
        view = self.view
        match action:
            case Swap():
                card = view.taken if view.phase is Phase.KNOCK_PLACE else view.drawn
                return self.place(card if card is not None else 0, action.position)
            case DiscardReveal():
                return self.reveal(action.position)
            case Clear():
                return self.clear_value(action)
            case DrawDiscard():
                top = view.discard[-1]
                return self.best_use(top, not self.game.config.discard_draw_must_keep) + 0.01
            case DrawStock():
                return self.stock_value()
            case Knock():
                return self.knock_value() - KNOCK_THRESHOLD
            case Refuse():
                card = view.drawn if view.drawn is not None else 0
                return self.best_use(card, True)
            case Give():
                return self.give_value(action.seat)
            case Take() if view.knocker is not None:  # a take serves the knocker
                return self.take_value(view.knocker, action.position)
        return 0.0  # stopping a clearing, passing, revealing: nothing to weigh

    def clear_value(self, action: Clear) -> float:
        mine = other = 0.0
        for p in (action.first, action.second, action.third):
            slot = self.frame[p]
            value = float(self.view.cards[slot])
            if self.is_mine(slot):
                mine += value
            else:
                other += value
        utility = mine - 0.3 * other
        if self.race and mine:
            utility += 10.0
        return utility

    def knock_value(self) -> float:
        """What taking the drawn card would gain: mostly a triple to clear at once."""
        card = self.view.drawn
        if card is None:
            return 0.0
        faces = self.view.faces
        best = 0.0
        for p in self.geometry.playable[self.me]:
            slot = self.frame[p]
            if faces[slot] == EMPTY:
                continue
            triple, _ = self.line_effects(self.me, p, card)
            if triple > 0:
                gain = triple - (card - self.value(slot) if self.is_mine(slot) else 0)
                best = max(best, gain)
        return best

    def give_value(self, knocker: int) -> float:
        faces = self.view.faces
        frame = self.geometry.frames[knocker]
        best = max(
            (
                self.take_value(knocker, p)
                for p in self.geometry.playable[knocker]
                if faces[frame[p]] != EMPTY
            ),
            default=-99.0,
        )
        return best - GIVE_PENALTY - ACCEPT_MARGIN

    def _knockers(self) -> list[int]:
        return [s for s, v in enumerate(self.view.votes) if v == KNOCKED]
