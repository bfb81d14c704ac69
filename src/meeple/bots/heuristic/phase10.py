"""A Phase 10 bot that plays the way a sensible person does.

It builds toward its phase (keeps the cards that bring it closest, measured by how many
cards are still missing), takes the discard only when that card helps, lays down as soon
as it can using numbered cards before Wilds, hits everything it can, discards its least
useful and costliest card while not feeding a neighbour who has laid down, and aims
Skips at the player closest to winning.

``ReadingBot`` plays the same way but chooses its discard with more care. Before it has
laid down, among discards that keep the same progress it keeps the most *outs* (unseen
cards that would bring its phase closer), then the cards that will go down with the
phase or can be hit on the table (fewer cards left in hand once down, so it goes out
sooner), and it reads the next player, who is the only one that can take its discard:
it remembers the cards that player passed over or threw away this round, samples that
player's hand consistent with them, and gives the card least likely to help. It also
plans each turn's lay-down and hits together (which cards and Wilds go where), to keep
the fewest cards in hand. ISMCTS starts from its choice.
"""

import math
import random
from dataclasses import dataclass
from typing import Any

from meeple.bots.base import Bot
from meeple.engine.protocol import AnyGame
from meeple.games.phase10.actions import BeginPhase, Discard, DrawStock, Hit, Place, TakeDiscard
from meeple.games.phase10.cards import (
    SKIP,
    WILD,
    add_sorted,
    colour_of,
    number_of,
    points,
    remove_one,
)
from meeple.games.phase10.config import GroupKind, Phase
from meeple.games.phase10.groups import fits
from meeple.games.phase10.phases import cards_used, missing_cards
from meeple.games.phase10.rules import Phase10Game
from meeple.games.phase10.state import BuildGroup, Phase10State, Stage
from meeple.games.phase10.view import Phase10View, unseen_counts


