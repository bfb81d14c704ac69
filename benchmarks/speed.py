"""Engine speed: random-playout steps per second and games per second, per player count,
and each heuristic bot's time per decision. One core, no checks.

    python benchmarks/speed.py [GAME ...] [--seconds S]

A step is one chance outcome or one action applied (what the engine does per move).
"""

import argparse
import random
import time

import meeple
from meeple.bots.registry import make_bot
from meeple.engine.protocol import CHANCE, TERMINAL, Game

AnyGame = Game[object, object, object, object]


def random_playouts(game: AnyGame, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    """(steps, games, elapsed) of back-to-back random games for about ``seconds``."""
    rng = random.Random(seed)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.initial_state()
        while (actor := game.current_player(state)) != TERMINAL:
            if actor == CHANCE:
                state = game.apply_chance(state, game.sample_chance(state, rng))
            else:
                legal = game.legal_actions(state)
                state = game.apply_action(state, legal[rng.randrange(len(legal))])
            steps += 1
        games += 1
    return steps, games, time.perf_counter() - start


def decision_time(game: AnyGame, seconds: float, seed: int = 0) -> tuple[float, int]:
    """Mean seconds per heuristic-bot decision over games of heuristic bots."""
    rng = random.Random(seed)
    bots = [make_bot("heuristic", game, s, random.Random(seed + s)) for s in range(game.players)]
    spent = 0.0
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.initial_state()
        while (actor := game.current_player(state)) != TERMINAL:
            if actor == CHANCE:
                state = game.apply_chance(state, game.sample_chance(state, rng))
                continue
            view, legal = game.view(state, actor), game.legal_actions(state)
            tick = time.perf_counter()
            action = bots[actor].choose(view, legal)
            spent += time.perf_counter() - tick
            decisions += 1
            state = game.apply_action(state, action)
    return spent / max(1, decisions), decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(meeple.game_names()))
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = parser.parse_args()
    print(
        f"{'game':8} {'players':>7} {'steps/s':>10} {'games/s':>9} {'steps/game':>10} "
        f"{'heuristic ms/decision':>22}"
    )
    for name in args.games:
        for players in meeple.load_game(name).spec.player_counts:
            game = meeple.load_game(name, players)
            steps, games, elapsed = random_playouts(game, args.seconds)
            per_decision, _ = decision_time(game, args.seconds / 2)
            print(
                f"{name:8} {players:>7} {steps / elapsed:>10,.0f} {games / elapsed:>9.2f} "
                f"{steps / max(1, games):>10,.0f} {per_decision * 1000:>22.3f}"
            )


if __name__ == "__main__":
    main()
