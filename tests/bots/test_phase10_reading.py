"""Phase 10's reading bot: what it learns from the next player, and what it does with it."""

import random
from dataclasses import replace

import pytest

import meeple
from meeple.bots.heuristic.phase10 import HeuristicBot, LayPlan, ReadingBot
from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.registry import make_bot
from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.games.phase10.actions import BeginPhase, Discard, DrawStock, Hit
from meeple.games.phase10.cards import number_of
from meeple.games.phase10.config import GroupKind
from meeple.games.phase10.rules import Phase10Game
from meeple.games.phase10.state import LaidGroup, Phase10State, Stage
from support.phase10 import c, cards, make_state, run


def game(players: int) -> Phase10Game:
    loaded = meeple.load_game("phase10", players)
    assert isinstance(loaded, Phase10Game)
    return loaded


MINE = "1r 1b 2r 2b 11y 4g 6y 8b 9r 3g 5y"  # two pairs; every single keeps 2 missing


def test_it_remembers_what_the_next_player_passed_over_and_threw_away() -> None:
    g = game(2)
    bot = ReadingBot(g, 0, random.Random(0))
    before = make_state(g, [MINE, "1g 2g 3r 4r 5r 6r 7r 8r 9g 10g"], discard="12g")
    bot.observe(g.view(before, 0), Discard(c("6y")))
    # The next player drew from the stock and threw the 7r on the 6y.
    passed = make_state(
        g,
        ["1r 1b 2r 2b 11y 4g 8b 9r 3g 5y", "1g 2g 3r 4r 5r 6r 8r 9g 10g 12b"],
        stage=Stage.DRAW,
        discard="12g 6y 7r",
    )
    bot.observe(g.view(passed, 0), DrawStock())
    assert bot.unwanted == (c("6y"), c("7r"))
    bot.observe(g.view(passed, 0), DrawStock())  # the same view again changes nothing
    assert bot.unwanted == (c("6y"), c("7r"))

    # Next time the player takes the discard (so wants it) and throws the 8r instead.
    bot.observe(g.view(passed, 0), Discard(c("9r")))
    taken = replace(
        make_state(
            g,
            ["1r 1b 2r 2b 11y 4g 8b 3g 5y 7y", "1g 2g 3r 4r 5r 6r 9r 9g 10g 12b"],
            stage=Stage.DRAW,
            discard="12g 6y 7r 8r",
        ),
        known=((), cards("9r")),
    )
    bot.observe(g.view(taken, 0), DrawStock())
    assert bot.unwanted == (c("6y"), c("7r"), c("8r"))

    # A new round starts afresh.
    bot.observe(g.view(replace(taken, round=taken.round + 1), 0), DrawStock())
    assert bot.unwanted == ()


def test_between_equal_discards_it_keeps_the_card_the_next_player_collects() -> None:
    g = game(2)
    state = replace(
        make_state(g, [MINE, "11r 11b 3r 4r 5r 6r 7r 8r 9g 10g"], discard="12g"),
        known=((), cards("11r 11b")),  # the next player took two 11s from the discards
    )
    view, legal = g.view(state, 0), g.legal_actions(state)
    assert HeuristicBot(g, 0, random.Random(0)).choose(view, legal) == Discard(c("11y"))
    choice = ReadingBot(g, 0, random.Random(0)).choose(view, legal)
    assert isinstance(choice, Discard) and choice.card not in cards("1r 1b 2r 2b 11y")


def choices(hand: str) -> tuple[Discard, Discard]:
    """What the heuristic and the reading bot discard from ``hand`` at two players, the
    next player down with sets of 9s and 10s that none of ``hand`` fits (so there is no
    one to read, and no card feeds it)."""
    g = game(2)
    table = (
        LaidGroup(1, GroupKind.SET, 9, cards("9r 9b 9y")),
        LaidGroup(1, GroupKind.SET, 10, cards("10r 10b 10y")),
    )
    state = make_state(g, [hand, "1g 2g 3r 4r"], discard="12g", table=table, laid=(False, True))
    view, legal = g.view(state, 0), g.legal_actions(state)
    heuristic = HeuristicBot(g, 0, random.Random(0)).choose(view, legal)
    reading = ReadingBot(g, 0, random.Random(0)).choose(view, legal)
    assert isinstance(heuristic, Discard) and isinstance(reading, Discard)
    return heuristic, reading


def test_between_equal_discards_it_keeps_the_most_outs() -> None:
    # A set of 5s and three pairs: one card short whichever lone card or pair card goes.
    # Breaking the pair of 12s sheds the most points but leaves two numbers to draw, not three.
    heuristic, reading = choices("5r 5b 5y 7r 7b 8r 8b 12r 12b 3g 4y")
    assert heuristic.card in cards("12r 12b")
    assert reading.card in cards("3g 4y")


def test_between_equal_discards_it_keeps_what_goes_down_with_the_phase() -> None:
    # The fourth 11 is worth more points than any lone card, but it goes down with its
    # set, while a lone card would stay in hand after the phase is laid.
    heuristic, reading = choices("11r 11b 11y 11g 7r 7b 3g 4y 6b 8g 2y")
    assert heuristic.card in cards("11r 11b 11y 11g")
    assert reading.card in cards("3g 4y 6b 8g 2y")


