"""Playing strength: does bot A beat bot B, with 95% intervals that don't overlap?

For each game and pair (A, B) it plays two seat-rotated series through the tournament
machinery (every game's seed derives from --seed and the game's index):

- two players: A against B, seats alternating;
- one against three: A and three copies of B at a four-player table, A moving one seat
  on each game (the game's largest count below four if it has no four-player game).

It prints A's win rate and the win rate of one B seat, each with its Wilson 95%
interval, and whether the intervals are separated; each result is also appended as one
JSON line to --out, so a long run keeps what it has measured.

    PYTHONPATH=src python benchmarks/strength.py --games phase10,cmyk \\
        --pair heuristic random --pair ismcts heuristic --two 200 --four 200 --jobs 2
"""

import argparse
import json
import time
from pathlib import Path

from meeple.engine.options import OptionValue, parse_option_text
from meeple.engine.registry import game_class, game_names
from meeple.sim.stats import wilson_interval
from meeple.sim.tournament import run_tournament


def measure(
    game: str,
    players: int,
    a: str,
    b: str,
    games: int,
    seed: int,
    jobs: int,
    options: dict[str, OptionValue] | None = None,
) -> dict[str, object]:
    specs = [a] + [b] * (players - 1)
    started = time.perf_counter()
    report = run_tournament(game, players, options or {}, specs, games, seed, workers=jobs)
    elapsed = time.perf_counter() - started
    a_stats = report.entrants[0]
    b_wins = sum(stats.wins for stats in report.entrants[1:])
    b_per_seat = b_wins / (players - 1)
    a_low, a_high = a_stats.interval
    b_low, b_high = wilson_interval(b_per_seat, report.games)
    return {
        "game": game,
        "players": players,
        "a": a,
        "b": b,
        "games": report.games,
        "a_win_rate": a_stats.win_rate,
        "a_ci95": [a_low, a_high],
        "b_win_rate": b_per_seat / report.games,
        "b_ci95": [b_low, b_high],
        "separated": a_low > b_high,
        "mean_length": report.length.mean,
        "seconds": elapsed,
        "seed": seed,
        "options": options or {},
    }


def four_or_fewer(counts: tuple[int, ...]) -> int:
    below = [count for count in counts if 3 <= count <= 4]
    return max(below) if below else min(counts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(game_names()))
    parser.add_argument(
        "--pair",
        nargs=2,
        action="append",
        metavar=("A", "B"),
        help="bot A against bot B (repeat; default: heuristic random, ismcts heuristic)",
    )
    parser.add_argument("--two", type=int, default=200, help="games of A against B")
    parser.add_argument("--four", type=int, default=200, help="games of A against 3 B")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--out", type=Path, default=Path("strength.jsonl"))
    parser.add_argument(
        "--option", action="append", default=[], help="a game option key=value (repeat)"
    )
    args = parser.parse_args()
    options = dict(parse_option_text(text) for text in args.option)
    rows = []
    for game in args.games.split(","):
        counts = game_class(game).spec.player_counts
        for a, b in args.pair or [("heuristic", "random"), ("ismcts", "heuristic")]:
            for players, games in ((min(counts), args.two), (four_or_fewer(counts), args.four)):
                if games <= 0:
                    continue
                row = measure(game, players, a, b, games, args.seed, args.jobs, options)
                rows.append(row)
                with args.out.open("a", encoding="utf-8") as handle:
                    handle.write(json.dumps(row) + "\n")
                print(format_row(row), flush=True)
    print()
    print(
        "| game | players | A | B | games | A win rate (95% CI) "
        "| B seat win rate (95% CI) | separated |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(format_row(row, markdown=True))


def format_row(row: dict[str, object], markdown: bool = False) -> str:
    a_low, a_high = row["a_ci95"]  # type: ignore[misc]
    b_low, b_high = row["b_ci95"]  # type: ignore[misc]
    cells = [
        str(row["game"]),
        f"{row['players']}p",
        str(row["a"]),
        str(row["b"]),
        str(row["games"]),
        f"{row['a_win_rate']:.1%} ({a_low:.1%}–{a_high:.1%})",
        f"{row['b_win_rate']:.1%} ({b_low:.1%}–{b_high:.1%})",
        "yes" if row["separated"] else "NO",
    ]
    if markdown:
        return "| " + " | ".join(cells) + " |"
    return "  ".join(cells) + f"  [{row['seconds']:.0f} s]"


if __name__ == "__main__":
    main()
