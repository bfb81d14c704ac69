"""Toc's move generation: legal-action lists generated per second on fixed positions.

    PYTHONPATH=src python benchmarks/toc_moves.py [--players 4 6 8] [--seconds S]
                                                  [--against OTHER_SRC] [--rounds R]

The positions are decision points of seeded random games (turns and parts of a split 7,
from the first deal to the end), the same on every run. Each measurement generates the legal actions
of all of them again and again for ``--seconds`` of CPU time (this process's, so steady
under load). ``--against`` names the ``src`` folder of another checkout (e.g. an older
commit unpacked with ``git archive``): both are then measured in turns, in child
processes, ``--rounds`` times, and the ratio of each round is printed with the median.
The other checkout's actions are also compared with these: they must be the same lists.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

from meeple.engine.codec import to_json
from meeple.engine.protocol import CHANCE, TERMINAL, AnyGame
from meeple.engine.registry import game_class


def positions(players: int, games: int = 3, seed: int = 7) -> tuple[AnyGame, list[object]]:
    """Every 4th decision point of ``games`` seeded random games (whole games, at most
    3,000 decisions each)."""
    game: AnyGame = game_class("toc")(players)
    rng = random.Random(seed + players)
    found: list[object] = []
    for _ in range(games):
        state = game.initial_state()
        decisions = 0
        while decisions < 3000:
            seat = game.current_player(state)
            if seat == TERMINAL:
                break
            if seat == CHANCE:
                state = game.apply_chance_unchecked(state, game.sample_chance_unchecked(state, rng))
                continue
            if decisions % 4 == 0:
                found.append(state)
            decisions += 1
            actions = game.legal_actions_unchecked(state)
            state = game.apply_unchecked(state, actions[rng.randrange(len(actions))])
    return game, found


def rate(players: int, seconds: float) -> float:
    """Legal-action generations per CPU second over the fixed positions."""
    game, states = positions(players)
    legal = game.legal_actions_unchecked
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for state in states:
            legal(state)
        done += len(states)
    return done / (time.process_time() - start)


def digest(players: int) -> str:
    """Every position's legal actions as JSON (to compare two implementations)."""
    game, states = positions(players)
    return json.dumps([[to_json(a) for a in game.legal_actions_unchecked(s)] for s in states])


def _child(src: str, players: int, what: str, seconds: float) -> str:
    env = {**os.environ, "PYTHONPATH": src}
    command = [sys.executable, __file__, "--child", what, "--players", str(players)]
    command += ["--seconds", str(seconds)]
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    return done.stdout.strip()


def compare(here: str, other: str, players: int, seconds: float, rounds: int) -> None:
    same = _child(here, players, "digest", 0) == _child(other, players, "digest", 0)
    verdict = "the same actions" if same else "DIFFERENT ACTIONS"
    ratios = []
    for _ in range(rounds):
        new = float(_child(here, players, "rate", seconds))
        old = float(_child(other, players, "rate", seconds))
        ratios.append(new / old)
        print(f"  {players} players: this {new:9,.0f}/s  other {old:9,.0f}/s")
    print(f"{players} players: median x{statistics.median(ratios):.2f} ({verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="*", default=[4, 6, 8])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--against", help="the src folder of another checkout")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--child", choices=("rate", "digest"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child == "rate":
        print(rate(args.players[0], args.seconds))
        return
    if args.child == "digest":
        print(digest(args.players[0]))
        return
    for players in args.players:
        if args.against:
            here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
            compare(os.path.abspath(here), args.against, players, args.seconds, args.rounds)
        else:
            count = len(positions(players)[1])
            print(
                f"{players} players ({count} positions): "
                f"{rate(players, args.seconds):,.0f} generations/s"
            )


if __name__ == "__main__":
    main()
