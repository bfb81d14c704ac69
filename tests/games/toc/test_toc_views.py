"""Hidden information: views, the leak test, determinize and known cards."""

import random

from meeple.bots.registry import make_bot
from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.games.toc.actions import Deal, Give
from meeple.games.toc.state import TocState
from support.toc import game, position

HANDS4 = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (1, 11, 12, 13, 14), (2, 3, 4, 5, 6))


def _play_to(g: object, steps: int, seed: int) -> TocState:
    rng = random.Random(seed)
    state = g.initial_state()  # type: ignore[attr-defined]
    for _ in range(steps):
        actor = g.current_player(state)  # type: ignore[attr-defined]
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            state = g.apply_chance(state, g.sample_chance(state, rng))  # type: ignore[attr-defined]
        else:
            legal = g.legal_actions(state)  # type: ignore[attr-defined]
            state = g.apply_action(state, legal[rng.randrange(len(legal))])  # type: ignore[attr-defined]
    return state


def test_a_view_shows_only_the_seats_own_hand() -> None:
    g = game(4)
    state = g.apply_chance(g.initial_state(), Deal(HANDS4))
    view = g.view(state, 1)
    assert view.hand == HANDS4[1]
    assert view.hand_sizes == (5, 5, 5, 5)
    assert view.talon_size == 34
    assert g.view(state, None).hand == ()
    assert "14" not in repr(g.encode_view(view)).replace("'talon_size': 34", "")


def test_redealing_what_a_seat_cannot_see_changes_nothing_it_sees() -> None:
    g = game(4)
    state = _play_to(g, 120, seed=2)
    rng = random.Random(1)
    changed = False
    for seat in range(4):
        other = g.redeal_hidden(state, seat, rng)
        assert g.view(other, seat) == g.view(state, seat)
        assert g.view(other, None) == g.view(state, None)
        assert g.card_inventory(other) == g.full_inventory()
        changed |= other.hands != state.hands
    assert changed  # the other hands really were reshuffled


def test_a_seeded_bots_choice_does_not_depend_on_hidden_cards() -> None:
    g = game(4)
    state = _play_to(g, 81, seed=5)
    while g.current_player(state) < 0:
        state = g.apply_chance(state, g.sample_chance(state, random.Random(0)))
    seat = g.current_player(state)
    other = g.redeal_hidden(state, seat, random.Random(9))
    choices = []
    for s in (state, other):
        bot = make_bot("heuristic", g, seat, random.Random(3))  # type: ignore[arg-type]
        choices.append(bot.choose(g.view(s, seat), g.legal_actions(s)))
    assert choices[0] == choices[1]


def test_determinize_gives_a_full_state_with_the_same_view() -> None:
    g = game(6, teams="pairs", partner_exchange=True)
    state = _play_to(g, 200, seed=3)
    for seat in (None, 0, 3):
        view = g.view(state, seat)
        sampled = g.determinize(view, random.Random(8))
        assert g.view(sampled, seat) == view
        assert g.card_inventory(sampled) == g.full_inventory()


def test_a_giver_keeps_knowing_the_card_its_partner_still_holds() -> None:
    g = game(4, teams="pairs", partner_exchange=True)
    state = g.apply_chance(g.initial_state(), Deal(HANDS4))
    for card in (5, 10, 14, 2):
        state = g.apply_action(state, Give(card))
    # Seat 0 gave a 5 to seat 2: resampling what seat 0 cannot see keeps that 5 there.
    for trial in range(20):
        other = g.redeal_hidden(state, 0, random.Random(trial))
        assert 5 in other.hands[2]
        assert g.view(other, 0) == g.view(state, 0)


def test_known_cards_stay_put_when_redealing() -> None:
    g = game(4, reshuffle=False)
    base = position(g, {0: 10}, (2, 3), hands={1: (4, 9, 9, 12, 13)})
    fields = {f: getattr(base, f) for f in base.__slots__}
    state = TocState(**{**fields, "known": ((), (9, 12), (), ())})
    for trial in range(10):
        other = g.redeal_hidden(state, 0, random.Random(trial))
        assert other.hands[1].count(9) >= 1 and 12 in other.hands[1]
        assert g.view(other, 0) == g.view(state, 0)
