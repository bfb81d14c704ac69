"""Random-playout speed of Toquer on one core: steps/s and rounds/s for 2, 4 and 6 players.

A step is one chance outcome or one action, through the validated public API (the same
calls a match runner makes). Rates are given per second of this process's CPU time
(steady on a busy machine) and per second of wall-clock time (what a caller waits; it
drops when other work shares the core). Run:
PYTHONPATH=src python benchmarks/toquer_speed.py
"""

import argparse
import random
import time
from dataclasses import dataclass

from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.engine.registry import load_game


@dataclass(frozen=True, slots=True)
class Speed:
    steps: int
    rounds: int
    games: int
    cpu_seconds: float
    wall_seconds: float


def measure(players: int, layout: str, seconds: float, seed: int) -> Speed:
    """Uniformly random playouts for about ``seconds`` of CPU time."""
    game = load_game("toquer", players, layout=layout)
    rng = random.Random(seed)
    steps = rounds = games = 0
    cpu_start, wall_start = time.process_time(), time.perf_counter()
    while time.process_time() < cpu_start + seconds:
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
    return Speed(
        steps,
        rounds,
        games,
        time.process_time() - cpu_start,
        time.perf_counter() - wall_start,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per line")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--layout", choices=("shared_column", "own_grid", "both"), default="both")
    args = parser.parse_args()
    layouts = ("shared_column", "own_grid") if args.layout == "both" else (args.layout,)
    print(
        f"{'layout':<14} {'players':>7} {'steps/cpu-s':>12} {'rounds/cpu-s':>13} "
        f"{'games/cpu-s':>12} {'steps/wall-s':>13}"
    )
    for layout in layouts:
        for players in (2, 4, 6):
            s = measure(players, layout, args.seconds, args.seed)
            print(
                f"{layout:<14} {players:>7} {s.steps / s.cpu_seconds:>12,.0f} "
                f"{s.rounds / s.cpu_seconds:>13,.1f} {s.games / s.cpu_seconds:>12,.1f} "
                f"{s.steps / s.wall_seconds:>13,.0f}"
            )
    print("target: at least 40,000 steps/s for 4 players on one core")


if __name__ == "__main__":
    main()
