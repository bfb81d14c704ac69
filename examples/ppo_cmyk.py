"""MaskablePPO on cmyk: see maskable_ppo.py.

CMYK for two players: a multiple completion is chosen lay by lay (102 indices).

    python examples/ppo_cmyk.py [--steps N] [--eval-every N] [--eval-games N]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from maskable_ppo import main

if __name__ == "__main__":
    main("cmyk", 2)
