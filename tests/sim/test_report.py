"""The report files: JSON, CSV and PNG plots, and the tournament command."""

import csv
import json
from pathlib import Path

from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.sim.report import write_report
from meeple.sim.tournament import run_tournament

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_write_report_writes_json_csv_and_png(tmp_path: Path) -> None:
    report = run_tournament("phase10", 2, {"phases": ["set3"]}, ["random", "random"], 4, seed=3)
    written = write_report(report, tmp_path / "out")
    names = sorted(path.name for path in written)
    assert names == [
        "entrants.csv",
        "pairwise.csv",
        "ratings.csv",
        "ratings.png",
        "report.json",
        "win_rates.png",
    ]
    data = json.loads((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    assert data["games"] == 4 and data["players"] == 2 and data["seed"] == 3
    assert data["options"] == {"phases": ["set3"]}
    assert [e["label"] for e in data["entrants"]] == ["random#1", "random#2"]
    assert data["rating_history"]["games"][-1] == 4
    with (tmp_path / "out" / "entrants.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["entrant"] for row in rows] == ["random#1", "random#2"]
    assert float(rows[0]["ci95_low"]) <= float(rows[0]["win_rate"]) <= float(rows[0]["ci95_high"])
    with (tmp_path / "out" / "pairwise.csv").open(encoding="utf-8") as handle:
        matrix = list(csv.reader(handle))
    assert matrix[1][1] == "" and float(matrix[1][2]) + float(matrix[2][1]) == 1.0
    for plot in ("ratings.png", "win_rates.png"):
        content = (tmp_path / "out" / plot).read_bytes()
        assert content.startswith(PNG_SIGNATURE) and len(content) > 5000


def test_the_tournament_command_prints_the_tables_and_writes_the_report(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "tournament",
            "phase10",
            "--bots",
            "random,random,random",
            "--players",
            "2",
            "--games",
            "6",
            "--option",
            'phases=["set3"]',
            "--seed",
            "5",
            "--out",
            str(tmp_path / "t"),
        ],
    )
    assert result.exit_code == 0, result.output
    for text in ("random#1", "random#3", "95% CI", "Head to head", "report written"):
        assert text in result.output
    data = json.loads((tmp_path / "t" / "report.json").read_text(encoding="utf-8"))
    assert data["games"] == 6 and data["balanced"]
    assert sum(e["games"] for e in data["entrants"]) == 12


def test_the_tournament_command_refuses_an_unknown_bot(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["tournament", "phase10", "--bots", "random,nosuchbot", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "nosuchbot" in result.output
