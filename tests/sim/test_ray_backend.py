"""The same tournament on a local Ray instance gives the same report."""

import pytest

from meeple.sim.tournament import run_tournament

ray = pytest.importorskip("ray")


def test_a_tournament_on_ray_matches_the_local_run() -> None:
    specs = ["random", "random", "random"]
    options = {"phases": ["set3"]}
    local = run_tournament("phase10", 2, options, specs, 12, seed=11)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_tournament("phase10", 2, options, specs, 12, seed=11, ray_address="local")
        assert ray.is_initialized()  # a session started by the caller is left running
    finally:
        ray.shutdown()
    assert on_ray.to_json() == local.to_json()
