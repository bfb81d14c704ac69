"""Move generation and execution on the board: the movement rules M1-M9 of the spec.

Everything works on the flat ``positions`` tuple and on bitmasks over cells, with the
board's precomputed tables, because this is the hot path of every playout.
"""

from functools import cache

from meeple.games.toc.actions import Enter, Move, Swap, TocAction
from meeple.games.toc.board import RESERVE, Board, Row
from meeple.games.toc.cards import FOUR, JACK, KING, PARTEUX, RANKS, SEVEN, forward_steps
from meeple.games.toc.config import Config

PAWNS_PER_SEAT = 4

Masks = tuple[int, list[int], int]  # (occupied cells, occupied cells per owner, protected cells)
Entry = tuple[int, int, Move]  # (destination bit, bitmask of the cells passed, the Move)
# A pawn's moves from one cell: per card, its Entries (the 7 excluded); per step count
# 0..7, the Entries of a part of a 7; and the bit of the cell.
PawnTable = tuple[tuple[tuple[Entry, ...], ...], tuple[tuple[Entry, ...], ...], int]
# A board seen by the seat to play: occupied cells, cells per owner, protected cells, the
# seats it moves, (owner, table) of each of their pawns on the board, seats with reserves.
Context = tuple[int, list[int], int, tuple[int, ...], list[tuple[int, PawnTable]], list[int]]


