"""Phase 10 rules, one rule per test, on hand-built states (rules: games/phase10/README.md)."""

import random
import re
from collections import Counter

import pytest

import meeple
from meeple.engine.errors import IllegalActionError, InvalidActionError, InvalidOptionError
from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.games.phase10.actions import (
    BeginPhase,
    Deal,
    Discard,
    Draw,
    DrawStock,
    Hit,
    Place,
    TakeDiscard,
)
from meeple.games.phase10.cards import DECK_SIZE, SKIP, WILD, deck_counts, points
from meeple.games.phase10.config import GroupKind, parse_phase
from meeple.games.phase10.phases import can_make_phase
from meeple.games.phase10.rules import Phase10Game
from meeple.games.phase10.state import Phase10State, Stage
from support.phase10 import c, cards, colour_group, lay_phase, make_state, run, set_of


def game(players: int = 4, **options: object) -> Phase10Game:
    loaded = meeple.load_game("phase10", players, **options)  # type: ignore[arg-type]
    assert isinstance(loaded, Phase10Game)
    return loaded


FILLER = "1r 2r 3r 4r 6b 8b 10y 11y 12g 9g"  # makes no phase 1
FILLER2 = "1y 2y 3g 4g 6r 8r 10b 11b 12y 9y"


# ------------------------------------------------------------------------- components
def test_the_deck_has_108_cards_96_numbers_8_wilds_4_skips() -> None:
    counts = deck_counts()
    assert sum(counts) == DECK_SIZE == 108
    assert counts[WILD] == 8 and counts[SKIP] == 4
    assert sum(counts[:48]) == 96 and set(counts[:48]) == {2}


def test_card_points_follow_the_seed() -> None:
    assert [points(c(t)) for t in ("1r", "9g", "10b", "12y")] == [5, 5, 10, 10]
    assert points(SKIP) == 15 and points(WILD) == 25


# ------------------------------------------------------------------------------ setup
def test_the_deal_gives_ten_cards_each_and_turns_up_one_card() -> None:
    g = game(3)
    state = g.initial_state()
    assert g.current_player(state) == CHANCE
    state = g.apply_chance(state, g.sample_chance(state, random.Random(1)))
    assert [len(h) for h in state.hands] == [10, 10, 10]
    assert len(state.discard) == 1
    assert sum(state.draw_pile) == 108 - 31
    assert state.turn == 0 and state.dealer == 2  # left of the dealer starts


def test_a_skip_turned_up_skips_the_first_player() -> None:
    g = game(3)
    hands = tuple(
        cards(h)
        for h in (
            "1r 1b 1y 1g 2r 2b 2y 2g 3r 3b",
            "4r 4b 4y 4g 5r 5b 5y 5g 6r 6b",
            "7r 7b 7y 7g 8r 8b 8y 8g 9r 9b",
        )
    )
    state = g.apply_chance(g.initial_state(), Deal(hands, SKIP))
    assert state.turn == 1
    assert TakeDiscard() not in g.legal_actions(state)


def test_a_wild_turned_up_may_be_taken() -> None:
    g = game(3)
    hands = tuple(
        cards(h)
        for h in (
            "1r 1b 1y 1g 2r 2b 2y 2g 3r 3b",
            "4r 4b 4y 4g 5r 5b 5y 5g 6r 6b",
            "7r 7b 7y 7g 8r 8b 8y 8g 9r 9b",
        )
    )
    state = g.apply_chance(g.initial_state(), Deal(hands, WILD))
    assert state.turn == 0
    state = g.apply_action(state, TakeDiscard())
    assert WILD in state.hands[0] and state.discard == ()


def test_an_impossible_deal_is_refused() -> None:
    g = game(2)
    too_many = (cards("W W W W W W W W W W"), cards("1r 1b 1y 1g 2r 2b 2y 2g 3r 3b"))
    with pytest.raises(IllegalActionError):
        g.apply_chance(g.initial_state(), Deal(too_many, 5))


