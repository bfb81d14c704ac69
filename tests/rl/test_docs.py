"""Each game's README holds the encoding tables generated from its encoder."""

from pathlib import Path

import pytest

from meeple.engine.registry import game_names
from meeple.rl.docs import tables

GAMES = Path(__file__).resolve().parents[2] / "src" / "meeple" / "games"


@pytest.mark.parametrize("name", game_names())
def test_the_encoding_tables_in_the_docs_are_current(name: str) -> None:
    document = GAMES / name / "README.md"
    expected = tables(name)
    assert expected in document.read_text(encoding="utf-8"), (
        f"the RL tables in games/{name}/README.md are out of date: paste in "
        f"`python -m meeple.rl.docs {name}`"
    )
