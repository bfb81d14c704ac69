"""Japanese text in the terminal breaks as Japanese breaks (kinsoku): no line starts with
a closing mark, a small kana or "ー", none ends with an opening bracket, and a move typed
in ASCII ("put W g2=6", "7 12-15") is not cut, except where a line has no other place."""

import json
from itertools import pairwise
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from meeple.cli.common import (
    NO_LINE_END,
    NO_LINE_START,
    Folded,
    Listed,
    fold_points,
    may_break,
)

CATALOGUES = Path(__file__).parents[2] / "src" / "meeple" / "cli" / "i18n"


def japanese_texts() -> list[str]:
    """Every sentence of the terminal's Japanese catalogue, and one with moves in it."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, str) and len(node) > 12:
            found.extend(line for line in node.split("\n") if line)

    walk(json.loads((CATALOGUES / "ja.json").read_text(encoding="utf-8")))
    found.append("凡例：「7 12-15」は7の一部、「put W g2=6」はオールマイティーを6として置く。")
    return found


@pytest.mark.parametrize("width", [14, 19, 20, 23, 31, 40])
def test_japanese_lines_break_where_japanese_allows(width: int) -> None:
    for text in japanese_texts():
        breaks = fold_points(text, width)
        edges = [0, *breaks, len(text)]
        for start, end in pairwise(edges):
            line = text[start:end]
            assert cell_len(line) <= width, (text, line)
            if end == len(text):
                continue
            if not may_break(text, end):  # forced: the line had no place to break
                assert not any(may_break(text, i) for i in range(start + 1, end)), (text, line)
                continue
            assert text[end] not in NO_LINE_START and line[-1] not in NO_LINE_END, (text, line)


def test_folded_prints_the_lines_it_finds() -> None:
    """Breaking only where the line is full, the moves were cut ("「7 12-" / "15」") and a
    line began with "ー"; now each move stays on one line."""
    console = Console(width=20, record=True, color_system=None)
    console.print(Folded(Text("凡例：「7 12-15」は7の一部、「put W g2=6」はオールマイティー。")))
    assert console.export_text().splitlines() == [
        "凡例：「7 12-15」は7",
        "の一部、",
        "「put W g2=6」はオー",
        "ルマイティー。",
    ]


def test_a_list_of_moves_breaks_between_moves_only() -> None:
    """Rich broke "discard b2" after "discard"; a move now stays on one line."""
    console = Console(width=24, record=True, color_system=None)
    moves = ["discard a1", "discard b2", "swap c3", "put W g2=6", "take"]
    console.print(Listed(Text("Moves: "), moves))
    assert console.export_text().splitlines() == [
        "Moves: discard a1,",
        "discard b2, swap c3,",
        "put W g2=6, take",
    ]
