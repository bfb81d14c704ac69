"""Toc's RL encoding: action indices and the observation of one seat.

Everything is seen from the acting (or observing) seat: seats, pawns and cells are
rotated so that the seat is seat 0, its Départ ring cell 0 and its zone the zone of
seat 0. Symbols: ``n`` players; ``B`` board seats (4 up to 4 players, else ``n``);
``R = B × cells_per_sector`` ring cells; ``K = B × shortcut_length`` shortcut cells (6
and 8 players only); ``D = R + K + 4`` the cells one pawn may stand on (the ring, the
shortcuts, its own zone); ``T`` the seats whose pawns a seat may move (1, or its team:
partners' pawns are moved once one's own are home); ``M`` the cards that move a pawn
(13, 14 with ``jack_eleven``).
A move is chosen as two indices: the card and the pawn (``Move card, pawn``), then the
destination place (``Move to``); when the card and pawn leave one destination, the move
is played at once. A Jack's swap is two too: the team pawn, then the other pawn. A split
7 is already a sequence of moves in the engine (its pending part), each chosen so. Every
other action is one index.

Bound: ``3T + 4MT + D + 4T + 4n + 28`` indices (without teams one pawn fewer per seat to
swap with, with ``partner_exchange`` the 14 ``Give``), with ``T <= 4`` (teams of four at
8 players), ``M <= 14`` and ``D <= 8 × 30 + 8 × 28 + 4``: at most 780
(tests/rl/test_action_bounds.py).
See the "Reinforcement learning" section of games/toc/README.md.
"""

from meeple.games.toc.actions import Discard, Enter, Give, Move, Swap, TocAction
from meeple.games.toc.board import ZONE_CELLS
from meeple.games.toc.cards import (
    DECK_SIZE,
    FOUR,
    HAND_SIZE,
    PARTEUX,
    RANKS,
    SEVEN,
    forward_steps,
)
from meeple.games.toc.moves import PAWNS_PER_SEAT
from meeple.games.toc.rules import TocGame
from meeple.games.toc.state import Phase, TocState
from meeple.games.toc.view import TocView
from meeple.rl.encoding.base import ActionBlock, Blocks, Encoder, IndexBlock, Layout, Prefix

PHASES = len(Phase)
RANK_COUNT = len(RANKS)  # ranks 1..14 (Ace .. Joker) sit at index rank - 1
PAWNS = PAWNS_PER_SEAT
TALON_AHEAD = 2  # the talon's next cards shown per player, when its order is public