# ------------------------------------------------------------------------------- draw
def test_drawing_from_the_draw_pile_is_a_chance_outcome() -> None:
    g = game(2)
    state = make_state(g, [FILLER, FILLER], stage=Stage.DRAW, discard="5g")
    state = g.apply_action(state, DrawStock())
    assert g.current_player(state) == CHANCE
    outcomes = g.chance_outcomes(state)
    assert outcomes is not None and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    state = g.apply_chance(state, Draw(c("7r")))
    assert c("7r") in state.hands[0] and state.stage == Stage.PLAY


def test_a_skip_can_never_be_taken_from_the_discard_pile() -> None:
    g = game(2)
    state = make_state(g, [FILLER, FILLER], stage=Stage.DRAW, discard="5g S")
    assert g.legal_actions(state) == (DrawStock(),)
    with pytest.raises(IllegalActionError, match="Skip can never be taken"):
        g.apply_action(state, TakeDiscard())


def test_an_empty_draw_pile_is_refilled_from_the_discards_but_the_top() -> None:
    g = game(2)
    state = make_state(g, [FILLER, FILLER], stage=Stage.DRAW, discard="5g 6g 7g", draw_pile="")
    state = g.apply_action(state, DrawStock())
    assert state.discard == (c("7g"),)
    assert sum(state.draw_pile) == 2


def test_without_reshuffling_the_round_ends_when_the_draw_pile_is_empty() -> None:
    g = game(2, reshuffle_discards=False)
    state = make_state(g, [FILLER, FILLER], discard="5g 6g", draw_pile="")
    state = g.apply_action(state, Discard(c("1r")))
    assert state.stage == Stage.DEAL and state.round == 2
    assert state.last_round is not None and state.last_round.went_out is None


def test_a_refill_of_the_draw_pile_counts_towards_the_stall_guard() -> None:
    g = game(2)
    state = make_state(
        g, [FILLER, FILLER], stage=Stage.DRAW, discard="5g 6g 7g", draw_pile="", stalled=1
    )
    state = g.apply_action(state, DrawStock())
    assert state.stalled == 2
    assert g.view(state, 1).stalled == 2  # public: everyone saw the refills


def test_the_stall_guard_ends_a_round_when_the_refilled_pile_runs_out_again() -> None:
    # Two refills (the default limit is 3) and the round goes on; at the limit, the draw
    # pile running out ends it with nobody out and every hand scored.
    g = game(2)
    below = make_state(g, [FILLER, FILLER], discard="5g 6g", draw_pile="", stalled=2)
    assert g.apply_action(below, Discard(c("1r"))).stage == Stage.DRAW
    at = make_state(g, [FILLER, FILLER], discard="5g 6g", draw_pile="", stalled=3)
    ended = g.apply_action(at, Discard(c("1r")))
    assert ended.stage == Stage.DEAL and ended.round == 2 and ended.stalled == 0
    assert ended.last_round is not None and ended.last_round.went_out is None
    filler = sum(map(points, cards(FILLER)))
    assert ended.last_round.points == (filler - 5, filler)  # 1r discarded
    # A pile that still has cards is not cut short.
    stocked = make_state(g, [FILLER, FILLER], discard="5g 6g", stalled=3)
    assert g.apply_action(stocked, Discard(c("1r"))).stage == Stage.DRAW


def test_stall_limit_zero_never_ends_a_round_for_want_of_progress() -> None:
    g = game(2, stall_limit=0)
    state = make_state(g, [FILLER, FILLER], discard="5g 6g", draw_pile="", stalled=50)
    assert g.apply_action(state, Discard(c("1r"))).stage == Stage.DRAW


def _play_randomly(g: Phase10Game, state: Phase10State, steps: int) -> Phase10State:
    rng = random.Random(5)
    for _ in range(steps):
        if state.stage == Stage.DEAL or g.is_terminal(state):
            break  # the round is over
        if g.current_player(state) == CHANCE:
            state = g.apply_chance(state, g.sample_chance(state, rng))
        else:
            state = g.apply_action(state, rng.choice(g.legal_actions(state)))
    return state


