"""Announcements (what a rule did to a seat) and end reasons, on hand-built positions."""

from typing import Any

from meeple.engine.protocol import Announcement
from meeple.games.phase10.actions import Deal
from meeple.games.phase10.actions import Discard as Phase10Discard
from meeple.games.phase10.cards import SKIP
from meeple.games.phase10.rules import Phase10Game
from support import cmyk, phase10, toc, toquer


def told(game: Any, state: Any, text: str) -> tuple[Any, tuple[Announcement, ...]]:
    """The state after the move ``text``, and its announcements."""
    action = game.parse_action(state, text)
    after = game.apply_action(state, action)
    return after, game.announcements(state, action, after)


def test_phase10_a_skip_passing_the_turn_over_a_seat_tells_that_seat() -> None:
    g = Phase10Game(3)
    state = phase10.make_state(g, ["S 1b 2b", phase10_filler(1), phase10_filler(2)], discard="9b")
    action = Phase10Discard(SKIP, 1)
    after = g.apply_action(state, action)
    assert after.turn == 2
    assert g.announcements(state, action, after) == (Announcement("skipped", 1),)
    # A Skip turned up at the deal: the first player (seat 0) loses the first turn.
    hands = tuple(phase10.cards(phase10_filler(k)) for k in range(3))
    dealt = g.apply_chance(g.initial_state(), Deal(hands, SKIP))
    notes = g.announcements(g.initial_state(), None, dealt)
    assert notes == (Announcement("skipped", 0),)


def phase10_filler(k: int) -> str:
    return [
        "1r 2r 3r 4r 6b 8b 10y 11y 12g 9g",
        "1y 2y 3g 4g 6r 8r 10b 11b 12y 9y",
        "1g 2g 3y 4y 6g 8g 10r 11r 12b 9b",
    ][k]


def test_toc_a_capture_tells_the_owner_of_the_pawn() -> None:
    g = toc.game()
    state = toc.position(g, {0: 20, 4: 25}, (5,))
    _, notes = told(g, state, "5 20-25")
    assert notes == (Announcement("captured", 1, (("by", 0), ("cell", 25))),)


def test_toc_a_pawn_reaching_its_safety_zone_is_told_with_the_count_home() -> None:
    g = toc.game()
    for pawns, home in (({0: 69}, 1), ({0: 69, 1: g.board.zone_cell(0, 3)}, 2)):
        state = toc.position(g, pawns, (2, 3, 5, 6, 8, 9))
        into = [
            a
            for a in g.legal_actions(state)
            if getattr(a, "pawn", -1) == 0 and getattr(a, "dest", -1) >= g.board.zone_base
        ]
        assert into, "no move into the zone"
        after = g.apply_action(state, into[0])
        notes = g.announcements(state, into[0], after)
        assert Announcement("pawn_home", 0, (("by", 0), ("home", home))) in notes
    moved = toc.position(g, {0: 20}, (5,))
    move = next(a for a in g.legal_actions(moved) if getattr(a, "dest", -1) == 25)
    assert g.announcements(moved, move, g.apply_action(moved, move)) == ()


def test_cmyk_a_pile_completed_under_a_mix_is_closed_and_wins_nothing() -> None:
    g = cmyk.CmykGame(2)
    state = cmyk.make_state(g, ["Y10 Y20 C10", "M10"], mix="X1")
    _, notes = told(g, state, "Y10")
    assert notes == (Announcement("pile_closed", 0, (("colour", 2),)),)
    state = cmyk.make_state(g, ["C10 M10", "M10"], piles=("C50 C40", "", "", ""))
    _, notes = told(g, state, "C10")
    assert notes == (Announcement("cards_won", 0, (("cards", 3), ("piles", 1))),)


def test_toquer_knocks_and_the_exchange_are_told_with_every_card() -> None:
    game = toquer.make_game(4)
    state = toquer.draw(game, toquer.table(game, [toquer.DOWN4] * 4), 5)
    notes: list[Announcement] = []
    for text in ("pass", "knock", "pass"):
        state, told_now = told(game, state, text)
        notes.extend(told_now)
    assert notes == [Announcement("knocked", 2)]  # only once all three have decided
    state = toquer.act(game, state, "give 2", "swap b2", "take c1")
    after, notes2 = told(game, state, "swap d3")
    exchange = notes2[0]
    assert exchange.kind == "knock_exchange" and exchange.seat == 2
    detail = dict(exchange.detail)
    assert detail["by"] == 0 and detail["taken"] == 3 and detail["given"] == 6
    assert detail["discarded"] == 12
    assert detail["from_slot"] == toquer.slot(game, 2, "c1")
    assert detail["to_slot"] == toquer.slot(game, 0, "d3")
    # every value told is face up (or on the discard pile) once the step is done
    assert after.cards[detail["to_slot"]] == 3 and after.cards[detail["from_slot"]] == 6


def test_phase10_the_reason_says_whether_one_or_several_completed_the_last_phase() -> None:
    g = Phase10Game(2, {"phases": ["set3+set3"]})
    for laid, reason in (((True, False), "phase10_completed"), ((True, True), "tie_lowest_total")):
        state = phase10.make_state(g, ["7r", "1y 2y 3g"], discard="9b", laid=laid)
        over = g.apply_action(state, Phase10Discard(phase10.c("7r")))
        assert g.is_terminal(over) and over.winners == (0,)
        result = g.result(over)
        assert result.reason == reason
        assert result.rounds == ((0.0, 15.0),)  # seat 1's three cards, counted
        assert over.last_round is not None and over.last_round.hands[1] == phase10.cards("1y 2y 3g")


def test_toquer_a_move_on_cards_another_seat_owns_tells_that_seat() -> None:
    """Two players: seat 1's n column is seat 0's own d column. Seat 1 swapping, turning
    up or clearing cards there changes seat 0's points: seat 0 is told (by whom, where,
    and the face-up card now there); a move on seat 1's own cards tells nobody."""
    game = toquer.make_game(2)
    start = toquer.table(game, [toquer.DOWN4, "9 9 #3 #4 / #5 #6 #7 #8 / #9 #10 #11 #12"])
    start = toquer.act(game, start, "stock")  # seat 0 draws and lets it go, revealing a1
    start = game.apply_chance(start, game._draws[5])
    start = toquer.act(game, start, "discard a1")
    assert game.current_player(start) == 1
    drawn = toquer.draw(game, start, 11)
    d3 = toquer.slot(game, 0, "d3")
    assert toquer.slot(game, 1, "n3") == d3
    _, notes = told(game, drawn, "swap n3")
    assert notes == (Announcement("shared_swap", 0, (("by", 1), ("slot", d3), ("card", 11))),)
    _, notes = told(game, drawn, "discard n2")  # turns up seat 0's d2: the 8 face down
    d2 = toquer.slot(game, 0, "d2")
    assert notes == (Announcement("shared_reveal", 0, (("by", 1), ("slot", d2), ("card", 8))),)
    _, notes = told(game, drawn, "swap c3")  # seat 1's own card
    assert notes == ()
    # Seat 1 draws a 9 and puts it at n1: seat 0's d1 (4, face down) comes out; the row
    # n1 a1 b1 is 9 9 9, and clearing it takes one of seat 0's cards.
    nine = toquer.draw(game, start, 9)
    placed = toquer.act(game, nine, "swap n1")
    _, notes = told(game, placed, "clear n1 a1 b1")
    assert notes == (Announcement("shared_clear", 0, (("by", 1), ("card", 9), ("count", 1))),)
