"""Each game's encoding document holds the tables generated from its encoder."""

from pathlib import Path

import pytest

from meeple.engine.registry import game_names
from meeple.rl.docs import tables

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl"


@pytest.mark.parametrize("name", game_names())
def test_the_encoding_tables_in_the_docs_are_current(name: str) -> None:
    document = DOCS / f"{name}.md"
    assert document.exists(), f"docs/rl/{name}.md is missing"
    expected = tables(name)
    assert expected in document.read_text(encoding="utf-8"), (
        f"docs/rl/{name}.md is out of date: paste in `python -m meeple.rl.docs {name}`"
    )
