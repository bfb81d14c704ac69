"""The Toc board as a graph: ring, Départs, zone entries, Zones de Sécurité and shortcuts.

Every place a pawn can stand is an int cell id:

- ``0 .. ring-1``: the ring, clockwise; board seat ``b``'s case Départ is ``b * cells_per_sector``;
- ``chord_base ..``: the cells of the dashed shortcuts (boards for more than 4 players), chord
  ``k`` running from intersection ``k`` to intersection ``k+1``, ``shortcut_length`` cells each;
- ``zone_base ..``: each player's Zone de Sécurité, 4 cells per player seat, deepest last;
- ``RESERVE`` (-1): in the Réserve de Départ, off the track.

Moves are looked up in tables built once per board: for a pawn of a seat on a cell and a
step count, every destination with the bitmask of the cells strictly passed on the way.
"""

from functools import cache

from meeple.engine.text import number

RESERVE = -1
ZONE_CELLS = 4
MAX_STEPS = 18  # the Joker's +18 is the longest move

# Board seat of each player seat: 2 players take opposite seats of the 4-player board,
# 3 players take three of its four seats (spec: board geometry).
_HOMES = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3), 6: tuple(range(6)), 8: tuple(range(8))}

Option = tuple[int, int]  # (destination cell, bitmask of the cells strictly passed)
Row = tuple[tuple[Option, ...], ...]  # per step count 0..MAX_STEPS, every Option
# Per destination: (steps, passed) of each step count that reaches it, fewest steps first.
Paths = dict[int, tuple[Option, ...]]


def board_seats_for(players: int) -> int:
    """How many seats the board has: 4 for up to 4 players, else 6 or 8."""
    return 4 if players <= 4 else players


