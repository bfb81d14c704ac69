"""A tournament's report as files: JSON, CSV tables and PNG plots.

- ``report.json``: everything (entrants, pairwise matrix, seats, lengths, rating history);
- ``entrants.csv``: one row per entrant (win rate with its 95% interval, mean score,
  rating); ``pairwise.csv``: how often the row's entrant finished ahead of the column's;
  ``ratings.csv``: the rating history;
- ``ratings.png`` (rating over the games, with a band of one sigma) and ``win_rates.png``
  (win rates with their 95% intervals), drawn with matplotlib's Agg renderer, without
  pyplot and its global state. Plots need matplotlib (the ``tournament`` extra); without
  it they are skipped and the caller is told.
"""

import csv
import json
from pathlib import Path

from meeple.sim.tournament import TournamentReport


def write_report(report: TournamentReport, directory: Path) -> list[Path]:
    """Write every file of the report into ``directory``; the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    data = report.to_json()
    written = [
        _write_json(directory / "report.json", data),
        _write_entrants(report, directory / "entrants.csv"),
        _write_pairwise(report, directory / "pairwise.csv"),
        _write_history(report, directory / "ratings.csv"),
    ]
    written.extend(write_plots(report, directory))
    return written


def _write_json(path: Path, data: dict[str, object]) -> Path:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def _write_entrants(report: TournamentReport, path: Path) -> Path:
    ratings = report.ratings.ratings
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            [
                "entrant",
                "spec",
                "games",
                "wins",
                "win_rate",
                "ci95_low",
                "ci95_high",
                "mean_score",
                "mu",
                "sigma",
                "ordinal",
            ]
        )
        for index, stats in enumerate(report.entrants):
            low, high = stats.interval
            rating = ratings[index]
            writer.writerow(
                [
                    stats.label,
                    report.specs[index],
                    stats.games,
                    f"{stats.wins:g}",
                    f"{stats.win_rate:.6f}",
                    f"{low:.6f}",
                    f"{high:.6f}",
                    f"{stats.score.mean:.6f}",
                    f"{rating.mu:.6f}",
                    f"{rating.sigma:.6f}",
                    f"{rating.ordinal:.6f}",
                ]
            )
    return path


def _write_pairwise(report: TournamentReport, path: Path) -> Path:
    count = len(report.labels)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["ahead of →", *report.labels])
        for a in range(count):
            row = []
            for b in range(count):
                rate = report.pairwise(a, b)
                row.append("" if rate is None else f"{rate:.6f}")
            writer.writerow([report.labels[a], *row])
    return path


def _write_history(report: TournamentReport, path: Path) -> Path:
    history = report.ratings.final_history()
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            ["games", *(f"{label} mu" for label in report.labels)]
            + [f"{label} sigma" for label in report.labels]
        )
        for games, point in zip(history.games, history.points, strict=True):
            writer.writerow(
                [games, *(f"{r.mu:.6f}" for r in point), *(f"{r.sigma:.6f}" for r in point)]
            )
    return path


def write_plots(report: TournamentReport, directory: Path) -> list[Path]:
    """``ratings.png`` and ``win_rates.png``; nothing when matplotlib is missing."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        return []
    history = report.ratings.final_history()
    labels = report.labels

    figure = Figure(figsize=(8, 4.5), layout="constrained")
    axes = figure.add_subplot()
    for index, label in enumerate(labels):
        mu = [point[index].mu for point in history.points]
        sigma = [point[index].sigma for point in history.points]
        (line,) = axes.plot(history.games, mu, label=label)
        axes.fill_between(
            history.games,
            [m - s for m, s in zip(mu, sigma, strict=True)],
            [m + s for m, s in zip(mu, sigma, strict=True)],
            color=line.get_color(),
            alpha=0.15,
        )
    axes.set_xlabel("games")
    axes.set_ylabel("rating (openskill mu, band: ±1 sigma)")
    axes.set_title(f"{report.title}, {report.players} players: ratings")
    axes.legend(loc="best", fontsize="small")
    ratings_path = directory / "ratings.png"
    figure.savefig(ratings_path, dpi=100)

    figure = Figure(figsize=(8, 4.5), layout="constrained")
    axes = figure.add_subplot()
    rates = [stats.win_rate for stats in report.entrants]
    lows = [rate - stats.interval[0] for rate, stats in zip(rates, report.entrants, strict=True)]
    highs = [stats.interval[1] - rate for rate, stats in zip(rates, report.entrants, strict=True)]
    positions = list(range(len(labels)))
    axes.bar(positions, rates, yerr=[lows, highs], capsize=6, color="tab:blue", alpha=0.8)
    axes.axhline(1.0 / report.players, color="grey", linestyle="--", linewidth=1)
    axes.set_xticks(positions, labels, rotation=15, ha="right")
    axes.set_ylim(0.0, 1.0)
    axes.set_ylabel("win rate (95% interval)")
    axes.set_title(
        f"{report.title}, {report.players} players, {report.games} games: win rates "
        "(dashed: an even share)"
    )
    win_rates_path = directory / "win_rates.png"
    figure.savefig(win_rates_path, dpi=100)
    return [ratings_path, win_rates_path]
