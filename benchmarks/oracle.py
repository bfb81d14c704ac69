"""What seeing every hand is worth: a ceiling for a bot that plays from its own view.

An *oracle* seat plays a bot spec (by default ``ismcts``) whose determinization is the
true state: its search sees every hand, the stock's contents and everything else, but
not the future. At their default options, which this plays, the four games draw their
chance outcomes when they happen (Toc with ``reshuffle`` off would keep the talon's
order in the state, and the oracle would see its draws). The other seats play
``--against`` (by default the heuristic bot), each from its own view. The oracle moves
one seat on each game.

The same search cannot gain more from guessing the hidden cards better than the oracle
gains from knowing them, so its margin over the fair bot bounds what inference (reading
the other players' choices) could add. With ``--fair``, the same games are played again
with the bot as it is (its own view only), and the two are compared on the same seeds.

    PYTHONPATH=src python benchmarks/oracle.py --game cmyk --players 2 --games 400 --fair

Each game's result is appended to ``--out`` as one JSON line as soon as it ends, so a
long run keeps what it has measured; the summary counts the games of this run only.
"""

import argparse
import json
import time
from pathlib import Path

from meeple.bots.base import Bot
from meeple.bots.registry import make_bot
from meeple.engine.protocol import AnyGame
from meeple.engine.registry import load_game
from meeple.engine.rng import stream
from meeple.sim.match import match_steps
from meeple.sim.stats import wilson_interval


def play(
    name: str, players: int, spec: str, against: str, seed: int, seat: int, oracle: bool
) -> float:
    """One game; the ``seat`` playing ``spec`` gets its share of the win (ties split)."""
    game = load_game(name, players)
    current: list[object] = [None]  # the true state at every decision
    own: AnyGame = load_game(name, players)  # the oracle's game: its own determinize
    if oracle:
        own.determinize = lambda view, rng: current[0]  # type: ignore[method-assign]
    bots: list[Bot] = [
        make_bot(
            spec if each == seat else against,
            own if each == seat else game,
            each,
            stream(seed, "bot", each),
        )
        for each in range(players)
    ]
    state = current[0] = game.initial_state()
    for step in match_steps(game, bots, stream(seed, "chance"), start=state):
        state = current[0] = step.state  # (the state the next decision is made in)
    winners = game.result(state).winners
    return 1.0 / len(winners) if seat in winners else 0.0


def summary(label: str, shares: list[float]) -> str:
    rate = sum(shares) / len(shares)
    low, high = wilson_interval(sum(shares), len(shares))
    return f"{label}: {rate:.1%} ({low:.1%}-{high:.1%}) of {len(shares)} games"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="cmyk")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--spec", default="ismcts", help="the oracle seat's bot")
    parser.add_argument("--against", default="heuristic", help="every other seat's bot")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fair", action="store_true", help="also the same games played fair")
    parser.add_argument("--out", default="oracle.jsonl")
    args = parser.parse_args()
    modes = (True, False) if args.fair else (True,)
    shares: dict[bool, list[float]] = {mode: [] for mode in modes}
    out = Path(args.out)
    for index in range(args.games):
        seat = index % args.players
        for oracle in modes:
            started = time.process_time()
            share = play(
                args.game, args.players, args.spec, args.against, args.seed + index, seat, oracle
            )
            shares[oracle].append(share)
            line = {
                "game": args.game,
                "players": args.players,
                "spec": args.spec,
                "against": args.against,
                "seed": args.seed + index,
                "seat": seat,
                "oracle": oracle,
                "share": share,
                "cpu_seconds": round(time.process_time() - started, 2),
            }
            with out.open("a", encoding="utf-8") as handle:
                handle.write(json.dumps(line) + "\n")
    fair_seat = 1 / args.players
    print(f"{args.game}, {args.players} players, {args.spec} against {args.against}")
    print(f"(a seat's fair share: {fair_seat:.1%})")
    for oracle in modes:
        print(summary("sees every hand" if oracle else "its own view only", shares[oracle]))
    if args.fair:
        gains = [a - b for a, b in zip(shares[True], shares[False], strict=True)]
        mean = sum(gains) / len(gains)
        print(f"the oracle's gain on the same seeds: {mean:+.1%} a game")


if __name__ == "__main__":
    main()
