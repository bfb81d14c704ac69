"""``meeple`` in a real terminal: Ctrl-C, people taking turns at one screen, workers.

Each test drives the command in a pseudo-terminal and waits on what it prints (or on
its worker processes), never on a delay.
"""

import json
import re
import time
from pathlib import Path

from cli.terminal import Terminal, children, ignores_sigint


def test_ctrl_c_in_play_saves_the_record_and_exits_130(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    args = ["play", "phase10", "--players", "2", "--seed", "3", "--bots", "random"]
    terminal = Terminal(*args, "--record", str(record))
    terminal.wait_for("Moves:")
    terminal.type("draw")
    terminal.wait_for("Moves:", 2)  # the same turn goes on: now a discard
    terminal.interrupt()
    assert terminal.finish() == 130
    text = terminal.text
    assert "Interrupted" in text and "Record saved" in text and "Traceback" not in text
    steps = [json.loads(line) for line in record.read_text().splitlines()[1:]]
    assert {"seat": 0, "action": {"type": "DrawStock"}} in steps


def test_quitting_play_saves_the_record_and_exits_1(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    args = ["play", "cmyk", "--players", "2", "--seed", "3", "--record", str(record)]
    terminal = Terminal(*args)
    terminal.wait_for("Moves:")
    terminal.type("quit")
    assert terminal.finish() == 1
    assert "Game abandoned" in terminal.text
    assert record.read_text().startswith("{")


def _last_discard(text: str) -> str:
    moves = text[text.rindex("Moves:") :].splitlines()[0]
    found = re.search(r"discard [^,\s]+", moves)
    assert found, moves
    return found.group(0)


def test_hot_seat_hides_each_hand_until_the_next_person_presses_enter() -> None:
    terminal = Terminal("play", "phase10", "--players", "2", "--seed", "1", "--humans", "0,1")
    text = terminal.wait_for("Pass to seat 0")
    assert "seat 0 to play" not in text
    terminal.type("")
    terminal.wait_for("Moves:")
    terminal.type("draw")
    text = terminal.wait_for("Moves:", 2)
    terminal.type(_last_discard(text))
    text = terminal.wait_for("Pass to seat 1")
    assert "seat 1 to play" not in text  # nothing of seat 1 before Enter
    assert "\f" in text[text.rindex("Your hand") : text.index("Pass to seat 1")]  # cleared
    terminal.type("")
    text = terminal.wait_for("seat 1 to play")
    between = text[text.index("Pass to seat 1") : text.index("seat 1 to play")]
    assert "\f" in between and "Your hand" not in between
    # Each clearing wipes the scrollback too, or seat 0's hand would be a scroll away.
    assert terminal.raw.count(b"\x1b[2J") == terminal.raw.count(b"\x1b[3J") >= 3
    terminal.wait_for("Moves:", 3)
    terminal.type("quit")
    assert terminal.finish() == 1


def test_ctrl_c_in_simulate_with_workers_prints_no_traceback() -> None:
    args = ["simulate", "phase10", "--games", "100000", "--players", "2", "--jobs", "2"]
    terminal = Terminal(*args)
    pid = terminal.process.pid
    deadline = time.monotonic() + 300  # a guard against a hang, not a timing
    while not (len(workers := children(pid)) >= 2 and all(map(ignores_sigint, workers))):
        assert time.monotonic() < deadline, "the workers never started"
        time.sleep(0.05)
    terminal.interrupt()
    assert terminal.finish() == 130
    text = terminal.text
    assert "Interrupted after" in text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text


def test_ctrl_c_in_tournament_writes_the_report_of_the_finished_games(tmp_path: Path) -> None:
    out = tmp_path / "report"
    args = ["tournament", "toquer", "--bots", "random,random", "--games", "100000"]
    terminal = Terminal(*args, "--out", str(out))
    finished = re.compile(r"\b([0-9]+)/100000")
    terminal.wait_until(
        lambda text: any(int(n) >= 2 for n in finished.findall(text)), "two games finished"
    )
    terminal.interrupt()
    assert terminal.finish() == 130
    assert "Interrupted after" in terminal.text and "Traceback" not in terminal.text
    report = json.loads((out / "report.json").read_text())
    assert report["games"] >= 2 and report["planned"] == 100000
    assert sum(e["games"] for e in report["entrants"]) == 2 * report["games"]
    assert (out / "entrants.csv").exists()
