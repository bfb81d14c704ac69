"""MaskablePPO on toquer: see maskable_ppo.py.

Toquer for two players.

    python examples/ppo_toquer.py [--steps N] [--eval-every N] [--eval-games N]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from maskable_ppo import main

if __name__ == "__main__":
    main("toquer", 2)