def test_it_decides_the_same_whatever_it_cannot_see() -> None:
    g = game(3)
    bots = [ReadingBot(g, seat, random.Random(seat)) for seat in range(3)]
    twins = [ReadingBot(g, seat, random.Random(seat)) for seat in range(3)]
    rng = random.Random(5)
    state = g.initial_state()
    decisions = 0
    while (actor := g.current_player(state)) != TERMINAL and decisions < 400:
        if actor == CHANCE:
            state = g.apply_chance(state, g.sample_chance(state, rng))
            continue
        legal = g.legal_actions(state)
        other = g.redeal_hidden(state, actor, rng)
        choice = bots[actor].choose(g.view(state, actor), legal)
        assert twins[actor].choose(g.view(other, actor), g.legal_actions(other)) == choice
        state = g.apply_action(state, choice)
        decisions += 1
    assert decisions == 400


def test_ismcts_starts_from_the_reading_bot_and_shows_it_every_decision() -> None:
    g = game(2)
    bot = make_bot("ismcts:iterations=4,depth=2", g, 0, random.Random(0))
    assert isinstance(bot, ISMCTSBot) and isinstance(bot.prior_bot, ReadingBot)
    shown: list[tuple[object, object]] = []
    reader = bot.observer
    assert reader is not None

    def watch(view: object, action: object) -> None:
        shown.append((view, action))
        reader(view, action)

    bot.observer = watch
    rng = random.Random(6)
    state = g.initial_state()
    chosen: list[tuple[object, object]] = []
    learned = 0  # the most the reading bot knew of the next player at once
    while len(chosen) < 60:
        actor = g.current_player(state)
        assert actor != TERMINAL
        if actor == CHANCE:
            state = g.apply_chance(state, g.sample_chance(state, rng))
            continue
        legal = g.legal_actions(state)
        if actor == 0:
            view = g.view(state, 0)
            action = bot.choose(view, legal)
            chosen.append((view, action))
            learned = max(learned, len(bot.prior_bot.unwanted))
        else:
            action = legal[rng.randrange(len(legal))]
        state = g.apply_action(state, action)
    assert shown == chosen  # every decision, single-action and settled ones too
    assert learned >= 2  # it read the opponent's passes through those calls alone


def play_turn(
    g: Phase10Game, bot: HeuristicBot, state: Phase10State
) -> tuple[Phase10State, list[object]]:
    """The bot's lay-downs and hits until it discards or the round ends; the state
    before its discard and the actions it played."""
    played: list[object] = []
    while g.current_player(state) == 0:
        legal = g.legal_actions(state)
        action = bot.choose(g.view(state, 0), legal)
        if isinstance(action, Discard):
            break
        played.append(action)
        state = g.apply_action(state, action)
    return state, played


def test_its_hits_are_planned_so_a_wild_leaves_room_for_the_card_after_it() -> None:
    # Down already; a run 3-6 on the table. The Wild can go below (2) or above (7); only
    # above lets the 8 follow, and then the hand is empty: the round is over.
    g = game(2)
    state = make_state(
        g,
        ["W 8g", "1g 2g 3r 4r"],
        table=(run(3, "3r 4b 5y 6g", owner=1),),
        laid=(True, True),
    )
    greedy, _ = play_turn(g, HeuristicBot(g, 0, random.Random(0)), state)
    assert greedy.hands[0] == cards("8g")
    planned, played = play_turn(g, ReadingBot(g, 0, random.Random(0)), state)
    assert planned.round == state.round + 1 or planned.hands[0] == ()
    assert [a.card for a in played if isinstance(a, Hit)] == [c("W"), c("8g")]


def test_it_lays_its_phase_so_that_more_cards_go_down_after() -> None:
    # Phase 4, a run of 7, from 3 4 5 6 7 8 and a Wild, with 10 11 12 12 beside. The
    # heuristic fills the lowest window (the Wild a 2: 2-8) and nothing more fits; the
    # plan makes the Wild a 9 (3-9), then hits the 10, the 11 and a 12.
    g = game(2)
    state = make_state(g, ["3b 4y 5g 6r 7b 8r W 10y 12g 12r 11b", "1b 2g 3r 4r"])
    state = replace(state, phase_index=(3, 0))
    greedy, _ = play_turn(g, HeuristicBot(g, 0, random.Random(0)), state)
    assert len(greedy.hands[0]) == 4
    planned, played = play_turn(g, ReadingBot(g, 0, random.Random(0)), state)
    (left,) = planned.hands[0]
    assert number_of(left) == 12
    assert played[0] == BeginPhase() and sum(isinstance(a, Hit) for a in played) == 3


def test_the_plan_depends_on_what_the_seat_sees_only() -> None:
    g = game(2)
    state = make_state(g, ["W 8g 3y 3b 3g", "1g 2g 3r 4r"], table=(run(3, "3r 4b 5y 6g", owner=1),))
    state = replace(state, laid=(True, True))
    view = g.view(state, 0)
    steps = LayPlan(g, 0, view).steps
    for seed in range(5):
        other = g.determinize(view, random.Random(seed))  # the hidden cards redealt
        assert LayPlan(g, 0, g.view(other, 0)).steps == steps


def test_a_plan_too_large_to_make_leaves_the_heuristics_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from meeple.bots.heuristic import phase10

    g = game(2)
    state = make_state(g, ["3b 4y 5g 6r 7b 8r W 10y 12g 12r 11b", "1b 2g 3r 4r"])
    state = replace(state, phase_index=(3, 0))
    monkeypatch.setattr(phase10, "PLAN_LIMIT", 10)
    assert LayPlan(g, 0, g.view(state, 0)).steps == {}
    greedy, _ = play_turn(g, HeuristicBot(g, 0, random.Random(0)), state)
    capped, _ = play_turn(g, ReadingBot(g, 0, random.Random(0)), state)
    assert capped == greedy