class Mover:
    """The movement rules for one configured game (board, options, interned actions)."""

    def __init__(self, config: Config, board: Board) -> None:
        self.config = config
        self.board = board
        self.players = config.players
        self.pawns = PAWNS_PER_SEAT * config.players
        self.bit = board.bit
        self.bit_or_zero = (*board.bit, 0)  # index RESERVE (-1) gives no cell
        self.seat_starts = range(0, PAWNS_PER_SEAT * config.players, PAWNS_PER_SEAT)
        self.zone_base = board.zone_base
        self.king_block_zone = board.zone_mask
        self.steps: tuple[tuple[int, ...], ...] = (
            (),
            *(forward_steps(rank, config.ace_eleven, config.jack_eleven) for rank in RANKS),
        )
        self.teams = config.teams != "off"
        self.teammates = tuple(config.teammates(seat) for seat in range(config.players))
        self.cells = board.cells
        self._moves: dict[int, Move] = {}
        self._swaps: dict[tuple[int, int], Swap] = {}
        self.plain = board.forward_plain
        no_tables: list[PawnTable | None] = [None] * board.cells
        # [armed][pawn][cell]: the pawn's moves table (None until first needed).
        self._tables = [[list(no_tables) for _ in range(self.pawns)] for _armed in range(2)]
        self._enters = {(c, s): Enter(c, s) for c in PARTEUX for s in range(config.players)}

    # ------------------------------------------------------------------- queries
    def masks(self, positions: tuple[int, ...], protected: int) -> Masks:
        bit = self.bit_or_zero
        own = [
            bit[positions[i]]
            | bit[positions[i + 1]]
            | bit[positions[i + 2]]
            | bit[positions[i + 3]]
            for i in self.seat_starts
        ]
        occupied = 0
        for cells in own:
            occupied |= cells
        guarded = 0
        while protected:
            low = protected & -protected
            guarded |= bit[positions[low.bit_length() - 1]]
            protected ^= low
        return occupied, own, guarded

    def is_home(self, seat: int, positions: tuple[int, ...]) -> bool:
        """All 4 of ``seat``'s pawns in its Zone de Sécurité."""
        base = self.zone_base
        start = seat * PAWNS_PER_SEAT
        return (
            positions[start] >= base
            and positions[start + 1] >= base
            and positions[start + 2] >= base
            and positions[start + 3] >= base
        )

    def winners_after(self, seat: int, positions: tuple[int, ...]) -> tuple[int, ...]:
        """The winning seats once ``seat`` has moved (empty while nobody has won)."""
        if not self.teams:
            return (seat,) if self.is_home(seat, positions) else ()
        team = self.teammates[seat]
        if all(self.is_home(member, positions) for member in team):
            return tuple(sorted(team))
        return ()

    def controlled(self, seat: int, positions: tuple[int, ...]) -> tuple[int, ...]:
        """Whose pawns ``seat`` moves: its own, or its unfinished partners' once home."""
        if not self.teams or not self.is_home(seat, positions):
            return (seat,)
        return tuple(m for m in self.teammates[seat][1:] if not self.is_home(m, positions))

    def move(self, card: int, pawn: int, dest: int) -> Move:
        """The one shared Move object for these values (cheap to compare and to look up)."""
        key = (card * self.pawns + pawn) * self.cells + dest
        action = self._moves.get(key)
        if action is None:
            action = self._moves[key] = Move(card, pawn, dest)
        return action

    # -------------------------------------------------------------- legal plays
    def _row(self, owner: int, pawn: int, cell: int, armed: int) -> Row:
        """The forward table of ``pawn`` (of ``owner``) standing on ``cell``."""
        row = self.plain[owner][cell]
        if row is None or armed >> pawn & 1:
            row = self.board.forward(owner, cell, bool(armed >> pawn & 1))
        return row

    def table(self, pawn: int, cell: int, armed: bool) -> PawnTable:
        """The moves of ``pawn`` standing on ``cell`` (``armed``: it may take a shortcut):
        per card and per step count of a 7, every (destination bit, passed cells, Move),
        built once and shared."""
        tables = self._tables[armed][pawn]
        found = tables[cell]
        if found is not None:
            return found
        owner = pawn >> 2
        row = self.board.forward(owner, cell, armed)
        bit = self.bit

        def entries(card: int, steps: tuple[int, ...]) -> tuple[Entry, ...]:
            return tuple(
                (bit[dest], passed, self.move(card, pawn, dest))
                for n in steps
                for dest, passed in row[n]
            )

        by_card = [entries(card, self.steps[card]) for card in range(len(self.steps))]
        back = self.board.backward(cell, 4)
        if back is not None:
            by_card[FOUR] = ((bit[back[0]], back[1], self.move(FOUR, pawn, back[0])),)
        sevens = tuple(entries(SEVEN, (k,)) for k in range(8))
        found = tables[cell] = (tuple(by_card), sevens, bit[cell])
        return found

    def _pieces(
        self, controlled: tuple[int, ...], positions: tuple[int, ...], armed: int
    ) -> tuple[list[tuple[int, PawnTable]], list[int]]:
        """(owner, moves table) of every controlled pawn on the board, and the controlled
        seats with a pawn in reserve."""
        mine: list[tuple[int, PawnTable]] = []
        reserve: list[int] = []
        plain = self._tables[False]
        for owner in controlled:
            for pawn in range(owner * 4, owner * 4 + 4):
                cell = positions[pawn]
                if cell < 0:
                    if not reserve or reserve[-1] != owner:
                        reserve.append(owner)
                    continue
                table = plain[pawn][cell]
                if table is None or armed >> pawn & 1:
                    table = self.table(pawn, cell, bool(armed >> pawn & 1))
                mine.append((owner, table))
        return mine, reserve

    def plays(
        self,
        hand: tuple[int, ...],
        seat: int,
        positions: tuple[int, ...],
        protected: int,
        armed: int,
    ) -> list[TocAction]:
        """Every legal use of every card in ``hand``, in order of rank (empty: discard)."""
        context = self._context(seat, positions, protected, armed)
        out: list[TocAction] = []
        previous = 0
        for card in hand:
            if card != previous:
                previous = card
                self._uses(card, seat, positions, armed, context, out)
        return out

    def _context(
        self, seat: int, positions: tuple[int, ...], protected: int, armed: int
    ) -> Context:
        occupied, own, guarded = self.masks(positions, protected)
        controlled = self.controlled(seat, positions)
        mine, reserve = self._pieces(controlled, positions, armed)
        return occupied, own, guarded, controlled, mine, reserve

    def _uses(
        self,
        card: int,
        seat: int,
        positions: tuple[int, ...],
        armed: int,
        context: Context,
        out: list[TocAction],
    ) -> None:
        """Append every legal use of ``card`` by ``seat`` on this board to ``out``."""
        occupied, own, guarded, controlled, mine, reserve = context
        if card in PARTEUX:
            bit = self.bit
            depart = self.board.depart
            for owner in reserve:
                b = bit[depart[owner]]
                if not (b & own[owner] or b & guarded):
                    out.append(self._enters[card, owner])
        if card == SEVEN:
            if mine:
                out.extend(self._seven(seat, positions, occupied, own, guarded, armed, 7, 0))
        elif mine:
            self._card_moves(card, mine, occupied, own, guarded, out)
        if card == JACK:
            out.extend(self.swaps(positions, controlled, guarded))

    def _card_moves(
        self,
        card: int,
        mine: list[tuple[int, PawnTable]],
        occupied: int,
        own: list[int],
        guarded: int,
        out: list[TocAction],
    ) -> None:
        """A card's moves (not the 7's): the exact count, passing no pawn (the King passes
        and captures, except protected pawns, zones and, without king_captures_own, its
        own), never landing on your own pawn or a protected one."""
        king = card == KING
        block = guarded | self.king_block_zone if king else -1
        king_blocked_by_own = king and not self.config.king_captures_own
        for owner, (by_card, _, _) in mine:
            entries = by_card[card]
            if not entries:
                continue
            own_cells = own[owner]
            passing = occupied & (block | own_cells if king_blocked_by_own else block)
            for b, passed, action in entries:
                if passed & passing:
                    continue
                if b & occupied and (b & own_cells or b & guarded):
                    continue
                out.append(action)

    def swaps(
        self, positions: tuple[int, ...], controlled: tuple[int, ...], guarded: int
    ) -> list[Swap]:
        """Jack swaps: a controlled pawn on the track with another seat's pawn on the track."""
        bit = self.bit
        base = self.zone_base
        others = [
            other
            for other, cell in enumerate(positions)
            if 0 <= cell < base and not bit[cell] & guarded
        ]
        out: list[Swap] = []
        swaps = self._swaps
        for owner in controlled:
            for pawn in range(owner * 4, owner * 4 + 4):
                cell = positions[pawn]
                if cell < 0 or cell >= base or bit[cell] & guarded:
                    continue
                for other in others:
                    if other >> 2 != owner:
                        swap = swaps.get((pawn, other))
                        if swap is None:
                            swap = swaps[pawn, other] = Swap(pawn, other)
                        out.append(swap)
        return out

    # ---------------------------------------------------------------- the 7
    def seven_parts(
        self,
        seat: int,
        positions: tuple[int, ...],
        protected: int,
        armed: int,
        remaining: int,
        moved: int,
    ) -> list[TocAction]:
        """Every next part of a 7 that leaves a split completable (each pawn moves once)."""
        occupied, own, guarded = self.masks(positions, protected)
        return self._seven(seat, positions, occupied, own, guarded, armed, remaining, moved)

    def _seven(
        self,
        seat: int,
        positions: tuple[int, ...],
        occupied: int,
        own: list[int],
        guarded: int,
        armed: int,
        remaining: int,
        moved: int,
    ) -> list[TocAction]:
        """``seven_parts`` with the board's masks already computed."""
        out: list[TocAction] = []
        if self.teams:
            failed: set[tuple[tuple[int, ...], int, int]] = set()
            self._split(
                seat, positions, occupied, own, guarded, armed, remaining, moved, failed, out
            )
            return out
        # One seat's own pawns: only they move, so the search needs masks alone.
        pieces = [
            self.table(pawn, positions[pawn], bool(armed >> pawn & 1))
            for pawn in range(seat * 4, seat * 4 + 4)
            if positions[pawn] >= 0 and not moved >> pawn & 1
        ]
        everyone = (1 << len(pieces)) - 1
        lowest = 0 if len(pieces) > 1 else remaining - 1
        own_cells = own[seat]
        memo: set[tuple[int, int, int, int, int]] = set()
        for index, (_, sevens, cell_bit) in enumerate(pieces):
            others = everyone & ~(1 << index)
            for k in range(remaining, lowest, -1):
                rest = remaining - k
                for b, passed, action in sevens[k]:
                    if passed & occupied:
                        continue
                    if b & occupied and (b & own_cells or b & guarded):
                        continue
                    if rest and not self._completes(
                        pieces, others, occupied & ~cell_bit | b, own_cells & ~cell_bit | b,
                        guarded & ~cell_bit, rest, memo,
                    ):  # fmt: skip
                        continue
                    out.append(action)
        return out

    def _completes(
        self,
        pieces: list[PawnTable],
        left: int,
        occupied: int,
        own_cells: int,
        guarded: int,
        rest: int,
        memo: set[tuple[int, int, int, int, int]],
    ) -> bool:
        """Whether the pawns ``left`` (a bitmask over ``pieces``, their move tables) can
        move exactly ``rest`` steps in parts, each at most once, with the board's masks
        after the parts so far (one seat's own pawns only)."""
        key = (left, occupied, own_cells, guarded, rest)
        if key in memo:
            return False
        several = left & (left - 1)
        lowest = 0 if several else rest - 1  # the last pawn takes all the rest
        for index, (_, sevens, cell_bit) in enumerate(pieces):
            if not left >> index & 1:
                continue
            for k in range(rest, lowest, -1):
                for b, passed, _action in sevens[k]:
                    if passed & occupied:
                        continue
                    if b & occupied and (b & own_cells or b & guarded):
                        continue
                    if k == rest or self._completes(
                        pieces, left & ~(1 << index), occupied & ~cell_bit | b,
                        own_cells & ~cell_bit | b, guarded & ~cell_bit, rest - k, memo,
                    ):  # fmt: skip
                        return True
        memo.add(key)
        return False

    def _split(
        self,
        seat: int,
        positions: tuple[int, ...],
        occupied: int,
        own: list[int],
        guarded: int,
        armed: int,
        remaining: int,
        moved: int,
        failed: set[tuple[tuple[int, ...], int, int]],
        out: list[TocAction] | None,
    ) -> bool:
        """Search the parts of a split 7 in team play (each pawn moves once, all steps used).

        With ``out``: append every legal next part (one that leaves the rest of the split
        playable) and return whether there is any. Without: return at the first complete
        split found. All 7 steps must be used (spec), so a win can only come with the last
        part; a seat whose pawns get home mid-split goes on with its partners'.
        """
        key = (positions, remaining, moved)
        if out is None and key in failed:
            return False
        bit = self.bit
        found = False
        candidates = [
            (pawn, owner, positions[pawn])
            for owner in self.controlled(seat, positions)
            for pawn in range(owner * 4, owner * 4 + 4)
            if positions[pawn] >= 0 and not moved >> pawn & 1
        ]
        for pawn, owner, cell in candidates:
            own_cells = own[owner]
            row = self._row(owner, pawn, cell, armed)
            for k in range(remaining, 0, -1):
                rest = remaining - k
                for dest, passed in row[k]:
                    if passed & occupied:
                        continue
                    b = bit[dest]
                    if b & occupied and (b & own_cells or b & guarded):
                        continue
                    if rest and not self._split_on(
                        seat, positions, pawn, dest, own, guarded, armed, rest,
                        moved | 1 << pawn, failed,
                    ):  # fmt: skip
                        continue
                    if out is None:
                        return True
                    found = True
                    out.append(self.move(SEVEN, pawn, dest))
        if not found:
            failed.add(key)
        return found

    def _split_on(
        self,
        seat: int,
        positions: tuple[int, ...],
        pawn: int,
        dest: int,
        own: list[int],
        guarded: int,
        armed: int,
        rest: int,
        moved: int,
        failed: set[tuple[tuple[int, ...], int, int]],
    ) -> bool:
        """Whether a team split goes on to completion once ``pawn`` has moved to ``dest``."""
        bit = self.bit
        b = bit[dest]
        cell_bit = bit[positions[pawn]]
        cells = list(positions)
        after_own = list(own)
        after_own[pawn >> 2] = own[pawn >> 2] & ~cell_bit | b
        if dest in positions:
            victim = positions.index(dest)
            cells[victim] = RESERVE
            after_own[victim >> 2] &= ~b
        cells[pawn] = dest
        occupied = 0
        for mask in after_own:
            occupied |= mask
        return self._split(
            seat, tuple(cells), occupied, after_own, guarded & ~cell_bit, armed, rest,
            moved, failed, None,
        )  # fmt: skip


@cache
def make_mover(config: Config, board: Board) -> Mover:
    """One shared Mover per configuration, so that its interned actions are shared too."""
    return Mover(config, board)
