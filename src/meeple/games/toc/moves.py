"""Move generation and execution on the board: the movement rules M1-M9 of the spec.

Everything works on the flat ``positions`` tuple and on bitmasks over cells, with the
board's precomputed tables, because this is the hot path of every playout.
"""

from functools import cache

from meeple.games.toc.actions import Enter, Move, Swap, TocAction
from meeple.games.toc.board import RESERVE, Board, Option
from meeple.games.toc.cards import FOUR, JACK, KING, PARTEUX, RANKS, SEVEN, forward_steps
from meeple.games.toc.config import Config

PAWNS_PER_SEAT = 4

Masks = tuple[int, list[int], int]  # (occupied cells, occupied cells per owner, protected cells)


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
    def _row(self, owner: int, pawn: int, cell: int, armed: int) -> tuple[tuple[Option, ...], ...]:
        """The forward table of ``pawn`` (of ``owner``) standing on ``cell``."""
        row = self.plain[owner][cell]
        if row is None or armed >> pawn & 1:
            row = self.board.forward(owner, cell, bool(armed >> pawn & 1))
        return row

    def plays(
        self,
        hand: tuple[int, ...],
        seat: int,
        positions: tuple[int, ...],
        protected: int,
        armed: int,
    ) -> list[TocAction]:
        """Every legal use of every card in ``hand``, in order of rank (empty: discard)."""
        occupied, own, guarded = self.masks(positions, protected)
        controlled = self.controlled(seat, positions)
        bit = self.bit
        board = self.board
        moves = self._moves
        cells = self.cells
        # (pawn, owner, cell, forward table) of every controlled pawn on the board.
        mine: list[tuple[int, int, int, tuple[tuple[Option, ...], ...]]] = []
        reserve: list[int] = []
        for owner in controlled:
            plain = self.plain[owner]
            for pawn in range(owner * 4, owner * 4 + 4):
                cell = positions[pawn]
                if cell < 0:
                    if not reserve or reserve[-1] != owner:
                        reserve.append(owner)
                    continue
                row = plain[cell]
                if row is None or armed >> pawn & 1:
                    row = board.forward(owner, cell, bool(armed >> pawn & 1))
                mine.append((pawn, owner, cell, row))
        out: list[TocAction] = []
        previous = 0
        for card in hand:
            if card == previous:
                continue
            previous = card
            if card in PARTEUX:
                for owner in reserve:
                    b = bit[board.depart[owner]]
                    if not (b & own[owner] or b & guarded):
                        out.append(self._enters[card, owner])
            if card == SEVEN:
                out.extend(self._seven(seat, positions, occupied, own, guarded, armed, 7, 0))
                continue
            if card == FOUR:
                for pawn, owner, cell, _ in mine:
                    option = board.backward(cell, 4)
                    if option is None or option[1] & occupied:
                        continue
                    b = bit[option[0]]
                    if b & occupied and (b & own[owner] or b & guarded):
                        continue
                    out.append(self.move(FOUR, pawn, option[0]))
                continue
            steps = self.steps[card]
            if steps:
                block = guarded | self.king_block_zone if card == KING else -1
                card_key = card * self.pawns
                for pawn, owner, _, row in mine:
                    own_cells = own[owner]
                    owner_block = block
                    if card == KING and not self.config.king_captures_own:
                        owner_block |= own_cells
                    key = (card_key + pawn) * cells
                    for n in steps:
                        for dest, passed in row[n]:
                            if passed & occupied & owner_block:
                                continue
                            b = bit[dest]
                            if b & occupied and (b & own_cells or b & guarded):
                                continue
                            out.append(moves.get(key + dest) or self.move(card, pawn, dest))
            if card == JACK:
                out.extend(self.swaps(positions, controlled, guarded))
        return out

    def swaps(
        self, positions: tuple[int, ...], controlled: tuple[int, ...], guarded: int
    ) -> list[Swap]:
        """Jack swaps: a controlled pawn on the track with another seat's pawn on the track."""
        bit = self.bit
        base = self.zone_base
        others = [
            (other, cell)
            for other, cell in enumerate(positions)
            if 0 <= cell < base and not bit[cell] & guarded
        ]
        out: list[Swap] = []
        for owner in controlled:
            for pawn in range(owner * 4, owner * 4 + 4):
                cell = positions[pawn]
                if cell < 0 or cell >= base or bit[cell] & guarded:
                    continue
                for other, _ in others:
                    if other >> 2 != owner:
                        key = (pawn, other)
                        swap = self._swaps.get(key)
                        if swap is None:
                            swap = self._swaps[key] = Swap(pawn, other)
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
        failed: set[tuple[tuple[int, ...], int, int]] = set()
        self._split(seat, positions, occupied, own, guarded, armed, remaining, moved, failed, out)
        return out

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
        """Search the parts of a split 7 (each pawn moves once, all steps used).

        With ``out``: append every legal next part (one that leaves the rest of the split
        playable) and return whether there is any. Without: return at the first complete
        split found. All 7 steps must be used (spec), so a win can only come with the last
        part; in team play a seat whose pawns get home mid-split goes on with its partners'.
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
        rows = [self._row(owner, pawn, cell, armed) for pawn, owner, cell in candidates]
        teams = self.teams
        # Without partners to take over, the last pawn must take all the rest.
        lowest = 0 if len(candidates) > 1 or teams else remaining - 1
        for index, (pawn, owner, cell) in enumerate(candidates):
            own_cells = own[owner]
            others = rows[:index] + rows[index + 1 :]
            cell_bit = bit[cell]
            for k in range(remaining, lowest, -1):
                rest = remaining - k
                for dest, passed in rows[index][k]:
                    if passed & occupied:
                        continue
                    b = bit[dest]
                    capture = b & occupied
                    if capture and (b & own_cells or b & guarded):
                        continue
                    if rest:
                        after_occupied = occupied & ~cell_bit | b
                        after_own_cells = own_cells & ~cell_bit | b
                        after_guarded = guarded & ~cell_bit
                        done = False
                        if not teams:
                            # Fast path: another pawn (same seat) takes the whole rest.
                            for other_row in others:
                                for dest2, passed2 in other_row[rest]:
                                    if passed2 & after_occupied:
                                        continue
                                    b2 = bit[dest2]
                                    if b2 & after_occupied and (
                                        b2 & after_own_cells or b2 & after_guarded
                                    ):
                                        continue
                                    done = True
                                    break
                                if done:
                                    break
                            if not done and len(others) < 2:
                                continue  # the only other pawn cannot take the whole rest
                        if not done:
                            cells = list(positions)
                            after_own = list(own)
                            after_own[owner] = after_own_cells
                            if capture:
                                victim = cells.index(dest)
                                cells[victim] = RESERVE
                                after_own[victim >> 2] &= ~b
                            cells[pawn] = dest
                            if not self._split(
                                seat, tuple(cells), after_occupied, after_own, after_guarded,
                                armed, rest, moved | 1 << pawn, failed, None,
                            ):  # fmt: skip
                                continue
                    if out is None:
                        return True
                    found = True
                    out.append(self.move(SEVEN, pawn, dest))
        if not found:
            failed.add(key)
        return found

    # ---------------------------------------------------------------- execution
    def path(
        self,
        card: int,
        pawn: int,
        dest: int,
        positions: tuple[int, ...],
        armed: int,
        remaining: int,
    ) -> tuple[int, int]:
        """(steps, passed cells) of a legal Move of ``pawn`` to ``dest`` with ``card``."""
        cell = positions[pawn]
        if card == FOUR:
            option = self.board.backward(cell, 4)
            assert option is not None
            return 4, option[1]
        row = self.board.forward(pawn >> 2, cell, bool(armed >> pawn & 1))
        counts = range(1, remaining + 1) if card == SEVEN else self.steps[card]
        for n in counts:
            for option_dest, passed in row[n]:
                if option_dest == dest:
                    return n, passed
        raise ValueError(f"no path for pawn {pawn} from {cell} to {dest} with card {card}")

    def execute_move(
        self,
        card: int,
        pawn: int,
        dest: int,
        positions: tuple[int, ...],
        protected: int,
        armed: int,
        passed: int,
    ) -> tuple[tuple[int, ...], int, int]:
        """(positions, protected, armed) after a legal Move; captures go to the reserve.

        ``passed`` is the mask of cells the move passes (only the King captures there).
        """
        cells = list(positions)
        cleared = 1 << pawn
        if card == KING and passed & self.masks(positions, 0)[0]:
            # The King captures every pawn it passes (seed: "prendre le pion dépassé").
            bit = self.bit_or_zero
            for other, other_cell in enumerate(positions):
                if bit[other_cell] & passed:
                    cells[other] = RESERVE
                    cleared |= 1 << other
        if dest in positions:
            victim = positions.index(dest)
            cells[victim] = RESERVE
            cleared |= 1 << victim
        cells[pawn] = dest
        return tuple(cells), protected & ~cleared, armed & ~cleared

    def execute_enter(
        self, seat: int, positions: tuple[int, ...], protected: int, armed: int
    ) -> tuple[tuple[int, ...], int, int]:
        """A reserve pawn of ``seat`` onto its Départ, capturing any other pawn there."""
        depart = self.board.depart[seat]
        cells = list(positions)
        cleared = 0
        if depart in cells:
            victim = cells.index(depart)
            cells[victim] = RESERVE
            cleared = 1 << victim
        start = seat * PAWNS_PER_SEAT
        pawn = cells.index(RESERVE, start, start + PAWNS_PER_SEAT)
        cells[pawn] = depart
        protected &= ~cleared
        if self.config.depart_protection:
            protected |= 1 << pawn
        return tuple(cells), protected, armed & ~cleared & ~(1 << pawn)

    def execute_swap(
        self, pawn: int, other: int, positions: tuple[int, ...], armed: int
    ) -> tuple[tuple[int, ...], int]:
        cells = list(positions)
        cells[pawn], cells[other] = cells[other], cells[pawn]
        return tuple(cells), armed & ~(1 << pawn) & ~(1 << other)

    def armed_at_turn_start(self, positions: tuple[int, ...]) -> int:
        """Pawns standing on an intersection: they may take the shortcut this turn."""
        mask = self.board.intersection_mask
        if not mask:
            return 0
        bit = self.bit
        armed = 0
        for pawn, cell in enumerate(positions):
            if cell >= 0 and bit[cell] & mask:
                armed |= 1 << pawn
        return armed


@cache
def make_mover(config: Config, board: Board) -> Mover:
    """One shared Mover per configuration, so that its interned actions are shared too."""
    return Mover(config, board)
