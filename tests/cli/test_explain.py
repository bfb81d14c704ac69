"""What the terminal says beyond the moves: announcements, grouped steps, summaries."""

import random
from collections import Counter

from rich.console import Console, RenderableType

from meeple.cli import i18n
from meeple.cli.common import round_renderer
from meeple.cli.explain import Teller, announcement_text, seat_namer, slot_namer
from meeple.cli.render.phase10 import card_words
from meeple.engine.protocol import Announcement, GameResult
from meeple.games.phase10.rules import Phase10Game
from meeple.games.phase10.state import Stage
from support import phase10, toc, toquer


def recorder(game: object, watcher: int | None) -> tuple[Teller, list[str]]:
    lines: list[str] = []
    console = Console(width=200, record=True)

    def show(item: RenderableType) -> None:
        with console.capture() as captured:
            console.print(item)
        lines.append(captured.get())

    return Teller(game, watcher, show, round_renderer(game)), lines  # type: ignore[arg-type]


def capture_told_to(watcher: int) -> list[str]:
    """What ``watcher`` is told when seat 0's 5 captures seat 1's pawn on cell 25."""
    g = toc.game()
    before = toc.position(g, {0: 20, 4: 25}, (5,))
    action = g.parse_action(before, "5 20-25")
    teller, lines = recorder(g, watcher)
    teller.step(before, action, g.apply_action(before, action), told=True)
    return lines


def test_a_capture_is_told_to_its_victim_with_who_did_it_and_where() -> None:
    assert capture_told_to(1) == ["» Seat 0 captured your pawn on 25: back to the reserve\n"]


def test_secret_knock_decisions_are_one_line_then_who_knocked() -> None:
    game = toquer.make_game(4)
    state = toquer.draw(game, toquer.table(game, [toquer.DOWN4] * 4), 5)
    teller, lines = recorder(game, 0)
    for text in ("pass", "knock", "pass"):
        action = game.parse_action(state, text)
        after = game.apply_action(state, action)
        teller.step(state, action, after, told=False)
        state = after
    assert lines == ["(seat 1, seat 2, seat 3 decided in secret)\n", "» Seat 2 knocked\n"]


def test_the_final_table_has_each_round_the_winners_and_the_reason() -> None:
    game = toquer.make_game(2)
    teller, lines = recorder(game, 0)
    result = GameResult((1,), (104.0, 35.0), 2, "end_score", ((60.0, 20.0), (44.0, 15.0)))
    game.result = lambda state: result  # type: ignore[method-assign]
    teller.finish(object())
    text = "".join(lines)
    assert "Final result" in text and "R1" in text and "R2" in text
    assert "Winner(s): seat 1" in text
    assert "Why it ended: a total reached the end score: the lowest total wins." in text


def test_a_capture_is_told_to_the_capturer_in_their_own_words() -> None:
    assert capture_told_to(0) == ["» You captured seat 1's pawn on 25: back to the reserve\n"]
    i18n.use("fr")
    assert capture_told_to(2) == [  # a third seat hears who did it to whom
        "» La place 0 a pris le pion de la place 1 sur 25 : il retourne à la réserve\n"
    ]


def test_a_knock_s_exchange_names_places_as_the_watcher_types_them() -> None:
    """Seat 0 answered seat 1's knock: it took the 7 at seat 1's d1 (slot 15) and put it
    at its own d1 (slot 3). Each watcher hears the places as positions, its own as
    "your", never the layout's slot numbers."""
    game = toquer.make_game(3)
    note = Announcement(
        "knock_exchange",
        1,
        (
            ("by", 0),
            ("taken", 7),
            ("from_slot", 15),
            ("to_slot", 3),
            ("given", 6),
            ("discarded", 0),
        ),
    )
    said = {}
    for watcher in (0, 1, 2):
        name = seat_namer(watcher)
        said[watcher] = announcement_text(note, name, str, watcher, slot_namer(game, name, watcher))
    assert said[0].startswith("Knock: you took 7 from seat 1's d1 and put it at your d1,")
    assert said[1].startswith("Your knock: seat 0 took 7 from your d1 and put it at seat 0's d1,")
    assert said[2].startswith("Knock: seat 0 took 7 from seat 1's d1 and put it at seat 0's d1,")
    assert all("slot" not in text for text in said.values())


def test_a_move_on_a_card_you_own_in_the_shared_column_is_told_to_you() -> None:
    """Seat 1 swapped seat 0's d3 (its n3) for an 11: seat 0 hears it was one of its own
    cards, in its own words for the place; seat 1 and a spectator hear whose it was."""
    game = toquer.make_game(2)
    d3 = game.geometry.frames[0][toquer.pos(game, "d3")]
    note = Announcement("shared_swap", 0, (("by", 1), ("slot", d3), ("card", 11)))
    said = {
        watcher: announcement_text(
            note, seat_namer(watcher), str, watcher, slot_namer(game, seat_namer(watcher), watcher)
        )
        for watcher in (0, 1, None)
    }
    assert said[0] == (
        "Seat 1 swapped one of your cards, at your d3 (shared column): 11 is there now"
    )
    assert said[1] == "You swapped the card at seat 0's d3 (shared column): 11 is there now"
    assert said[None] == "Seat 1 swapped a card at seat 0's d3 (shared column): 11 is there now"
    i18n.use("ja")
    japanese = announcement_text(note, seat_namer(0), str, 0, slot_namer(game, seat_namer(0), 0))
    assert japanese == "1番席が共有列にあるあなたのカード（あなたのd3）を交換した：今は11"


def test_the_card_a_seat_draws_is_named_to_that_seat_only() -> None:
    """Phase 10: seat 0 draws from the stock. Seat 0 reads which card (it only saw its
    hand grow, sorted, before); seat 1 is told nothing of it."""
    game = Phase10Game(2)
    state = phase10.make_state(game, ["1r 2r 3b", "1y 2y 3g"], stage=Stage.DRAW)
    drawing = game.apply_action(state, game.parse_action(state, "draw"))
    after = game.apply_chance(drawing, game.sample_chance(drawing, random.Random(1)))
    (card,) = (Counter(after.hands[0]) - Counter(drawing.hands[0])).elements()
    for watcher, expected in ((0, [f"(you drew {card_words(game, card)})\n"]), (1, [])):
        teller, lines = recorder(game, watcher)
        teller.step(drawing, None, after, told=False)
        assert lines == expected, watcher