@pytest.mark.parametrize("limit", [0, 3])
def test_a_round_nobody_can_win_ends_by_the_stall_guard(limit: int) -> None:
    # Both seats have laid; every 5, 7 and Wild is on the table, so the 9s in the hands
    # and every card still to draw fit no laid group: nobody can ever go out.
    g = game(2, stall_limit=limit)
    table = (
        set_of(5, "5r 5r 5b 5b 5y 5y 5g 5g W W W W", owner=0),
        set_of(7, "7r 7r 7b 7b 7y 7y 7g 7g W W W W", owner=1),
    )
    start = make_state(
        g, ["9r 9b", "9y 9g"], stage=Stage.DRAW, discard="1r", table=table, laid=(True, True)
    )
    after = _play_randomly(g, start, 5_000)
    if limit == 0:
        assert after.round == 1 and after.stalled > 10  # still going round
    else:
        assert after.round == 2 and after.last_round is not None
        assert after.last_round.went_out is None and after.last_round.advanced == (True, True)


def test_laying_a_phase_or_hitting_resets_the_stall_count() -> None:
    g = game(2)
    hit = make_state(
        g,
        ["5r 9g", FILLER],
        table=(set_of(5, "5b 5y 5g"),),
        laid=(True, False),
        stalled=3,
    )
    after = g.apply_action(hit, Hit(c("5r"), 0, True))
    assert after.stalled == 0
    hand = "5r 5b 5y 7r 7g 7b 1b 2b 3y 4y 10g"
    lay = make_state(g, [hand, FILLER], stalled=2)
    assert lay_phase(g, lay).stalled == 0


# --------------------------------------------------------------------------- lay down
def test_the_seed_example_makes_phase_1_after_drawing_a_third_7() -> None:
    g = game(2)
    hand = "5r 5b 5y 7r 7g 1b 2b 3y 4y 10g"
    before = make_state(g, [hand + " 12g", FILLER], discard="7b")
    assert BeginPhase() not in g.legal_actions(before)
    state = make_state(g, [hand, FILLER], stage=Stage.DRAW, discard="7b")
    state = g.apply_action(state, TakeDiscard())
    assert BeginPhase() in g.legal_actions(state)
    state = lay_phase(g, state)
    assert state.laid[0] and len(state.table) == 2
    assert {grp.key for grp in state.table} == {5, 7}


def test_only_the_current_phase_may_be_laid() -> None:
    g = game(2)
    # A run of 7 (phase 4) but not two sets of 3 (phase 1).
    state = make_state(g, ["1r 2b 3y 4g 5r 6b 7y 9g 11r 12b 10y", FILLER])
    assert BeginPhase() not in g.legal_actions(state)
    on_phase_4 = make_state(g, ["1r 2b 3y 4g 5r 6b 7y 9g 11r 12b 10y", FILLER], phase_index=(3, 0))
    assert BeginPhase() in g.legal_actions(on_phase_4)


def test_a_phase_is_laid_at_most_once_per_round() -> None:
    g = game(2)
    state = make_state(g, ["5r 5b 5y 7r 7g 7b 5g 7y 1r 1b 1y", FILLER])
    state = lay_phase(g, state)
    assert BeginPhase() not in g.legal_actions(state)


