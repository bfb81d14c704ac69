"""The command line: play, simulate, replay, rules (through typer's test runner)."""

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import meeple
from meeple.cli.main import app

runner = CliRunner()


def test_rules_prints_the_summary_and_every_option_with_its_default() -> None:
    result = runner.invoke(app, ["rules", "phase10"])
    assert result.exit_code == 0
    for name in (
        "skip_style",
        "natural_card_rule",
        "reshuffle_discards",
        "even_odd",
        "phases",
        "tiebreak_win",
    ):
        assert name in result.output
    assert "108 cards" in result.output


def test_an_unknown_game_or_option_is_a_clear_error() -> None:
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2 and "no game called 'chess'" in result.output
    result = runner.invoke(app, ["simulate", "phase10", "-o", "skip_style=never"])
    assert result.exit_code == 2 and "skip_style" in result.output


def test_play_accepts_moves_rejects_bad_ones_and_keeps_the_game(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    moves = "fly\ndiscard 12x\ndraw\nmoves\nquit\n"
    result = runner.invoke(
        app,
        [
            "play",
            "phase10",
            "--players",
            "2",
            "--seed",
            "3",
            "--bots",
            "random",
            "--record",
            str(record),
        ],
        input=moves,
    )
    assert result.exit_code == 1, result.output  # quit: abandoned (the record is saved)
    assert "'fly': that is not a move: try draw, take" in result.output
    assert "'discard 12x': '12x' is not a card" in result.output
    assert "nothing was played" in result.output
    assert "Your hand" in result.output
    lines = record.read_text().splitlines()
    steps = [json.loads(line) for line in lines[1:-1]]
    human = [s for s in steps if s.get("seat") == 0]
    assert human == [{"seat": 0, "action": {"type": "DrawStock"}}]


def test_several_moves_typed_together_are_all_or_nothing(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    result = runner.invoke(
        app,
        [
            "play",
            "phase10",
            "--players",
            "2",
            "--seed",
            "3",
            "--bots",
            "random",
            "--record",
            str(record),
        ],
        input="draw; draw\ndraw\nquit\n",
    )
    assert "a card is dealt or drawn before this move" in result.output
    steps = [json.loads(line) for line in record.read_text().splitlines()[1:-1]]
    assert [s for s in steps if s.get("seat") == 0] == [
        {"seat": 0, "action": {"type": "DrawStock"}}
    ]


def test_people_at_one_terminal_take_turns() -> None:
    result = runner.invoke(
        app,
        ["play", "phase10", "--players", "2", "--seed", "1", "--humans", "0,1"],
        input="\ndraw\nquit\n",
    )
    assert result.exit_code == 1
    assert "Pass to seat 0" in result.output and "seat 0 to play" in result.output


def test_simulate_gives_the_same_table_with_one_or_two_jobs(tmp_path: Path) -> None:
    base = [
        "simulate",
        "phase10",
        "-n",
        "6",
        "--players",
        "3",
        "--bots",
        "heuristic,random",
        "--seed",
        "4",
    ]
    one = runner.invoke(app, base)
    two = runner.invoke(app, [*base, "--jobs", "2", "--records", str(tmp_path)])
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert "heuristic" in one.output and "95% interval" in one.output
    assert one.output == two.output
    assert len(list(tmp_path.glob("*.jsonl"))) == 6


def saved_record(folder: Path) -> Path:
    """The record of one heuristic 2-player Phase 10 game, saved by `meeple simulate`."""
    args = ["simulate", "phase10", "-n", "1", "--players", "2", "--bots", "heuristic"]
    runner.invoke(app, [*args, "--records", str(folder)])
    (record,) = folder.glob("*.jsonl")
    return record


def test_replay_steps_through_a_saved_record(tmp_path: Path) -> None:
    record = saved_record(tmp_path)
    result = runner.invoke(app, ["replay", str(record), "--no-step"])
    assert result.exit_code == 0, result.output
    assert "seat 0" in result.output and "Winner(s): seat" in result.output
    assert "Winners:" not in result.output and "Winner:" not in result.output  # one wording
    # Each round as a table (no raw lists of points), the end with its reason in words.
    assert "Round 1 is over" in result.output and "cards left" in result.output
    assert "Final result" in result.output and "Why it ended: " in result.output
    assert not re.search(r"\[\d+, \d+\]", result.output), result.output
    assert "cards dealt or drawn)" in result.output or "card dealt or drawn)" in result.output


def test_replay_refuses_a_truncated_record(tmp_path: Path) -> None:
    record = saved_record(tmp_path)
    lines = record.read_text().splitlines()
    record.write_text("\n".join(lines[:-3]) + "\n")
    result = runner.invoke(app, ["replay", str(record), "--no-step"])
    assert result.exit_code == 2 and "truncated" in result.output


def test_ending_the_input_abandons_the_game_and_saves_the_record(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    args = ["play", "toc", "--players", "2", "--seed", "5", "--record", str(record)]
    result = runner.invoke(app, args, input="")
    assert result.exit_code == 1 and "Game abandoned" in result.output
    assert json.loads(record.read_text().splitlines()[0])["game"] == "toc"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "cmyk", "--games", "0"], "--games must be at least 1 (it is 0)"),
        (["simulate", "cmyk", "--games", "-5"], "--games must be at least 1 (it is -5)"),
        (["simulate", "cmyk", "--jobs", "0"], "--jobs must be at least 1 (it is 0)"),
        (["tournament", "cmyk", "--bots", "random", "--jobs", "0"], "--jobs must be at least 1"),
        (["play", "cmyk", "--humans", "0,x"], "list seat numbers separated by commas"),
        (["play", "cmyk", "--humans", "1,1"], "list each seat once"),
    ],
)
def test_impossible_counts_and_seats_exit_2_with_a_message(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output


@pytest.mark.parametrize("seat", ["9", "-1"])
def test_replay_refuses_a_seat_the_game_does_not_have(tmp_path: Path, seat: str) -> None:
    record = saved_record(tmp_path)
    result = runner.invoke(app, ["replay", str(record), "--no-step", "--seat", seat])
    assert result.exit_code == 2
    assert f"--seat {seat}: this game's seats are 0 to 1" in result.output


def test_version_and_shell_completion() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"meeple {meeple.__version__}"
    shown = runner.invoke(app, ["--show-completion", "bash"], prog_name="meeple")
    assert shown.exit_code == 0 and "_MEEPLE_COMPLETE=complete_bash" in shown.output
    completion = {"_MEEPLE_COMPLETE": "complete_bash", "COMP_WORDS": "meeple si", "COMP_CWORD": "1"}
    completed = runner.invoke(app, [], prog_name="meeple", env=completion)
    assert completed.output.split() == ["simulate"]


def test_review_judges_a_seats_decisions_and_says_how_many(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    args = ["simulate", "cmyk", "-n", "1", "--players", "2", "--bots", "easy"]
    runner.invoke(app, [*args, "--records", str(folder)])
    (record,) = folder.glob("*.jsonl")
    level = "expert:iterations=5"
    result = runner.invoke(
        app, ["review", str(record), "--seat", "1", "--level", level, "--limit", "4"]
    )
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert f"Review of seat 1 by the {level} bot: 4 of " in said
    assert "decisions with a choice judged (the first ones)" in said
    result = runner.invoke(app, ["review", str(record), "--seat", "5"])
    assert result.exit_code == 2 and "seats are 0 to 1" in result.output


def test_more_bots_than_bot_seats_is_a_clear_error() -> None:
    """Five bots for the three other seats of a four-player game: refused, not dropped."""
    result = runner.invoke(
        app, ["play", "toc", "--players", "4", "--bots", "hard,easy,easy,easy,easy"]
    )
    assert result.exit_code == 2
    assert "5 bots were listed for 3 seats played by bots" in " ".join(result.output.split())