class Board:
    """The geometry of one board and its precomputed move tables (immutable after init)."""

    def __init__(
        self,
        players: int,
        cells_per_sector: int,
        entry_offset: int,
        shortcut_length: int,
        shortcut_may_skip_entry: bool,
    ) -> None:
        self.players = players
        self.seats = board_seats_for(players)
        self.homes: tuple[int, ...] = _HOMES[players]
        self.sector = cells_per_sector
        self.ring = cells_per_sector * self.seats
        self.has_shortcuts = self.seats > 4  # seed: boards for more than 4 players
        self.shortcut_length = shortcut_length if self.has_shortcuts else 0
        self.may_skip_entry = shortcut_may_skip_entry
        self.chord_base = self.ring
        self.zone_base = self.ring + self.seats * self.shortcut_length
        self.cells = self.zone_base + ZONE_CELLS * players
        self.depart: tuple[int, ...] = tuple(b * cells_per_sector for b in self.homes)
        self.entry: tuple[int, ...] = tuple((d + entry_offset) % self.ring for d in self.depart)
        self.bit: tuple[int, ...] = tuple(1 << cell for cell in range(self.cells))
        self.zone_mask = sum(self.bit[self.zone_base :])
        self.track_mask = sum(self.bit[: self.zone_base])
        self.intersections: tuple[int, ...] = (
            tuple(k * cells_per_sector for k in range(self.seats)) if self.has_shortcuts else ()
        )
        self.intersection_mask = sum(self.bit[c] for c in self.intersections)
        empty: list[Row | None] = [None] * self.cells
        # Per seat, per cell: the forward table of a pawn that may not take a shortcut
        # (None until first needed; read directly by the move generator for speed).
        self.forward_plain = [list(empty) for _ in range(players)]
        self._forward_armed = [list(empty) for _ in range(players)]
        no_paths: list[Paths | None] = [None] * self.cells
        self._paths = [[list(no_paths) for _ in range(players)] for _armed in range(2)]
        self._backward: dict[tuple[int, int], Option | None] = {}

    # ---------------------------------------------------------------------- places
    def zone_cell(self, seat: int, index: int) -> int:
        """Cell ``index`` (0 = first, 3 = deepest) of ``seat``'s Zone de Sécurité."""
        return self.zone_base + ZONE_CELLS * seat + index

    def is_zone(self, cell: int) -> bool:
        return cell >= self.zone_base

    def is_track(self, cell: int) -> bool:
        """On the ring or a shortcut (where pawns can be captured and swapped)."""
        return 0 <= cell < self.zone_base

    def zone_owner(self, cell: int) -> int:
        return (cell - self.zone_base) // ZONE_CELLS

    def chord_skips_entry(self, chord: int, seat: int) -> bool:
        """Whether chord ``chord`` bypasses the ring cells holding ``seat``'s zone entry."""
        start = chord * self.sector
        return 0 < (self.entry[seat] - start) % self.ring < self.sector

    def may_take_chord(self, chord: int, seat: int) -> bool:
        return self.may_skip_entry or not self.chord_skips_entry(chord, seat)

    # ----------------------------------------------------------------------- steps
    def next_cells(self, cell: int, seat: int, armed: bool) -> tuple[int, ...]:
        """Where one forward step from ``cell`` may go for a pawn of ``seat``.

        The ring comes first, then the zone (only from the seat's own entry), then the
        chord (only on the first step of a pawn armed on an intersection).
        """
        if cell < self.ring:
            out = [(cell + 1) % self.ring]
            if cell == self.entry[seat]:
                out.append(self.zone_cell(seat, 0))
            if armed and self.has_shortcuts and cell % self.sector == 0:
                chord = cell // self.sector
                if self.may_take_chord(chord, seat):
                    out.append(self.chord_base + chord * self.shortcut_length)
            return tuple(out)
        if cell < self.zone_base:
            chord, index = divmod(cell - self.chord_base, self.shortcut_length)
            if index < self.shortcut_length - 1:
                return (cell + 1,)
            return (((chord + 1) % self.seats) * self.sector,)
        if (cell - self.zone_base) % ZONE_CELLS < ZONE_CELLS - 1:
            return (cell + 1,)
        return ()

    def forward(self, seat: int, cell: int, armed: bool) -> Row:
        """Per step count ``n`` (index 0..18), every (destination, passed-mask) option."""
        armed = armed and self.has_shortcuts and cell in self.intersections
        table = self._forward_armed[seat] if armed else self.forward_plain[seat]
        row = table[cell]
        if row is None:
            row = self._build_forward(seat, cell, armed)
            table[cell] = row
        return row

    def paths(self, seat: int, cell: int, armed: bool) -> Paths:
        """``forward`` indexed by destination: each step count reaching it (its first path
        in the row's order), fewest steps first."""
        armed = armed and self.has_shortcuts and cell in self.intersections
        table = self._paths[armed][seat]
        found = table[cell]
        if found is None:
            index: dict[int, list[Option]] = {}
            for steps, options in enumerate(self.forward(seat, cell, armed)):
                for dest, passed in options:
                    reached = index.setdefault(dest, [])
                    if not reached or reached[-1][0] != steps:
                        reached.append((steps, passed))
            found = table[cell] = {dest: tuple(reached) for dest, reached in index.items()}
        return found

    def _build_forward(self, seat: int, cell: int, armed: bool) -> Row:
        by_steps: list[list[Option]] = [[] for _ in range(MAX_STEPS + 1)]
        # Depth-first over paths: (current cell, steps taken, mask of cells passed so far).
        stack: list[tuple[int, int, int]] = [(cell, 0, 0)]
        order: list[tuple[int, int, int]] = []
        while stack:
            here, steps, passed = stack.pop()
            if steps:
                order.append((steps, here, passed))
            if steps == MAX_STEPS:
                continue
            nexts = self.next_cells(here, seat, armed and steps == 0)
            through = passed | (self.bit[here] if steps else 0)
            for nxt in reversed(nexts):
                stack.append((nxt, steps + 1, through))
        for steps, here, passed in order:
            by_steps[steps].append((here, passed))
        return tuple(tuple(options) for options in by_steps)

    def backward(self, cell: int, steps: int) -> Option | None:
        """The (destination, passed-mask) of a backward move, None from a zone cell.

        Backward moves stay on the ring (never into a zone or onto a chord); a pawn on a
        chord goes back along it to the intersection it came from.
        """
        key = (cell, steps)
        if key in self._backward:
            return self._backward[key]
        result: Option | None = None
        if cell < self.zone_base:
            here, passed = cell, 0
            for step in range(steps):
                if step:
                    passed |= self.bit[here]
                here = self._previous(here)
            result = (here, passed)
        self._backward[key] = result
        return result

    def _previous(self, cell: int) -> int:
        if cell < self.ring:
            return (cell - 1) % self.ring
        chord, index = divmod(cell - self.chord_base, self.shortcut_length)
        return cell - 1 if index else chord * self.sector

    # ----------------------------------------------------------------------- names
    def cell_name(self, cell: int) -> str:
        """Ring cells by number, chord cells ``c<chord>.<1..L>``, zone cells ``h<seat>.<1..4>``."""
        if cell < 0:
            return "R"
        if cell < self.ring:
            return str(cell)
        if cell < self.zone_base:
            chord, index = divmod(cell - self.chord_base, self.shortcut_length)
            return f"c{chord}.{index + 1}"
        seat, index = divmod(cell - self.zone_base, ZONE_CELLS)
        return f"h{seat}.{index + 1}"

    def parse_cell(self, text: str) -> int | None:
        """The cell named by ``text``, or None when it names no cell of this board."""
        text = text.strip().lower()
        value = number(text)
        if value is not None:
            return value if value < self.ring else None
        if text[:1] in ("c", "h") and "." in text:
            head, _, tail = text[1:].partition(".")
            major, position = number(head), number(tail)
            if major is None or position is None:
                return None
            minor = position - 1
            if text[0] == "c":
                if major < self.seats and 0 <= minor < self.shortcut_length:
                    return self.chord_base + major * self.shortcut_length + minor
                return None
            if major < self.players and 0 <= minor < ZONE_CELLS:
                return self.zone_cell(major, minor)
        return None


@cache
def make_board(
    players: int,
    cells_per_sector: int,
    entry_offset: int,
    shortcut_length: int,
    shortcut_may_skip_entry: bool,
) -> Board:
    """One shared Board per geometry (its tables fill lazily and never change)."""
    return Board(players, cells_per_sector, entry_offset, shortcut_length, shortcut_may_skip_entry)
