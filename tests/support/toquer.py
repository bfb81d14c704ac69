"""Hand-built Toquer tables for the rule tests.

A seat's own cards are written row by row, rows separated by '/', one token per card:
``5`` a face-up 5, ``#5`` a face-down 5, ``.`` an empty slot. The stock holds every
card of the deck that the table does not use.
"""

from collections import Counter
from dataclasses import replace

from meeple.engine.protocol import CHANCE
from meeple.games.toquer import ToquerGame
from meeple.games.toquer.notation import parse_position
from meeple.games.toquer.state import NOT_ASKED, Phase, ToquerState


def make_game(players: int = 3, **options: object) -> ToquerGame:
    return ToquerGame(players, options)  # type: ignore[arg-type]


def parse_grid(game: ToquerGame, text: str) -> tuple[list[int], str]:
    """(cards, faces) of one seat's own slots."""
    rows = [row.split() for row in text.split("/")]
    columns = game.geometry.own_columns
    assert len(rows) == 3 and all(len(r) == columns for r in rows), text
    cards: list[int] = []
    faces = ""
    for token in (t for row in rows for t in row):
        if token == ".":
            cards.append(0)
            faces += "."
        elif token.startswith("#"):
            cards.append(int(token[1:]))
            faces += "D"
        else:
            cards.append(int(token))
            faces += "U"
    return cards, faces


def table(
    game: ToquerGame,
    grids: list[str],
    *,
    discard: tuple[int, ...] = (7,),
    phase: Phase = Phase.DRAW,
    active: int = 0,
    actor: int | None = None,
    **fields: object,
) -> ToquerState:
    """A state in round 1 with the given layouts; unspecified fields as in a fresh turn."""
    assert len(grids) == game.players
    cards: list[int] = []
    faces = ""
    for text in grids:
        seat_cards, seat_faces = parse_grid(game, text)
        cards += seat_cards
        faces += seat_faces
    used = Counter(c for c, f in zip(cards, faces, strict=True) if f != ".")
    used.update(discard)
    for name in ("drawn", "held", "taken"):
        value = fields.get(name)
        if isinstance(value, int):
            used[value] += 1
    stock = []
    for value, count in zip(game.deck.values, game.deck.counts, strict=True):
        assert used[value] <= count, f"the table uses too many {value}s"
        stock.append(count - used[value])
    state = replace(
        game.initial_state(),
        phase=phase,
        actor=active if actor is None else actor,
        round=1,
        active=active,
        cards=tuple(cards),
        faces=faces,
        stock=tuple(stock),
        discard=discard,
        votes=NOT_ASKED * game.players,
    )
    return replace(state, **fields)  # type: ignore[arg-type]


def pos(game: ToquerGame, name: str) -> int:
    """A frame position from its name, e.g. ``pos(game, "b2")``."""
    return parse_position(game.geometry, name)


def slot(game: ToquerGame, seat: int, name: str) -> int:
    """The table slot at position ``name`` of ``seat``'s frame."""
    return game.geometry.frames[seat][pos(game, name)]


def act(game: ToquerGame, state: ToquerState, *texts: str) -> ToquerState:
    """Apply actions given in notation, each checked for legality."""
    for text in texts:
        assert game.current_player(state) >= 0, f"{text!r}: no seat to act"
        state = game.apply_action(state, game.parse_action(state, text))
    return state


def draw(game: ToquerGame, state: ToquerState, card: int) -> ToquerState:
    """Draw ``card`` from the stock: the action, then the chance outcome."""
    state = act(game, state, "stock")
    assert game.current_player(state) == CHANCE
    return game.apply_chance(state, game._draws[card])


def legal_texts(game: ToquerGame, state: ToquerState) -> list[str]:
    return [game.format_action(state, a) for a in game.legal_actions(state)]


# A grid with no triples possible and every card face down (shared_column, 3x4).
DOWN4 = "#1 #2 #3 #4 / #5 #6 #7 #8 / #9 #10 #11 #12"
# The same, own_grid (3x5).
DOWN5 = "#1 #2 #3 #4 #5 / #6 #7 #8 #9 #10 / #11 #12 #1 #2 #3"
