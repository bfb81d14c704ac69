"""``meeple serve`` with two more games in the registry, neither of which has a board
module in the web client (no ``js/games/<name>.js``), so that the browser tests see what a
new game gets without one, the generic board:

- ``race``, the suite's toy game (tests/support/toygame, docs/adding-a-game.md);
- ``plain``, CMYK's rules under a new name (a view with nested data and many moves).

Run as a script (``python tests/web/serve_plain_game.py serve --port ...``): the
arguments are ``meeple``'s."""

import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for support.toygame

from meeple.cli.main import app
from meeple.engine.registry import register_game
from meeple.games.cmyk import GAME as Cmyk
from support.toygame import GAME as RaceGame


class PlainGame(Cmyk):
    spec = dataclasses.replace(Cmyk.spec, name="plain", title="Plain CMYK")


if __name__ == "__main__":
    register_game(RaceGame)
    register_game(PlainGame)
    sys.argv[0] = "meeple"
    app()
