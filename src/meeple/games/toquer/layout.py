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

ROWS = 3
COLUMN_LETTERS = "nabcdefgh"
EMPTY = "."
DOWN = "D"
UP = "U"


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
    cards: "tuple[int, ...] | tuple[int | None, ...]",
    faces: str,
    frame: tuple[int, ...],
    lines: tuple[tuple[int, ...], ...],
    gaps_break: bool,
) -> tuple[tuple[int, int, int], ...]:
    """Every clearable triple of a seat: 3 identical, adjacent, face-up cards in a line.

    Triples are frame positions in line order. Empty slots are skipped (adjacency across
    them), unless ``gaps_break``, when they split the line.
    """
    found: list[tuple[int, int, int]] = []
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
