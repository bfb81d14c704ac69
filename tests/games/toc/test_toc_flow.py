"""Turn flow with injected chance outcomes: the deal, drawing back to 5, the talon rebuilt
from played cards, the 5-4-4 deal, the partner exchange, and refused outcomes."""

import random

import pytest

from meeple.engine.errors import IllegalActionError
from meeple.engine.protocol import CHANCE
from meeple.games.toc.actions import Deal, Draw, Give
from meeple.games.toc.cards import DECK_COUNTS
from meeple.games.toc.state import DEAL, DRAW, EXCHANGE, PLAY, TocState
from support.toc import game, play, position, texts

HANDS4 = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (1, 11, 12, 13, 14), (2, 3, 4, 5, 6))


def _counts(cards: tuple[int, ...]) -> tuple[int, ...]:
    counts = [0] * 14
    for rank in cards:
        counts[rank - 1] += 1
    return tuple(counts)


def test_the_deal_gives_five_cards_each_and_the_rest_is_the_talon() -> None:
    g = game(4)
    start = g.initial_state()
    assert g.current_player(start) == CHANCE
    state = g.apply_chance(start, Deal(HANDS4))
    assert state.phase == PLAY
    assert state.turn == 0
    assert state.hands == HANDS4
    assert sum(state.talon) == 54 - 20
    dealt = _counts(tuple(card for hand in HANDS4 for card in hand))
    assert state.talon == tuple(d - c for d, c in zip(DECK_COUNTS, dealt, strict=True))


def test_after_playing_the_player_draws_back_to_five_and_the_turn_passes() -> None:
    g = game(4)
    state = g.apply_chance(g.initial_state(), Deal(HANDS4))
    state = play(g, state, "A in")
    assert state.phase == DRAW
    assert len(state.hands[0]) == 4
    assert state.played == (1,)
    state = g.apply_chance(state, Draw(12))
    assert state.hands[0] == (2, 3, 4, 5, 12)
    assert state.turn == 1
    assert state.phase == PLAY
    assert state.turns == 1


def test_a_discard_also_draws_back_to_five() -> None:
    g = game(4)
    state = g.apply_chance(g.initial_state(), Deal(HANDS4))
    state = g.apply_chance(play(g, state, "A in"), Draw(12))
    assert texts(g, state) == ["discard 6", "discard 7", "discard 8", "discard 9", "discard 10"]
    state = play(g, state, "discard 9")
    assert state.phase == DRAW
    assert state.played == (1, 9)


def _empty_talon_state(reshuffle: bool) -> tuple[object, TocState]:
    g = game(4, reshuffle=reshuffle)
    # Every card not in the four hands has been played: the talon is empty.
    hands = {0: (2, 2, 3, 3, 5), 1: (6, 6, 8, 8, 9), 2: (9, 10, 10, 12, 12), 3: (13, 13, 5, 5, 6)}
    rest = list(DECK_COUNTS)
    for cards in hands.values():
        for rank in cards:
            rest[rank - 1] -= 1
    played = tuple(rank for rank, count in enumerate(rest, 1) for _ in range(count))
    state = position(g, {0: 10}, hands[0], hands=hands, played=played)
    assert sum(state.talon) == 0
    return g, state


def test_an_empty_talon_is_rebuilt_from_the_played_cards() -> None:
    g, state = _empty_talon_state(reshuffle=True)
    after = play(g, state, "2 10-12")  # type: ignore[attr-defined]
    assert after.phase == DRAW
    assert after.played == ()
    assert after.talon == _counts((*state.played, 2))
    assert after.talon_order == ()


def test_without_reshuffle_the_talon_keeps_the_played_order_and_draws_are_known() -> None:
    g, state = _empty_talon_state(reshuffle=False)
    after = play(g, state, "2 10-12")  # type: ignore[attr-defined]
    assert after.talon_order == (*state.played, 2)
    assert sum(after.talon) == 0
    top = after.talon_order[0]
    assert g.chance_outcomes(after) == ((Draw(top), 1.0),)  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError):
        g.apply_chance(after, Draw(top % 14 + 1))  # type: ignore[attr-defined]
    drawn = g.apply_chance(after, Draw(top))  # type: ignore[attr-defined]
    assert drawn.known[0] == (top,)  # everyone saw that card go into seat 0's hand
    view = g.view(drawn, 2)  # type: ignore[attr-defined]
    assert view.known[0] == (top,)


def test_impossible_draws_are_refused() -> None:
    g = game(4)
    state = position(g, {0: 10}, (2,), phase=DRAW)
    state = TocState(**{**{f: getattr(state, f) for f in state.__slots__}, "talon": _counts((5,))})
    with pytest.raises(IllegalActionError):
        g.apply_chance(state, Draw(6))
    assert g.apply_chance(state, Draw(5)).hands[0] == (2, 5)


