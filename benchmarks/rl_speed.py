"""RL environment speed: PettingZoo AEC steps per second per game, against the raw engine.

    python benchmarks/rl_speed.py [GAME ...] [--seconds S] [--rounds R]

Both sides play random games on one core. The raw engine loop asks for the legal
actions, picks one, applies it and samples the chance outcomes between decisions. The
environment loop is what a learner runs: ``env.last()`` (the observation array and the
action mask), a random legal index from the mask, ``env.step``. Most AEC steps are one
decision; an action chosen as several indices (a CMYK multiple completion, a Toc move,
a Phase 10 hit) takes one step per index, so the ratio compares time per decision (per
engine action): raw decisions/s over env decisions/s (target: at most 3); ``steps/dec``
is the env's steps per decision, and ``per step`` the ratio per env step (raw
decisions/s over env steps/s). ``raw steps/s`` also counts chance outcomes, as benchmarks/speed.py
does. Times are CPU times of this process; the measurements alternate in short rounds,
each round's ratio compares adjacent measurements, and the table shows medians over the
rounds, so that other load on the machine affects both sides alike.
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


def raw_engine(game: AnyGame, seconds: float, rng: random.Random) -> tuple[int, int, float]:
    """(decisions, steps, elapsed) of back-to-back random games."""
    decisions = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.initial_state()
        while (actor := game.current_player(state)) != TERMINAL:
            if actor == CHANCE:
                state = game.apply_chance(state, game.sample_chance(state, rng))
            else:
                legal = game.legal_actions(state)
                state = game.apply_action(state, legal[rng.randrange(len(legal))])
                decisions += 1
            steps += 1
    return decisions, steps, time.process_time() - start


def aec_env(environment: Any, seconds: float, rng: random.Random) -> tuple[int, int, float]:
    """(decisions, steps, elapsed) of random legal play in an AEC environment, reset at
    each end."""
    steps = decisions = 0
    episode = environment.unwrapped.episode
    start = time.process_time()
    environment.reset(seed=rng.getrandbits(32))
    while time.process_time() - start < seconds:
        for _ in range(100):  # (the clock is read once per 100 steps)
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                if not environment.agents:
                    environment.reset()
                continue
            # (a bool view: numpy's nonzero is several times faster on bools than on int8)
            legal = observation["action_mask"].view(np.bool_).nonzero()[0]
            environment.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
            decisions += not episode.prefix  # (an engine action was played)
    return decisions, steps, time.process_time() - start


def measure(name: str, players: int, seconds: float, rounds: int) -> tuple[float, ...]:
    """Medians over the rounds: raw decisions/s, raw steps/s, wrapped env decisions/s and
    its ratio, unwrapped env decisions/s and its ratio, env steps per decision, the
    wrapped env's ratio per step (each ratio from one round's adjacent measurements, so
    that both sides ran under the same load)."""
    game = meeple.load_game(name, players)
    wrapped = meeple.rl.env(name, players)
    unwrapped = meeple.rl.raw_env(name, players)
    rng = random.Random(0)
    rows = []
    for _ in range(rounds):
        decisions, steps, elapsed = raw_engine(game, seconds, rng)
        raw_rate = decisions / elapsed
        env_decisions, env_steps, env_elapsed = aec_env(wrapped, seconds, rng)
        raw_decisions, _, raw_elapsed = aec_env(unwrapped, seconds, rng)
        env_rate, unwrapped_rate = env_decisions / env_elapsed, raw_decisions / raw_elapsed
        rows.append(
            (
                raw_rate,
                steps / elapsed,
                env_rate,
                raw_rate / env_rate,
                unwrapped_rate,
                raw_rate / unwrapped_rate,
                env_steps / env_decisions,
                raw_rate / (env_steps / env_elapsed),
            )
        )
    medians = np.median(np.array(rows), axis=0)
    return tuple(float(value) for value in medians)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(meeple.game_names()))
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per measurement")
    args = parser.parse_args()
    print(
        f"{'game':8} {'players':>7} {'raw dec/s':>10} {'raw steps/s':>11} "
        f"{'AEC dec/s':>11} {'ratio':>6} {'unwrapped/s':>11} {'ratio':>6} {'steps/dec':>9} "
        f"{'per step':>8}"
    )
    for name in args.games:
        counts = meeple.load_game(name).spec.player_counts
        for players in sorted({counts[0], 4 if 4 in counts else counts[-1], counts[-1]}):
            figures = measure(name, players, args.seconds, args.rounds)
            raw_rate, raw_steps, env_rate, ratio, unwrapped_rate, unwrapped_ratio = figures[:6]
            per, step_ratio = figures[6:]
            print(
                f"{name:8} {players:>7} {raw_rate:>10,.0f} {raw_steps:>11,.0f} "
                f"{env_rate:>11,.0f} {ratio:>6.2f} {unwrapped_rate:>11,.0f} "
                f"{unwrapped_ratio:>6.2f} {per:>9.2f} {step_ratio:>8.2f}"
            )


if __name__ == "__main__":
    main()
