"""The golden playthroughs: every committed one is made afresh and compared, line by line.

A difference means a change in how a game plays or in what a seat sees (a view digest):
review it, then regenerate with ``make playthroughs`` (CONTRIBUTING.md).
"""

import re
from pathlib import Path

import pytest

from meeple.engine.errors import RecordError
from meeple.engine.playthrough import FORMAT, Header, compact, digest, parse_header
from meeple.engine.registry import game_names
from meeple.sim.playthrough import generate, regenerate

GAMES = Path(__file__).parent / "games"
FILES = sorted(GAMES.glob("*/golden/*.txt"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_committed_playthrough_is_made_again_unchanged(path: Path) -> None:
    committed = path.read_text(encoding="utf-8").splitlines()
    fresh = regenerate(committed)
    first = next(
        (n for n, (a, b) in enumerate(zip(committed, fresh, strict=False)) if a != b), None
    )
    assert first is None and len(committed) == len(fresh), (
        f"{path.name} differs from line {(first or min(len(committed), len(fresh))) + 1}: "
        f"review the change, then `make playthroughs`"
    )


def test_every_built_in_game_has_a_committed_playthrough() -> None:
    covered = {parse_header(p.read_text(encoding="utf-8").splitlines()).game for p in FILES}
    built_in = {p.name for p in GAMES.iterdir() if p.is_dir() and p.name in game_names()}
    assert built_in == {"cmyk", "phase10", "toc", "toquer"}
    assert built_in <= covered


def test_a_playthrough_has_one_line_per_step_with_views_and_returns() -> None:
    lines = generate("cmyk", 2, {"stall_limit": 1}, ["random"], 3)
    header = parse_header(lines)
    assert header == Header("cmyk", header.version, 2, {"stall_limit": 1}, ("random",) * 2, 3)
    assert lines[0] == f"{FORMAT}: {header.command()}"
    assert "-o 'stall_limit=1'" in lines[0]
    steps = lines[7:-1]
    assert steps[0].startswith("0 start views ")
    moves = [line for line in steps if re.match(r"[0-9]+ s[0-9]+ ", line)]
    assert moves and all(" legal " in line for line in moves)
    for line in steps:
        views = line.split(" views ")[1].split(" returns ")[0].split()
        assert len(views) == 4 and views[2] == "/"  # two seats, then the spectator
    assert lines[-1].startswith("end winners ")
    assert steps[-1].split(" returns ")[1] in ("1 -1", "-1 1", "0 0")


def test_a_digest_is_of_the_canonical_json() -> None:
    assert digest({"b": 1, "a": [1, 2]}) == digest({"a": [1, 2], "b": 1})
    assert compact({"b": 1, "a": None}) == '{"a":null,"b":1}'
    assert len(digest(None)) == 8


def test_a_file_that_is_no_playthrough_is_refused() -> None:
    with pytest.raises(RecordError, match="not a playthrough"):
        parse_header(["hello"])


def test_the_command_prints_a_playthrough_and_update_rewrites_a_file(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from meeple.cli.main import app

    runner = CliRunner()
    args = ["playthrough", "toquer", "--players", "2", "--seed", "4", "-o", "end_score=20"]
    printed = runner.invoke(app, args)
    assert printed.exit_code == 0, printed.output
    expected = generate("toquer", 2, {"end_score": 20}, ["random"], 4)
    assert printed.output.splitlines() == expected
    stale = tmp_path / "toquer.txt"
    stale.write_text("\n".join([*expected[:7], "1 an outdated step"]) + "\n", encoding="utf-8")
    updated = runner.invoke(app, ["playthrough", "--update", str(stale)])
    assert updated.exit_code == 0, updated.output
    assert stale.read_text(encoding="utf-8").splitlines() == expected
    assert runner.invoke(app, ["playthrough"]).exit_code == 2
