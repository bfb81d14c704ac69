"""Cost of the ISMCTS bot, per game and player count, in units that compare across machines.

For each configuration it first measures the engine's own speed in the same run: CPU
seconds per step of uniformly random play (one chance outcome or one action applied,
``benchmarks/speed.py``'s step). Then it plays games with the timed bot in seat 0 (the
others play ``--opponent``) and times every searched decision (a decision with a single
legal action, or one the guide settles, runs no iteration and is not counted). It prints

- ``step``: microseconds of CPU per random engine step;
- ``cost/iteration``: CPU per search iteration divided by that step, i.e. how many
  random engine steps one iteration costs (the machine-independent figure);
- CPU seconds per move (mean, 95th percentile, maximum) and wall-clock mean and maximum,
  and iterations per move.

Two uses:

    # the per-iteration cost at a fixed 300 iterations (the issue's yardstick)
    PYTHONPATH=src python benchmarks/ismcts_speed.py --spec ismcts:iterations=300 --moves 30
    # time per move at the default budget, every game and player count
    PYTHONPATH=src python benchmarks/ismcts_speed.py [--games toc,cmyk] [--players 2,4]
"""

import argparse
import statistics
import time

from speed import random_playouts

from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.registry import make_bot
from meeple.engine import rng as rng_streams
from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.engine.registry import game_class, game_names, load_game


def step_seconds(name: str, players: int, seconds: float) -> float:
    """CPU seconds per step of uniformly random play, measured now: the fastest of three
    measurements (other work on the machine only ever slows one down)."""
    game = load_game(name, players)
    rounds = [random_playouts(game, seconds / 3, seed) for seed in range(3)]
    return min(speed.cpu / max(1, speed.steps) for speed in rounds)


def measure(
    name: str, players: int, spec: str, opponent: str, moves: int, seed: int, unit: float
) -> None:
    game = load_game(name, players)
    times: list[float] = []
    cpu_times: list[float] = []
    iterations: list[int] = []
    game_index = 0
    while len(times) < moves:
        match_seed = rng_streams.derive_seed(seed, name, players, game_index)
        game_index += 1
        bots = [
            make_bot(
                spec if seat == 0 else opponent, game, seat, rng_streams.stream(match_seed, seat)
            )
            for seat in range(players)
        ]
        chance = rng_streams.stream(match_seed, "chance")
        state = game.initial_state()
        while len(times) < moves:
            actor = game.current_player(state)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                state = game.apply_chance(state, game.sample_chance(state, chance))
                continue
            legal = game.legal_actions(state)
            view = game.view(state, actor)
            bot = bots[actor]
            started = time.perf_counter()
            cpu_started = time.process_time()
            action = bot.choose(view, legal)
            elapsed = time.perf_counter() - started
            if isinstance(bot, ISMCTSBot) and bot.last_iterations > 0:
                times.append(elapsed)
                cpu_times.append(time.process_time() - cpu_started)
                iterations.append(bot.last_iterations)
            state = game.apply_action(state, action)
    per_iteration = sum(cpu_times) / sum(iterations)
    print(
        f"{name:8} {players}p  step {unit * 1e6:6.1f}us  "
        f"cost/iteration {per_iteration / unit:6.1f} steps  moves {len(times):4}  "
        f"cpu: mean {statistics.fmean(cpu_times):.3f}s p95 {percentile(cpu_times, 0.95):.3f}s "
        f"max {max(cpu_times):.3f}s  wall: mean {statistics.fmean(times):.3f}s "
        f"max {max(times):.3f}s  iterations/move {statistics.fmean(iterations):.0f}",
        flush=True,
    )


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[int(fraction * (len(ordered) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(game_names()))
    parser.add_argument("--players", default="", help="player counts, e.g. 2,4 (default: all)")
    parser.add_argument("--spec", default="ismcts", help="the bot spec to time")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--moves", type=int, default=60, help="searched moves per configuration")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--step-seconds", type=float, default=2.0, help="CPU time for the engine-step unit"
    )
    args = parser.parse_args()
    for name in args.games.split(","):
        counts = game_class(name).spec.player_counts
        if args.players:
            counts = tuple(int(p) for p in args.players.split(",") if int(p) in counts)
        for players in counts:
            unit = step_seconds(name, players, args.step_seconds)
            measure(name, players, args.spec, args.opponent, args.moves, args.seed, unit)


if __name__ == "__main__":
    main()
