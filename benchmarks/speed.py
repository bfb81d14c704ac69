"""Engine speed: random-playout steps and games per second for each player count, and
the heuristic bot's time per decision. One core, validated public API, no checks.

    python benchmarks/speed.py [GAME ...] [--players N ...] [--option key=value ...]
                               [--seconds S]

A step is one chance outcome or one action applied: what a match runner does per move.
Rates are per second of this process's CPU time (steady when other work shares the
machine) and, in brackets, per second of wall-clock time.
"""

import argparse
import random
import time
from dataclasses import dataclass

import meeple
from meeple.bots.registry import make_bot
from meeple.engine.options import OptionValue, parse_option_text
from meeple.engine.protocol import CHANCE, TERMINAL, Game

AnyGame = Game[object, object, object, object]


@dataclass(frozen=True, slots=True)
class Speed:
    steps: int
    games: int
    length: int  # rounds or turns, summed over the games
    cpu: float
    wall: float


def random_step(game: AnyGame, state: object, actor: int, rng: random.Random) -> object:
    """One step of uniformly random play from ``state``, whose ``actor`` is to act: a
    chance outcome, or a legal action drawn uniformly."""
    if actor == CHANCE:
        return game.apply_chance(state, game.sample_chance(state, rng))
    legal = game.legal_actions(state)
    return game.apply_action(state, legal[rng.randrange(len(legal))])


def random_playouts(game: AnyGame, seconds: float, seed: int = 0) -> Speed:
    """Back-to-back uniformly random games for about ``seconds`` of CPU time."""
    rng = random.Random(seed)
    steps = games = length = 0
    cpu_start, wall_start = time.process_time(), time.perf_counter()
    while time.process_time() - cpu_start < seconds:
        state = game.initial_state()
        while (actor := game.current_player(state)) != TERMINAL:
            state = random_step(game, state, actor, rng)
            steps += 1
        games += 1
        length += game.result(state).length
    return Speed(
        steps, games, length, time.process_time() - cpu_start, time.perf_counter() - wall_start
    )


def decision_time(game: AnyGame, seconds: float, seed: int = 0) -> float:
    """Mean CPU seconds per heuristic-bot decision, over games between heuristic bots."""
    rng = random.Random(seed)
    bots = [make_bot("heuristic", game, s, random.Random(seed + s)) for s in range(game.players)]
    spent = 0.0
    decisions = 0
    while spent < seconds:
        state = game.initial_state()
        while (actor := game.current_player(state)) != TERMINAL:
            if actor == CHANCE:
                state = game.apply_chance(state, game.sample_chance(state, rng))
                continue
            view, legal = game.view(state, actor), game.legal_actions(state)
            tick = time.process_time()
            action = bots[actor].choose(view, legal)
            spent += time.process_time() - tick
            decisions += 1
            state = game.apply_action(state, action)
    return spent / max(1, decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(meeple.game_names()))
    parser.add_argument("--players", type=int, nargs="*", help="player counts (default: all)")
    parser.add_argument("--option", "-o", action="append", default=[], help="key=value")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU time per measurement")
    args = parser.parse_args()
    options: dict[str, OptionValue] = dict(parse_option_text(text) for text in args.option)
    print(
        f"{'game':8} {'players':>7} {'steps/s cpu (wall)':>22} {'games/s':>8} "
        f"{'length/s':>14} {'steps/game':>10} {'heuristic ms':>12}"
    )
    for name in args.games:
        spec = meeple.load_game(name).spec
        for players in args.players or spec.player_counts:
            game = meeple.load_game(name, players, **options)
            speed = random_playouts(game, args.seconds)
            per_decision = decision_time(game, args.seconds / 2)
            rate = f"{speed.steps / speed.cpu:,.0f} ({speed.steps / speed.wall:,.0f})"
            print(
                f"{name:8} {players:>7} {rate:>22} {speed.games / speed.cpu:>8.2f} "
                f"{speed.length / speed.cpu:>8.1f} {spec.length_unit:<5} "
                f"{speed.steps / max(1, speed.games):>10,.0f} {per_decision * 1000:>12.3f}"
            )


if __name__ == "__main__":
    main()