class TocEncoder(Encoder[TocState, TocAction, TocView]):
    """Action space and observation of a configured Toc game."""

    factored = True  # a move is chosen as its card and pawn, then its destination

    def __init__(self, game: TocGame) -> None:
        config = game.config
        board = game.board
        self.config = config
        self.board = board
        n = game.players
        self.ring = board.ring
        self.chord_length = board.shortcut_length
        self.chords = board.seats * board.shortcut_length
        self.zone_base = board.zone_base
        self.places = self.ring + self.chords + ZONE_CELLS  # D: where one pawn may stand
        # The seats a seat may move pawns of, as offsets (the same for every seat).
        self.team_offsets = tuple(sorted(config.teammates(0)))
        self.offset_slot = [-1] * n
        for slot, offset in enumerate(self.team_offsets):
            self.offset_slot[offset] = slot
        self.movers = tuple(
            rank
            for rank in RANKS
            if rank in (FOUR, SEVEN) or forward_steps(rank, config.ace_eleven, config.jack_eleven)
        )
        self.mover_slot = [-1] * (RANK_COUNT + 1)
        for slot, rank in enumerate(self.movers):
            self.mover_slot[rank] = slot
        # Per seat: each cell's place index seen from that seat (zone cells: 0..3 of the
        # zone's own, for pawns of that zone), and back.
        self.place_of = [
            [self._place(seat, cell) for cell in range(board.cells)] for seat in range(n)
        ]
        super().__init__(game)  # type: ignore[arg-type]
        self._move_base = self.action_index(0, self._first_move())
        self._build_pawn_entries()

    # ------------------------------------------------------------------ geometry
    def _place(self, seat: int, cell: int) -> int:
        """Where ``cell`` is seen from ``seat``: ring cells counted from its Départ,
        shortcuts from its own, zone cells by depth (R + K + 0..3)."""
        board = self.board
        if cell < self.ring:
            return (cell - board.depart[seat]) % self.ring
        if cell < self.zone_base:
            chord, step = divmod(cell - self.ring, self.chord_length)
            home = board.homes[seat]
            return self.ring + ((chord - home) % board.seats) * self.chord_length + step
        return self.ring + self.chords + (cell - self.zone_base) % ZONE_CELLS

    def _cell(self, seat: int, owner: int, place: int) -> int:
        """The cell at ``place`` seen from ``seat``, for a pawn of ``owner`` (inverse of
        ``_place``)."""
        board = self.board
        if place < self.ring:
            return (place + board.depart[seat]) % self.ring
        if place < self.ring + self.chords:
            chord, step = divmod(place - self.ring, self.chord_length)
            return (
                self.ring + ((chord + board.homes[seat]) % board.seats) * self.chord_length + step
            )
        return board.zone_cell(owner, place - self.ring - self.chords)

    def _pawn(self, seat: int, relative: int) -> int:
        """The pawn that is ``relative`` seen from ``seat`` (seats rotated, 4 pawns each)."""
        offset, index = divmod(relative, PAWNS)
        return ((seat + offset) % self.players) * PAWNS + index

    def _first_move(self) -> Move:
        return Move(
            self.movers[0], self._pawn(0, self.team_offsets[0] * PAWNS), self._cell(0, 0, 0)
        )

    # --------------------------------------------------------------------- actions
    def _action_blocks(self, seat: int) -> list[ActionBlock[TocAction]]:
        n = self.players
        enters: list[TocAction] = [
            Enter(card, (seat + offset) % n)
            for card in sorted(PARTEUX)
            for offset in self.team_offsets
        ]
        moves = self._moves(seat)
        swaps = self._swaps(seat)
        gives: list[TocAction] = (
            [Give(rank) for rank in RANKS] if self.config.partner_exchange else []
        )
        return [
            ActionBlock(
                "Enter(card, seat)",
                "3 × T",
                "a Parteu (A, K, Joker) bringing out a pawn of a team seat (offsets from the "
                "actor: 0 itself, then its partners)",
                enters,
            ),
            ActionBlock(
                "Move(card, pawn, dest)",
                "M × 4T × D",
                "card (A, 2–10, [J,] Q, K, Joker, in rank order), pawn (team seats from the "
                "actor's, 4 each), destination place (ring cells from the actor's Départ, "
                "then the shortcuts from its own, then depth 1–4 in the pawn's zone); also "
                "every part of a split 7",
                moves,
                "`Move card, pawn`, then `Move to` its destination",
            ),
            ActionBlock(
                "Swap(pawn, other)",
                "4T × 4(n − 1)",
                "a Jack: a team pawn, then another seat's pawn (seats from the actor's)",
                swaps,
                "`Swap pawn`, then `Swap with`",
            ),
            ActionBlock(
                "Discard(card)", "14", "discard a card, by rank", [Discard(r) for r in RANKS]
            ),
            ActionBlock(
                "Give(card)",
                "14 with `partner_exchange`, else 0",
                "set a card aside for a partner",
                gives,
            ),
        ]

    def _team_pawns(self, seat: int) -> list[tuple[int, int]]:
        """The pawns ``seat`` may move, as (owner, pawn): team seats from its own, 4 each."""
        owners = [(seat + offset) % self.players for offset in self.team_offsets]
        return [(owner, owner * PAWNS + index) for owner in owners for index in range(PAWNS)]

    def _moves(self, seat: int) -> list[TocAction]:
        """Every move: by card, team pawn, then destination place."""
        return [
            Move(card, pawn, self._cell(seat, owner, place))
            for card in self.movers
            for owner, pawn in self._team_pawns(seat)
            for place in range(self.places)
        ]

    def _swaps(self, seat: int) -> list[TocAction]:
        """Every Jack's swap: by team pawn, then the other pawn (seats from ``seat``'s)."""
        others = [self._pawn(seat, other) for other in range(self.players * PAWNS)]
        return [
            Swap(pawn, other)
            for owner, pawn in self._team_pawns(seat)
            for other in others
            if other // PAWNS != owner
        ]

    def _index_blocks(self) -> list[IndexBlock]:
        blocks = self.blocks[0]
        enters, discards, gives = blocks[0], blocks[3], blocks[4]
        team_pawns = len(self.team_offsets) * PAWNS
        pairs = len(self.movers) * team_pawns
        self._pair_base = len(enters.actions)
        self._dest_base = self._pair_base + pairs
        self._swap_base = self._dest_base + self.places
        self._with_base = self._swap_base + team_pawns
        # (without teams a pawn never changes places with one of its own seat's)
        self._with_skip = PAWNS if len(self.team_offsets) == 1 else 0
        swap_with = self.players * PAWNS - self._with_skip
        self._discard_base = self._with_base + swap_with
        return [
            IndexBlock(enters.name, len(enters.actions), enters.size_text, enters.meaning),
            IndexBlock(
                "Move card, pawn",
                pairs,
                "M × 4T",
                "a move's first index: card (A, 2–10, [J,] Q, K, Joker, in rank order), then "
                "pawn (team seats from the actor's, 4 each)",
            ),
            IndexBlock(
                "Move to",
                self.places,
                "D",
                "its second: the destination place (ring cells from the actor's Départ, then "
                "the shortcuts from its own, then depth 1–4 in the pawn's zone)",
            ),
            IndexBlock(
                "Swap pawn",
                team_pawns,
                "4T",
                "a Jack's first index: the team pawn (team seats from the actor's, 4 each)",
            ),
            IndexBlock(
                "Swap with",
                swap_with,
                "4n, 4(n − 1) without teams",
                "its second: the pawn it changes places with (seats from the actor's, 4 "
                "each; without teams from the next seat's)",
            ),
            IndexBlock(discards.name, len(discards.actions), discards.size_text, discards.meaning),
            IndexBlock(gives.name, len(gives.actions), gives.size_text, gives.meaning),
        ]

    def _tokens(self, seat: int, action: TocAction) -> Prefix:
        if isinstance(action, Move):
            number = self.action_index(seat, action)
            pair, place = divmod(number - self._pair_base, self.places)
            return (self._pair_base + pair, self._dest_base + place)
        if isinstance(action, Swap):
            return (
                self._swap_base + self._team_pawn(seat, action.pawn),
                self._with_base + self._relative_pawn(seat, action.other) - self._with_skip,
            )
        if isinstance(action, Enter):
            return (self.action_index(seat, action),)
        if isinstance(action, Discard):
            return (self._discard_base + action.card - 1,)
        assert isinstance(action, Give)
        return (self._discard_base + len(RANKS) + action.card - 1,)

    def _relative_pawn(self, seat: int, pawn: int) -> int:
        """``pawn`` numbered from ``seat`` (the inverse of ``_pawn``)."""
        return (pawn - seat * PAWNS) % (self.players * PAWNS)

    def _team_pawn(self, seat: int, pawn: int) -> int:
        """``pawn``, a pawn of ``seat``'s team, numbered among the team's (seats from
        ``seat``'s, 4 each)."""
        return self.offset_slot[(pawn // PAWNS - seat) % self.players] * PAWNS + pawn % PAWNS

    def _indices(self, seat: int, legal: tuple[TocAction, ...]) -> list[int]:
        """The indices of ``legal`` by arithmetic on Moves (most of them); an action
        outside the space raises, as in the base class."""
        found: list[int] = []
        n = self.players
        base = self._move_base
        places = self.places
        place_of = self.place_of[seat]
        mover_slot, offset_slot = self.mover_slot, self.offset_slot
        pawns_per_card = len(self.team_offsets) * PAWNS
        for action in legal:
            if type(action) is Move:
                card_slot = mover_slot[action.card] if 0 < action.card <= RANK_COUNT else -1
                pawn = action.pawn
                slot = offset_slot[(pawn // PAWNS - seat) % n] if 0 <= pawn < n * PAWNS else -1
                dest = action.dest
                if card_slot < 0 or slot < 0 or not 0 <= dest < len(place_of):
                    return super()._indices(seat, legal)  # raises: out of the space
                relative = slot * PAWNS + pawn % PAWNS
                found.append(
                    base + (card_slot * pawns_per_card + relative) * places + place_of[dest]
                )
            else:
                found.append(self.action_index(seat, action))
        return found

    # ---------------------------------------------------------------- observation
    def _build_layout(self, layout: Layout) -> None:
        n = self.players
        d = self.places
        self.o_phase = layout.add("phase", PHASES, "5", "one-hot: deal, exchange, play, draw, over")
        self.o_turn = layout.add(
            "turn",
            n,
            "n",
            "one-hot: whose turn it is (seat-relative: 0 = me, 1 = the seat after mine, …)",
        )
        self.o_team = layout.add("team", n, "n", "my teammates (me included)")
        self.o_pawns = layout.add(
            "pawns",
            n * PAWNS * (d + 3),
            "4n × (D + 3)",
            "per pawn (seats from mine, 4 each): in the reserve; its place (one-hot over D: "
            "ring cells from my Départ, the shortcuts from mine, depth 1–4 in its own zone); "
            "protected on its Départ; may take a shortcut this turn",
        )
        self.o_hand = layout.add(
            "hand", RANK_COUNT, "14", "cards of each rank in my hand (A … K, Joker)", high=4
        )
        self.o_hand_sizes = layout.add(
            "hand_sizes", n, "n", "cards in each hand", high=HAND_SIZE + 1
        )
        self.o_known = layout.add(
            "known",
            n * RANK_COUNT,
            "n × 14",
            "cards everyone knows to be in each hand, by rank",
            high=4,
        )
        self._build_card_layout(layout)

    def _build_card_layout(self, layout: Layout) -> None:
        n = self.players
        ahead = TALON_AHEAD * n
        self.o_talon = layout.add("talon", 1, "1", "cards in the talon / 54")
        self.o_talon_next = layout.add(
            "talon_next",
            ahead * RANK_COUNT,
            "2n × 14",
            "one-hot ranks of the talon's next cards, when its order is public (turned over)",
        )
        self.o_talon_known = layout.add(
            "talon_known", RANK_COUNT, "14", "cards of each rank in a talon of public order", high=4
        )
        self.o_played = layout.add(
            "played",
            RANK_COUNT,
            "14",
            "cards of each rank played since the talon was rebuilt",
            high=4,
        )
        self.o_last_played = layout.add(
            "last_played", RANK_COUNT, "14", "one-hot: the last card played"
        )
        self.o_seven = layout.add("seven_left", 1, "1", "steps of a split 7 still to move / 7")
        self.o_seven_moved = layout.add(
            "seven_moved", n * PAWNS, "4n", "pawns already moved by the 7 being split"
        )
        self.o_set_aside = layout.add(
            "set_aside", RANK_COUNT, "14", "one-hot: the card I set aside"
        )
        self.o_has_set_aside = layout.add("has_set_aside", n, "n", "has set a card aside")
        self.o_gift_sent = layout.add(
            "gift_sent", RANK_COUNT, "14", "one-hot: my gift my partner still holds"
        )
        self.o_gift_received = layout.add(
            "gift_received", RANK_COUNT, "14", "one-hot: the gift I hold, known to its giver"
        )
        self.o_starter = layout.add("starter", n, "n", "one-hot: who played first after the deal")
        self.o_winners = layout.add("winners", n, "n", "the winners, once the game is over")

    def _fill(
        self,
        view: TocView,
        seat: int,
        ones: list[int],
        values: list[tuple[int, float]],
        blocks: Blocks,
    ) -> None:
        n = self.players
        ones.append(self.o_phase + int(view.phase))
        ones.append(self.o_turn + (view.turn - seat) % n)
        for offset in self.team_offsets:
            ones.append(self.o_team + offset)
        self._fill_pawns(view, seat, ones, values)
        self._fill_cards(view, seat, ones, values, blocks)
        if view.set_aside:
            ones.append(self.o_set_aside + view.set_aside - 1)
        for r in range(n):
            if view.has_set_aside[(seat + r) % n]:
                ones.append(self.o_has_set_aside + r)
        if view.gift_sent:
            ones.append(self.o_gift_sent + view.gift_sent - 1)
        if view.gift_received:
            ones.append(self.o_gift_received + view.gift_received - 1)
        ones.append(self.o_starter + (view.starter - seat) % n)
        for winner in view.winners:
            ones.append(self.o_winners + (winner - seat) % n)

    def _fill_pawns(
        self, view: TocView, seat: int, ones: list[int], values: list[tuple[int, float]]
    ) -> None:
        """Each pawn's entries (in the reserve or its place; protected; armed), then
        the 7 being split."""
        places, protected_at, armed_at, moved_at = self._pawn_entries[seat]
        # (a pawn in the reserve stands on cell -1: the entry before its first cell's)
        ones.extend(
            [places[at + cell] for at, cell in zip(self._pawn_rows, view.positions, strict=True)]
        )
        _ones_of_bits(view.protected, protected_at, ones)
        _ones_of_bits(view.armed, armed_at, ones)
        pending = view.pending
        if pending is not None:
            values.append((self.o_seven, pending.remaining / 7))
            _ones_of_bits(pending.moved, moved_at, ones)

    def _build_pawn_entries(self) -> None:
        """Per seat, the observation entries of each pawn: on each cell (the reserve
        first), protected, armed, moved by the 7 being split (see ``_fill_pawns``)."""
        total = self.players * PAWNS
        width = self.places + 3
        cells = self.board.cells
        self._pawn_rows = [pawn * (cells + 1) + 1 for pawn in range(total)]
        self._pawn_entries: list[tuple[list[int], list[int], list[int], list[int]]] = []
        for seat in range(self.players):
            shift = seat * PAWNS
            bases = [self.o_pawns + ((pawn - shift) % total) * width for pawn in range(total)]
            places = [
                entry
                for base in bases
                for entry in (base, *(base + 1 + self.place_of[seat][c] for c in range(cells)))
            ]
            moved = [self.o_seven_moved + (pawn - shift) % total for pawn in range(total)]
            self._pawn_entries.append(
                (places, [b + width - 2 for b in bases], [b + width - 1 for b in bases], moved)
            )

    def _fill_cards(
        self,
        view: TocView,
        seat: int,
        ones: list[int],
        values: list[tuple[int, float]],
        blocks: Blocks,
    ) -> None:
        """The hands, the cards known in them, the talon and the cards played."""
        n = self.players
        base = self.o_hand - 1
        ones.extend([base + rank for rank in view.hand])
        blocks.append((self.o_hand_sizes, [*view.hand_sizes[seat:], *view.hand_sizes[:seat]]))
        for r in range(n):
            known = view.known[(seat + r) % n]
            if known:
                base = self.o_known + r * RANK_COUNT - 1
                ones.extend([base + rank for rank in known])
        if view.talon_size:
            values.append((self.o_talon, view.talon_size / DECK_SIZE))
        order = view.talon_order
        if order:
            for position, rank in enumerate(order[: TALON_AHEAD * n]):
                ones.append(self.o_talon_next + position * RANK_COUNT + rank - 1)
            base = self.o_talon_known - 1
            ones.extend([base + rank for rank in order])
        if view.played:
            base = self.o_played - 1
            ones.extend([base + rank for rank in view.played])
            ones.append(self.o_last_played + view.played[-1] - 1)


def _ones_of_bits(bits: int, entries: list[int], ones: list[int]) -> None:
    """``entries[k]`` for each bit ``k`` set in ``bits``, appended to ``ones``."""
    while bits:
        low = bits & -bits
        ones.append(entries[low.bit_length() - 1])
        bits ^= low


ENCODER = TocEncoder
