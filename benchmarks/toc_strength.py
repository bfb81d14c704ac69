"""Strength of the Toc heuristic bot against random bots, seats rotated.

    PYTHONPATH=src python benchmarks/toc_strength.py [games per setting]

For each setting the heuristic bot takes each seat in turn (the others are random) and
the share of games its seat (or team) wins is printed beside the share a random seat
would win.
"""

import sys
import time

from meeple.games.toc import TocGame
from meeple.sim.match import play_match


def measure(players: int, games: int, options: dict[str, object] | None = None) -> None:
    game = TocGame(players, options or {})  # type: ignore[arg-type]
    wins = 0.0
    start = time.process_time()
    for index in range(games):
        seat = index % players
        specs = ["random"] * players
        specs[seat] = "heuristic"
        outcome = play_match(game, specs, seed=1000 + index, record=False)  # type: ignore[arg-type]
        if seat in outcome.result.winners:
            wins += 1.0
    teams = len({game.config.team_of(s) for s in range(players)})
    label = f"{players} players" + (f" {options}" if options else "")
    print(
        f"{label:<36} heuristic wins {wins / games:6.1%} of {games} games "
        f"(a random seat: {1 / teams:5.1%}) [{time.process_time() - start:.0f}s]"
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    measure(2, games)
    measure(4, games)
    measure(6, max(games // 4, 6))
    measure(4, games // 2, {"teams": "pairs"})


if __name__ == "__main__":
    main()
