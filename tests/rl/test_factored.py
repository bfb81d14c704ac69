"""Actions of several indices: a CMYK multiple completion chosen lay by lay (with
``Done()`` where one lay could stop), the choice visible in the observation, the seat
still to act until the action is complete, and the engine action played at the end."""

import numpy as np

import meeple.rl
from meeple.games.cmyk.actions import Lay, LayMany
from meeple.games.cmyk.rules import CmykGame
from support.cmyk import card, make_state


def three_completions() -> tuple[CmykGame, object]:
    game = CmykGame(2, {})
    state = make_state(game, ["C10 M10 Y10", "K10"], piles=("C90", "M90", "Y90", ""))
    return game, state


def started(game: CmykGame, state: object) -> meeple.rl.MeepleEnv:
    environment = meeple.rl.raw_env(game)
    environment.reset(seed=0)
    environment.episode.state = state
    environment.agent_selection = "player_0"
    return environment


def assert_played(
    environment: meeple.rl.MeepleEnv, game: CmykGame, state: object, action: LayMany
) -> None:
    """The environment's game went on from ``state`` by ``action`` (then its refill)."""
    expected = game.apply_action(state, action)
    now = environment.game_state
    assert (now.board, now.tally) == (expected.board, expected.tally)  # type: ignore[attr-defined]
    assert now.board != state.board  # type: ignore[attr-defined]


def test_a_multiple_completion_is_chosen_lay_by_lay_then_done() -> None:
    game, state = three_completions()
    environment = started(game, state)
    encoder = environment.encoder
    lay = {
        name: encoder.action_tokens(0, Lay(card(name), colour))[0]
        for name, colour in (("C10", 0), ("M10", 1), ("Y10", 2))
    }
    done = encoder.end_index
    assert done is not None
    first = environment.observe("player_0")
    assert set(np.flatnonzero(first["action_mask"])) == set(lay.values())
    chosen = encoder.layout.field("chosen")
    assert not first["observation"][chosen.start : chosen.start + chosen.size].any()

    environment.step(lay["C10"])
    assert environment.agent_selection == "player_0"  # still choosing
    assert environment.game_state is state  # nothing played yet
    middle = environment.observe("player_0")
    assert set(np.flatnonzero(middle["action_mask"])) == {done, lay["M10"], lay["Y10"]}
    assert np.flatnonzero(middle["observation"][chosen.start : chosen.start + chosen.size]) == [
        lay["C10"]
    ]
    assert "one of" in environment.action_text(lay["M10"])  # C10 + M10, or with Y10 too
    assert not environment.observe("player_1")["action_mask"].any()

    environment.step(lay["M10"])
    assert set(np.flatnonzero(environment.observe("player_0")["action_mask"])) == {
        done,
        lay["Y10"],
    }
    assert environment.action_text(done) == game.format_action(
        state, LayMany((Lay(card("C10"), 0), Lay(card("M10"), 1)))
    )
    environment.step(done)
    assert_played(environment, game, state, LayMany((Lay(card("C10"), 0), Lay(card("M10"), 1))))
    assert environment.episode.prefix == ()


def test_the_last_lay_that_can_join_completes_the_action_at_once() -> None:
    game, state = three_completions()
    environment = started(game, state)
    encoder = environment.encoder
    for name, colour in (("C10", 0), ("M10", 1), ("Y10", 2)):
        environment.step(encoder.action_tokens(0, Lay(card(name), colour))[0])
    played = LayMany(tuple(Lay(card(n), c) for n, c in (("C10", 0), ("M10", 1), ("Y10", 2))))
    assert_played(environment, game, state, played)


def test_a_choice_that_leads_nowhere_is_illegal_and_the_gym_env_goes_on_choosing() -> None:
    game, state = three_completions()
    environment = started(game, state)
    encoder = environment.encoder
    environment.step(encoder.action_tokens(0, Lay(card("M10"), 1))[0])
    wrapped = meeple.rl.env(game)
    wrapped.reset(seed=0)
    wrapped.unwrapped.episode.state = state  # type: ignore[attr-defined]
    wrapped.unwrapped.agent_selection = "player_0"  # type: ignore[attr-defined]
    wrapped.step(encoder.action_tokens(0, Lay(card("M10"), 1))[0])
    wrapped.step(encoder.action_tokens(0, Lay(card("C10"), 0))[0])  # C comes before M
    assert all(wrapped.terminations.values())
    assert wrapped.infos["player_0"]["illegal_action"] is True
