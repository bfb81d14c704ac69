"""Phase 10's rules: legal actions, transitions and chance (see this package's README).

Sources are tagged as in the spec: seed (the Japanese rule text), official (Mattel's
sheet), common, default (our choice, an option).
"""

import random
from collections import Counter
from typing import TypeVar

from meeple.engine.errors import InvalidActionError
from meeple.engine.options import OptionValue
from meeple.engine.protocol import (
    CHANCE,
    TERMINAL,
    Announcement,
    Game,
    GameResult,
    standard_returns,
)
from meeple.engine.values import evolver
from meeple.games.phase10 import notation
from meeple.games.phase10.actions import (
    BeginPhase,
    Discard,
    DrawStock,
    Hit,
    Phase10Action,
    Place,
    TakeDiscard,
)
from meeple.games.phase10.cards import (
    KINDS,
    NUMBERS,
    SKIP,
    WILD,
    add_sorted,
    card_name,
    colour_of,
    deck_counts,
    deck_list,
    full_inventory,
    number_of,
    points,
    remove_one,
)
from meeple.games.phase10.config import SPEC, Config
from meeple.games.phase10.phases import (
    GroupKind,
    Partial,
    Phase,
    can_complete,
    can_make_phase,
    describe_phase,
)
from meeple.games.phase10.state import (
    BuildGroup,
    Deal,
    Draw,
    LaidGroup,
    Phase10Outcome,
    Phase10State,
    RoundSummary,
    Stage,
)
from meeple.games.phase10.view import Phase10View, determinize, make_view, redeal_hidden

HAND_SIZE = 10
replace = evolver(Phase10State)
T = TypeVar("T")


def _drop_known(known: tuple[int, ...], code: int) -> tuple[int, ...]:
    return remove_one(known, code) if code in known else known


def fits(group: LaidGroup, code: int) -> tuple[bool, ...]:
    """The ends (``high`` values) at which ``code`` can be hit onto ``group`` (official)."""
    if code == SKIP:
        return ()  # a Skip is never hit
    if group.kind == GroupKind.RUN:
        low, high = group.key - 1, group.key + len(group.cards)
        if code == WILD:
            return tuple(end for end, value in ((False, low), (True, high)) if 1 <= value <= 12)
        value = number_of(code)
        return (False,) if value == low else (True,) if value == high else ()
    if code == WILD:
        return (True,)
    own = number_of(code) if group.kind == GroupKind.SET else colour_of(code)
    return (True,) if own == group.key else ()


def _partial(group: BuildGroup) -> Partial:
    mask = 0
    if group.kind == GroupKind.RUN:
        for value in group.values:
            mask |= 1 << value
    return Partial(
        group.kind,
        group.size,
        group.key,
        len(group.cards),
        mask,
        any(code != WILD for code in group.cards),
    )


def _place(group: BuildGroup, code: int, value: int) -> BuildGroup | None:
    """``group`` with ``code`` standing for ``value``, or None if it cannot go there."""
    natural = code != WILD
    if group.kind == GroupKind.RUN:
        if natural and value != number_of(code):
            return None
        if value in group.values or not 1 <= value <= 12:
            return None
        values = (*group.values, value)
        if max(values) - min(values) >= group.size:
            return None
        return BuildGroup(group.kind, group.size, -1, (*group.cards, code), values)
    own = (
        (number_of(code) if group.kind == GroupKind.SET else colour_of(code)) if natural else value
    )
    limit = 12 if group.kind == GroupKind.SET else 3
    first = 1 if group.kind == GroupKind.SET else 0
    if own != value or not first <= value <= limit or group.key not in (-1, value):
        return None
    if len(group.cards) >= group.size:
        return None  # extra cards go on by hitting once the phase is down
    return BuildGroup(group.kind, group.size, value, (*group.cards, code), (*group.values, value))


def _laid_group(owner: int, group: BuildGroup) -> LaidGroup:
    if group.kind == GroupKind.RUN:
        ordered = sorted(zip(group.values, group.cards, strict=True))
        return LaidGroup(owner, group.kind, ordered[0][0], tuple(code for _, code in ordered))
    return LaidGroup(owner, group.kind, group.key, group.cards)


