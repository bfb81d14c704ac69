"""CMYK's RL encoding: action indices and the observation of one seat.

Symbols: ``n`` players, ``K = 42 + M`` card kinds (``M`` distinct mix cards in the
deck), ``L`` single lays the deck allows (44 with the default deck: 36 colour cards on
their colour, the white on each colour, each joker on its colour), ``C`` the multiple
completions the deck allows (20,691 with the default deck: for two, three or four
colours, one completing card each among that colour's cards, the white and its
joker).

The learner does not choose among the ``C`` multiple completions at once: it lays
their cards one by one, in colour order (C, M, Y, K), with the single lays' indices,
then ``Done()`` (offered when the lays chosen so far are a legal action and another
could still join them; with nothing left to join, the action is played at once). So
``L + 1 + (1 if sweeps) + M + kinds`` indices (102 with the default deck) cover every
action.

Bound: ``L = 4v + 4w + 4j`` and ``kinds = 4v + w + 4j + s + M`` (``v`` the values 10%–90%
with copies in the deck, ``w``, ``j``, ``s`` 1 when the deck has whites, jokers, a sweep),
so ``1 + 8v + 5w + 8j + 2s + 2M`` indices: at most 128, the deck option allowing at most
``MAX_COPIES`` (20) mix cards (tests/rl/test_action_bounds.py).
See the "Reinforcement learning" section of games/cmyk/README.md.
"""

from collections import Counter
from itertools import combinations, product

from meeple.games.cmyk.actions import CmykAction, Discard, Lay, LayMany, PlayMix, PlaySweep
from meeple.games.cmyk.cards import (
    FIRST_JOKER,
    FIRST_MIX,
    FULL,
    SWEEP,
    VALUES,
    WHITE,
    colour_card,
)
from meeple.games.cmyk.rules import CmykGame
from meeple.games.cmyk.state import Board, CmykState
from meeple.games.cmyk.view import CmykView
from meeple.rl.encoding.base import ActionBlock, Blocks, Encoder, IndexBlock, Layout, Prefix

STAGES = ("deal", "draw", "play", "refill", "over")
STAGE_INDEX = {stage: index for index, stage in enumerate(STAGES)}
NEEDS = 10  # a pile needs 10%, 20%, …, 100%
PILE_WIDTH = 4 + NEEDS  # total, cards, closed, empty, then the need one-hot


