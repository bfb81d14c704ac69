"""Toc lock-outs: in how many games between heuristic bots a seat never had a pawn on the
board (issue 17: with the talon turned over unshuffled, six-player seats draw back their
own discards, and a seat holding no Parteu never brings a pawn out).

    PYTHONPATH=src python benchmarks/toc_lock.py [--games N] [--players 6] [--seed S]
                                                 [--option reshuffle=false ...]

Prints, for the default options and for each ``--option`` set given, the games played,
the games with a locked-out seat, the locked seats in all, and the mean game length.
"""

import argparse
import time

import meeple
from meeple.engine.options import OptionValue, parse_option_text
from meeple.engine.protocol import Game
from meeple.engine.rng import derive_seed, stream
from meeple.games.toc.board import RESERVE
from meeple.games.toc.moves import PAWNS_PER_SEAT
from meeple.games.toc.state import TocState
from meeple.sim.match import make_bots, match_steps

AnyGame = Game[object, object, object, object]


def locked_seats(game: AnyGame, seed: int) -> tuple[int, int]:
    """The seats that never had a pawn out in one game between heuristic bots, and the
    game's length in turns."""
    bots = make_bots(game, ["heuristic"] * game.players, seed)
    state = game.initial_state()
    ever_out = [False] * game.players
    for step in match_steps(game, bots, stream(seed, "chance"), start=state):
        state = step.state
        assert isinstance(state, TocState)
        for pawn, cell in enumerate(state.positions):
            if cell != RESERVE:
                ever_out[pawn // PAWNS_PER_SEAT] = True
    return ever_out.count(False), game.result(state).length


def measure(players: int, games: int, seed: int, options: dict[str, OptionValue]) -> None:
    game = meeple.load_game("toc", players, **options)
    locked_games = locked_total = length = 0
    start = time.process_time()
    for index in range(games):
        locked, turns = locked_seats(game, derive_seed(seed, "game", index))
        locked_games += locked > 0
        locked_total += locked
        length += turns
    label = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    reshuffle = game.options["reshuffle"]
    print(
        f"{players} players, {label} (reshuffle={reshuffle}): {locked_games} of {games} games "
        f"had a seat that never had a pawn out ({locked_total} seats in all); "
        f"mean length {length / games:.0f} turns [{time.process_time() - start:.0f}s cpu]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--option", "-o", action="append", default=[], help="key=value")
    args = parser.parse_args()
    measure(args.players, args.games, args.seed, {})
    if args.option:
        options = dict(parse_option_text(text) for text in args.option)
        measure(args.players, args.games, args.seed, options)


if __name__ == "__main__":
    main()