class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        settled = self.settled(view, legal)
        if settled is not None:
            return settled
        assert isinstance(view, Phase10View)
        game = self.game
        assert isinstance(game, Phase10Game)
        phase = _phase_for(game, view, self.seat)
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(discards, key=lambda d: self._discard_cost(view, d.card, phase))

    def settled(self, view: object, legal: tuple[object, ...]) -> object | None:
        """Every choice but which card to discard, by rule: the draw, laying down at
        once, placing and hitting, aiming a Skip (ISMCTS follows these unsearched)."""
        assert isinstance(view, Phase10View) and view.hand is not None
        if view.stage == Stage.DRAW:
            return self._draw(view, legal)
        laid = self._lay_or_hit(view, legal)
        if laid is not None:
            return laid
        skips = [a for a in legal if isinstance(a, Discard) and a.card == SKIP]
        if skips:
            return max(skips, key=lambda d: self._threat(view, d.target))
        return None

    def _draw(self, view: Phase10View, legal: tuple[object, ...]) -> object:
        """The discard pile's top when it helps, else the draw pile."""
        game = self.game
        assert isinstance(game, Phase10Game) and view.hand is not None
        seat = self.seat
        if TakeDiscard() in legal:
            top = view.discard[-1]
            if top == WILD:
                return TakeDiscard()
            if view.laid[seat]:
                if any(fits(group, top) for group in view.table):
                    return TakeDiscard()
            else:
                phase = _phase_for(game, view, seat)
                if missing_cards((*view.hand, top), phase) < missing_cards(view.hand, phase):
                    return TakeDiscard()
        return DrawStock() if DrawStock() in legal else legal[0]

    def _lay_or_hit(self, view: Phase10View, legal: tuple[object, ...]) -> object | None:
        """Lay down at once, numbered cards before Wilds (Wilds kept in hand can still be
        hit anywhere later), then hit the first fit (None: nothing to lay or hit)."""
        if BeginPhase() in legal:
            return BeginPhase()
        places = [a for a in legal if isinstance(a, Place)]
        if places:
            natural = [p for p in places if p.card != WILD]
            return (natural or places)[0]
        hits = [a for a in legal if isinstance(a, Hit)]
        if hits:
            natural_hits = [h for h in hits if h.card != WILD]
            return (natural_hits or hits)[0]
        return None

    def _threat(self, view: Phase10View, seat: int | None) -> tuple[int, int, int]:
        """How close ``seat`` is to winning: phase, phase down, fewest cards."""
        if seat is None:
            return (0, 0, 0)
        return (view.phase_index[seat], int(view.laid[seat]), -view.hand_sizes[seat])

    def _discard_cost(self, view: Phase10View, code: int, phase: Phase) -> tuple[int, ...]:
        """Lower is a better discard: keep progress, don't feed the next player, shed points."""
        assert view.hand is not None
        rest = remove_one(view.hand, code)
        if view.laid[self.seat]:
            progress = 1 if any(fits(group, code) for group in view.table) else 0
        else:
            progress = missing_cards(rest, phase)
        following = (self.seat + 1) % len(view.hand_sizes)
        feeds = int(
            code == WILD
            or (view.laid[following] and any(fits(group, code) for group in view.table))
        )
        return (progress, feeds, -points(code))

    # ------------------------------------------------------- evaluation (for ISMCTS)
    @staticmethod
    def ismcts_iterations(players: int) -> int:
        """ISMCTS's default budget with this bot as its guide: under a second a move
        (a rollout step and a cut-off valuation cost more with more players)."""
        return 200 if players <= 2 else 150 if players <= 4 else 120

    @staticmethod
    def ismcts_root_policy() -> type[Bot]:
        """The policy whose choice ISMCTS favours at its root: the reading bot."""
        return ReadingBot

    # Leave this bot's discard only on evidence: by two standard errors of the difference.
    ismcts_confidence = 2.0

    # Every discard on each sample, the reading bot's choice left only for one ahead by
    # two standard errors of the mean paired difference, with no prior. Unpaired, the
    # search left that choice in under 1% of its decisions at two players and never at
    # four, at any budget, so that it and the expert level played as the reading bot
    # does; paired, it leaves in about one decision in sixteen (docs/bots.md).
    ismcts_paired = True
    ismcts_prior = 0.0

    def position_value(self, view: object) -> float:
        """How well this seat stands, from its view: larger is better (ISMCTS's hook).

        Progress counts phases: those done, plus this round's (1 once laid down, else a
        chance that falls with the cards still missing and when someone else has laid
        down and may soon go out), plus a little for a laid-down hand close to going
        out; fewer penalty points break ties. The value grows exponentially with it.
        """
        assert isinstance(view, Phase10View) and view.hand is not None
        game = self.game
        assert isinstance(game, Phase10Game)
        seat = self.seat
        if view.winners:
            return 1.0 if seat in view.winners else 0.0
        phases = game.config.phases
        index = view.phase_index[seat]
        if not view.active[seat]:
            return 0.0  # out of a tie-break
        progress = float(index)
        if index < len(phases) or view.tiebreak:
            if view.laid[seat]:
                progress += 1.0 + 0.3 * (1.0 - len(view.hand) / 11.0)
            else:
                phase = phases[-1] if view.tiebreak else phases[index]
                chance = LAY_CHANCE[min(missing_cards(view.hand, phase), len(LAY_CHANCE) - 1)]
                others_down = [
                    view.hand_sizes[other]
                    for other in range(len(view.laid))
                    if other != seat and view.laid[other]
                ]
                if others_down:
                    chance *= min(1.0, 0.4 + 0.1 * min(others_down))
                progress += chance
        progress -= view.scores[seat] / 400.0
        return math.exp(1.2 * progress)


def _phase_for(game: Phase10Game, view: Phase10View, seat: int) -> Phase:
    """The phase ``seat`` is making this round, as its view shows (the last one in a
    tie-break, and still the last once all are done)."""
    phases = game.config.phases
    return phases[-1] if view.tiebreak else phases[min(view.phase_index[seat], len(phases) - 1)]


# Chance to lay the phase down this round with so many cards still missing (rough).
LAY_CHANCE = (0.95, 0.7, 0.45, 0.28, 0.16, 0.08, 0.04, 0.02)


