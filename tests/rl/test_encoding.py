"""The RL encodings of every game: a fixed bijection between action indices and the
actions possible in a configuration, masks that are exactly the legal actions, and
observations that stay in bounds and never show what the seat may not see."""

import importlib
import random

import numpy as np
import pytest

from conftest import config_id, game_configs, make
from meeple.engine.protocol import CHANCE, TERMINAL, AnyGame
from meeple.engine.registry import game_names
from meeple.rl.encoding import AnyEncoder, encoder_for
from meeple.rl.encoding.base import MAX_ACTIONS, Prefix

CONFIGS = game_configs()


def decision_states(game: AnyGame, seed: int, every: int, limit: int) -> list[object]:
    """States of one random game where a seat acts: every ``every``-th one, at most
    ``limit`` (the last decision of the game always included)."""
    rng = random.Random(seed)
    state = game.initial_state()
    found: list[object] = []
    last: object = None
    count = 0
    while (actor := game.current_player(state)) != TERMINAL:
        if actor == CHANCE:
            state = game.apply_chance(state, game.sample_chance(state, rng))
            continue
        if count % every == 0 and len(found) < limit:
            found.append(state)
        last = state
        count += 1
        legal = game.legal_actions(state)
        state = game.apply_action(state, legal[rng.randrange(len(legal))])
    if last is not None and last not in found:
        found.append(last)
    found.append(state)  # the end: nobody to act
    return found


def test_every_game_has_an_encoding() -> None:
    for name in game_names():
        module = importlib.import_module(f"meeple.games.{name}")
        players, options = module.TEST_CONFIGS[0]
        game = make((name, players, dict(options)))
        assert encoder_for(game).num_actions > 0


