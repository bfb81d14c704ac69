"""Move generation and execution on the board: the movement rules M1-M9 of the spec.

Everything works on the flat ``positions`` tuple and on bitmasks over cells, with the
board's precomputed tables, because this is the hot path of every playout.
"""

from meeple.games.toc.actions import Enter, Move, Swap, TocAction
from meeple.games.toc.board import RESERVE, Board
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
        self.zone_base = board.zone_base
        self.king_block_zone = board.zone_mask
        self.steps: tuple[tuple[int, ...], ...] = (
            (),
            *(forward_steps(rank, config.ace_eleven, config.jack_eleven) for rank in RANKS),
        )
        self.teams = config.teams != "off"
        self.teammates = tuple(config.teammates(seat) for seat in range(config.players))
        self._moves: dict[tuple[int, int, int], Move] = {}
        self._enters = {(c, s): Enter(c, s) for c in PARTEUX for s in range(config.players)}

    # ------------------------------------------------------------------- queries
    def masks(self, positions: tuple[int, ...], protected: int) -> Masks:
        bit = self.bit
        occupied = 0
        own = [0] * self.players
        for pawn, cell in enumerate(positions):
            if cell >= 0:
                b = bit[cell]
                occupied |= b
                own[pawn >> 2] |= b
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
        key = (card, pawn, dest)
        action = self._moves.get(key)
        if action is None:
            action = self._moves[key] = Move(card, pawn, dest)
        return action

    # -------------------------------------------------------------- legal plays
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
        forward = board.forward
        out: list[TocAction] = []
        previous = 0
        for card in hand:
            if card == previous:
                continue
            previous = card
            if card in PARTEUX:
                for owner in controlled:
                    start = owner * PAWNS_PER_SEAT
                    if RESERVE in positions[start : start + PAWNS_PER_SEAT]:
                        b = bit[board.depart[owner]]
                        if not (b & own[owner] or b & guarded):
                            out.append(self._enters[card, owner])
            if card == SEVEN:
                out.extend(
                    self.seven_parts(seat, positions, protected, armed, 7, 0, controlled)
                )
                continue
            if card == FOUR:
                for owner in controlled:
                    own_cells = own[owner]
                    for pawn in range(owner * 4, owner * 4 + 4):
                        cell = positions[pawn]
                        if cell < 0 or cell >= self.zone_base:
                            continue
                        option = board.backward(cell, 4)
                        if option is None or option[1] & occupied:
                            continue
                        b = bit[option[0]]
                        if b & occupied and (b & own_cells or b & guarded):
                            continue
                        out.append(self.move(FOUR, pawn, option[0]))
                continue
            steps = self.steps[card]
            if steps:
                if card == KING:
                    block = guarded | self.king_block_zone
                else:
                    block = -1
                for owner in controlled:
                    own_cells = own[owner]
                    owner_block = block
                    if card == KING and not self.config.king_captures_own:
                        owner_block |= own_cells
                    for pawn in range(owner * 4, owner * 4 + 4):
                        cell = positions[pawn]
                        if cell < 0:
                            continue
                        row = forward(owner, cell, bool(armed >> pawn & 1))
                        for n in steps:
                            for dest, passed in row[n]:
                                if passed & occupied & owner_block:
                                    continue
                                b = bit[dest]
                                if b & occupied and (b & own_cells or b & guarded):
                                    continue
                                out.append(self.move(card, pawn, dest))
            if card == JACK:
                out.extend(self.swaps(positions, controlled, guarded))
        return out

    def swaps(
        self, positions: tuple[int, ...], controlled: tuple[int, ...], guarded: int
    ) -> list[Swap]:
        """Jack swaps: a controlled pawn on the track with another seat's pawn on the track."""
        bit = self.bit
        base = self.zone_base
        out: list[Swap] = []
        for owner in controlled:
            for pawn in range(owner * 4, owner * 4 + 4):
                cell = positions[pawn]
                if cell < 0 or cell >= base or bit[cell] & guarded:
                    continue
                for other, other_cell in enumerate(positions):
                    if (
                        other >> 2 != owner
                        and 0 <= other_cell < base
                        and not bit[other_cell] & guarded
                    ):
                        out.append(Swap(pawn, other))
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
        controlled: tuple[int, ...] | None = None,
    ) -> list[TocAction]:
        """Every next part of a 7 that leaves a split completable (each pawn moves once)."""
        if controlled is None:
            controlled = self.controlled(seat, positions)
        occupied, own, guarded = self.masks(positions, protected)
        forward = self.board.forward
        bit = self.bit
        failed: set[tuple[tuple[int, ...], int, int]] = set()
        out: list[TocAction] = []
        for owner in controlled:
            own_cells = own[owner]
            for pawn in range(owner * 4, owner * 4 + 4):
                cell = positions[pawn]
                if cell < 0 or moved >> pawn & 1:
                    continue
                row = forward(owner, cell, bool(armed >> pawn & 1))
                for k in range(1, remaining + 1):
                    for dest, passed in row[k]:
                        if passed & occupied:
                            continue
                        b = bit[dest]
                        if b & occupied and (b & own_cells or b & guarded):
                            continue
                        if k < remaining:
                            after, after_protected = self._landed(positions, protected, pawn, dest)
                            if not self.winners_after(seat, after) and not self._completable(
                                seat, after, after_protected, armed, remaining - k,
                                moved | 1 << pawn, failed,
                            ):
                                continue
                        out.append(self.move(SEVEN, pawn, dest))
        return out

    def _completable(
        self,
        seat: int,
        positions: tuple[int, ...],
        protected: int,
        armed: int,
        remaining: int,
        moved: int,
        failed: set[tuple[tuple[int, ...], int, int]],
    ) -> bool:
        """Whether ``remaining`` steps can still be spread over unmoved pawns."""
        key = (positions, remaining, moved)
        if key in failed:
            return False
        occupied, own, guarded = self.masks(positions, protected)
        forward = self.board.forward
        bit = self.bit
        for owner in self.controlled(seat, positions):
            own_cells = own[owner]
            for pawn in range(owner * 4, owner * 4 + 4):
                cell = positions[pawn]
                if cell < 0 or moved >> pawn & 1:
                    continue
                row = forward(owner, cell, bool(armed >> pawn & 1))
                for k in range(remaining, 0, -1):
                    for dest, passed in row[k]:
                        if passed & occupied:
                            continue
                        b = bit[dest]
                        if b & occupied and (b & own_cells or b & guarded):
                            continue
                        if k == remaining:
                            return True
                        after, after_protected = self._landed(positions, protected, pawn, dest)
                        if self.winners_after(seat, after) or self._completable(
                            seat, after, after_protected, armed, remaining - k,
                            moved | 1 << pawn, failed,
                        ):
                            return True
        failed.add(key)
        return False

    # ---------------------------------------------------------------- execution
    def _landed(
        self, positions: tuple[int, ...], protected: int, pawn: int, dest: int
    ) -> tuple[tuple[int, ...], int]:
        """Positions after ``pawn`` lands on ``dest`` (capturing any pawn there), no King."""
        cells = list(positions)
        if dest in cells:
            victim = cells.index(dest)
            cells[victim] = RESERVE
            protected &= ~(1 << victim)
        cells[pawn] = dest
        return tuple(cells), protected & ~(1 << pawn)

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
        remaining: int,
    ) -> tuple[tuple[int, ...], int, int]:
        """(positions, protected, armed) after a legal Move; captures go to the reserve."""
        bit = self.bit
        capture = bit[dest]
        if card == KING:
            # The King captures every pawn it passes (seed: "prendre le pion dépassé").
            capture |= self.path(card, pawn, dest, positions, armed, remaining)[1]
        cells = list(positions)
        cleared = 1 << pawn
        for other, other_cell in enumerate(cells):
            if other_cell >= 0 and bit[other_cell] & capture and other != pawn:
                cells[other] = RESERVE
                cleared |= 1 << other
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
