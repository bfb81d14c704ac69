"""Fuzz of malformed input through the public API of every game (the large version of the
conformance property in tests/test_conformance.py).

    python benchmarks/fuzz_actions.py [GAME ...] [--actions N] [--texts N] [--seed S]

For every registered game and each of its test configurations, positions are taken from
seeded random games; then each try mutates the JSON of a legal action there (out-of-range,
huge and negative numbers, wrong types, missing and extra fields, unknown types), gives it
to ``decode_action`` and ``apply_action`` (and, built without the decoder, straight to
``apply_action``), or mangles the action's notation for ``parse_action``. An escape is any
exception other than ``InvalidActionError``/``IllegalActionError``, an error that does not
name the mangled field, or a changed state. Prints tries and escapes per game, and the
first few escapes of each kind.
"""

import argparse
import importlib
import random
import time
import traceback
from collections import Counter

import meeple
from meeple.engine import codec, conformance
from meeple.engine.protocol import CHANCE, TERMINAL, Game

AnyGame = Game[object, object, object, object]


def positions(game: AnyGame, seed: int, games: int, keep: int) -> list[object]:
    """About ``keep`` positions where a seat acts, spread over ``games`` random games."""
    rng = random.Random(seed)
    found: list[object] = []
    for _ in range(games):
        state = game.initial_state()
        seen: list[object] = []
        while (actor := game.current_player(state)) != TERMINAL:
            if actor == CHANCE:
                state = game.apply_chance(state, game.sample_chance(state, rng))
                continue
            seen.append(state)
            legal = game.legal_actions(state)
            state = game.apply_action(state, legal[rng.randrange(len(legal))])
        found += rng.sample(seen, min(len(seen), keep // games))
    return found


def fuzz_game(
    name: str, actions: int, texts: int, seed: int, examples: dict[str, str]
) -> tuple[int, int, Counter[str]]:
    module = importlib.import_module(f"meeple.games.{name}")
    configs = module.TEST_CONFIGS
    rng = random.Random(seed)
    escapes: Counter[str] = Counter()
    tries = 0
    for index, (players, options) in enumerate(configs):
        game = meeple.load_game(name, players, **options)
        names = tuple(cls.__name__ for cls in codec.member_classes(game.action_type))
        states = positions(game, seed + index, games=2, keep=40)
        share = (actions // len(configs), texts // len(configs))
        for count, is_text in ((share[0], False), (share[1], True)):
            for _ in range(count):
                state = states[rng.randrange(len(states))]
                legal = game.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
                tries += 1
                try:
                    if is_text:
                        text = conformance.mangle_text(game.format_action(state, action), rng)
                        conformance.check_mangled_text(game, state, text)
                    else:
                        data, field = conformance.mutate_action_json(
                            game.encode_action(action), rng, names
                        )
                        conformance.check_malformed_action(game, state, data, field)
                except Exception as error:
                    kind = f"{name} {type(error).__name__} at {_where(error)}"
                    escapes[kind] += 1
                    examples.setdefault(kind, f"{type(error).__name__}: {error}"[:300])
    return tries, sum(escapes.values()), escapes


def _where(error: BaseException) -> str:
    frame = traceback.extract_tb(error.__traceback__)[-1]
    return f"{frame.filename.rsplit('/', 2)[-1]}:{frame.lineno} {frame.name}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(meeple.game_names()))
    parser.add_argument("--actions", type=int, default=80_000, help="JSON tries per game")
    parser.add_argument("--texts", type=int, default=20_000, help="text tries per game")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    examples: dict[str, str] = {}
    total_tries = total_escapes = 0
    print(f"{'game':<10} {'tried':>9} {'escapes':>8} {'seconds':>8}")
    for name in args.games:
        start = time.perf_counter()
        tries, escaped, kinds = fuzz_game(name, args.actions, args.texts, args.seed, examples)
        total_tries += tries
        total_escapes += escaped
        print(f"{name:<10} {tries:>9} {escaped:>8} {time.perf_counter() - start:>8.1f}")
        for kind, count in kinds.most_common():
            print(f"    {count:>7}  {kind}\n             {examples[kind]}")
    print(f"{'all':<10} {total_tries:>9} {total_escapes:>8}")


if __name__ == "__main__":
    main()
