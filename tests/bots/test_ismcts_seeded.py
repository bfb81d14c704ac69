"""Seeded ISMCTS searches give the same moves as they did when the search was rewritten.

Each case plays a seeded game with the heuristic bots and, at every third decision with a
choice, runs an 80-iteration search from the acting seat's view: the expected figures
(the index of the move chosen among the legal actions, each legal action's visits at the
root, and the number of nodes in the tree) were recorded with the search before its
select, expand, roll-out and back-up steps were split into functions and its
parameters gathered into ``IsmctsSettings``. A change to the search, the guides or the
engine that alters a seeded decision shows here; if it is meant, regenerate the figures
and say so in the commit.
"""

import random

import pytest

from meeple.bots.ismcts import ISMCTSBot, IsmctsSettings, Node
from meeple.bots.registry import make_bot
from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.engine.registry import load_game

# case -> [[chosen index, visits per legal action, tree nodes], ...] for three decisions
EXPECTED = {
    "toc-4": [[4, [17, 16, 13, 15, 19], 51], [1, [8, 54, 8, 10], 35], [1, [18, 62], 26]],
    "toc-2": [
        [2, [12, 24, 30, 14], 44],
        [1, [4, 28, 8, 11, 6, 18, 5], 52],
        [2, [11, 11, 12, 9, 10, 9, 9, 9], 60],
    ],
    "cmyk-2": [
        [0, [12, 10, 8, 8, 11, 8, 9, 8, 6], 13],
        [0, [73, 7], 66],
        [3, [5, 10, 6, 13, 9, 12, 11, 8, 6], 16],
    ],
    "cmyk-4": [[0, [39, 18, 16, 7], 46], [3, [9, 10, 10, 12, 12, 9, 9, 9], 13], [0, [55, 25], 55]],
    "toquer-2": [[8, [5, 6, 5, 9, 9, 6, 9, 6, 11, 8, 6], 13], [0, [36, 44], 23], [0, [41, 39], 24]],
    "toquer-4": [
        [0, [9, 8, 7, 7, 7, 7, 7, 7, 5, 9, 7], 12],
        [6, [8, 6, 6, 7, 6, 8, 9, 5, 7, 6, 7, 5], 13],
        [2, [7, 8, 8, 7, 6, 7, 7, 8, 8, 7, 7], 12],
    ],
    "phase10-2": [[2, [26, 27, 27], 50], [0, [39, 41], 45], [0, [47, 33], 50]],
    "phase10-4": [
        [9, [8, 8, 8, 8, 8, 8, 8, 8, 8, 8], 11],
        [3, [23, 20, 18, 19], 45],
        [0, [8, 8, 8, 8, 8, 7, 9, 8, 8, 8], 11],
    ],
    "phase10-2-paired": [[2, [27, 26, 27], 48], [0, [40, 40], 47], [1, [40, 40], 51]],
    "cmyk-2-paired": [
        [1, [9, 9, 9, 9, 9, 9, 9, 9, 8], 10],
        [0, [40, 40], 63],
        [3, [9, 9, 9, 9, 9, 9, 9, 9, 8], 10],
    ],
}


def _nodes(node: Node) -> int:
    below = [*node.children.values(), *node.outcomes.values()]
    return 1 + sum(_nodes(child) for child in below)


def _searches(name: str, players: int, paired: bool) -> list[list[object]]:
    game = load_game(name, players)
    chance = random.Random(11)
    guides = [make_bot("heuristic", game, seat, random.Random(seat)) for seat in range(players)]
    state = game.initial_state()
    found: list[list[object]] = []
    for step in range(1, 3000):
        actor = game.current_player(state)
        if len(found) == 3 or actor == TERMINAL:
            break
        if actor == CHANCE:
            state = game.apply_chance(state, game.sample_chance(state, chance))
            continue
        view, legal = game.view(state, actor), game.legal_actions(state)
        if len(legal) > 1 and step % 3 == 0:
            settings = IsmctsSettings(iterations=80, depth=12, paired=paired)  # (as recorded)
            bot = ISMCTSBot(game, actor, random.Random(step), settings)
            choice = bot.choose(view, legal)
            root = bot.last_root
            if root is not None:
                visits = [root.children[a].visits if a in root.children else 0 for a in legal]
                found.append([legal.index(choice), visits, _nodes(root)])
        state = game.apply_action(state, guides[actor].choose(view, legal))
    return found


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_a_seeded_search_makes_the_recorded_decisions(case: str) -> None:
    name, players, *mode = case.split("-")
    assert _searches(name, int(players), paired=mode == ["paired"]) == EXPECTED[case]