@pytest.mark.parametrize(
    ("phase", "hand"),
    [
        (1, "5r 5b W 7r 7g 7b 1b 2b 3y 4y 10g"),
        (2, "5r 5b 5y 8r 9g W 11b 1b 2b 3y 12g"),
        (3, "5r 5b 5y 5g 8r 9g 10y 11b 1b 2b 3y"),
        (4, "1r 2b 3y W 5r 6b 7y 9g 11r 12b 12y"),
        (5, "3r 4b 5y 6g 7r 8b 9y W 1r 1b 12y"),
        (6, "2r 3b 4y 5g 6r 7b W W 10g 1b 12y"),
        (7, "9r 9b 9y 9g 4r 4b 4y W 1r 2b 12y"),
        (8, "1g 3g 5g 7g 9g 11g W 2r 4b 6y 12y"),
        (9, "6r 6b 6y 6g W 11r 11b 1r 2b 3y 12y"),
        (10, "6r 6b 6y 6g W 11r 11b 11y 2b 3y 12y"),
    ],
)
def test_every_phase_can_be_laid_from_a_hand_that_makes_it(phase: int, hand: str) -> None:
    g = game(2)
    index = phase - 1
    state = make_state(g, [hand, FILLER], phase_index=(index, 0))
    state = lay_phase(g, state)
    requirement = g.config.phases[index]
    assert [(grp.kind, len(grp.cards)) for grp in state.table] == [
        (r.kind, r.size) for r in requirement
    ]
    for group in state.table:
        naturals = [code for code in group.cards if code != WILD]
        if group.kind == GroupKind.SET:
            assert {code // 4 + 1 for code in naturals} == {group.key}
        elif group.kind == GroupKind.COLOUR:
            assert {code % 4 for code in naturals} == {group.key}
        else:
            for offset, code in enumerate(group.cards):
                assert code == WILD or code // 4 + 1 == group.key + offset


def test_runs_do_not_wrap_around_from_12_to_1() -> None:
    assert not can_make_phase(cards("10r 11b 12y 1g 2r 3b 4y"), parse_phase("run7"), False)
    assert can_make_phase(cards("6r 7r 8r 9r 10r 11b 12y"), parse_phase("run7"), False)


def test_a_phase_needs_a_natural_card() -> None:
    wilds = cards("W W W W W W 1r 2b 4y 8g 11r")
    assert not can_make_phase(cards("W W W W W W W W"), parse_phase("set3+set3"), False)
    # per_phase (default): one set may be all Wilds if the other holds a number.
    assert can_make_phase(cards("W W W W 5r 9b"), parse_phase("set3+set3"), False)
    # per_group: each group needs its own numbered card.
    assert not can_make_phase(cards("W W W W W 5r"), parse_phase("set3+set3"), True)
    assert can_make_phase(cards("W W W W 5r 9b"), parse_phase("set3+set3"), True)
    assert can_make_phase(wilds, parse_phase("set3+set3"), True)


def test_the_two_sets_of_phase_1_may_share_a_number() -> None:
    assert can_make_phase(cards("5r 5b 5y 5g 5r 5b"), parse_phase("set3+set3"), True)


def test_a_set_and_a_run_compete_for_the_same_numbered_card() -> None:
    # Three 5s make the set, but then the run 4-7 lacks its 5: a Wild must stand in.
    hand = cards("5r 5b 5y 4r 6b 7y 1g")
    assert not can_make_phase(hand, parse_phase("set3+run4"), False)
    assert can_make_phase((*hand, WILD), parse_phase("set3+run4"), False)


def test_the_phase_shows_only_once_it_is_all_down() -> None:
    g = game(2)
    state = make_state(g, ["5r 5b 5y 7r 7g 7b 1b 2b 3y 4y 10g", FILLER])
    state = g.apply_action(state, BeginPhase())
    state = g.apply_action(state, g.legal_actions(state)[0])
    assert state.table == () and state.building
    other = g.view(state, 1)
    assert other.building == () and other.stage == Stage.PLAY
    assert other.hand_sizes[0] == 11
    assert g.view(state, None).building == ()


def test_a_placement_that_would_make_the_phase_impossible_is_not_offered() -> None:
    g = game(2)
    state = make_state(g, ["5r 5b 5y 7r 7g 7b 1b 2b 3y 4y 10g", FILLER])
    state = g.apply_action(state, BeginPhase())
    legal = g.legal_actions(state)
    assert Place(c("1b"), 0, 1) not in legal
    assert Place(c("5r"), 0, 5) in legal


def test_a_wild_in_a_run_keeps_the_value_of_its_place() -> None:
    g = game(2)
    state = make_state(g, ["1r 2b 3y W 5r 6b 7y 9g 11r 12b 12y", FILLER], phase_index=(3, 0))
    state = lay_phase(g, state)
    (group,) = state.table
    assert group.key == 1 and len(group.cards) == 7
    assert group.cards[3] == WILD  # it stands for the 4


# -------------------------------------------------------------------------------- hits
def test_no_hits_before_ones_own_phase_is_down() -> None:
    g = game(2)
    table = (set_of(5, "5r 5b 5y", owner=1), set_of(7, "7r 7b 7y", owner=1))
    state = make_state(
        g, ["5g 1r 2b 3y 4y 10g 11g 12r 9b 8b 6y", "1b"], table=table, laid=(False, True)
    )
    assert not [a for a in g.legal_actions(state) if isinstance(a, Hit)]


def test_hits_go_on_any_laid_phase_including_other_players() -> None:
    g = game(2)
    table = (
        set_of(5, "5r 5b 5y", owner=1),
        set_of(7, "7r 7b 7y", owner=0),
        set_of(8, "8r 8b 8y", owner=0),
    )
    state = make_state(g, ["5g 7g 1r", "1b 2b"], table=table, laid=(True, True))
    hits = [a for a in g.legal_actions(state) if isinstance(a, Hit)]
    assert Hit(c("5g"), 0, True) in hits and Hit(c("7g"), 1, True) in hits
    assert not [h for h in hits if h.card == c("1r")]


def test_a_run_grows_at_either_end_but_never_past_1_or_12() -> None:
    g = game(2)
    table = (run(2, "2r 3b 4y 5g 6r 7b 8y"), run(6, "6b 7r 8r 9g 10y 11y 12b"))
    state = make_state(g, ["1r 9b W 5b", "1b 2b"], table=table, laid=(True, False))
    hits = {a for a in g.legal_actions(state) if isinstance(a, Hit)}
    assert Hit(c("1r"), 0, False) in hits
    assert Hit(c("9b"), 0, True) in hits
    assert Hit(c("5b"), 1, False) in hits
    assert {h for h in hits if h.card == WILD} == {
        Hit(WILD, 0, False),
        Hit(WILD, 0, True),
        Hit(WILD, 1, False),
    }
    after = g.apply_action(state, Hit(WILD, 0, False))
    assert after.table[0].key == 1 and after.table[0].cards[0] == WILD


def test_the_colour_group_takes_only_its_colour() -> None:
    g = game(2)
    table = (colour_group(3, "1g 2g 3g 4g 5g 6g 7g"),)
    state = make_state(g, ["9g 9r W", "1b 2b"], table=table, laid=(True, False))
    hits = {a for a in g.legal_actions(state) if isinstance(a, Hit)}
    assert hits == {Hit(c("9g"), 0, True), Hit(WILD, 0, True)}


def test_a_skip_is_never_hit_nor_part_of_a_phase() -> None:
    g = game(2)
    table = (set_of(5, "5r 5b 5y"),)
    state = make_state(g, ["S 1r", "1b 2b"], table=table, laid=(True, False))
    assert not [a for a in g.legal_actions(state) if isinstance(a, Hit)]
    assert not can_make_phase(cards("S S S 5r 5b 5y"), parse_phase("set3+set3"), False)


def test_going_out_by_hitting_the_last_card_needs_no_discard() -> None:
    g = game(2)
    table = (set_of(5, "5r 5b 5y"),)
    state = make_state(g, ["5g", "1b 2b W"], table=table, laid=(True, False), scores=(0, 10))
    state = g.apply_action(state, Hit(c("5g"), 0, True))
    assert state.stage == Stage.DEAL
    assert state.last_round is not None and state.last_round.went_out == 0
    assert state.scores == (0, 10 + 5 + 5 + 25)


# ------------------------------------------------------------------------------- skips
def test_mattel_skip_lies_before_its_target_who_then_loses_a_turn() -> None:
    g = game(3)
    state = make_state(g, ["S 1b 2b", FILLER, FILLER2], discard="9b")
    state = g.apply_action(state, Discard(SKIP, 2))
    assert state.turn == 1 and state.discard == (c("9b"),) and state.skipped[2]
    assert g.card_inventory(state) == g.full_inventory()  # the Skip lies before seat 2
    state = g.apply_chance(g.apply_action(state, DrawStock()), Draw(c("8y")))
    assert Discard(SKIP, 2) not in g.legal_actions(state)  # one Skip at a time
    state = g.apply_action(state, Discard(c("8y")))
    # Seat 2 does nothing but move the Skip to the discard pile.
    assert state.turn == 0 and state.discard[-1] == SKIP and not state.skipped[2]


def test_skipping_the_next_player_passes_the_turn_over_them_at_once() -> None:
    g = game(3)
    state = make_state(g, ["S 1b 2b", FILLER, FILLER2], discard="9b")
    state = g.apply_action(state, Discard(SKIP, 1))
    assert state.turn == 2 and state.discard[-1] == SKIP


def test_circuit_skip_goes_to_the_discards_and_cannot_repeat_in_a_circuit() -> None:
    g = game(3, skip_style="circuit")
    state = make_state(g, ["S S 1b 2b", FILLER, FILLER2], discard="9b")
    state = g.apply_action(state, Discard(SKIP, 1))
    assert state.discard[-1] == SKIP and state.turn == 2  # seat 1 lost its turn
    assert state.immune[1] and not state.skipped[1]
    state = g.apply_chance(g.apply_action(state, DrawStock()), Draw(c("8y")))
    state = g.apply_action(state, Discard(c("8y")))
    assert state.turn == 0
    state = g.apply_chance(g.apply_action(state, DrawStock()), Draw(c("8g")))
    assert Discard(SKIP, 1) not in g.legal_actions(state)  # not twice in one circuit
    assert Discard(SKIP, 2) in g.legal_actions(state)


def test_with_two_players_skipping_the_opponent_gives_you_the_next_turn() -> None:
    for style in ("mattel", "circuit"):
        g = game(2, skip_style=style)
        state = make_state(g, ["S 1r 2r", FILLER], discard="9b")
        state = g.apply_action(state, Discard(SKIP, 1))
        assert state.turn == 0 and state.stage == Stage.DRAW


def test_you_cannot_skip_yourself() -> None:
    g = game(2)
    state = make_state(g, ["S 1r", FILLER])
    with pytest.raises(IllegalActionError, match="cannot skip yourself"):
        g.apply_action(state, Discard(SKIP, 0))


def test_a_skip_with_nobody_to_skip_is_discarded_without_effect() -> None:
    g = game(2)
    state = make_state(g, ["S 1r", FILLER], skipped=(False, True))
    assert Discard(SKIP, None) in g.legal_actions(state)


def test_discarding_a_skip_as_the_last_card_goes_out() -> None:
    g = game(2)
    state = make_state(g, ["S", FILLER], laid=(True, False))
    state = g.apply_action(state, Discard(SKIP, 1))
    assert state.stage == Stage.DEAL and state.last_round is not None
    assert state.last_round.went_out == 0


# ----------------------------------------------------------------- round end, scoring
def test_who_advances_and_how_the_round_is_scored() -> None:
    g = game(3)
    state = make_state(
        g,
        ["4r", "W S 10b 3g", "12g 1b"],
        laid=(True, True, False),
        phase_index=(2, 4, 1),
        scores=(5, 0, 20),
    )
    state = g.apply_action(state, Discard(c("4r")))
    assert state.phase_index == (3, 5, 1)  # out and laid move on; the other stays
    assert state.scores == (5, 25 + 15 + 10 + 5, 20 + 10 + 5)
    assert state.dealer == 0 and state.round == 2  # the next dealer is on the left
    assert state.stage == Stage.DEAL and state.table == ()


def test_the_first_to_complete_the_last_phase_wins() -> None:
    g = game(3)
    state = make_state(
        g, ["4r", "W", "12g 1b"], laid=(True, False, True), phase_index=(9, 9, 8), scores=(50, 0, 0)
    )
    state = g.apply_action(state, Discard(c("4r")))
    assert g.current_player(state) == TERMINAL and state.winners == (0,)
    assert g.returns(state) == (1.0, -0.5, -0.5)


def test_several_finish_the_last_phase_the_lowest_total_wins() -> None:
    g = game(3)
    state = make_state(
        g, ["4r", "1b", "12g"], laid=(True, True, False), phase_index=(9, 9, 9), scores=(50, 30, 0)
    )
    state = g.apply_action(state, Discard(c("4r")))
    assert state.winners == (1,)  # 30 + 5 < 50


def test_a_tie_on_score_replays_the_last_phase_among_the_tied_first_to_lay_wins() -> None:
    g = game(3)
    state = make_state(
        g, ["4r", "1b", "12g"], laid=(True, True, False), phase_index=(9, 9, 9), scores=(55, 50, 0)
    )
    state = g.apply_action(state, Discard(c("4r")))
    assert state.tiebreak and state.active == (True, True, False)
    assert g.current_player(state) == CHANCE
    deal = Deal((cards("6r 6b 6y 6g W 11r 11b 11y 2b 3y"), cards(FILLER), ()), c("5r"))
    state = g.apply_chance(state, deal)
    assert state.turn == 1  # the dealer moved on to seat 0; seat 2 sits out
    state = g.apply_chance(g.apply_action(state, DrawStock()), Draw(c("4y")))
    state = g.apply_action(state, Discard(c("4y")))
    assert state.turn == 0
    state = g.apply_chance(g.apply_action(state, DrawStock()), Draw(c("4g")))
    state = lay_phase(g, state)
    assert g.current_player(state) == TERMINAL and state.winners == (0,)


def test_with_first_out_the_tie_break_is_won_by_going_out() -> None:
    g = game(2, tiebreak_win="first_out")
    state = make_state(
        g, ["6r 6b 6y 6g W 11r 11b 11y 4g", FILLER], tiebreak=True, phase_index=(10, 10)
    )
    state = lay_phase(g, state)
    assert g.current_player(state) == 0 and not state.winners
    state = g.apply_action(state, Discard(c("4g")))
    assert state.winners == (0,)


# ----------------------------------------------------------------------------- options
def test_unknown_options_and_bad_values_list_what_is_valid() -> None:
    with pytest.raises(InvalidOptionError, match=r"valid options: .*skip_style"):
        game(4, skip_styel="circuit")
    with pytest.raises(InvalidOptionError, match=re.escape('"mattel", "circuit"')):
        game(4, skip_style="sometimes")
    with pytest.raises(InvalidOptionError, match="valid counts: 2, 3, 4, 5, 6"):
        game(7)
    with pytest.raises(InvalidOptionError, match="phase 2: 'pair2'"):
        game(4, phases=["set3", "pair2"])


def test_even_and_odd_select_the_phases() -> None:
    assert [len(p) for p in game(4, even_odd="even").config.phases] == [2, 1, 1, 1, 2]
    assert game(4, even_odd="odd").config.phases[1] == parse_phase("set4+run4")
    assert len(game(2, phases=["set2"], even_odd="odd").config.phases) == 1
    with pytest.raises(InvalidOptionError, match="leaves none of the 1 phases"):
        game(2, phases=["set2"], even_odd="even")  # (found by tests/rl/test_action_bounds.py)


def test_custom_phases_replace_the_ten() -> None:
    g = game(2, phases=["run4", "colour5"])
    state = make_state(g, ["1r 2b 3y 4g 9r 9b 9y 9g 10r 10b 10y", FILLER])
    assert BeginPhase() in g.legal_actions(state)


def test_full_inventory_is_conserved_by_hand_built_states() -> None:
    g = game(2)
    state = make_state(g, [FILLER, FILLER], discard="5g")
    assert g.card_inventory(state) == g.full_inventory()
    assert sum(Counter(g.card_inventory(state)).values()) == 108


def test_a_skip_target_is_a_seat_or_null() -> None:
    g = game(3)
    g.check_action(Discard(SKIP, None))
    g.check_action(Discard(SKIP, 2))
    for bad in (-1, 3, 10**5000):
        with pytest.raises(InvalidActionError, match=r"action\.target: .*out of range \(0 to 2\)"):
            g.check_action(Discard(SKIP, bad))
    with pytest.raises(InvalidActionError, match=r"action\.target: expected an integer"):
        g.check_action(Discard(SKIP, True))
    assert g.decode_action({"type": "Discard", "card": 3, "target": None}) == Discard(3)
