"""MaskablePPO on toc: see maskable_ppo.py.

Toc for two players: a move is chosen as card and pawn, then destination.

    python examples/ppo_toc.py [--steps N] [--eval-every N] [--eval-games N]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from maskable_ppo import main

if __name__ == "__main__":
    main("toc", 2)
