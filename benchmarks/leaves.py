"""How often the search leaves its root policy's choice.

ISMCTS starts from its root policy's choice (the game's guide, or a stronger bot the
guide names) and leaves it only on evidence (``prior``, ``confidence``, ``paired``). This
plays seeded games with the search in seat 0 and ``--against`` in the other seats, and
counts the decisions it searched and those where it chose another action than its root
policy. A search that almost never leaves plays as its root policy does whatever its
budget, so more budget (the expert level) cannot make it stronger. ``--show`` prints
each decision it left: the root policy's action, the search's, and in paired mode the
mean gain it measured on the same samples.

    PYTHONPATH=src python benchmarks/leaves.py --game phase10 --players 2 --games 3
    PYTHONPATH=src python benchmarks/leaves.py --game phase10 --players 2 --games 3 \\
        --spec ismcts:paired=true,prior=0 --show
"""

import argparse

from meeple.bots.ismcts import ISMCTSBot
from meeple.engine import rng as rng_streams
from meeple.engine.registry import load_game
from meeple.sim.match import make_bots, match_steps
from meeple.sim.stats import wilson_interval


def count_leaves(
    name: str, players: int, spec: str, against: str, seed: int, games: int, show: bool
) -> tuple[int, int]:
    """(searched decisions, decisions left) of seat 0 over ``games`` seeded games."""
    game = load_game(name, players)
    searched = left = 0
    for index in range(games):
        match_seed = rng_streams.derive_seed(seed, name, players, index)
        bots = make_bots(game, [spec] + [against] * (players - 1), match_seed)
        search = bots[0]
        if not isinstance(search, ISMCTSBot):
            raise SystemExit(f"--spec {spec!r} is not a search bot")
        chance = rng_streams.stream(match_seed, "chance")
        for step in match_steps(game, bots, chance, seed=match_seed):
            favourite = search.last_favourite
            if step.seat != 0 or search.last_iterations == 0 or favourite is None:
                continue
            searched += 1
            if step.move != favourite:
                left += 1
                if show:
                    gain = _gain(search, step.move)
                    print(f"  game {index}: {favourite!r} -> {step.move!r}{gain}")
        print(f"  game {index}: {searched} searched, {left} left so far", flush=True)
    return searched, left


def _gain(search: ISMCTSBot, action: object) -> str:
    entry = search.differences.get(action)
    if not entry or not entry[0]:
        return ""
    count, total = int(entry[0]), entry[1]
    return f"  (mean paired gain {total / count:+.3f} over {count} samples)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--spec", default="ismcts", help="the search bot's spec (seat 0)")
    parser.add_argument("--against", default="heuristic", help="the other seats' spec")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", action="store_true", help="print each decision left")
    args = parser.parse_args()
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    searched, left = count_leaves(
        args.game, args.players, args.spec, args.against, args.seed, args.games, args.show
    )
    low, high = wilson_interval(left, searched)
    share = left / searched if searched else 0.0
    print(
        f"{args.game} {args.players}p {args.spec}: {searched} searched decisions, "
        f"{left} left its root policy ({share:.1%}, {low:.1%}-{high:.1%})"
    )


if __name__ == "__main__":
    main()
