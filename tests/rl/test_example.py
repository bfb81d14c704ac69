"""The training example runs end to end and its update does what REINFORCE says."""

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_masked.py"


def load_example(name: str = "train_masked") -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLE.parent / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_rewarded_action_becomes_more_likely_and_a_punished_one_less() -> None:
    example = load_example()
    policy = example.MaskedLinearPolicy(5, 3, np.ones(3), np.random.default_rng(0))
    x = np.array([1.0, 0.0, 0.5])
    legal = np.array([1, 3, 4])
    before = policy.probabilities(x, legal)
    policy.reinforce([(x, legal, before, 1)], advantage=1.0, learning_rate=0.5)
    after = policy.probabilities(x, legal)
    assert after[1] > before[1]
    policy.reinforce([(x, legal, after, 1)], advantage=-3.0, learning_rate=0.5)
    assert policy.probabilities(x, legal)[1] < after[1]
    assert not policy.weights[[0, 2]].any()  # illegal rows are never touched


def test_the_example_trains_and_writes_its_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "curve.png"
    load_example().main(
        ["--episodes", "2", "--eval-every", "1", "--eval-games", "1", "--out", str(out)]
    )
    assert out.read_bytes().startswith(b"\x89PNG")


def test_the_maskable_ppo_example_writes_its_learning_curve(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    module = load_example("maskable_ppo")
    out = tmp_path / "toquer_curve"
    argv = ["--steps", "256", "--eval-every", "256", "--eval-games", "2", "--out", str(out)]
    points = module.main("toquer", 2, argv=argv)
    report = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert report["curve"] == points and points[0]["steps"] == 0 and points[-1]["steps"] >= 256
    assert all(0 <= p["vs_random"] <= 1 and 0 <= p["vs_heuristic"] <= 1 for p in points)
    assert out.with_suffix(".png").read_bytes().startswith(b"\x89PNG")
    for game in ("phase10", "cmyk", "toc", "toquer"):  # one script per game
        assert re.search(rf'main\(\s*"{game}"', (EXAMPLE.parent / f"ppo_{game}.py").read_text())


def test_shaped_rewards_add_up_to_the_return_less_the_first_potential() -> None:
    """Phase 10's shaping (potential-based): along a random episode the shaped rewards,
    discounted, telescope to the game's discounted reward minus the first potential."""
    pytest.importorskip("sb3_contrib")
    import meeple.rl

    shaping = load_example("maskable_ppo")
    lead = load_example("ppo_phase10").phase_lead
    gamma = 0.9
    raw = meeple.rl.gym_env("phase10", 2, seat=None, phases=["set3"])
    env = shaping.PotentialShaping(raw, lead, gamma)
    env.reset(seed=3)
    first = env.last
    shaped = game = 0.0
    rng = np.random.default_rng(0)
    leads = set()
    for step in range(10_000):
        action = rng.choice(np.flatnonzero(env.action_masks()))
        _, reward, terminated, truncated, _ = env.step(action)
        leads.add(env.last)
        shaped += gamma**step * reward
        if terminated or truncated:
            game = gamma**step * float(raw.game.returns(raw.game_state)[raw.seat])
            break
    assert terminated and len(leads) > 1  # (the lead moved on the way)
    assert shaped == pytest.approx(game - first)