class Phase10Game(Game[Phase10State, Phase10Action, Phase10Outcome, Phase10View]):
    """Phase 10 for 2-6 players."""

    spec = SPEC
    state_type = Phase10State
    action_type = Phase10Action
    outcome_type = Phase10Outcome
    view_type = Phase10View

    def __init__(self, players: int, options: dict[str, OptionValue] | None = None) -> None:
        super().__init__(players, options)
        self.config = Config.from_options(self.options)

    # ---------------------------------------------------------------------- helpers
    def phase_of(self, state: Phase10State, seat: int) -> Phase:
        """The phase ``seat`` is making this round (the last one in a tie-break)."""
        phases = self.config.phases
        return phases[-1] if state.tiebreak else phases[state.phase_index[seat]]

    def _next_active(self, state: Phase10State, seat: int) -> int:
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if state.active[candidate]:
                return candidate
        raise AssertionError("no active seat")

    def skip_targets(self, state: Phase10State) -> tuple[int, ...]:
        """Seats the player to act may skip: any other player still in the round who has
        no Skip waiting (mattel) or has not been skipped this circuit (circuit)."""
        return tuple(
            seat
            for seat in range(self.players)
            if seat != state.turn
            and state.active[seat]
            and not state.skipped[seat]
            and not state.immune[seat]
        )

    def can_draw_stock(self, state: Phase10State) -> bool:
        if any(state.draw_pile):
            return True
        return self.config.reshuffle_discards and len(state.discard) > 1

    # ------------------------------------------------------------------ the contract
    def initial_state(self) -> Phase10State:
        n = self.players
        return Phase10State(
            round=1,
            dealer=n - 1,  # default: the last seat deals first, so seat 0 plays first
            stage=Stage.DEAL,
            turn=0,
            hands=((),) * n,
            known=((),) * n,
            draw_pile=deck_counts(),
            discard=(),
            table=(),
            building=(),
            phase_index=(0,) * n,
            laid=(False,) * n,
            scores=(0,) * n,
            skipped=(False,) * n,
            immune=(False,) * n,
            active=(True,) * n,
            tiebreak=False,
            winners=(),
            last_round=None,
        )

    def current_player(self, state: Phase10State) -> int:
        stage = state.stage
        if stage == Stage.DEAL or stage == Stage.DRAWING:
            return CHANCE
        if stage == Stage.OVER:
            return TERMINAL
        return state.turn

    def _legal_actions(self, state: Phase10State) -> tuple[Phase10Action, ...]:
        if state.stage == Stage.DRAW:
            draws: list[Phase10Action] = []
            if self.can_draw_stock(state):
                draws.append(DrawStock())
            if state.discard and state.discard[-1] != SKIP:
                draws.append(TakeDiscard())  # never a Skip (official)
            return tuple(draws)
        if state.stage == Stage.LAYING:
            return self._placements(state)
        return self._play_actions(state)

    def _play_actions(self, state: Phase10State) -> tuple[Phase10Action, ...]:
        seat = state.turn
        hand = state.hands[seat]
        actions: list[Phase10Action] = []
        distinct = sorted(set(hand))
        if not state.laid[seat]:
            if can_make_phase(hand, self.phase_of(state, seat), self.config.natural_per_group):
                actions.append(BeginPhase())
        else:
            # Hits: only once the own phase is down, only on one's own turn (seed).
            for code in distinct:
                for index, group in enumerate(state.table):
                    for high in fits(group, code):
                        actions.append(Hit(code, index, high))
        for code in distinct:
            if code != SKIP:
                actions.append(Discard(code))
            else:
                targets = self.skip_targets(state)
                actions.extend(Discard(SKIP, t) for t in targets or (-1,))
        return tuple(actions)

    def _placements(self, state: Phase10State) -> tuple[Phase10Action, ...]:
        hand = state.hands[state.turn]
        building = state.building
        per_group = self.config.natural_per_group
        actions: list[Phase10Action] = []
        for code in sorted(set(hand) - {SKIP}):
            rest = remove_one(hand, code)
            for index, group in enumerate(building):
                if len(group.cards) >= group.size:
                    continue
                if code == WILD:
                    if group.kind == GroupKind.COLOUR:
                        values: range | tuple[int, ...] = (
                            range(4) if group.key < 0 else (group.key,)
                        )
                    elif group.kind == GroupKind.SET:
                        values = range(1, 13) if group.key < 0 else (group.key,)
                    else:
                        values = range(1, 13)
                elif group.kind == GroupKind.COLOUR:
                    values = (colour_of(code),)
                else:
                    values = (number_of(code),)
                for value in values:
                    placed = _place(group, code, value)
                    if placed is None:
                        continue
                    partials = tuple(
                        _partial(placed if i == index else g) for i, g in enumerate(building)
                    )
                    if can_complete(rest, partials, per_group):
                        actions.append(Place(code, index, value))
        return tuple(actions)

    def _apply_action(self, state: Phase10State, action: Phase10Action) -> Phase10State:
        seat = state.turn
        if isinstance(action, DrawStock):
            if any(state.draw_pile):
                return replace(state, stage=Stage.DRAWING)
            # An empty draw pile is refilled from the discards but the top (common).
            pile = list(state.draw_pile)
            for code in state.discard[:-1]:
                pile[code] += 1
            return replace(
                state,
                stage=Stage.DRAWING,
                draw_pile=tuple(pile),
                discard=state.discard[-1:],
                stalled=state.stalled + 1,
            )
        if isinstance(action, TakeDiscard):
            code = state.discard[-1]
            return replace(
                state,
                stage=Stage.PLAY,
                discard=state.discard[:-1],
                hands=_set(state.hands, seat, add_sorted(state.hands[seat], code)),
                known=_set(state.known, seat, add_sorted(state.known[seat], code)),
            )
        if isinstance(action, BeginPhase):
            phase = self.phase_of(state, seat)
            building = tuple(BuildGroup(g.kind, g.size, -1, (), ()) for g in phase)
            return replace(state, stage=Stage.LAYING, building=building)
        if isinstance(action, Place):
            return self._apply_place(state, action)
        if isinstance(action, Hit):
            return self._apply_hit(state, action)
        return self._apply_discard(state, action)

    def _apply_place(self, state: Phase10State, action: Place) -> Phase10State:
        seat = state.turn
        group = _place(state.building[action.group], action.card, action.value)
        assert group is not None
        building = _set(state.building, action.group, group)
        hand = remove_one(state.hands[seat], action.card)
        hands = _set(state.hands, seat, hand)
        if any(len(g.cards) < g.size for g in building):
            # Known cards stay listed until the phase is down: nothing shows before then.
            return replace(state, building=building, hands=hands)
        seen = state.known[seat]
        for group in building:
            for code in group.cards:
                seen = _drop_known(seen, code)
        known = _set(state.known, seat, seen)
        # The whole phase is complete: it goes on the table at once (seed).
        table = state.table + tuple(_laid_group(seat, g) for g in building)
        laid = _set(state.laid, seat, True)
        done = replace(
            state,
            stage=Stage.PLAY,
            building=(),
            table=table,
            laid=laid,
            hands=hands,
            known=known,
            stalled=0,
        )
        if state.tiebreak and self.config.tiebreak_first_to_lay:
            # Seed: in the replay, the first tied player to complete the phase wins.
            return replace(done, stage=Stage.OVER, winners=(seat,))
        if not hand:
            return self._end_round(done, went_out=seat)
        return done

    def _apply_hit(self, state: Phase10State, action: Hit) -> Phase10State:
        seat = state.turn
        group = state.table[action.group]
        if group.kind == GroupKind.RUN and not action.high:
            new_group = LaidGroup(
                group.owner, group.kind, group.key - 1, (action.card, *group.cards)
            )
        else:
            new_group = LaidGroup(group.owner, group.kind, group.key, (*group.cards, action.card))
        hand = remove_one(state.hands[seat], action.card)
        after = replace(
            state,
            table=_set(state.table, action.group, new_group),
            hands=_set(state.hands, seat, hand),
            stalled=0,
            known=_set(state.known, seat, _drop_known(state.known[seat], action.card)),
        )
        # Going out by hitting the last card needs no discard (official).
        return self._end_round(after, went_out=seat) if not hand else after

    def _apply_discard(self, state: Phase10State, action: Discard) -> Phase10State:
        seat = state.turn
        code = action.card
        hand = remove_one(state.hands[seat], code)
        known = _set(state.known, seat, _drop_known(state.known[seat], code))
        discard = state.discard
        skipped, immune = state.skipped, state.immune
        if code == SKIP and action.target >= 0:
            skipped = _set(skipped, action.target, True)
            if self.config.mattel_skips:
                pass  # the Skip lies before its target until their next turn
            else:
                immune = _set(immune, action.target, True)
                discard = (*discard, code)
        else:
            discard = (*discard, code)
        after = replace(
            state,
            hands=_set(state.hands, seat, hand),
            known=known,
            discard=discard,
            skipped=skipped,
            immune=immune,
        )
        if not hand:
            return self._end_round(after, went_out=seat)
        return self._next_turn(after, seat)

    def _next_turn(self, state: Phase10State, seat: int) -> Phase10State:
        """The turn passes left; skipped players lose their turn (official)."""
        skipped, immune, discard = state.skipped, state.immune, state.discard
        for _ in range(2 * self.players + 1):
            seat = self._next_active(state, seat)
            if not skipped[seat]:
                break
            skipped = _set(skipped, seat, False)
            if self.config.mattel_skips:
                discard = (*discard, SKIP)  # the target moves the Skip to the discards
        immune = _set(immune, seat, False) if immune[seat] else immune
        after = replace(
            state,
            stage=Stage.DRAW,
            turn=seat,
            skipped=skipped,
            immune=immune,
            discard=discard,
        )
        stock_empty = not any(state.draw_pile)
        limit = self.config.stall_limit
        stalled = limit > 0 and state.stalled >= limit
        if (stock_empty and (stalled or not self.config.reshuffle_discards)) or (
            not self.can_draw_stock(after) and not (discard and discard[-1] != SKIP)
        ):
            # With reshuffling off, an empty draw pile ends the round; so does an empty
            # draw pile after stall_limit refills with no card laid or hit, and having
            # nothing at all left to draw. Nobody went out; hands are scored.
            return self._end_round(after, went_out=-1)
        return after

    def _end_round(self, state: Phase10State, went_out: int) -> Phase10State:
        n = self.players
        round_points = tuple(
            0 if seat == went_out or not state.active[seat] else sum(map(points, state.hands[seat]))
            for seat in range(n)
        )
        scores = tuple(a + b for a, b in zip(state.scores, round_points, strict=True))
        advanced = tuple(state.laid[seat] and state.active[seat] for seat in range(n))
        summary = RoundSummary(state.round, went_out, round_points, advanced, state.hands, scores)
        history = (*state.round_points, round_points)
        last = len(self.config.phases)
        if state.tiebreak:
            if went_out >= 0:  # option first_out: the first tied player to go out wins
                return replace(
                    state,
                    stage=Stage.OVER,
                    scores=scores,
                    winners=(went_out,),
                    last_round=summary,
                    round_points=history,
                )
            phase_index = state.phase_index
        else:
            phase_index = tuple(
                min(last, index + 1) if advanced[seat] else index
                for seat, index in enumerate(state.phase_index)
            )
        finished = [seat for seat in range(n) if phase_index[seat] >= last and state.active[seat]]
        active = state.active
        tiebreak = state.tiebreak
        if finished:
            best = min(scores[seat] for seat in finished)
            leaders = tuple(seat for seat in finished if scores[seat] == best)
            if len(leaders) == 1:
                return replace(
                    state,
                    stage=Stage.OVER,
                    scores=scores,
                    phase_index=phase_index,
                    winners=leaders,
                    last_round=summary,
                    round_points=history,
                )
            # Still tied: only the tied players play the last phase again (seed).
            active = tuple(seat in leaders for seat in range(n))
            tiebreak = True
        base = replace(state, active=active)
        dealer = self._next_active(base, state.dealer)
        return Phase10State(
            round=state.round + 1,
            dealer=dealer,
            stage=Stage.DEAL,
            turn=self._next_active(base, dealer),
            hands=((),) * n,
            known=((),) * n,
            draw_pile=deck_counts(),
            discard=(),
            table=(),
            building=(),
            phase_index=phase_index,
            laid=(False,) * n,
            scores=scores,
            skipped=(False,) * n,
            immune=(False,) * n,
            active=active,
            tiebreak=tiebreak,
            winners=(),
            last_round=summary,
            round_points=history,
        )

    # ------------------------------------------------------------------------ chance
    def _sample_chance(self, state: Phase10State, rng: random.Random) -> Phase10Outcome:
        if state.stage == Stage.DEAL:
            deck = deck_list()
            rng.shuffle(deck)
            hands = []
            position = 0
            for seat in range(self.players):
                if state.active[seat]:
                    hands.append(tuple(sorted(deck[position : position + HAND_SIZE])))
                    position += HAND_SIZE
                else:
                    hands.append(())
            return Deal(tuple(hands), deck[position])
        pile = state.draw_pile
        pick = rng.randrange(sum(pile))
        for code, count in enumerate(pile):
            if pick < count:
                return Draw(code)
            pick -= count
        raise AssertionError("empty draw pile")

    def chance_outcomes(
        self, state: Phase10State
    ) -> tuple[tuple[Phase10Outcome, float], ...] | None:
        if state.stage != Stage.DRAWING:
            return None  # a deal has too many outcomes to list
        total = sum(state.draw_pile)
        return tuple(
            (Draw(code), count / total) for code, count in enumerate(state.draw_pile) if count
        )

    def _is_possible_outcome(self, state: Phase10State, outcome: Phase10Outcome) -> bool:
        if state.stage == Stage.DRAWING:
            return (
                isinstance(outcome, Draw)
                and 0 <= outcome.card < len(state.draw_pile)
                and state.draw_pile[outcome.card] > 0
            )
        if not isinstance(outcome, Deal) or len(outcome.hands) != self.players:
            return False
        for seat, hand in enumerate(outcome.hands):
            expected = HAND_SIZE if state.active[seat] else 0
            if len(hand) != expected or list(hand) != sorted(hand):
                return False
        counts = Counter(code for hand in outcome.hands for code in hand)
        counts[outcome.up_card] += 1
        deck = deck_counts()
        return all(0 <= code < len(deck) and n <= deck[code] for code, n in counts.items())

    def _apply_chance(self, state: Phase10State, outcome: Phase10Outcome) -> Phase10State:
        if isinstance(outcome, Draw):
            seat = state.turn
            pile = list(state.draw_pile)
            pile[outcome.card] -= 1
            return replace(
                state,
                stage=Stage.PLAY,
                draw_pile=tuple(pile),
                hands=_set(state.hands, seat, add_sorted(state.hands[seat], outcome.card)),
            )
        pile = list(deck_counts())
        for hand in outcome.hands:
            for code in hand:
                pile[code] -= 1
        pile[outcome.up_card] -= 1
        first = self._next_active(state, state.dealer)
        if outcome.up_card == SKIP:
            # A Skip turned up: the first player's first turn is skipped (official).
            first = self._next_active(state, first)
        return replace(
            state,
            stage=Stage.DRAW,
            turn=first,
            hands=outcome.hands,
            draw_pile=tuple(pile),
            discard=(outcome.up_card,),
        )

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

    def end_reason(self, state: Phase10State) -> str:
        """Why a finished game ended (the codes of ``SPEC.end_reasons``)."""
        scored_now = state.last_round is not None and state.last_round.round == state.round
        if state.tiebreak:
            if not scored_now:
                return "tiebreak_first_to_lay"
            assert state.last_round is not None
            return "tiebreak_first_out" if state.last_round.went_out >= 0 else "tie_lowest_total"
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
            seat = self._next_active(after, before.dealer if dealt else before.turn)
            for _ in range(self.players):
                if seat == after.turn:
                    break
                notes.append(Announcement("skipped", seat))
                seat = self._next_active(after, seat)
        for seat in range(self.players):
            if after.laid[seat] and not before.laid[seat]:
                notes.append(Announcement("phase_laid", seat))
        summary = after.last_round
        if summary is not None and summary is not before.last_round:
            notes.append(Announcement("round_over", summary.went_out, (("round", summary.round),)))
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
            "target": range(-1, self.players),
        }

    def explain_illegal(self, state: Phase10State, action: Phase10Action) -> str:
        seat = state.turn
        hand = state.hands[seat]
        stage = state.stage
        if isinstance(action, (DrawStock, TakeDiscard)):
            if stage != Stage.DRAW:
                return "you have already drawn this turn"
            if isinstance(action, TakeDiscard):
                if not state.discard:
                    return "the discard pile is empty"
                return "a Skip can never be taken from the discard pile"
            return "the draw pile is empty"
        if stage == Stage.DRAW:
            return "draw a card first (draw or take)"
        card = getattr(action, "card", None)
        if card is not None and card not in hand:
            return f"you do not hold {card_name(card)}"
        if stage == Stage.LAYING and not isinstance(action, Place):
            return "finish laying down your phase first (put …)"
        if isinstance(action, BeginPhase):
            if state.laid[seat]:
                return "you have already laid down your phase this round"
            phase = self.phase_of(state, seat)
            return f"your hand cannot make your phase ({describe_phase(phase)})"
        if isinstance(action, Place):
            if stage != Stage.LAYING:
                return "start laying down your phase first (lay)"
            return "that card cannot go there, or the phase could no longer be completed"
        if isinstance(action, Hit):
            if not state.laid[seat]:
                return "you can only hit once your own phase is down (seed)"
            if not 0 <= action.group < len(state.table):
                return f"there is no laid group {action.group + 1}"
            return f"{card_name(action.card)} does not fit there"
        if isinstance(action, Discard) and action.card == SKIP:
            if action.target == seat:
                return "you cannot skip yourself"
            return "that seat cannot be skipped now (not playing, or already skipped)"
        return "it is not one of the legal actions"


def _set(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with item ``index`` replaced."""
    return (*values[:index], value, *values[index + 1 :])


__all__ = ["InvalidActionError", "Phase10Game", "fits"]
