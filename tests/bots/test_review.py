"""The post-game review: blind to what the seat could not see, and it flags a bad move."""

import dataclasses
import random

import pytest

from meeple.bots.review import Decision, decision_seed, decisions, judge, mark, review_record
from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.engine.record import MatchRecord, Step, new_record
from meeple.engine.registry import game_names, load_game
from meeple.games.toc.actions import Move
from meeple.games.toc.cards import forward_steps
from meeple.games.toc.rules import TocGame
from meeple.games.toc.state import TocState
from meeple.sim.match import play_match

SPEC = "expert:iterations=10"  # the expert level with a short search (40 iterations)


def _players(name: str) -> int:
    counts = load_game(name).spec.player_counts
    return 3 if 3 in counts else min(counts)


@pytest.mark.parametrize("name", game_names())
def test_the_review_never_depends_on_what_the_seat_cannot_see(name: str) -> None:
    game = load_game(name, _players(name))
    record = play_match(game, ["easy"] * game.players, 11).record
    assert record is not None
    found = [d for d in decisions(game, record, 1)][2:5]  # a few decisions of seat 1
    assert found
    for decision in found:
        judged = []
        for redeal in range(3):
            hidden = game.redeal_hidden(decision.state, decision.seat, random.Random(redeal))
            random.seed(redeal)  # the global generator must not matter either
            rng = random.Random(decision_seed(4, decision.step))
            judged.append(judge(game, hidden, decision.seat, rng, SPEC))
        assert all(j == judged[0] for j in judged), f"step {decision.step}"
        assert judged[0].choice in decision.legal
        assert set(judged[0].shares) <= set(decision.legal)


def _toc_win_in_one() -> tuple[TocGame, TocState, Move, Move]:
    """A Toc position where the seat to act has three pawns home and one card that takes
    the fourth home (winning), and a legal move that does not, while the other seat is
    about as near to winning (so that missing the win costs much)."""
    game = load_game("toc", 2)
    assert isinstance(game, TocGame)
    rng = random.Random(3)
    state = game.initial_state()
    while game.current_player(state) == CHANCE:
        state = game.apply_chance(state, game.sample_chance(state, rng))
    seat = state.turn
    board = game.board
    card = next(c for c in state.hands[seat] if forward_steps(c, True, False)[:1])
    steps = forward_steps(card, True, False)[0]
    start = (board.entry[seat] - (steps - 1)) % board.ring  # ``steps`` from the first zone cell
    positions = list(state.positions)
    first = seat * 4
    positions[first] = start
    rival = 1 - seat
    positions[rival * 4] = (board.entry[rival] - 4) % board.ring
    for index in range(1, 4):
        positions[first + index] = board.zone_cell(seat, index)
        positions[rival * 4 + index] = board.zone_cell(rival, index)
    built = dataclasses.replace(state, positions=tuple(positions), protected=0, armed=0)
    legal = game.legal_actions(built)
    winning = Move(card, first, board.zone_cell(seat, 0))
    assert winning in legal
    after = game.apply_action(built, winning)
    assert game.current_player(after) == TERMINAL and game.result(after).winners == (seat,)
    other = next(a for a in legal if game.current_player(game.apply_action(built, a)) != TERMINAL)
    assert isinstance(other, Move)
    return game, built, winning, other


def test_a_move_that_misses_a_win_is_marked_with_what_it_lost() -> None:
    game, state, winning, missed = _toc_win_in_one()
    seat = game.current_player(state)
    judged = judge(game, state, seat, random.Random(1), SPEC)
    assert judged.choice == winning
    assert judged.shares[winning] == 1.0  # every sample of the win is won
    legal = game.legal_actions(state)
    flagged = mark(Decision(7, seat, state, legal, missed), judged)
    assert flagged is not None and flagged.better == winning and flagged.played == missed
    assert flagged.loss is not None and flagged.loss > 0.3
    assert flagged.better_share == 1.0
    assert mark(Decision(7, seat, state, legal, winning), judged) is None  # the best stands
    data = flagged.to_json(game, state)
    assert data["better_text"] == game.format_action(state, winning)
    assert data["step"] == 7 and data["seat"] == seat


def test_review_record_replays_the_match_and_marks_the_missed_win() -> None:
    game, state, _, missed = _toc_win_in_one()
    seat = game.current_player(state)
    # a record whose first steps lead to a state with the same view: replay it from the
    # built position by playing the missed move there
    patched, record = _record_through(game, state, missed)
    review = review_record(patched, record, seat, SPEC, seed=2, limit=1)
    assert review.reviewed == 1 and review.total >= 1 and review.truncated == (review.total > 1)
    assert [m.played for m, _ in review.marks] == [missed]
    again = review_record(patched, record, seat, SPEC, seed=2, limit=1)
    assert [(m.loss, m.better) for m, _ in again.marks] == [
        (m.loss, m.better) for m, _ in review.marks
    ]


def _record_through(game: TocGame, built: TocState, missed: Move) -> tuple[TocGame, MatchRecord]:
    """A game whose initial state has the pawns of ``built`` and a record of it that
    replays to ``built`` (the same deal) and then plays ``missed``."""

    class Patched(TocGame):
        def initial_state(self) -> TocState:
            return dataclasses.replace(super().initial_state(), positions=built.positions)

    patched = Patched(game.players, dict(game.options))
    record = new_record(patched, ["human", "bot"], 3)
    rng = random.Random(3)
    state = patched.initial_state()
    while patched.current_player(state) == CHANCE:
        outcome = patched.sample_chance(state, rng)
        record.steps.append(Step(CHANCE, patched.encode_outcome(outcome)))
        state = patched.apply_chance(state, outcome)
    assert state.positions == built.positions and state.hands == built.hands
    record.steps.append(Step(state.turn, patched.encode_action(missed)))
    return patched, record
