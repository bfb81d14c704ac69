"""The terminal renderer draws the ring, the shortcuts, the zones and the pawns."""

from rich.console import Console

from meeple.cli.render.toc import render_view
from meeple.games.toc.state import Pending
from support.toc import game, position


def _text(g: object, state: object, seat: int | None) -> str:
    console = Console(record=True, width=120)
    console.print(render_view(g, g.view(state, seat)))  # type: ignore[arg-type, attr-defined]
    return console.export_text()


def test_the_four_player_board_shows_pawns_zones_and_hand() -> None:
    g = game(4)
    state = position(g, {0: 5, 1: g.board.zone_cell(0, 1), 4: 23}, (1, 7, 12))
    text = _text(g, state, 0)
    row0 = next(line for line in text.splitlines() if line.startswith("   0 "))
    assert row0.split()[:7] == ["0", "D", "·", "·", "·", "·", "0"]  # seat 0's pawn on 5
    row18 = next(line for line in text.splitlines() if line.startswith("  18 "))
    assert row18.split()[6] == "1"  # seat 1's pawn on 23
    assert "Your hand: A 7 Q" in text
    assert "0 (you)" in text
    assert "· ● · ·" in text  # seat 0's zone: its second cell is filled
    assert "↳" not in text  # no shortcuts on the 4-player board


def test_the_six_player_board_shows_the_shortcuts() -> None:
    g = game(6)
    chord = g.board.parse_cell("c2.3")
    state = position(g, {0: chord}, (5,))
    text = _text(g, state, None)
    assert text.count("↳") == 6
    line = next(line for line in text.splitlines() if "shortcut c2." in line)
    assert line.split()[1:5] == ["·", "·", "0", "·"]
    assert "Your hand" not in text  # a spectator sees no hand


def test_the_eight_player_board_and_a_split_in_progress() -> None:
    g = game(8, teams="halves")
    state = position(g, {0: 10, 1: 30}, (), pending=Pending(4, 1))
    text = _text(g, state, 0)
    assert text.count("↳") == 8
    assert "Splitting a 7: 4 steps left" in text
    assert "team 1" in text
