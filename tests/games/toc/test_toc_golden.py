"""The golden playthrough: one seeded random 4-player game, action by action.

A change here changes how games play: review the diff, then regenerate with
``PYTHONPATH=src:tests python tests/games/toc/test_toc_golden.py``.
"""

import random
from pathlib import Path

from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.games.toc import TocGame
from meeple.games.toc.actions import Deal, Draw
from meeple.games.toc.cards import card_name

GOLDEN = Path(__file__).parent / "golden" / "toc-4p-seed2024.txt"


def golden_lines() -> list[str]:
    g = TocGame(4, {})
    chance = random.Random(2024)
    choices = random.Random(2025)
    state = g.initial_state()
    lines = []
    while (actor := g.current_player(state)) != TERMINAL:
        if actor == CHANCE:
            outcome = g.sample_chance(state, chance)
            if isinstance(outcome, Deal):
                hands = (" ".join(card_name(c) for c in hand) for hand in outcome.hands)
                lines.append("deal " + " | ".join(hands))
            elif isinstance(outcome, Draw):
                lines.append(f"  s{state.turn} draws {card_name(outcome.card)}")
            state = g.apply_chance(state, outcome)
            continue
        legal = g.legal_actions(state)
        action = legal[choices.randrange(len(legal))]
        lines.append(f"t{state.turns} s{actor}: {g.format_action(state, action)}")
        state = g.apply_action(state, action)
    lines.append(f"winners {list(state.winners)} after {state.turns} turns")
    return lines


def test_the_golden_playthrough_is_unchanged() -> None:
    assert GOLDEN.read_text(encoding="utf-8").splitlines() == golden_lines()


if __name__ == "__main__":
    GOLDEN.write_text("\n".join(golden_lines()) + "\n", encoding="utf-8")
