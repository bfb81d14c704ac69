"""MaskablePPO on phase10: see maskable_ppo.py.

Phase 10 for two players, shortened to three phases (as in train_masked.py) so that a
short run on a CPU shows the curve; pass options=None in main() for all ten.

    python examples/ppo_phase10.py [--steps N] [--eval-every N] [--eval-games N]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from maskable_ppo import main

if __name__ == "__main__":
    main("phase10", 2, options={"phases": ["set3+set3", "set3+run4", "run7"]})
