"""CMYK random-playout speed: steps (chance outcomes and actions) and games per second.

Plays uniformly random games through the public, validated API (legal_actions,
apply_action, sample_chance, apply_chance) on one core. Target (issue 4): at least
60,000 steps per second for 4 players.

    PYTHONPATH=src python benchmarks/cmyk_speed.py [seconds per player count]
"""

import random
import sys
import time

from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.engine.registry import load_game


def measure(players: int, seconds: float) -> tuple[float, float, float]:
    game = load_game("cmyk", players)
    rng = random.Random(players)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
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
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed, steps / games


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print(f"{'players':>7} {'steps/s':>10} {'games/s':>9} {'steps/game':>10}")
    for players in range(2, 7):
        steps, games, length = measure(players, seconds)
        print(f"{players:>7} {steps:>10,.0f} {games:>9,.1f} {length:>10,.0f}")


if __name__ == "__main__":
    main()
