"""Toquer's slot fields, read back: every slot of the table and of the two frames shows
its face and, face up, its value, exactly as the seat's view has them (the encoder builds
them from kept blocks and packed bytes, so they are checked against the view itself)."""

import random

import numpy as np
import pytest

from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.engine.registry import load_game
from meeple.games.toquer.layout import DOWN, EMPTY, UP
from meeple.games.toquer.rules import ToquerGame
from meeple.games.toquer.view import ToquerView
from meeple.rl.encoding import encoder_for
from meeple.rl.encoding.toquer import VOTES

FACES = (DOWN, UP, EMPTY)  # the order of the face one-hot
EXTREME_DECK = {"-99": 30, "-1": 20, "0": 20, "50": 20, "99": 30}


def expected_row(view: ToquerView, slot: int, values: tuple[int, ...]) -> np.ndarray:
    row = np.zeros(3 + len(values) + 1, dtype=np.float32)
    face = view.faces[slot]
    row[FACES.index(face)] = 1.0
    if face == UP:
        card = view.cards[slot]
        row[3 + values.index(card)] = 1.0
        row[-1] = card
    return row


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (4, {}),
        (8, {"layout": "own_grid", "end_score": 40}),
        (3, {"deck": EXTREME_DECK, "end_score": 300}),
    ],
)
def test_slot_fields_show_each_slot_as_the_view_does(
    players: int, options: dict[str, object]
) -> None:
    game = load_game("toquer", players, **options)  # type: ignore[arg-type]
    assert isinstance(game, ToquerGame)
    encoder = encoder_for(game)
    layout = encoder.layout
    g = game.geometry
    values = game.deck.values
    width = 3 + len(values) + 1
    rng = random.Random(11)
    state = game.initial_state()
    checked = knocker_frames = 0

    def rows(observation: np.ndarray, name: str) -> np.ndarray:
        field = layout.field(name)
        return observation[field.start : field.start + field.size].reshape(-1, width)

    while (actor := game.current_player(state)) != TERMINAL and checked < 400:
        if actor == CHANCE:
            state = game.apply_chance(state, game.sample_chance(state, rng))
            continue
        for seat in {actor, (actor + 1) % players}:
            view = game.view(state, seat)
            observation = encoder.observe(view)
            table = rows(observation, "table")
            for relative in range(g.slots):
                slot = (seat * g.own_count + relative) % g.slots
                assert np.array_equal(table[relative], expected_row(view, slot, values))
            for name, owner in (("my_frame", seat), ("knocker_frame", view.knocker)):
                frame = rows(observation, name)
                if owner is None:
                    assert not frame.any()
                    continue
                knocker_frames += name == "knocker_frame"
                for position, slot in enumerate(g.frames[owner]):
                    assert np.array_equal(frame[position], expected_row(view, slot, values))
            checked += 1
        legal = game.legal_actions(state)
        state = game.apply_action(state, legal[rng.randrange(len(legal))])
    assert checked >= 100
    if players >= 3:
        assert knocker_frames  # (the knocker's frame was seen filled at least once)


@pytest.mark.parametrize("players", [2, 5, 8])
def test_turn_and_vote_fields_read_back_seat_relative(players: int) -> None:
    """The phase, who acts, plays and deals, the votes and the knocker, each one-hot and
    seat-relative, as the seat's view has them (the encoder keeps these runs keyed by
    offsets from the seat, so every seat is read back, not only the one to act)."""
    game = load_game("toquer", players)
    assert isinstance(game, ToquerGame)
    encoder = encoder_for(game)
    layout = encoder.layout
    rng = random.Random(23)
    state = game.initial_state()
    phases = list(type(state.phase))
    seen_votes: set[str] = set()
    knockers = checked = 0

    def field(observation: np.ndarray, name: str) -> np.ndarray:
        f = layout.field(name)
        return observation[f.start : f.start + f.size]

    def one_hot(values: np.ndarray) -> int:
        (hot,) = np.flatnonzero(values)
        assert values[hot] == 1.0 and values.sum() == 1.0
        return int(hot)

    while (actor := game.current_player(state)) != TERMINAL and checked < 1500:
        if actor == CHANCE:
            state = game.apply_chance(state, game.sample_chance(state, rng))
            continue
        for seat in range(players):
            view = game.view(state, seat)
            observation = encoder.observe(view)
            assert phases[one_hot(field(observation, "phase"))] is view.phase
            assert one_hot(field(observation, "actor")) == (view.actor - seat) % players
            assert one_hot(field(observation, "active")) == (view.active - seat) % players
            assert one_hot(field(observation, "dealer")) == (view.dealer - seat) % players
            votes = field(observation, "votes").reshape(players, -1)
            read = "".join(VOTES[one_hot(row)] for row in votes)
            assert read == "".join(view.votes[(seat + r) % players] for r in range(players))
            seen_votes.add(read)
            knocker = field(observation, "knocker")
            if view.knocker is None:
                assert not knocker.any()
            else:
                assert one_hot(knocker) == (view.knocker - seat) % players
                knockers += 1
            checked += 1
        legal = game.legal_actions(state)
        state = game.apply_action(state, legal[rng.randrange(len(legal))])
    assert checked >= 1500 or actor == TERMINAL
    if players >= 3:  # (knocking needs three players: the votes and knocker were exercised)
        assert len(seen_votes) > 3 and knockers > 0
