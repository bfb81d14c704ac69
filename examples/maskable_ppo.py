"""Train sb3-contrib's MaskablePPO on one meeple game and write its learning curve: the
win rate of the trained policy against the random bot and against the heuristic bot
every so many training steps. The per-game scripts (``ppo_phase10.py``, ``ppo_cmyk.py``,
``ppo_toc.py``, ``ppo_toquer.py``) call ``main`` with their game and defaults:

    python examples/ppo_toquer.py [--steps 50000] [--eval-every 10000] [--eval-games 100]

The learner plays against the random bot in training, in a seat drawn at each episode;
the evaluations play fixed seeds, the learner's seat drawn from each, its action the
policy's most likely legal index (``--sample``: an index drawn from the policy, as in
training; the torch seed is the run's). Writes ``NAME_curve.json`` (the figures) and
``NAME_curve.png`` (with matplotlib). Needs the ``rl-train`` extra (CPU is enough).

A game's script may pass a ``potential``, a function of the learner's view: training
rewards then gain ``gamma * potential(next view) - potential(view)`` at every step
(potential-based shaping, which leaves the best policies the best ones: the potential
is 0 at the end, so an episode's return only changes by its first potential);
``--no-shaping`` trains on the game's own rewards alone. Evaluations always count wins.
"""

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import meeple.rl

# An episode is cut (and counts as a loss) after this many learner choices: a
# deterministic policy can loop (drawing and discarding, never laying a phase down).
MAX_STEPS = 1000
GAMMA = 0.995
Potential = Callable[[Any], float]


class PotentialShaping(gymnasium.Wrapper):  # type: ignore[type-arg]
    """Rewards plus ``gamma * potential(view') - potential(view)`` (0 for the end)."""

    def __init__(self, env: Any, potential: Potential, gamma: float) -> None:
        super().__init__(env)
        self.potential = potential
        self.gamma = gamma
        self.last = 0.0

    def _potential(self) -> float:
        return float(self.potential(self.env.unwrapped.learner_view()))

    def reset(self, **kwargs: Any) -> Any:
        result = self.env.reset(**kwargs)
        self.last = self._potential()
        return result

    def step(self, action: Any) -> Any:
        observation, reward, terminated, truncated, info = self.env.step(action)
        now = 0.0 if terminated else self._potential()
        reward += self.gamma * now - self.last
        self.last = now
        return observation, reward, terminated, truncated, info

    def action_masks(self) -> Any:
        return self.env.unwrapped.action_masks()


def win_rate(
    model: MaskablePPO,
    game: str,
    players: int,
    opponent: str,
    games: int,
    options: dict[str, Any],
    greedy: bool = True,
) -> float:
    """How often the policy wins (a positive return) against ``opponent`` bots, its
    seat drawn from each game's seed."""
    environment = meeple.rl.gym_env(
        game,
        players,
        opponents=opponent,
        seat=None,
        mask_in_observation=False,
        max_steps=MAX_STEPS,
        **options,
    )
    wins = 0
    for seed in range(10**6, 10**6 + games):
        observation, _ = environment.reset(seed=seed)
        while True:
            masks = environment.action_masks()
            action, _ = model.predict(observation, action_masks=masks, deterministic=greedy)
            observation, reward, terminated, truncated, _ = environment.step(int(action))
            if terminated or truncated:
                wins += reward > 0
                break
    return wins / games


class Curve(BaseCallback):
    """Evaluates every ``every`` training steps; keeps and prints the figures."""

    def __init__(self, every: int, measure: Any) -> None:
        super().__init__()
        self.every = every
        self.measure = measure
        self.points: list[dict[str, float]] = []
        self.start = time.perf_counter()
        self.next = every

    def record(self, steps: int) -> None:
        random_rate, heuristic_rate = self.measure()
        point = {"steps": steps, "vs_random": random_rate, "vs_heuristic": heuristic_rate}
        self.points.append(point)
        print(
            f"steps {steps:>8}  win rate vs random {random_rate:.0%}  "
            f"vs heuristic {heuristic_rate:.0%}  ({time.perf_counter() - self.start:.0f} s)",
            flush=True,
        )

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next:
            self.record(self.num_timesteps)
            self.next += self.every
        return True


def main(
    game: str,
    players: int = 2,
    options: dict[str, Any] | None = None,
    steps: int = 50_000,
    argv: list[str] | None = None,
    potential: Potential | None = None,
) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=f"MaskablePPO on {game}: a learning curve")
    parser.add_argument("--steps", type=int, default=steps)
    parser.add_argument("--eval-every", type=int, default=max(steps // 5, 1))
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--sample",
        action="store_true",
        help="evaluate the policy as trained, sampling its actions (default: greedy)",
    )
    parser.add_argument(
        "--no-shaping", action="store_true", help="train on the game's own rewards alone"
    )
    parser.add_argument("--ent-coef", type=float, default=0.01, help="entropy bonus")
    parser.add_argument("--out", default=f"{game}_curve")
    args = parser.parse_args(argv)
    options = options or {}
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    environment: Any = meeple.rl.gym_env(
        game,
        players,
        opponents="random",
        seat=None,
        mask_in_observation=False,
        max_steps=MAX_STEPS,
        **options,
    )
    shaped = potential is not None and not args.no_shaping
    if shaped:
        environment = PotentialShaping(environment, potential, GAMMA)
    model = MaskablePPO(
        "MlpPolicy",
        environment,
        n_steps=1024,
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=GAMMA,
        ent_coef=args.ent_coef,
        seed=args.seed,
        device="cpu",
        policy_kwargs={"net_arch": [128, 128]},
    )

    def measure() -> tuple[float, float]:
        return (
            win_rate(model, game, players, "random", args.eval_games, options, not args.sample),
            win_rate(model, game, players, "heuristic", args.eval_games, options, not args.sample),
        )

    curve = Curve(args.eval_every, measure)
    curve.record(0)
    model.learn(total_timesteps=args.steps, callback=curve)
    if curve.points[-1]["steps"] < model.num_timesteps:
        curve.record(model.num_timesteps)
    report = {
        "game": game,
        "players": players,
        "options": options,
        "shaping": shaped,
        "ent_coef": args.ent_coef,
        "curve": curve.points,
    }
    Path(f"{args.out}.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    plot(curve.points, f"{game} ({players} players): MaskablePPO", f"{args.out}.png")
    return curve.points


def plot(points: list[dict[str, float]], title: str, out: str) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot")
        return
    figure, axes = plt.subplots(figsize=(6, 4))
    steps = np.array([p["steps"] for p in points])
    for key, label in (("vs_random", "vs random bot"), ("vs_heuristic", "vs heuristic bot")):
        axes.plot(steps, [100 * p[key] for p in points], marker="o", label=label)
    axes.set_xlabel("training steps (learner's choices)")
    axes.set_ylabel("win rate, %")
    axes.set_ylim(0, 100)
    axes.set_title(title)
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(out, dpi=120)
    print(f"wrote {out}")
