"""Levels for people and hints: named specs, the easy bot's mistakes, hints blind to
what the seat cannot see."""

import random

import pytest

from meeple.bots.heuristic.cmyk import HeuristicBot as CmykHeuristic
from meeple.bots.hints import hint
from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.levels import LEVEL_ORDER, LEVELS, EasyBot
from meeple.bots.registry import make_bot, parse_bot_spec
from meeple.engine.errors import IllegalActionError, InvalidOptionError
from meeple.engine.protocol import CHANCE, TERMINAL, AnyGame
from meeple.engine.registry import game_names, load_game
from meeple.engine.rng import stream


def _decision(game: AnyGame, seed: int, after: int) -> object:
    """A state of a seeded random game, ``after`` steps in or more, where the seat to act
    has a choice."""
    rng = random.Random(seed)
    state = game.initial_state()
    steps = 0
    while True:
        actor = game.current_player(state)
        assert actor != TERMINAL, "the game ended before a decision was found"
        if actor == CHANCE:
            state = game.apply_chance(state, game.sample_chance(state, rng))
            continue
        legal = game.legal_actions(state)
        if steps >= after and len(legal) > 1:
            return state
        state = game.apply_action(state, legal[rng.randrange(len(legal))])
        steps += 1


def test_every_level_is_a_spec_in_order_of_strength() -> None:
    assert LEVEL_ORDER == ("easy", "medium", "hard", "expert")
    assert set(LEVELS) == set(LEVEL_ORDER)
    assert parse_bot_spec("medium").target == "heuristic"
    assert parse_bot_spec("hard").target == parse_bot_spec("ismcts").target
    expert = parse_bot_spec("expert")
    assert expert.text == "expert" and expert.params == {"scale": 4}
    # parameters after a level's name refine it
    assert parse_bot_spec("expert:scale=8,c=1.0").params == {"scale": 8, "c": 1.0}
    assert parse_bot_spec("easy:mistakes=0.5").params == {"mistakes": 0.5}


@pytest.mark.parametrize("name", game_names())
def test_every_level_makes_a_bot_in_every_game(name: str) -> None:
    game = load_game(name)
    bots = {level: make_bot(level, game, 0, random.Random(0)) for level in LEVEL_ORDER}
    assert isinstance(bots["easy"], EasyBot)
    hard, expert = bots["hard"], bots["expert"]
    assert isinstance(hard, ISMCTSBot) and isinstance(expert, ISMCTSBot)
    assert hard.iterations is not None and expert.iterations == 4 * hard.iterations


def test_the_easy_bot_errs_at_its_rate_and_otherwise_follows_the_heuristic() -> None:
    game = load_game("cmyk", 2)
    for after in range(6, 60):  # a decision where the heuristic has one best move
        state = _decision(game, 1, after)
        seat = game.current_player(state)
        view, legal = game.view(state, seat), game.legal_actions(state)
        bests = {CmykHeuristic(game, seat, random.Random(r)).choose(view, legal) for r in range(8)}
        if len(bests) == 1 and len(legal) >= 3:
            break
    else:
        pytest.fail("no decision with a single best move found")
    careful = EasyBot(game, seat, random.Random(3), mistakes=0)
    # its judgement is the heuristic with a generator seeded from its own
    heuristic = CmykHeuristic(game, seat, random.Random(random.Random(3).random()))
    for _ in range(20):
        assert careful.choose(view, legal) == heuristic.choose(view, legal)
    judged = CmykHeuristic(game, seat, random.Random(3)).choose(view, legal)
    sloppy = EasyBot(game, seat, random.Random(3), mistakes=1)
    assert len({sloppy.choose(view, legal) for _ in range(200)}) == len(legal)
    default = EasyBot(game, seat, random.Random(3))
    others = sum(default.choose(view, legal) != judged for _ in range(600))
    # 30% at random, of which 1/len(legal) happen to be the heuristic's choice
    expected = 600 * 0.3 * (1 - 1 / len(legal))
    assert abs(others - expected) < 0.35 * expected
    with pytest.raises(InvalidOptionError):
        make_bot("easy:mistakes=2", game, 0, random.Random(0))


@pytest.mark.parametrize("name", game_names())
def test_a_hint_never_depends_on_what_the_seat_cannot_see(name: str) -> None:
    game = load_game(name, 3 if 3 in load_game(name).spec.player_counts else 2)
    state = _decision(game, 5, 25)
    seat = game.current_player(state)
    spec = "expert:iterations=12"  # (the expert level, a short search: 48 iterations)
    hints = set()
    for redeal in range(3):
        hidden = game.redeal_hidden(state, seat, random.Random(redeal))
        random.seed(redeal)  # the global generator must not matter either
        hints.add(hint(game, hidden, seat, stream(7, "hint"), spec))
    assert len(hints) == 1
    assert hints <= set(game.legal_actions(state))
    other = (seat + 1) % game.players
    with pytest.raises(IllegalActionError):
        hint(game, state, other, stream(7, "hint"), spec)
