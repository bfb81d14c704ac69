"""Time per move of the ISMCTS bot, per game and player count.

Plays a few games with ISMCTS in every seat's turn order position 0 (the others play
the opponent bot) and times every searched decision (a decision with a single legal
action is not searched and not counted). Prints wall-clock seconds per move (mean,
maximum) and CPU seconds per move (mean, 95th percentile, maximum: the figure that does
not depend on what else the machine is running), and iterations per CPU second.

    PYTHONPATH=src python benchmarks/ismcts_speed.py [--games phase10,toc] [--spec ismcts]
"""

import argparse
import statistics
import time

from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.registry import make_bot
from meeple.engine import rng as rng_streams
from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.engine.registry import game_class, game_names, load_game


def measure(name: str, players: int, spec: str, opponent: str, moves: int, seed: int) -> None:
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
            if isinstance(bot, ISMCTSBot) and len(legal) > 1:
                times.append(elapsed)
                cpu_times.append(time.process_time() - cpu_started)
                iterations.append(bot.last_iterations)
            state = game.apply_action(state, action)
    rate = sum(iterations) / sum(cpu_times)
    print(
        f"{name:8} {players}p  moves {len(times):4}  wall: mean {statistics.fmean(times):.3f}s "
        f"max {max(times):.3f}s  cpu: mean {statistics.fmean(cpu_times):.3f}s "
        f"p95 {percentile(cpu_times, 0.95):.3f}s max {max(cpu_times):.3f}s  "
        f"iterations/move {statistics.fmean(iterations):.0f}  iterations/cpu-s {rate:.0f}",
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
    args = parser.parse_args()
    for name in args.games.split(","):
        counts = game_class(name).spec.player_counts
        if args.players:
            counts = tuple(int(p) for p in args.players.split(",") if int(p) in counts)
        for players in counts:
            measure(name, players, args.spec, args.opponent, args.moves, args.seed)


if __name__ == "__main__":
    main()
