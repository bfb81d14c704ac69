"""Cost of the ISMCTS bot, per game and player count, in units that compare across machines.

It plays games with the timed bot in seat 0 (the others play ``--opponent``) and times
every searched decision (a decision with a single legal action, or one the guide
settles, runs no iteration and is not counted). After each timed decision it measures
the engine's own speed: CPU seconds per step of uniformly random play (one chance outcome
or one action applied, ``benchmarks/speed.py``'s step), ``--unit-steps`` steps of one
random game carried on from slice to slice. The two are taken in turns because this
machine's speed wanders by a quarter within seconds (the same seeded random games took
18 to 29 us a step in one process): a unit measured once, before the searches, could
meet another machine than they do. It prints

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
import random
import statistics
import time

from speed import random_step

from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.registry import make_bot
from meeple.engine import rng as rng_streams
from meeple.engine.protocol import CHANCE, TERMINAL, AnyGame
from meeple.engine.registry import game_class, game_names, load_game


class RandomSteps:
    """Uniformly random play carried on across calls (a new game when one ends): the
    engine-step unit, measured in slices between the timed decisions."""

    def __init__(self, game: AnyGame, seed: int) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.state = game.initial_state()
        self.steps = 0
        self.cpu = 0.0

    def run(self, steps: int, counted: bool = True) -> None:
        game, rng, state = self.game, self.rng, self.state
        done = 0
        started = time.process_time()
        while done < steps:
            actor = game.current_player(state)
            if actor == TERMINAL:
                state = game.initial_state()
                continue
            state = random_step(game, state, actor, rng)
            done += 1
        if counted:
            self.cpu += time.process_time() - started
            self.steps += done
        self.state = state

    @property
    def seconds_per_step(self) -> float:
        return self.cpu / max(1, self.steps)


def measure(
    name: str, players: int, spec: str, opponent: str, moves: int, seed: int, unit_steps: int
) -> None:
    game = load_game(name, players)
    unit = RandomSteps(game, seed)
    unit.run(unit_steps, counted=False)  # (warm: the engine's lazily built tables)
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
                unit.run(unit_steps)
            state = game.apply_action(state, action)
    per_iteration = sum(cpu_times) / sum(iterations)
    step = unit.seconds_per_step
    print(
        f"{name:8} {players}p  step {step * 1e6:6.1f}us  "
        f"cost/iteration {per_iteration / step:6.1f} steps  moves {len(times):4}  "
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
        "--unit-steps",
        type=int,
        default=3000,
        help="random engine steps measured after each timed decision (the unit)",
    )
    args = parser.parse_args()
    for name in args.games.split(","):
        counts = game_class(name).spec.player_counts
        if args.players:
            counts = tuple(int(p) for p in args.players.split(",") if int(p) in counts)
        for players in counts:
            measure(name, players, args.spec, args.opponent, args.moves, args.seed, args.unit_steps)


if __name__ == "__main__":
    main()
