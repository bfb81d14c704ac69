"""MaskablePPO on phase10: see maskable_ppo.py.

Phase 10 for two players, shortened to three phases (as in train_masked.py) so that a
short run on a CPU shows the curve; pass options=None in main() for all ten.

The game's own reward comes after some 200-400 choices (a game against the random
bot), and in a short run that signal alone taught the learner to stop laying its phase
down (greedy: 62% against the random bot untrained, 0% after 10,000 steps). Training
rewards are shaped by the learner's lead in phases (``phase_lead``; see maskable_ppo.py),
which keeps the best policies the best ones and gives the signal at the move that earns
it; ``--no-shaping`` shows the run without.

    python examples/ppo_phase10.py [--steps N] [--eval-every N] [--eval-games N]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from maskable_ppo import main

from meeple.games.phase10.view import Phase10View

LEAD_WEIGHT = 0.3  # a phase ahead is worth 0.3 of a win


def phase_lead(view: Phase10View) -> float:
    """How far the learner leads the best other seat, in phases made (a phase laid this
    round counts half), times ``LEAD_WEIGHT``."""
    progress = [done + 0.5 * laid for done, laid in zip(view.phase_index, view.laid, strict=True)]
    assert view.seat is not None
    mine = progress.pop(view.seat)
    return LEAD_WEIGHT * (mine - max(progress))


if __name__ == "__main__":
    main(
        "phase10",
        2,
        options={"phases": ["set3+set3", "set3+run4", "run7"]},
        potential=phase_lead,
    )
