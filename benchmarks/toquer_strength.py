"""Heuristic-vs-random strength of the Toquer bot: one heuristic seat against random
seats, seat-rotated, over many seeded games. Prints the heuristic's win rate (shared
wins count as a fraction) beside the rate a random seat would get.

Run: PYTHONPATH=src python benchmarks/toquer_strength.py --games 200 --players 4
"""

import argparse
import time

from meeple.engine.registry import load_game
from meeple.sim.match import play_match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--layout", default="shared_column")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    game = load_game("toquer", args.players, layout=args.layout)
    wins = 0.0
    points = 0.0
    others = 0.0
    start = time.perf_counter()
    for index in range(args.games):
        seat = index % args.players
        specs = [args.opponent] * args.players
        specs[seat] = "heuristic"
        outcome = play_match(game, specs, args.seed + index, record=False)
        winners = outcome.result.winners
        if seat in winners:
            wins += 1 / len(winners)
        scores = outcome.result.scores
        points += scores[seat]
        others += (sum(scores) - scores[seat]) / (args.players - 1)
    elapsed = time.perf_counter() - start
    print(
        f"toquer {args.players}p {args.layout}: heuristic vs {args.opponent}: "
        f"win rate {wins / args.games:.1%} over {args.games} games "
        f"(an equal seat: {1 / args.players:.1%}); mean final total "
        f"{points / args.games:.1f} vs {others / args.games:.1f}; {elapsed:.0f}s"
    )


if __name__ == "__main__":
    main()
