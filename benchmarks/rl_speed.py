"""RL environment speed: PettingZoo AEC steps per second per game, against the raw engine.

    python benchmarks/rl_speed.py [GAME ...] [--rounds R] [--slices N] [--slice S]

Both sides play random games on one core. The raw engine loop asks for the legal
actions, picks one, applies it and samples the chance outcomes between decisions. The
environment loop is what a learner runs: ``env.last()`` (the observation array and the
action mask), a random legal index from the mask, ``env.step``. Most AEC steps are one
decision; an action chosen as several indices (a CMYK multiple completion, a Toc move,
a Phase 10 hit) takes one step per index, so the ratio compares time per decision (per
engine action): raw decisions/s over env decisions/s (target: at most 3); ``steps/dec``
is the env's steps per decision, and ``per step`` the ratio per env step (raw
decisions/s over env steps/s). ``raw steps/s`` also counts chance outcomes, as
benchmarks/speed.py does.

Times are CPU times of this process. On a loaded machine other processes slow both
sides (caches, memory bandwidth), by an amount that changes from second to second: so
the three loops (raw engine, wrapped env, unwrapped env) take turns in slices of a few
milliseconds, each going on with its own game where it stopped, and a round's ratio
compares the sums of its slices, measured under the same load. The table gives the
median over the rounds; the last lines each game's worst ratio over its player counts
(the 3x target holds for a game when that is at most 3).
"""

import argparse
import random
import time
from typing import Any

import numpy as np

import meeple
import meeple.rl
from meeple.engine.protocol import CHANCE, TERMINAL, Game

AnyGame = Game[object, object, object, object]
CLOCK_EVERY = 50  # decisions between two readings of the clock


class RawLoop:
    """Back-to-back random games on the engine, played in slices."""

    def __init__(self, game: AnyGame, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.state = game.initial_state()

    def run(self, seconds: float) -> tuple[int, int, float]:
        """Play on for about ``seconds`` of CPU time: (decisions, steps, elapsed)."""
        game, rng, state = self.game, self.rng, self.state
        decisions = steps = 0
        start = time.process_time()
        while True:
            for _ in range(CLOCK_EVERY):
                actor = game.current_player(state)
                if actor == CHANCE:
                    state = game.apply_chance(state, game.sample_chance(state, rng))
                elif actor == TERMINAL:
                    state = game.initial_state()
                    continue
                else:
                    legal = game.legal_actions(state)
                    state = game.apply_action(state, legal[rng.randrange(len(legal))])
                    decisions += 1
                steps += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                self.state = state
                return decisions, steps, elapsed


class EnvLoop:
    """Random legal play in an AEC environment (reset at each end), in slices."""

    def __init__(self, environment: Any, rng: random.Random) -> None:
        self.environment = environment
        self.rng = rng
        environment.reset(seed=rng.getrandbits(32))

    def run(self, seconds: float) -> tuple[int, int, float]:
        """Play on for about ``seconds`` of CPU time: (decisions, steps, elapsed)."""
        environment, rng = self.environment, self.rng
        episode = environment.unwrapped.episode
        steps = decisions = 0
        start = time.process_time()
        while True:
            for _ in range(CLOCK_EVERY):
                observation, _, terminated, truncated, _ = environment.last()
                if terminated or truncated:
                    environment.step(None)
                    if not environment.agents:
                        environment.reset()
                    continue
                # (a bool view: numpy's nonzero is several times faster on bools than int8)
                legal = observation["action_mask"].view(np.bool_).nonzero()[0]
                environment.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
                decisions += not episode.prefix  # (an engine action was played)
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                return decisions, steps, elapsed


def measure(name: str, players: int, rounds: int, slices: int, seconds: float) -> dict[str, float]:
    """Medians over the rounds: the rates of the raw engine, the wrapped env and the
    unwrapped one (decisions per second), their ratios, the env's steps per decision and
    the ratio per step."""
    game = meeple.load_game(name, players)
    rng = random.Random(0)
    loops = (
        RawLoop(game, rng),
        EnvLoop(meeple.rl.env(name, players), rng),
        EnvLoop(meeple.rl.raw_env(name, players), rng),
    )
    for loop in loops:  # (warm up: caches, memos, first episodes)
        loop.run(seconds)
    rows = []
    for _ in range(rounds):
        totals = np.zeros((3, 3))
        for _ in range(slices):
            for side, loop in enumerate(loops):
                totals[side] += loop.run(seconds)
        (raw_d, raw_s, raw_t), (env_d, env_s, env_t), (free_d, _, free_t) = totals
        raw_rate = raw_d / raw_t
        rows.append(
            (
                raw_rate,
                raw_s / raw_t,
                env_d / env_t,
                raw_rate / (env_d / env_t),
                free_d / free_t,
                raw_rate / (free_d / free_t),
                env_s / env_d,
                raw_rate / (env_s / env_t),
            )
        )
    medians = np.median(np.array(rows), axis=0)
    keys = ("raw", "raw_steps", "env", "ratio", "unwrapped", "unwrapped_ratio", "per", "step")
    return dict(zip(keys, (float(value) for value in medians), strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(meeple.game_names()))
    parser.add_argument("--rounds", type=int, default=5, help="rounds per measurement")
    parser.add_argument("--slices", type=int, default=20, help="slices per loop and round")
    parser.add_argument("--slice", type=float, default=0.01, help="seconds of one slice")
    args = parser.parse_args()
    print(
        f"{'game':8} {'players':>7} {'raw dec/s':>10} {'raw steps/s':>11} "
        f"{'AEC dec/s':>11} {'ratio':>6} {'unwrapped/s':>11} {'ratio':>6} "
        f"{'steps/dec':>9} {'per step':>8}",
        flush=True,
    )
    worst: dict[str, tuple[float, int]] = {}
    for name in args.games:
        counts = meeple.load_game(name).spec.player_counts
        for players in sorted({counts[0], 4 if 4 in counts else counts[-1], counts[-1]}):
            f = measure(name, players, args.rounds, args.slices, args.slice)
            print(
                f"{name:8} {players:>7} {f['raw']:>10,.0f} {f['raw_steps']:>11,.0f} "
                f"{f['env']:>11,.0f} {f['ratio']:>6.2f} "
                f"{f['unwrapped']:>11,.0f} {f['unwrapped_ratio']:>6.2f} "
                f"{f['per']:>9.2f} {f['step']:>8.2f}",
                flush=True,
            )
            worst[name] = max(worst.get(name, (0.0, 0)), (f["ratio"], players))
    for name, (ratio, players) in worst.items():
        verdict = "within" if ratio <= 3 else "above"
        print(f"{name}: worst ratio {ratio:.2f} ({players} players), {verdict} the 3x target")


if __name__ == "__main__":
    main()
