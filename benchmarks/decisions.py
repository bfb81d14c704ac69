"""Do two versions of the code make the same decisions? A digest of seeded matches.

It plays seeded matches between bot specs, as the tournaments do (each seat's generator
and the chance generator derived from the match's seed), until the first seat has made
``--decisions`` decisions that had a choice, and prints one digest per match of every
chance outcome and every action in order. Run it in two checkouts (or before and after a
change) and compare the lines: the same digests mean the same games, so a strength
measured with one version holds for the other, and a change meant to keep the choices
(a faster guide, a refactoring) did keep them. With ``--show`` it prints each decision
as well, for ``diff`` to find the first that differs.

    PYTHONPATH=src python benchmarks/decisions.py --game toquer --players 2 \\
        --specs "ismcts;heuristic" --seeds 11,12 --decisions 20

Specs are separated by ``;`` (a spec's parameters use commas), one per seat.
"""

import argparse
import hashlib

from meeple.engine.protocol import CHANCE
from meeple.engine.registry import load_game
from meeple.engine.rng import stream
from meeple.sim.match import make_bots, match_steps


def trace(name: str, players: int, specs: list[str], seed: int, decisions: int, show: bool) -> str:
    """The digest of one seeded match, played until seat 0 has made ``decisions``
    decisions that had a choice (or the match ended)."""
    game = load_game(name, players)
    digest = hashlib.sha256()
    made = 0
    for step in match_steps(game, make_bots(game, specs, seed), stream(seed, "chance")):
        if step.seat == CHANCE:
            digest.update(repr(step.move).encode())
            continue
        digest.update(repr((step.seat, step.move)).encode())
        if show:
            print(f"{seed} {step.seat} {step.move!r}", flush=True)
        if step.seat == 0 and step.choices > 1:
            made += 1
            if made >= decisions:
                break
    return digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--specs", required=True, help="one spec per seat, separated by ';'")
    parser.add_argument("--seeds", default="1,2", help="comma-separated match seeds")
    parser.add_argument("--decisions", type=int, default=20, help="seat 0's decisions")
    parser.add_argument("--show", action="store_true", help="print every decision")
    args = parser.parse_args()
    specs = args.specs.split(";")
    if len(specs) != args.players:
        parser.error(f"{len(specs)} specs for {args.players} seats")
    if args.decisions < 1:
        parser.error(f"--decisions must be at least 1, not {args.decisions}")
    for seed in (int(text) for text in args.seeds.split(",")):
        digest = trace(args.game, args.players, specs, seed, args.decisions, args.show)
        print(f"{args.game} {args.players}p seed {seed}: {digest}", flush=True)


if __name__ == "__main__":
    main()