# How many hands of the next player the reading bot samples per discard, how many of its
# latest unwanted cards they must agree with, and how many draws it may spend on that.
READ_SAMPLES = 16
READ_RECENT = 2
READ_TRIES = 4 * READ_SAMPLES


@dataclass(frozen=True, slots=True)
class _Discarded:
    """This bot's last discard: its round, the pile's length just after it, the card."""

    round: int
    length: int
    card: int


class ReadingBot(HeuristicBot):
    """The heuristic bot with a sharper discard: outs, cards that go down, and reading.

    Between discards that keep the same progress (and feed no laid-down neighbour), a
    seat that has not laid down keeps, in this order:

    1. the most outs: copies it cannot see of the cards that would bring its phase one
       card closer (the hand waits for whichever comes first);
    2. the cards its phase would take once laid (a fourth card of a set, a run's
       neighbours: ``cards_used``) or that fit a group on the table: those go down
       instead of staying in hand, so it goes out sooner, which ends the round on the
       others;
    3. the cards the next player is least likely to want. The next player is the only
       one who can take this seat's discard. After each of its own discards the bot
       looks, at its next turn, at what became of the card: passed over (the next player
       drew from the stock) or taken, and what the next player threw away. Those are
       cards the next player does not want. It samples that player's hand
       (``determinize`` from its own view) consistent with the latest of them (adding
       one would not bring that hand closer to its phase, as the heuristic judges), and
       counts how often each card would help that hand;

    and only then sheds points, as the heuristic does. Once down it discards as the
    heuristic does, sparing the next player's sampled hands before points.

    It lays down and hits by a plan for the whole turn (``LayPlan``), where the
    heuristic lays numbered cards first and hits the first fit.

    Screened against the heuristic bot (1,000 games a seed, seats rotated) the reading
    bot without the plan won 66.6%, 63.4% and 65.9% at two players (seeds 9501 to
    9503), with it 71.1%, 67.0% and 67.4%; one against three, 30.5% and 30.8% of 400
    (seed 9502) and 34.0% of 1,200 (seed 7001).
    ``benchmarks/strength.py --pair meeple.bots.heuristic.phase10:ReadingBot heuristic``
    measures it. ISMCTS uses it for its root choice in Phase 10, and follows
    its plan for its own lay-down and hits.
    """

    name = "reading"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._round = -1
        self._mine: _Discarded | None = None
        self._unwanted: list[int] = []  # cards the next player passed or threw, this round
        self._helps: dict[int, int] | None = None  # per card, in sampled next hands
        self._unseen: list[tuple[int, int]] | None = None  # (a card, unseen copies) per class
        self._last_read: Phase10View | None = None
        self._plan_turn: tuple[int, int, int] | None = None  # the turn this plan is for
        self._plan: dict[object, tuple[PlanValue, object | None]] = {}

    @property
    def unwanted(self) -> tuple[int, ...]:
        """The cards the next player passed over or threw away this round, oldest first."""
        return tuple(self._unwanted)

    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        assert isinstance(view, Phase10View)
        self._read(view)
        self._helps = self._unseen = None
        choice = super().choose(view, legal)
        self._remember(view, choice)
        return choice

    def _lay_or_hit(self, view: Phase10View, legal: tuple[object, ...]) -> object | None:
        """The next step of this turn's plan for laying down and hitting (None: stop and
        discard), planned at the turn's first such step (``LayPlan``); the heuristic's
        rule where the plan is too large to make."""
        if not any(isinstance(action, (BeginPhase, Place, Hit)) for action in legal):
            return None
        turn = (view.round, len(view.discard), view.draw_pile_size)
        if self._plan_turn != turn:
            self._plan_turn = turn
            self._plan = LayPlan(self.game, self.seat, view).steps
        step = self._plan.get(_plan_key(view.stage, view.hand, view.table, view.building))
        if step is None or (step[1] is None and view.stage == Stage.LAYING):
            return super()._lay_or_hit(view, legal)
        return step[1]

    def observe(self, view: object, action: object) -> None:
        """A view this seat was shown and the action it took there, chosen by this bot
        or not (ISMCTS calls this on every decision of its seat)."""
        assert isinstance(view, Phase10View)
        self._read(view)
        self._remember(view, action)

    def _read(self, view: Phase10View) -> None:
        """At the first decision of a turn, read what became of this seat's last
        discard (reading a view twice changes nothing)."""
        if view is self._last_read:
            return
        self._last_read = view
        if view.round != self._round:
            self._round = view.round
            self._unwanted = []
            self._mine = None
        mine = self._mine
        if mine is None:
            return
        self._mine = None
        pile = view.discard
        if mine.round != view.round or len(pile) < mine.length:
            return
        if pile[mine.length - 1] == mine.card:
            self._unwanted.append(mine.card)  # passed over: drawn from the stock instead
            thrown = pile[mine.length] if len(pile) > mine.length else None
        else:
            thrown = pile[mine.length - 1]  # taken, and this thrown in its place
        if thrown is not None and thrown < WILD:
            self._unwanted.append(thrown)

    def _remember(self, view: Phase10View, action: object) -> None:
        if isinstance(action, Discard) and action.card != SKIP:
            self._mine = _Discarded(view.round, len(view.discard) + 1, action.card)

    def _discard_cost(self, view: Phase10View, code: int, phase: Phase) -> tuple[int, ...]:
        progress, feeds, shed = super()._discard_cost(view, code, phase)
        if self._helps is None:
            self._helps = self._helps_next(view)
        helps = self._helps.get(code, 0)
        if view.laid[self.seat] or progress == 0 or code >= WILD:
            return (progress, feeds, 0, 0, helps, shed)
        # Not yet down: after progress, keep the most ways to come closer (outs), then
        # the cards that will go down with the phase, then spare the next player.
        assert view.hand is not None
        rest = remove_one(view.hand, code)
        outs = self._outs(view, rest, phase, progress)
        spare = int(
            cards_used(rest, phase) < cards_used(view.hand, phase)
            or any(fits(group, code) for group in view.table)
        )
        return (progress, feeds, -outs, spare, helps, shed)

    def _outs(self, view: Phase10View, rest: tuple[int, ...], phase: Phase, short: int) -> int:
        """How many of the cards this seat cannot see would bring ``rest`` closer to
        ``phase`` (Wilds left out: they would for every discard alike)."""
        if self._unseen is None:
            game = self.game
            assert isinstance(game, Phase10Game)
            by_colour = phase[0].kind == GroupKind.COLOUR
            classes: dict[int, list[int]] = {}
            for code, count in enumerate(unseen_counts(view, game.config.mattel_skips)[:WILD]):
                if count:
                    key = colour_of(code) if by_colour else number_of(code)
                    classes.setdefault(key, [code, 0])[1] += count
            self._unseen = [(code, count) for code, count in classes.values()]
        return sum(
            count
            for code, count in self._unseen
            if missing_cards(add_sorted(rest, code), phase) < short
        )

    def _helps_next(self, view: Phase10View) -> dict[int, int]:
        """For each card in hand, in how many of READ_SAMPLES sampled hands of the next
        player it would be taken (it brings that hand closer to its phase, or is a Wild);
        empty when the next player has laid down (the heuristic's feeding rule covers
        that) or is out of a tie-break."""
        game = self.game
        assert isinstance(game, Phase10Game) and view.hand is not None
        following = (self.seat + 1) % len(view.hand_sizes)
        if view.laid[following] or not view.active[following]:
            return {}
        phase = _phase_for(game, view, following)
        recent = self._unwanted[-READ_RECENT:]
        helps = dict.fromkeys(view.hand, 0)
        helps.pop(SKIP, None)
        samples = tries = 0
        while samples < READ_SAMPLES:
            tries += 1
            hand = game.determinize(view, self.rng).hands[following]
            short = missing_cards(hand, phase)
            if tries < READ_TRIES and any(
                missing_cards(add_sorted(hand, card), phase) < short for card in recent
            ):
                continue  # this hand would have wanted a card the player let go
            samples += 1
            for card in helps:
                if card == WILD or missing_cards(add_sorted(hand, card), phase) < short:
                    helps[card] += 1
        return helps


