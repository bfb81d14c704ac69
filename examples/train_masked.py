"""Train a small action-masked agent against the random bot, and plot how often it wins.

    python examples/train_masked.py [--episodes 600] [--out win_rate.png]

The agent is a linear softmax policy over the legal action indices only (the mask), one
row of weights per action index, trained by REINFORCE with a running-mean baseline on
the final reward, numpy only. The game is Phase 10 for two players, shortened to three
phases (`--phases` changes them; `--phases standard` plays all ten) so that a few
minutes on a laptop CPU are enough; the learner's seat is drawn at each episode.

Every `--eval-every` training episodes the current policy plays `--eval-games` games on
fixed seeds against the random bot; the plot shows that win rate against the number of
training steps (the learner's actions). It starts near 50% (a random policy against a
random bot) and climbs well above it as the agent learns, chiefly, to lay its phase down
as soon as it can. Needs the `rl` extra, plus matplotlib for the plot.
"""

import argparse
import time
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

import meeple.rl

FloatArray = npt.NDArray[np.float64]


@dataclass
class MaskedLinearPolicy:
    """Softmax over the legal actions of ``W @ x + b`` (only the legal rows are computed)."""

    actions: int
    features: int
    scale: FloatArray  # divides the observation, so every feature lies in [0, 1]
    rng: np.random.Generator
    weights: FloatArray = field(init=False)
    bias: FloatArray = field(init=False)

    def __post_init__(self) -> None:
        self.weights = np.zeros((self.actions, self.features))
        self.bias = np.zeros(self.actions)

    def features_of(self, observation: npt.NDArray[np.float32]) -> FloatArray:
        return observation.astype(np.float64) / self.scale

    def probabilities(self, x: FloatArray, legal: npt.NDArray[np.intp]) -> FloatArray:
        logits = self.weights[legal] @ x + self.bias[legal]
        logits -= logits.max()
        odds = np.exp(logits)
        return odds / odds.sum()  # type: ignore[no-any-return]

    def act(
        self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]
    ) -> tuple[int, FloatArray, npt.NDArray[np.intp], FloatArray, int]:
        x = self.features_of(observation)
        legal = np.flatnonzero(mask.view(np.bool_))
        probabilities = self.probabilities(x, legal)
        choice = int(self.rng.choice(len(legal), p=probabilities))
        return int(legal[choice]), x, legal, probabilities, choice

    def reinforce(
        self,
        steps: list[tuple[FloatArray, npt.NDArray[np.intp], FloatArray, int]],
        advantage: float,
        learning_rate: float,
    ) -> None:
        """One REINFORCE update: raise the log-probability of each action taken in
        proportion to ``advantage`` (d log softmax = onehot - probabilities)."""
        step_size = learning_rate * advantage / max(1, len(steps)) ** 0.5
        for x, legal, probabilities, choice in steps:
            gradient = -probabilities
            gradient[choice] += 1.0
            self.weights[legal] += step_size * np.outer(gradient, x)
            self.bias[legal] += step_size * gradient


def play_episode(
    environment: meeple.rl.MeepleGymEnv, policy: MaskedLinearPolicy, seed: int
) -> tuple[float, list[tuple[FloatArray, npt.NDArray[np.intp], FloatArray, int]]]:
    """One game for the learner: its final reward and what it did at each step."""
    observation, _ = environment.reset(seed=seed)
    steps = []
    while True:
        action, x, legal, probabilities, choice = policy.act(
            observation["observation"], observation["action_mask"]
        )
        steps.append((x, legal, probabilities, choice))
        observation, reward, terminated, truncated, _ = environment.step(action)
        if terminated or truncated:
            return float(reward), steps


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=600)
    parser.add_argument("--eval-every", type=int, default=75)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--learning-rate", type=float, default=0.05)
    parser.add_argument("--phases", default="set3+set3,set3+run4,run7")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="win_rate.png")
    args = parser.parse_args(argv)

    options = {} if args.phases == "standard" else {"phases": args.phases.split(",")}
    environment = meeple.rl.gym_env("phase10", 2, opponents="random", seat=None, **options)
    space = environment.observation_space["observation"]
    scale = np.maximum(np.asarray(space.high, dtype=np.float64), 1e-9)
    policy = MaskedLinearPolicy(
        environment.action_space.n, scale.size, scale, np.random.default_rng(args.seed)
    )
    evaluation_seeds = range(10**6, 10**6 + args.eval_games)

    def win_rate() -> float:
        wins = sum(play_episode(environment, policy, seed)[0] > 0 for seed in evaluation_seeds)
        return wins / args.eval_games

    curve = [(0, win_rate())]
    print(f"steps {0:>8}  win rate vs random {curve[-1][1]:.0%}")
    baseline = 0.0
    training_steps = 0
    start = time.perf_counter()
    for episode in range(1, args.episodes + 1):
        reward, steps = play_episode(environment, policy, seed=args.seed * 10**7 + episode)
        training_steps += len(steps)
        policy.reinforce(steps, reward - baseline, args.learning_rate)
        baseline += 0.02 * (reward - baseline)
        if episode % args.eval_every == 0:
            curve.append((training_steps, win_rate()))
            print(
                f"steps {training_steps:>8}  win rate vs random {curve[-1][1]:.0%}  "
                f"({episode} episodes, {time.perf_counter() - start:.0f} s)"
            )

    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot (pip install matplotlib)")
        return
    figure, axes = plt.subplots(figsize=(6, 4))
    xs, ys = zip(*curve, strict=True)
    axes.plot(xs, [100 * y for y in ys], marker="o")
    axes.axhline(50, color="grey", linestyle="--", linewidth=1, label="random vs random")
    axes.set_xlabel("training steps (learner actions)")
    axes.set_ylabel(f"win rate vs random bot, % ({args.eval_games} games)")
    axes.set_ylim(0, 100)
    axes.set_title("Phase 10 (2 players): masked linear policy, REINFORCE")
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(args.out, dpi=120)
    print(f"wrote {args.out} ({time.perf_counter() - start:.0f} s in all, evaluations included)")


if __name__ == "__main__":
    main()