def test_impossible_deals_are_refused() -> None:
    g = game(4)
    start = g.initial_state()
    too_many_jokers = ((14, 14, 14, 1, 2), *HANDS4[1:])
    for bad in (Deal(HANDS4[:3]), Deal(too_many_jokers), Draw(3)):
        with pytest.raises(IllegalActionError):
            g.apply_chance(start, bad)


def test_sampled_deals_are_possible_and_seeded() -> None:
    g = game(4)
    start = g.initial_state()
    first = g.sample_chance(start, random.Random(7))
    assert first == g.sample_chance(start, random.Random(7))
    assert isinstance(first, Deal)
    assert all(len(hand) == 5 for hand in first.hands)


def test_deal_544_deals_five_then_four_then_four_without_drawing() -> None:
    g = game(4, deal_mode="5-4-4")
    rng = random.Random(3)
    state = g.initial_state()
    sizes = []
    while len(sizes) < 4:
        if state.phase == DEAL:
            state = g.apply_chance(state, g.sample_chance(state, rng))
            sizes.append(len(state.hands[0]))
            if len(sizes) == 4:
                break
            assert all(len(h) == sizes[-1] for h in state.hands)
            if len(sizes) == 1:
                assert sum(state.talon) == 54 - 20
        assert state.phase == PLAY  # never DRAW in this mode
        actions = g.legal_actions(state)
        state = g.apply_action(state, actions[0])
        while state.pending is not None:
            state = g.apply_action(state, g.legal_actions(state)[0])
    assert sizes == [5, 4, 4, 5]
    assert sum(state.talon) == 54 - 20  # the fourth deal starts a new cycle from all 54


def test_deal_544_the_next_deal_starts_with_the_next_seat() -> None:
    g = game(4, deal_mode="5-4-4")
    state = g.apply_chance(g.initial_state(), Deal(HANDS4))
    assert state.starter == 0
    hands = ((2, 3, 4, 5), (6, 7, 8, 9), (10, 11, 12, 13), (2, 3, 4, 5))
    state = position(g, {}, (), turn=0, phase=DEAL)
    state = TocState(**{**{f: getattr(state, f) for f in state.__slots__}, "deals": 1})
    after = g.apply_chance(state, Deal(hands))
    assert after.turn == 1
    assert after.starter == 1


def test_partner_exchange_passes_one_card_to_the_partner() -> None:
    g = game(4, teams="pairs", partner_exchange=True)
    state = g.apply_chance(g.initial_state(), Deal(HANDS4))
    assert state.phase == EXCHANGE
    assert g.current_player(state) == 0
    for seat, card in ((0, 5), (1, 10), (2, 14), (3, 2)):
        assert g.current_player(state) == seat
        state = g.apply_action(state, Give(card))
    assert state.phase == PLAY
    assert state.turn == 0
    assert state.hands[0] == (1, 2, 3, 4, 14)  # gave 5, got seat 2's Joker
    assert state.hands[2] == (1, 5, 11, 12, 13)
    assert state.hands[1] == (2, 6, 7, 8, 9)
    assert state.hands[3] == (3, 4, 5, 6, 10)
    assert state.gift_known == (14, 2, 5, 10)
    # Seat 0 knows its partner holds the 5 (and that its partner knows about the Joker);
    # seat 1 knows only of its own gift, the 10.
    assert g.view(state, 0).gift_sent == 5
    assert g.view(state, 0).gift_received == 14
    assert g.view(state, 1).gift_sent == 10
    assert g.view(state, 1).known == ((), (), (), ())
    assert g.view(state, None).gift_sent == 0


def test_a_card_set_aside_is_hidden_from_others_until_passed() -> None:
    g = game(4, teams="pairs", partner_exchange=True)
    state = g.apply_chance(g.initial_state(), Deal(HANDS4))
    state = g.apply_action(state, Give(5))
    assert g.view(state, 0).set_aside == 5
    assert g.view(state, 2).set_aside == 0
    assert g.view(state, 2).has_set_aside == (True, False, False, False)
    assert g.action_visibility(state, Give(6)) == frozenset({1})


def test_drawn_cards_are_seen_only_by_the_drawer() -> None:
    g = game(4)
    state = position(g, {0: 10}, (2,), phase=DRAW)
    assert g.outcome_visibility(state, Draw(3)) == frozenset({0})
    assert g.outcome_visibility(g.initial_state(), Deal(HANDS4)) == frozenset()
