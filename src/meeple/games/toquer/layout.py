"""The table's geometry: which slots make up each player's 15 cards, and their lines.

All layouts are kept in one flat tuple of slots. Seat ``s`` owns slots
``s * own .. s * own + own - 1`` in row-major order (3 rows of 4 or 5 columns). Play is
clockwise, so seat ``s + 1`` is the left neighbour of seat ``s``.

Each seat sees its cards through a *frame* of 3 rows: frame column 0 (named ``n``) is the
left neighbour's right-hand column, the other columns (``a``, ``b``, ...) are the seat's
own. With ``shared_column`` the frame is the seat's 15 cards (seed: "your fifth column");
with ``own_grid`` the ``n`` column only counts for row adjacency, the 15 playable cards
being the seat's own 3x5.
"""

from dataclasses import dataclass

from meeple.games.toquer.actions import Draw
from meeple.games.toquer.cards import Card, Deck
from meeple.games.toquer.config import Config
from meeple.games.toquer.state import ToquerState

ROWS = 3
COLUMN_LETTERS = "nabcdefgh"
EMPTY = "."
DOWN = "D"
UP = "U"

Triple = tuple[int, int, int]  # three frame positions in line order


@dataclass(frozen=True, slots=True)
class Geometry:
    """Precomputed slot tables for one player count and layout."""

    players: int
    shared: bool
    own_columns: int  # 4 (shared_column) or 5 (own_grid)
    own_count: int  # cards each seat owns: 12 or 15
    width: int  # frame columns, ``n`` included
    slots: int  # slots on the table
    frames: tuple[tuple[int, ...], ...]  # per seat: the slot at each frame position
    playable: tuple[tuple[int, ...], ...]  # per seat: frame positions one may reveal/swap
    own_positions: tuple[tuple[int, ...], ...]  # per seat: frame positions of own cards
    lines: tuple[tuple[tuple[int, ...], ...], ...]  # per seat: rows and columns (positions)
    owner: tuple[int, ...]  # per slot: the seat that owns (and scores) it

    def position_name(self, position: int) -> str:
        row, column = divmod(position, self.width)
        return f"{COLUMN_LETTERS[column]}{row + 1}"

    def own_range(self, seat: int) -> tuple[int, int]:
        return seat * self.own_count, (seat + 1) * self.own_count


def build_geometry(players: int, layout: str) -> Geometry:
    shared = layout == "shared_column"
    own_columns = 4 if shared else 5
    own_count = ROWS * own_columns
    width = own_columns + 1
    frames = []
    playable = []
    own_positions = []
    lines = []
    for seat in range(players):
        neighbour = (seat + 1) % players
        frame = []
        for row in range(ROWS):
            frame.append(neighbour * own_count + row * own_columns + own_columns - 1)
            frame.extend(seat * own_count + row * own_columns + c for c in range(own_columns))
        frames.append(tuple(frame))
        own = tuple(r * width + c for r in range(ROWS) for c in range(1, width))
        own_positions.append(own)
        playable.append(tuple(range(ROWS * width)) if shared else own)
        rows = tuple(tuple(r * width + c for c in range(width)) for r in range(ROWS))
        first_column = 0 if shared else 1  # own_grid: the n column touches rows only
        columns = tuple(
            tuple(r * width + c for r in range(ROWS)) for c in range(first_column, width)
        )
        lines.append(rows + columns)
    slots = players * own_count
    return Geometry(
        players=players,
        shared=shared,
        own_columns=own_columns,
        own_count=own_count,
        width=width,
        slots=slots,
        frames=tuple(frames),
        playable=tuple(playable),
        own_positions=tuple(own_positions),
        lines=tuple(lines),
        owner=tuple(slot // own_count for slot in range(slots)),
    )


def find_triples(
    cards: "tuple[Card, ...] | tuple[Card | None, ...]",
    faces: str,
    frame: tuple[int, ...],
    lines: tuple[tuple[int, ...], ...],
    gaps_break: bool,
) -> tuple[Triple, ...]:
    """Every clearable triple of a seat: 3 identical, adjacent, face-up cards in a line.

    Triples are frame positions in line order. Empty slots are skipped (adjacency across
    them), unless ``gaps_break``, when they split the line.
    """
    found: list[Triple] = []
    for line in lines:
        # a: position of the card two back, b: one back; None when there is none
        a_pos = b_pos = -1
        a_val: int | None = None
        b_val: int | None = None
        for pos in line:
            slot = frame[pos]
            face = faces[slot]
            if face == EMPTY:
                if gaps_break:
                    a_pos = b_pos = -1
                    a_val = b_val = None
                continue
            value = cards[slot] if face == UP else None
            if value is not None and value == b_val and value == a_val:
                found.append((a_pos, b_pos, pos))
            a_pos, a_val, b_pos, b_val = b_pos, b_val, pos, value
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Table:
    """One configured game's fixed facts, built once: the options, the geometry of the
    layouts, the deck, each value's place in the deck and a prebuilt draw per value."""

    config: Config
    geometry: Geometry
    deck: Deck
    value_index: dict[Card, int]  # position of each value in ``deck.values``
    all_cards: tuple[Card, ...]  # every card of the deck, lowest value first
    draws: dict[Card, Draw]


def make_table(config: Config) -> Table:
    deck = Deck.from_pairs(config.deck)
    return Table(
        config=config,
        geometry=build_geometry(config.players, config.layout),
        deck=deck,
        value_index=deck.index(),
        all_cards=deck.cards(),
        draws={value: Draw(value) for value in deck.values},
    )


def frame_cards(table: Table, faces: str, seat: int) -> int:
    """How many cards are among ``seat``'s playable slots (their 15)."""
    g = table.geometry
    frame = g.frames[seat]
    return sum(1 for p in g.playable[seat] if faces[frame[p]] != EMPTY)


def triples(table: Table, cards: tuple[Card, ...], faces: str, seat: int) -> tuple[Triple, ...]:
    """The triples ``seat`` may clear among these cards (frame positions)."""
    g = table.geometry
    gaps_break = table.config.gaps_break_adjacency
    return find_triples(cards, faces, g.frames[seat], g.lines[seat], gaps_break)


def takeable(table: Table, state: ToquerState) -> tuple[int, ...]:
    """Knock step 3: the knocker's positions the active seat may take a card from.

    The active seat must then have another card of their own 15 to swap it with.
    """
    g, faces, knocker = table.geometry, state.faces, state.knocker
    assert knocker is not None  # asked only once a knocker is given the card
    knocker_frame, active_frame = g.frames[knocker], g.frames[state.active]
    own = [active_frame[p] for p in g.playable[state.active] if faces[active_frame[p]] != EMPTY]
    found = []
    for p in g.playable[knocker]:
        slot = knocker_frame[p]
        if faces[slot] != EMPTY and (len(own) > 1 or (own and own[0] != slot)):
            found.append(p)
    return tuple(found)


def set_face(faces: str, slot: int, face: str) -> str:
    return faces[:slot] + face + faces[slot + 1 :]


def set_card(cards: tuple[Card, ...], slot: int, card: Card) -> tuple[Card, ...]:
    return (*cards[:slot], card, *cards[slot + 1 :])
