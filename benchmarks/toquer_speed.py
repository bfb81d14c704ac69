"""Random-playout speed of Toquer on one core: steps/s and rounds/s for 2, 4 and 6 players.

A step is one chance outcome or one action, through the validated public API (the same
calls a match runner makes). Run: PYTHONPATH=src python benchmarks/toquer_speed.py
"""

import argparse
import random
import time

from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.engine.registry import load_game


def measure(players: int, layout: str, seconds: float, seed: int) -> tuple[float, float, float]:
    """(steps/s, rounds/s, games/s) of uniformly random playouts for about ``seconds``."""
    game = load_game("toquer", players, layout=layout)
    rng = random.Random(seed)
    steps = rounds = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.initial_state()
        while True:
            actor = game.current_player(state)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                state = game.apply_chance(state, game.sample_chance(state, rng))
            else:
                legal = game.legal_actions(state)
                state = game.apply_action(state, legal[rng.randrange(len(legal))])
            steps += 1
        rounds += game.result(state).length
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, rounds / elapsed, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per configuration")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--layout", choices=("shared_column", "own_grid", "both"), default="both")
    args = parser.parse_args()
    layouts = ("shared_column", "own_grid") if args.layout == "both" else (args.layout,)
    print(f"{'layout':<14} {'players':>7} {'steps/s':>10} {'rounds/s':>9} {'games/s':>8}")
    for layout in layouts:
        for players in (2, 4, 6):
            steps, rounds, games = measure(players, layout, args.seconds, args.seed)
            print(f"{layout:<14} {players:>7} {steps:>10,.0f} {rounds:>9,.1f} {games:>8,.1f}")
    print("target: at least 40,000 steps/s for 4 players (shared_column)")


if __name__ == "__main__":
    main()