# A plan's worth at its end (lower is better): cards left in hand, minus the unseen
# cards that would fit the table, points in hand.
PlanValue = tuple[int, int, int]
OUT: PlanValue = (-1, 0, 0)  # the hand is empty: the round is over
NOT_DOWN: PlanValue = (100, 0, 0)  # the phase is not down


def _plan_key(
    stage: Stage, hand: object, table: object, building: tuple[BuildGroup, ...]
) -> object:
    """What a plan's step depends on: the same for a view and the state behind it (the
    order in which cards went into a group does not matter)."""
    groups = tuple((g.key, tuple(sorted(g.cards)), tuple(sorted(g.values))) for g in building)
    return (stage, hand, table, groups)


# The most positions a plan searches (a tenth of a second or so; plans of 2,000 or more
# are rare, a few hands of many Wilds by a long table need more).
PLAN_LIMIT = 5000


class _TooLarge(Exception):
    """A plan that would search more than PLAN_LIMIT positions."""


class LayPlan:
    """The reading bot's lay-down and hits for one turn, planned together.

    The heuristic places numbered cards first and hits the first fit it finds, so that a
    Wild may go to the low end of a run while a card in hand waits at the high end, or
    a run's window be the lowest the hand allows. The plan searches every way to lay
    the phase (which cards go into which group, what each Wild stands for) and every
    order and place of the hits after it, on the table as it is, and keeps the way that
    leaves, in this order: the fewest cards in hand (none: the round is over); the most
    unseen cards that would fit the table (ways to go out sooner); the fewest points.
    ``steps`` maps every position searched to its value and its best next step (None:
    stop and discard); it is empty for a plan that would search more than
    ``PLAN_LIMIT`` positions. Only this seat's hand and the table matter to it: the
    hidden hands of the state it searches from are dealt by a generator of its own.
    """

    def __init__(self, game: AnyGame, seat: int, view: Phase10View) -> None:
        assert isinstance(game, Phase10Game)
        self.game = game
        self.seat = seat
        self.start = game.determinize(view, random.Random(0))
        self.round = view.round
        self.unseen = [
            (code, count)
            for code, count in enumerate(unseen_counts(view, game.config.mattel_skips)[:WILD])
            if count
        ]
        self.steps: dict[object, tuple[PlanValue, object | None]] = {}
        try:
            self._search(self.start)
        except _TooLarge:
            self.steps = {}  # no plan: the heuristic's rule lays and hits

    def _search(self, state: Phase10State) -> PlanValue:
        if state.round != self.round or state.stage not in (Stage.PLAY, Stage.LAYING):
            return OUT
        key = _plan_key(state.stage, state.hands[self.seat], state.table, state.building)
        known = self.steps.get(key)
        if known is not None:
            return known[0]
        if len(self.steps) >= PLAN_LIMIT:
            raise _TooLarge
        legal: tuple[object, ...] = self.game.legal_actions_unchecked(state)
        if state.stage == Stage.LAYING:
            best: tuple[PlanValue, object | None] = ((999, 0, 0), None)
            legal = _canonical_places(state, legal)
        else:
            best = (self._value(state), None)  # stop here and discard
        for action in legal:
            if isinstance(action, (BeginPhase, Place, Hit)):
                value = self._search(self.game.apply_unchecked(state, action))
                if value < best[0]:
                    best = (value, action)
        self.steps[key] = best
        return best[0]

    def _value(self, state: Phase10State) -> PlanValue:
        if not state.laid[self.seat]:
            return NOT_DOWN
        hand = state.hands[self.seat]
        fit = sum(count for code, count in self.unseen if any(fits(g, code) for g in state.table))
        return (len(hand), -fit, sum(map(points, hand)))


def _canonical_places(state: Phase10State, legal: tuple[object, ...]) -> tuple[object, ...]:
    """Each way to fill the phase once: the first group not yet full, its cards in
    non-decreasing (card, value) order."""
    for index, group in enumerate(state.building):
        if len(group.cards) < group.size:
            last = max(zip(group.cards, group.values, strict=True), default=(-1, -1))
            return tuple(
                a
                for a in legal
                if isinstance(a, Place) and a.group == index and (a.card, a.value) >= last
            )
    return ()
