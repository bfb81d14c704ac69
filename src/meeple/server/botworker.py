"""A bot worker process: reads one JSON request per line, answers one JSON line.

A request holds the game's configuration, the seat, the bot spec and seed, the seat's
encoded view and the legal actions; the answer is ``{"index": i}`` (which legal action)
or ``{"error": "..."}``; a review's request (``"mode": "judge"``) is also answered with
the bot's estimate of every legal action (``"shares"``, win shares or null). The worker
never sees a state: only what the outbound choke point put in the request. Run as
``python -m meeple.server.botworker``.
"""

import json
import random
import sys
from functools import cache

from meeple.bots.registry import make_bot
from meeple.bots.review import judge_view
from meeple.engine.codec import JSON
from meeple.engine.protocol import AnyGame
from meeple.engine.registry import game_class


@cache
def _game(name: str, players: int, options_json: str) -> AnyGame:
    return game_class(name)(players, json.loads(options_json))


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected an integer, got {value!r}")
    return value


def answer(request: dict[str, JSON]) -> dict[str, JSON]:
    """Choose a move for one request; any failure is reported, never raised."""
    try:
        options = json.dumps(request["options"], sort_keys=True)
        game = _game(str(request["game"]), _int(request["players"]), options)
        seat = _int(request["seat"])
        view = game.decode_view(request["view"])
        legal_data = request["legal"]
        if not isinstance(legal_data, list) or not legal_data:
            return {"error": "no legal actions in the request"}
        legal = tuple(game.decode_action(item) for item in legal_data)
        rng = random.Random(_int(request["seed"]))
        if request.get("mode") == "judge":  # a review: the choice and every estimate
            judged = judge_view(game, view, legal, seat, rng, str(request["spec"]))
            shares: list[JSON] = [judged.shares.get(action) for action in legal]
            return {"index": legal.index(judged.choice), "shares": shares}
        bot = make_bot(str(request["spec"]), game, seat, rng)
        choice = bot.choose(view, legal)
        return {"index": legal.index(choice)}
    except Exception as error:  # a bot's failure must not end the worker
        return {"error": f"{type(error).__name__}: {error}"[:500]}


def warm_up() -> None:
    """Import every game and heuristic bot now, so no move pays for an import."""
    import importlib
    import pkgutil

    import meeple.bots.heuristic as heuristic
    from meeple.engine.registry import game_names

    game_names()
    for module in pkgutil.iter_modules(heuristic.__path__):
        try:
            importlib.import_module(f"meeple.bots.heuristic.{module.name}")
        except ImportError:
            continue


def main() -> None:
    warm_up()
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError:
            reply: dict[str, JSON] = {"error": "bad request line"}
        else:
            reply = answer(request) if isinstance(request, dict) else {"error": "not an object"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
