"""Phase 10's rules as pure functions: legal actions, what each action and chance outcome
does, the end of a round (scoring, moving on, the tie-break) and the stall guard.

Sources are tagged as in the README: seed (the Japanese rule text), official (Mattel's
sheet), common, default (our choice, an option). rules.py wraps these functions in the
engine's ``Game`` contract.
"""

import random
from collections import Counter
from typing import TypeVar

from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.games.phase10.actions import (
    BeginPhase,
    Deal,
    Discard,
    Draw,
    DrawStock,
    Hit,
    Phase10Action,
    Phase10Outcome,
    Place,
    TakeDiscard,
)
from meeple.games.phase10.cards import (
    SKIP,
    WILD,
    Card,
    Cards,
    add_sorted,
    deck_counts,
    deck_list,
    remove_one,
)
from meeple.games.phase10.config import HAND_SIZE, Config, Phase
from meeple.games.phase10.groups import (
    fits,
    hit_group,
    laid_group,
    partial_of,
    place,
    place_values,
)
from meeple.games.phase10.phases import can_make_phase, placeable
from meeple.games.phase10.rounds import end_round, next_active
from meeple.games.phase10.state import BuildGroup, Phase10State, Stage, evolve

T = TypeVar("T")


def _with(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with item ``index`` replaced."""
    return (*values[:index], value, *values[index + 1 :])


def _drop_known(known: Cards, code: Card) -> Cards:
    return remove_one(known, code) if code in known else known


# ------------------------------------------------------------------------ the flow
def current_player(state: Phase10State) -> int:
    stage = state.stage
    if stage == Stage.DEAL or stage == Stage.DRAWING:
        return CHANCE
    if stage == Stage.OVER:
        return TERMINAL
    return state.turn


def phase_of(config: Config, state: Phase10State, seat: int) -> Phase:
    """The phase ``seat`` is making this round (the last one in a tie-break)."""
    phases = config.phases
    return phases[-1] if state.tiebreak else phases[state.phase_index[seat]]


def skip_targets(state: Phase10State) -> tuple[int, ...]:
    """Seats the player to act may skip: any other player still in the round who has
    no Skip waiting (mattel) or has not been skipped this circuit (circuit)."""
    return tuple(
        seat
        for seat in range(len(state.active))
        if seat != state.turn
        and state.active[seat]
        and not state.skipped[seat]
        and not state.immune[seat]
    )


def can_draw_stock(config: Config, state: Phase10State) -> bool:
    if any(state.draw_pile):
        return True
    return config.reshuffle_discards and len(state.discard) > 1


# ------------------------------------------------------------------- legal actions
def legal_actions(config: Config, state: Phase10State) -> tuple[Phase10Action, ...]:
    """Every legal action of the seat to act, in a fixed order."""
    if state.stage == Stage.DRAW:
        draws: list[Phase10Action] = []
        if can_draw_stock(config, state):
            draws.append(DrawStock())
        if state.discard and state.discard[-1] != SKIP:
            draws.append(TakeDiscard())  # never a Skip (official)
        return tuple(draws)
    if state.stage == Stage.LAYING:
        return _placements(config, state)
    return _play_actions(config, state)


def _play_actions(config: Config, state: Phase10State) -> tuple[Phase10Action, ...]:
    seat = state.turn
    hand = state.hands[seat]
    actions: list[Phase10Action] = []
    distinct = sorted(set(hand))
    if not state.laid[seat]:
        if can_make_phase(hand, phase_of(config, state, seat), config.natural_per_group):
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
            targets = skip_targets(state)
            actions.extend(Discard(SKIP, t) for t in targets or (None,))
    return tuple(actions)


def _placements(config: Config, state: Phase10State) -> tuple[Phase10Action, ...]:
    """Each card of the hand into each group it can go in, as each value it can stand
    for, as long as the rest of the hand can still complete the phase (``placeable``
    answers every card at once)."""
    hand = state.hands[state.turn]
    building = state.building
    natural, wild = placeable(
        hand, tuple(partial_of(group) for group in building), config.natural_per_group
    )
    actions: list[Phase10Action] = []
    for code in sorted(set(hand) - {SKIP}):
        allowed = wild if code == WILD else natural
        for index, group in enumerate(building):
            if len(group.cards) >= group.size:
                continue
            for value in place_values(group, code):
                if (index, value) in allowed:
                    actions.append(Place(code, index, value))
    return tuple(actions)


# ---------------------------------------------------------------------- the actions
def apply_action(config: Config, state: Phase10State, action: Phase10Action) -> Phase10State:
    """The state after a legal ``action``."""
    match action:
        case DrawStock():
            return _draw_stock(state)
        case TakeDiscard():
            seat, code = state.turn, state.discard[-1]
            return evolve(
                state,
                stage=Stage.PLAY,
                discard=state.discard[:-1],
                hands=_with(state.hands, seat, add_sorted(state.hands[seat], code)),
                known=_with(state.known, seat, add_sorted(state.known[seat], code)),
            )
        case BeginPhase():
            phase = phase_of(config, state, state.turn)
            building = tuple(BuildGroup(g.kind, g.size, None, (), ()) for g in phase)
            return evolve(state, stage=Stage.LAYING, building=building)
        case Place():
            return _apply_place(config, state, action)
        case Hit():
            return _apply_hit(config, state, action)
        case Discard():
            return _apply_discard(config, state, action)


def _draw_stock(state: Phase10State) -> Phase10State:
    if any(state.draw_pile):
        return evolve(state, stage=Stage.DRAWING)
    # An empty draw pile is refilled from the discards but the top (common).
    pile = list(state.draw_pile)
    for code in state.discard[:-1]:
        pile[code] += 1
    return evolve(
        state,
        stage=Stage.DRAWING,
        draw_pile=tuple(pile),
        discard=state.discard[-1:],
        stalled=state.stalled + 1,
    )


def _apply_place(config: Config, state: Phase10State, action: Place) -> Phase10State:
    seat = state.turn
    group = place(state.building[action.group], action.card, action.value)
    assert group is not None
    building = _with(state.building, action.group, group)
    hand = remove_one(state.hands[seat], action.card)
    hands = _with(state.hands, seat, hand)
    if any(len(g.cards) < g.size for g in building):
        # Known cards stay listed until the phase is down: nothing shows before then.
        return evolve(state, building=building, hands=hands)
    seen = state.known[seat]
    for done_group in building:
        for code in done_group.cards:
            seen = _drop_known(seen, code)
    # The whole phase is complete: it goes on the table at once (seed).
    done = evolve(
        state,
        stage=Stage.PLAY,
        building=(),
        table=state.table + tuple(laid_group(seat, g) for g in building),
        laid=_with(state.laid, seat, True),
        hands=hands,
        known=_with(state.known, seat, seen),
        stalled=0,
    )
    if state.tiebreak and config.tiebreak_first_to_lay:
        # Seed: in the replay, the first tied player to complete the phase wins.
        return evolve(done, stage=Stage.OVER, winners=(seat,))
    if not hand:
        return end_round(config, done, went_out=seat)
    return done


def _apply_hit(config: Config, state: Phase10State, action: Hit) -> Phase10State:
    seat = state.turn
    new_group = hit_group(state.table[action.group], action.card, action.high)
    hand = remove_one(state.hands[seat], action.card)
    after = evolve(
        state,
        table=_with(state.table, action.group, new_group),
        hands=_with(state.hands, seat, hand),
        stalled=0,
        known=_with(state.known, seat, _drop_known(state.known[seat], action.card)),
    )
    # Going out by hitting the last card needs no discard (official).
    return end_round(config, after, went_out=seat) if not hand else after


def _apply_discard(config: Config, state: Phase10State, action: Discard) -> Phase10State:
    seat = state.turn
    code = action.card
    hand = remove_one(state.hands[seat], code)
    discard = state.discard
    skipped, immune = state.skipped, state.immune
    if code == SKIP and action.target is not None:
        skipped = _with(skipped, action.target, True)
        if not config.mattel_skips:
            immune = _with(immune, action.target, True)
            discard = (*discard, code)
        # (mattel: the Skip lies before its target until their next turn)
    else:
        discard = (*discard, code)
    after = evolve(
        state,
        hands=_with(state.hands, seat, hand),
        known=_with(state.known, seat, _drop_known(state.known[seat], code)),
        discard=discard,
        skipped=skipped,
        immune=immune,
    )
    if not hand:
        return end_round(config, after, went_out=seat)
    return _next_turn(config, after, seat)


def _next_turn(config: Config, state: Phase10State, seat: int) -> Phase10State:
    """The turn passes left; skipped players lose their turn (official)."""
    skipped, immune, discard = state.skipped, state.immune, state.discard
    for _ in range(2 * len(state.active) + 1):
        seat = next_active(state, seat)
        if not skipped[seat]:
            break
        skipped = _with(skipped, seat, False)
        if config.mattel_skips:
            discard = (*discard, SKIP)  # the target moves the Skip to the discards
    immune = _with(immune, seat, False) if immune[seat] else immune
    after = evolve(
        state,
        stage=Stage.DRAW,
        turn=seat,
        skipped=skipped,
        immune=immune,
        discard=discard,
    )
    stock_empty = not any(state.draw_pile)
    limit = config.stall_limit
    stalled = limit > 0 and state.stalled >= limit
    if (stock_empty and (stalled or not config.reshuffle_discards)) or (
        not can_draw_stock(config, after) and not (discard and discard[-1] != SKIP)
    ):
        # With reshuffling off, an empty draw pile ends the round; so does an empty
        # draw pile after stall_limit refills with no card laid or hit, and having
        # nothing at all left to draw. Nobody went out; hands are scored.
        return end_round(config, after, went_out=None)
    return after


# ------------------------------------------------------------------------- chance
def sample_chance(state: Phase10State, rng: random.Random) -> Phase10Outcome:
    """A deal (the shuffled deck dealt ten each, then the up card) or the card drawn."""
    if state.stage == Stage.DEAL:
        deck = deck_list()
        rng.shuffle(deck)
        hands = []
        position = 0
        for seat_plays in state.active:
            if seat_plays:
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


def chance_outcomes(state: Phase10State) -> tuple[tuple[Phase10Outcome, float], ...] | None:
    """Each card that may be drawn with its chance; None for a deal (too many to list)."""
    if state.stage != Stage.DRAWING:
        return None
    total = sum(state.draw_pile)
    return tuple((Draw(code), count / total) for code, count in enumerate(state.draw_pile) if count)


def is_possible_outcome(state: Phase10State, outcome: Phase10Outcome) -> bool:
    if state.stage == Stage.DRAWING:
        return (
            isinstance(outcome, Draw)
            and 0 <= outcome.card < len(state.draw_pile)
            and state.draw_pile[outcome.card] > 0
        )
    if not isinstance(outcome, Deal) or len(outcome.hands) != len(state.active):
        return False
    for seat, hand in enumerate(outcome.hands):
        expected = HAND_SIZE if state.active[seat] else 0
        if len(hand) != expected or list(hand) != sorted(hand):
            return False
    counts = Counter(code for hand in outcome.hands for code in hand)
    counts[outcome.up_card] += 1
    deck = deck_counts()
    return all(0 <= code < len(deck) and n <= deck[code] for code, n in counts.items())


def apply_chance(state: Phase10State, outcome: Phase10Outcome) -> Phase10State:
    """The drawn card into the hand; or the deal, its up card starting the discards."""
    match outcome:
        case Draw(card=code):
            seat = state.turn
            pile = list(state.draw_pile)
            pile[code] -= 1
            return evolve(
                state,
                stage=Stage.PLAY,
                draw_pile=tuple(pile),
                hands=_with(state.hands, seat, add_sorted(state.hands[seat], code)),
            )
        case Deal():
            return _deal(state, outcome)


def _deal(state: Phase10State, outcome: Deal) -> Phase10State:
    pile = list(deck_counts())
    for hand in outcome.hands:
        for code in hand:
            pile[code] -= 1
    pile[outcome.up_card] -= 1
    first = next_active(state, state.dealer)
    if outcome.up_card == SKIP:
        # A Skip turned up: the first player's first turn is skipped (official).
        first = next_active(state, first)
    return evolve(
        state,
        stage=Stage.DRAW,
        turn=first,
        hands=outcome.hands,
        draw_pile=tuple(pile),
        discard=(outcome.up_card,),
    )
