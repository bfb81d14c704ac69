"""Random-playout speed of the Toc engine: engine steps and games per second, one core.

Rates are per second of this process's CPU time (one core; the wall-clock rate is shown
too, lower on a busy machine). An engine step is one chance outcome or one action, each
through the public, validated API (``legal_actions`` + ``apply_action``,
``sample_chance`` + ``apply_chance``).
Target (issue 3): at least 60,000 steps per second for 4 players.

    PYTHONPATH=src python benchmarks/toc_speed.py [seconds per player count]
"""

import random
import sys
import time

from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.games.toc import TocGame


def measure(players: int, seconds: float, options: dict[str, object] | None = None) -> None:
    game = TocGame(players, options or {})  # type: ignore[arg-type]
    rng = random.Random(players)
    steps = games = 0
    start = time.process_time()
    wall = time.perf_counter()
    deadline = start + seconds
    while time.process_time() < deadline:
        state = game.initial_state()
        while True:
            actor = game.current_player(state)
            if actor == TERMINAL:
                break
            steps += 1
            if actor == CHANCE:
                state = game.apply_chance(state, game.sample_chance(state, rng))
            else:
                legal = game.legal_actions(state)
                state = game.apply_action(state, legal[rng.randrange(len(legal))])
        games += 1
    elapsed = time.process_time() - start
    wall = time.perf_counter() - wall
    label = f"{players} players" + (f" {options}" if options else "")
    print(
        f"{label:<34} {steps / elapsed:>9,.0f} steps/s {games / elapsed:>7.2f} games/s "
        f"({steps / games:,.0f} steps/game; wall clock {steps / wall:,.0f} steps/s)"
    )


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    for players in (4, 6, 8):
        measure(players, seconds)
    measure(4, seconds, {"teams": "pairs"})


if __name__ == "__main__":
    main()