class CmykEncoder(Encoder[CmykState, CmykAction, CmykView]):
    """Action space and observation of a configured CMYK game."""

    seat_relative_actions = False  # no CMYK action names a seat
    factored = True  # a multiple completion is chosen lay by lay

    def __init__(self, game: CmykGame) -> None:
        config = game.config
        self.config = config
        self.kinds = config.kinds
        self.deck_size = len(game.deck)
        copies = Counter(game.deck)
        self.max_copies = max(copies.values())
        self.in_deck = set(copies)
        self.mix_kinds = [FIRST_MIX + index for index in range(len(config.mixes))]
        # The lays each colour can take in this deck, in a fixed order.
        self.lays_by_colour: list[list[Lay]] = []
        for colour in range(4):
            lays = [
                Lay(colour_card(colour, value), colour)
                for value in VALUES
                if colour_card(colour, value) in self.in_deck
            ]
            if WHITE in self.in_deck:
                lays.append(Lay(WHITE, colour))
            if FIRST_JOKER + colour in self.in_deck:
                lays.append(Lay(FIRST_JOKER + colour, colour))
            self.lays_by_colour.append(lays)
        super().__init__(game)  # type: ignore[arg-type]
        # The last encodings of the cards won and of the board, kept with the object they
        # came from (compared by identity: states share their unchanged parts).
        self._won_memo: tuple[tuple[int, ...], list[int]] | None = None
        self._reserve_memo: tuple[tuple[int, ...], list[int]] | None = None
        self._board_memo: tuple[Board, list[int], list[tuple[int, float]]] | None = None
        self._pile_memos: list[
            tuple[tuple[int, ...], int, bool, list[int], list[tuple[int, float]]] | None
        ] = [None] * 4
        # Tables for the hot path (``_indices``), checked against the bijection by tests.
        self._lays = [-1] * (FIRST_MIX * 4)
        self._discards = [-1] * self.kinds
        for index, action in enumerate(self.actions(0)):
            if isinstance(action, Lay):
                self._lays[action.card * 4 + action.colour] = index
            elif isinstance(action, Discard):
                self._discards[action.card] = index

    # --------------------------------------------------------------------- actions
    def _action_blocks(self, seat: int) -> list[ActionBlock[CmykAction]]:
        singles: list[CmykAction] = [lay for lays in self.lays_by_colour for lay in lays]
        many: list[CmykAction] = []
        whites = self.config.white
        for size in range(2, 5):
            for colours in combinations(range(4), size):
                for choice in product(*(self.lays_by_colour[c] for c in colours)):
                    if sum(1 for lay in choice if lay.card == WHITE) <= whites:
                        many.append(LayMany(choice))
        specials: list[CmykAction] = []
        if SWEEP in self.in_deck:
            specials.append(PlaySweep())
        specials.extend(PlayMix(kind) for kind in self.mix_kinds)
        discards: list[CmykAction] = [Discard(kind) for kind in sorted(self.in_deck)]
        return [
            ActionBlock(
                "Lay(card, colour)",
                "L",
                "by colour C, M, Y, K: its colour cards 10%–90%, the white, its joker "
                "(those in the deck)",
                singles,
            ),
            ActionBlock(
                "LayMany(lays)",
                "C",
                "two to four piles completed at once: by the number of piles, the colours, "
                "then each colour's card in the order of the single lays",
                many,
                "its lays' `Lay` indices, in colour order; then `Done()` where offered",
            ),
            ActionBlock(
                "PlaySweep() / PlayMix(card)",
                "(1 if sweeps) + M",
                "the sweep, then each mix card in deck order",
                specials,
            ),
            ActionBlock("Discard(card)", "kinds in the deck", "discard a card, by kind", discards),
        ]

    def _index_blocks(self) -> list[IndexBlock]:
        blocks = self.blocks[0]
        singles, specials, discards = blocks[0].actions, blocks[2].actions, blocks[3].actions
        # Every action but a multiple completion is one index, in the order of the blocks.
        order = [*singles, None, *specials, *discards]
        self._token_of = {action: token for token, action in enumerate(order) if action}
        self.end_index = len(singles)
        return [
            IndexBlock(
                "Lay(card, colour)",
                len(singles),
                "L",
                "a card on a pile: played alone, or the next lay of a multiple completion "
                "(chosen in colour order); by colour C, M, Y, K: its colour cards 10%–90%, "
                "the white, its joker (those in the deck)",
            ),
            IndexBlock(
                "Done()",
                1,
                "1",
                "complete the piles of the lays chosen so far (offered when they are a "
                "legal action and another lay could still join them)",
            ),
            IndexBlock(
                "PlaySweep() / PlayMix(card)",
                len(specials),
                "(1 if sweeps) + M",
                blocks[2].meaning,
            ),
            IndexBlock("Discard(card)", len(discards), "kinds in the deck", blocks[3].meaning),
        ]

    def _tokens(self, seat: int, action: CmykAction) -> Prefix:
        if isinstance(action, LayMany):
            return tuple(self._token_of[lay] for lay in action.lays)
        return (self._token_of[action],)

    def _indices(self, seat: int, legal: tuple[CmykAction, ...]) -> list[int]:
        """The indices of ``legal`` from tables (a dict lookup would hash every action);
        an action outside the space raises, as in the base class."""
        found: list[int] = []
        lays, discards = self._lays, self._discards
        for action in legal:
            kind = type(action)
            index = -1
            if kind is Lay:
                assert isinstance(action, Lay)
                if 0 <= action.card < SWEEP and 0 <= action.colour < 4:
                    index = lays[action.card * 4 + action.colour]
            elif kind is Discard:
                assert isinstance(action, Discard)
                if 0 <= action.card < self.kinds:
                    index = discards[action.card]
            else:
                index = self._index[seat].get(action, -1)
            if index < 0:
                return super()._indices(seat, legal)  # raises: out of the space
            found.append(index)
        return found

    # ---------------------------------------------------------------- observation
    def _build_layout(self, layout: Layout) -> None:
        n, k = self.players, self.kinds
        copies = self.max_copies
        self.o_stage = layout.add(
            "stage", len(STAGES), "5", "one-hot: deal, draw, play, refill, over"
        )
        self.o_to_act = layout.add(
            "to_act",
            n,
            "n",
            "one-hot: the seat dealt to, drawing, acting or refilling (seat-relative: 0 = me, "
            "1 = the seat after mine, …)",
        )
        self.o_to_draw = layout.add("to_draw", 1, "1", "cards still to draw in this stage", high=5)
        self.o_hand = layout.add(
            "hand",
            k,
            "K",
            "copies of each card kind in my hand (0–35 colour cards colour × 9 + value/10 − 1, "
            "36 white, 37–40 jokers, 41 sweep, 42… mixes)",
            high=copies,
        )
        self.o_stock = layout.add("stock", 1, "1", "cards in the stock / deck size")
        self.o_reserve = layout.add(
            "reserve", k, "K", "copies of each kind in the face-up reserve", high=copies
        )
        self.o_piles = layout.add(
            "piles",
            4 * PILE_WIDTH,
            "4 × 14",
            "per colour C, M, Y, K: total / 100; cards in the pile; closed (completed under "
            "a mix); no card yet; the need 100 − total as a one-hot over 10%, 20%, …, 100%",
            high=self.deck_size,
        )
        self.o_board = layout.add(
            "board_cards",
            k,
            "K",
            "copies of each kind on the board (the mix in play included)",
            high=copies,
        )
        self.o_mix = layout.add("mix", len(self.mix_kinds), "M", "one-hot: the mix in play")
        self.o_opening = layout.add("opening", 1, "1", "the opening is on (piles must be started)")
        self._build_score_layout(layout)

    def _build_score_layout(self, layout: Layout) -> None:
        n, k = self.players, self.kinds
        copies = self.max_copies
        self.o_won = layout.add(
            "won", k, "K", "copies of each kind won so far, all seats together", high=copies
        )
        # Three per-seat fields in a row (filled as one block).
        self.o_hand_sizes = layout.add(
            "hand_sizes", n, "n", "cards in each hand (seat-relative)", high=6
        )
        self.o_won_counts = layout.add(
            "won_counts", n, "n", "cards won by each seat (seat-relative)", high=self.deck_size
        )
        self.o_completions = layout.add(
            "completions",
            n,
            "n",
            "piles completed by each seat (seat-relative)",
            high=self.deck_size,
        )
        self.o_stalled = layout.add(
            "stalled_passes",
            1,
            "1",
            "passes through the stock in a row without a completed pile",
            high=self.config.stall_limit,
        )
        self.o_completed = layout.add(
            "completed_this_pass", 1, "1", "a pile was completed in this pass"
        )

    def _fill(
        self,
        view: CmykView,
        seat: int,
        ones: list[int],
        values: list[tuple[int, float]],
        blocks: Blocks,
    ) -> None:
        n = self.players
        ones.append(self.o_stage + STAGE_INDEX[view.stage])
        ones.append(self.o_to_act + (view.to_act - seat) % n)
        if view.to_draw:
            values.append((self.o_to_draw, float(view.to_draw)))
        base = self.o_hand
        ones.extend([base + kind for kind in view.hand])
        # Seat-relative order: the tuples rotated so that this seat comes first.
        blocks.append(
            (
                self.o_hand_sizes,
                [
                    *view.hand_sizes[seat:],
                    *view.hand_sizes[:seat],
                    *view.won_counts[seat:],
                    *view.won_counts[:seat],
                    *view.completions[seat:],
                    *view.completions[:seat],
                ],
            )
        )
        if view.stock_size:
            values.append((self.o_stock, view.stock_size / self.deck_size))
        reserve = view.reserve
        reserve_memo = self._reserve_memo
        if reserve_memo is None or reserve_memo[0] is not reserve:
            base = self.o_reserve
            reserve_memo = self._reserve_memo = (reserve, [base + kind for kind in reserve])
        ones.extend(reserve_memo[1])
        board = view.board
        memo = self._board_memo
        if memo is None or memo[0] is not board:
            # Unchanged, the board is the same object from state to state: encode once.
            memo = self._board_memo = (board, *self._board_entries(board))
        ones.extend(memo[1])
        values.extend(memo[2])
        won = view.won
        won_memo = self._won_memo
        if won_memo is None or won_memo[0] is not won:
            base = self.o_won
            won_memo = self._won_memo = (won, [base + kind for kind in won])
        ones.extend(won_memo[1])
        if view.stalled_passes:
            values.append((self.o_stalled, float(view.stalled_passes)))
        if view.completed_this_pass:
            ones.append(self.o_completed)

    def _board_entries(self, board: Board) -> tuple[list[int], list[tuple[int, float]]]:
        ones: list[int] = []
        values: list[tuple[int, float]] = []
        memos = self._pile_memos
        for colour in range(4):
            pile = board.piles[colour]
            total = board.totals[colour]
            closed = board.closed[colour]
            memo = memos[colour]
            if memo is None or memo[0] is not pile or memo[1] != total or memo[2] != closed:
                # A lay changes one pile: the others keep their tuples, and their entries.
                memo = memos[colour] = (pile, total, closed, *self._pile_entries(colour, board))
            ones.extend(memo[3])
            values.extend(memo[4])
        if board.mix is not None:
            ones.append(self.o_board + board.mix)
            ones.append(self.o_mix + board.mix - FIRST_MIX)
        if board.opening:
            ones.append(self.o_opening)
        return ones, values

    def _pile_entries(self, colour: int, board: Board) -> tuple[list[int], list[tuple[int, float]]]:
        ones: list[int] = []
        values: list[tuple[int, float]] = []
        pile = board.piles[colour]
        total = board.totals[colour]
        base = self.o_piles + colour * PILE_WIDTH
        if total:
            values.append((base, total / FULL))
        if pile:
            values.append((base + 1, float(len(pile))))
            board_base = self.o_board
            ones.extend([board_base + kind for kind in pile])
        else:
            ones.append(base + 3)
        if board.closed[colour]:
            ones.append(base + 2)
        need = FULL - total
        if 10 <= need <= FULL:
            ones.append(base + 4 + need // 10 - 1)
        return ones, values


ENCODER = CmykEncoder