def walk(encoder: AnyEncoder, state: object, prefix: Prefix = ()) -> list[tuple[Prefix, object]]:
    """Every way through the legal indices of ``state`` from ``prefix``: (the indices
    chosen, the engine action they complete)."""
    found = []
    for index in encoder.legal_indices(state, prefix):
        action, longer = encoder.choose(state, prefix, index)
        if action is None:
            assert longer == (*prefix, index)
            found.extend(walk(encoder, state, longer))
        else:
            found.append(((*prefix, index), action))
    return found


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_action_is_a_distinct_sequence_of_at_most_a_thousand_indices(
    config: tuple[str, int, dict[str, object]],
) -> None:
    encoder = encoder_for(make(config))
    assert encoder.num_actions <= MAX_ACTIONS
    assert sum(block.size for block in encoder.index_blocks) == encoder.num_actions
    for seat in range(encoder.players):
        actions = encoder.actions(seat)
        assert len(actions) == encoder.action_count == len(set(actions))
        for number in (0, encoder.action_count // 2, encoder.action_count - 1):
            assert encoder.action_index(seat, encoder.index_action(seat, number)) == number
        assert all(encoder.action_index(seat, action) == i for i, action in enumerate(actions))
        # The hot path (arithmetic or tables in some encoders) agrees with the numbering.
        assert encoder._indices(seat, actions) == list(range(encoder.action_count))
        sequences = [encoder.action_tokens(seat, action) for action in actions]
        assert len(set(sequences)) == len(sequences)
        assert all(0 <= i < encoder.num_actions for s in sequences for i in s)
        assert all(
            encoder.tokens_action(seat, s) == a for s, a in zip(sequences, actions, strict=True)
        )
        # Every index stands for something: an action's index, or "done".
        used = {i for s in sequences for i in s} | {encoder.end_index} - {None}
        assert used == set(range(encoder.num_actions))


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_masks_are_the_legal_actions_and_observations_stay_in_bounds(
    config: tuple[str, int, dict[str, object]],
) -> None:
    game = make(config)
    encoder = encoder_for(game)
    low, high = encoder.layout.bounds()
    for seed in (1, 2):
        for state in decision_states(game, seed, every=3, limit=400):
            actor = game.current_player(state)
            legal = game.legal_actions(state)
            for seat in range(game.players):
                mask = encoder.mask(state, seat)
                assert mask.dtype == np.int8 and mask.shape == (encoder.num_actions,)
                if seat != actor:
                    assert not mask.any()
                    continue
                assert sorted(np.flatnonzero(mask)) == sorted(encoder.legal_indices(state))
                # Choosing index by index reaches each legal action once, by its own
                # indices (or the beginning of them, when the rest is forced).
                paths = walk(encoder, state)
                assert sorted(map(repr, (a for _, a in paths))) == sorted(map(repr, legal))
                for path, action in paths:
                    tokens = encoder.action_tokens(seat, action)
                    assert path == tokens[: len(path)] or (
                        path[-1] == encoder.end_index and path[:-1] == tokens
                    )
                observation = encoder.observation(state, seat)
                assert observation.dtype == np.float32
                assert observation.shape == (encoder.observation_size,)
                outside = (observation < low) | (observation > high)
                fields = encoder.layout.fields
                assert not outside.any(), [
                    f.name for f in fields if outside[f.start : f.start + f.size].any()
                ]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_observations_hide_what_the_seat_may_not_see(
    config: tuple[str, int, dict[str, object]],
) -> None:
    """As the views are tested: reshuffling everything a seat cannot see (the other
    hands, the unseen cards) changes neither its observation nor its mask."""
    game = make(config)
    encoder = encoder_for(game)
    rng = random.Random(3)
    changed = 0
    for state in decision_states(game, seed=4, every=11, limit=40):
        for seat in range(game.players):
            other = game.redeal_hidden(state, seat, rng)
            changed += other != state
            assert np.array_equal(
                encoder.observation(state, seat), encoder.observation(other, seat)
            ), f"seat {seat}"
            assert np.array_equal(encoder.mask(state, seat), encoder.mask(other, seat))
    assert changed, "the redeals never changed a state: the test would prove nothing"


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_observations_show_what_changes(config: tuple[str, int, dict[str, object]]) -> None:
    """The observation follows the game: consecutive decisions rarely look the same,
    and two seats see the same state differently (their own hands, relative seats)."""
    game = make(config)
    encoder = encoder_for(game)
    states = decision_states(game, seed=5, every=1, limit=60)[:-1]
    actor_views = [encoder.observation(s, game.current_player(s)) for s in states]
    distinct = {view.tobytes() for view in actor_views}
    assert len(distinct) > len(states) // 2
    state = states[-1]
    assert not np.array_equal(encoder.observation(state, 0), encoder.observation(state, 1))


def test_the_encoding_is_relative_to_the_observing_seat() -> None:
    """Seat-relative fields put the observer first, so seat 1 sees itself at position 0."""
    game = make(("phase10", 3, {}))
    encoder = encoder_for(game)
    state = decision_states(game, seed=6, every=1, limit=1)[0]
    turn = encoder.layout.field("turn")
    for seat in range(3):
        observation = encoder.observation(state, seat)
        relative = (game.current_player(state) - seat) % 3
        expected = np.zeros(3, dtype=np.float32)
        expected[relative] = 1
        assert np.array_equal(observation[turn.start : turn.start + 3], expected)


def test_an_action_outside_the_space_is_reported_not_guessed() -> None:
    encoder: AnyEncoder = encoder_for(make(("phase10", 2, {})))
    with pytest.raises(KeyError):
        encoder.action_index(0, "not an action")
    with pytest.raises(IndexError):
        encoder.index_action(0, encoder.action_count)
    with pytest.raises(KeyError):
        encoder.tokens_action(0, (encoder.num_actions,))


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_observations_do_not_depend_on_what_was_observed_before(
    config: tuple[str, int, dict[str, object]],
) -> None:
    """The encoders keep what they computed last (the table's slot block, seat entries,
    counts): the same views observed in another order by a fresh encoder give the same
    arrays."""
    game = make(config)
    encoder = encoder_for(game)
    views = [
        game.view(state, seat)
        for state in decision_states(game, seed=6, every=2, limit=150)
        for seat in range(game.players)
    ]
    in_order = [encoder.observe(view) for view in views]
    shuffled = list(range(len(views)))
    random.Random(7).shuffle(shuffled)
    fresh = encoder_for(game)
    for position in shuffled:
        assert np.array_equal(fresh.observe(views[position]), in_order[position]), position


@pytest.mark.parametrize(
    "config",
    CONFIGS[:1] + [c for c in CONFIGS if c[0] == "toquer" and c[1] >= 3][:1],
    ids=config_id,
)
def test_masks_are_fresh_arrays(config: tuple[str, int, dict[str, object]]) -> None:
    """A learner may write into a mask it was given: the next mask is not affected, also
    once the encoder keeps the mask of a legal tuple asked for again (a Toquer knock's
    two choices, seat after seat)."""
    game = make(config)
    encoder = encoder_for(game)
    for state in decision_states(game, seed=8, every=1, limit=40)[:-1]:
        seat = game.current_player(state)
        expected = np.zeros(encoder.num_actions, dtype=np.int8)
        expected[[encoder.action_tokens(seat, a)[0] for a in game.legal_actions(state)]] = 1
        for _ in range(3):  # (the second ask keeps the mask, the third hands out a copy)
            mask = encoder.mask(state, seat)
            assert np.array_equal(mask, expected)
            mask[:] = 0
        observation = encoder.observation(state, seat)
        observation[:] = -7.0
        assert (encoder.observation(state, seat) != -7.0).any()
