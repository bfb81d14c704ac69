"""The heuristic bot plays like a sensible person (hand-built positions) and beats random."""

import random

from meeple.bots.heuristic.toc import HeuristicBot
from meeple.games.toc import TocGame
from meeple.games.toc.state import TocState
from meeple.sim.match import play_match
from support.toc import game, position


def choice(g: TocGame, state: TocState, seed: int = 0) -> str:
    seat = g.current_player(state)
    bot = HeuristicBot(g, seat, random.Random(seed))  # type: ignore[arg-type]
    action = bot.choose(g.view(state, seat), g.legal_actions(state))
    return g.format_action(state, action)  # type: ignore[arg-type]


def test_it_brings_a_pawn_out() -> None:
    g = game()
    assert choice(g, position(g, {0: 20}, (1, 2, 3, 5, 6))) == "A in"


def test_it_captures_an_advanced_opponent() -> None:
    g = game()
    # Seat 1's pawn on 10 is 66 steps along its way (Départ 18, entry 16); take it.
    state = position(g, {0: 5, 1: 40, 4: 10}, (5, 2))
    assert choice(g, state) == "5 5-10"


def test_it_moves_a_threatened_leader_out_of_reach() -> None:
    g = game()
    # Seat 1 on 25 threatens 26..38; the Queen takes the leader on 30 to 42.
    state = position(g, {0: 30, 1: 10, 4: 25}, (12,))
    assert choice(g, state) == "Q 30-42"


def test_it_uses_the_four_to_reach_home() -> None:
    g = game()
    # From its Départ, backward 4 puts the pawn 2 cells before its zone entry.
    assert choice(g, position(g, {0: 0, 1: 40}, (4, 9))) == "4 0-68"
    assert choice(g, position(g, {0: 68, 1: 40}, (3, 9))) == "3 68-h0.1"


def test_it_keeps_a_parteu_instead_of_spending_it_as_a_small_move() -> None:
    g = game()
    # Moving 1 with the Ace would leave no card to bring the reserve pawns out.
    state = position(g, {0: 10, 1: 18 + 30}, (1, 2))
    assert choice(g, state) != "A 10-11"


def test_it_makes_a_good_split() -> None:
    g = game()
    # 3 of the 7 captures the opponent on 13 and 4 go to the other pawn.
    state = position(g, {0: 10, 1: 20, 4: 13}, (7,))
    first = choice(g, state)
    assert first in ("7 10-13", "7 20-24")


def test_it_beats_random_players() -> None:
    g = game(2)
    wins = 0
    for index in range(6):
        specs = ["heuristic", "random"] if index % 2 == 0 else ["random", "heuristic"]
        outcome = play_match(g, specs, seed=index, record=False)  # type: ignore[arg-type]
        wins += specs[outcome.result.winners[0]] == "heuristic"
    assert wins >= 5


def test_the_rollout_policy_judges_each_part_of_a_seven_on_its_own() -> None:
    from meeple.bots.heuristic.toc import RolloutBot

    g = game()
    # 3 of the 7 take the opponent on 13; the rest is the next decision.
    state = position(g, {0: 10, 1: 20, 4: 13}, (7, 2))
    seat = g.current_player(state)
    view, legal = g.view(state, seat), g.legal_actions(state)
    rollout = RolloutBot(g, seat, random.Random(0))  # type: ignore[arg-type]
    heuristic = HeuristicBot(g, seat, random.Random(0))  # type: ignore[arg-type]
    # its choice is the best board one part leaves (no search of the rest of the split)
    searched = {"calls": 0}
    seven_parts = g.mover.seven_parts

    def counted(*args: object) -> object:
        searched["calls"] += 1
        return seven_parts(*args)  # type: ignore[arg-type]

    g.mover.seven_parts = counted  # type: ignore[method-assign]
    try:
        first = rollout.choose(view, legal)
        assert searched["calls"] == 0
        assert heuristic.choose(view, legal) is not None and searched["calls"] > 0
    finally:
        del g.mover.seven_parts
    assert g.format_action(state, first) == "7 10-13"  # type: ignore[arg-type]
    # away from a 7 it plays as the heuristic does
    plain = position(g, {0: 5, 1: 40, 4: 10}, (5, 2))
    seat = g.current_player(plain)
    plain_view, plain_legal = g.view(plain, seat), g.legal_actions(plain)
    assert RolloutBot(g, seat, random.Random(0)).choose(  # type: ignore[arg-type]
        plain_view, plain_legal
    ) == HeuristicBot(g, seat, random.Random(0)).choose(plain_view, plain_legal)  # type: ignore[arg-type]
