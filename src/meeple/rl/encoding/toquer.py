"""Toquer's RL encoding: action indices and the observation of one seat.

Symbols: ``n`` players; ``w`` frame columns (5 with ``shared_column``: the left
neighbour's column ``n`` and 4 own; 6 with ``own_grid``); ``F = 3 × w`` frame positions;
``S`` table slots (``n × 12`` or ``n × 15``); ``V`` distinct card values in the deck (15
for the standard deck, -2..12). Positions are frame positions, ``row × w + column``, as
in the engine.

Bound: every index block is a table position, a pair of seats or a line of three in
one frame, whatever the deck: at most 138 indices (8 players, ``own_grid``;
tests/rl/test_action_bounds.py).
See the "Reinforcement learning" section of games/toquer/README.md.
"""

import struct
from itertools import combinations

import numpy as np

from meeple.games.toquer.actions import (
    Clear,
    DiscardReveal,
    DrawDiscard,
    DrawStock,
    Give,
    Knock,
    Pass,
    Refuse,
    Reveal,
    StopClearing,
    Swap,
    Take,
    ToquerAction,
)
from meeple.games.toquer.layout import DOWN, EMPTY, UP
from meeple.games.toquer.rules import ToquerGame
from meeple.games.toquer.state import (
    HIDDEN_VOTE,
    KNOCKED,
    NOT_ASKED,
    PASSED,
    UNDECIDED,
    Phase,
    ToquerState,
)
from meeple.games.toquer.view import ToquerView
from meeple.rl.encoding.base import ActionBlock, Encoder, Layout, Observation

PHASES = tuple(Phase)
PHASE_INDEX = {phase: index for index, phase in enumerate(PHASES)}
VOTES = (NOT_ASKED, UNDECIDED, KNOCKED, PASSED, HIDDEN_VOTE)
VOTE_INDEX = {vote: index for index, vote in enumerate(VOTES)}
FACE_INDEX = {DOWN: 0, UP: 1, EMPTY: 2}
SCORE_SCALE = 100.0  # scores (which may be negative) are squashed as s / (|s| + 100)


class ToquerEncoder(Encoder[ToquerState, ToquerAction, ToquerView]):
    """Action space and observation of a configured Toquer game."""

    def __init__(self, game: ToquerGame) -> None:
        self.geometry = game.geometry
        self.values = game.deck.values
        self.value_index = game.deck.index()
        self.deck_size = game.deck.size
        self.low_value = min(self.values)
        self.high_value = max(self.values)
        self.positions = 3 * self.geometry.width
        # A slot's entry: face down, face up, empty; the face-up value one-hot; the value.
        self.slot_width = 3 + len(self.values) + 1
        self.knocking = game.players >= 3  # seed: knocking needs three players or more
        super().__init__(game)  # type: ignore[arg-type]
        self._build_slot_rows()
        self._build_runs()
        self._build_index_tables()

    def _build_slot_rows(self) -> None:
        g = self.geometry
        # A slot's entries are a row of a small table, found by one number: its face's
        # base (a byte, from the face's letter) plus the value it shows (a view shows 0
        # for a face-down or empty slot). Face-up slots take rows 0 … spread − 1, one
        # per value from the lowest (or 0) to the highest; then face down, empty, and an
        # all-zero row for any other letter (there is none).
        lowest = min(self.low_value, 0)
        spread = max(self.high_value, 0) - lowest + 1
        self._slot_rows = np.zeros((spread + 3, self.slot_width), dtype=np.float32)
        for value, number in self.value_index.items():
            row = self._slot_rows[value - lowest]
            row[FACE_INDEX[UP]] = 1.0
            row[3 + number] = 1.0
            row[self.slot_width - 1] = value
        self._slot_rows[spread, FACE_INDEX[DOWN]] = 1.0
        self._slot_rows[spread + 1, FACE_INDEX[EMPTY]] = 1.0
        # (bytes: the rows and the signed values; the config allows -99 … 99)
        assert spread + 2 < 256 and self.low_value >= -128 and self.high_value <= 127
        base = [spread + 2] * 256
        base[ord(UP)], base[ord(DOWN)], base[ord(EMPTY)] = -lowest, spread, spread + 1
        self._face_base = bytes(base)
        # The shown values as signed bytes, packed in one call (quicker than numpy's own
        # conversion of a tuple of ints).
        self._pack_values = struct.Struct(f"{g.slots}b").pack

    def _build_runs(self) -> None:
        g = self.geometry
        # The slot entries of one table state, for every seat at once, are rows of one
        # block: the slots twice over (so that any seat's table, slots from its own on,
        # is one run of it), then each seat's frame. A seat's slot fields are then runs
        # of the block, copied (no knocker: the knocker's frame stays 0); the block is
        # made again only when the table changes (draws and knock votes leave it as it was).
        frames = [np.array(frame, dtype=np.intp) for frame in g.frames]
        self._block_slots = np.concatenate((np.arange(2 * g.slots) % g.slots, *frames))
        width = self.slot_width
        frame_entries = self.positions * width
        table_entries = g.slots * width
        frame_start = 2 * g.slots * width
        # Per seat, where its frame and its table run are in the block; where the three
        # slot fields are in the observation.
        self._frame_runs = [
            slice(frame_start + seat * frame_entries, frame_start + (seat + 1) * frame_entries)
            for seat in range(self.players)
        ]
        self._table_runs = [
            slice(seat * g.own_count * width, seat * g.own_count * width + table_entries)
            for seat in range(self.players)
        ]
        self._my_frame = slice(self.o_frame, self.o_frame + frame_entries)
        self._knocker_frame = slice(self.o_knocker_frame, self.o_knocker_frame + frame_entries)
        self._table = slice(self.o_table, self.o_table + table_entries)
        self._memo: tuple[str, tuple[int, ...], Observation] | None = None
        self._discard_memo: tuple[tuple[int, ...], Observation] | None = None
        self._turn_memo: dict[tuple[str, int, int, int], Observation] = {}
        self._vote_memo: dict[tuple[str, int], Observation] = {}
        self._score_memo: tuple[tuple[int, ...], dict[int, Observation]] = ((), {})

    def _build_index_tables(self) -> None:
        # Tables for the hot path (``_indices``), checked against the bijection by tests:
        # per action type, per position (or triple, or seat offset), the index.
        self._by_position: dict[type, list[int]] = {}
        self._clears: dict[tuple[int, int, int], int] = {}
        self._singletons: dict[type, int] = {}
        self._gives: list[list[int]] = [[-1] * self.players for _ in range(self.players)]
        for seat in range(self.players):
            for index, action in enumerate(self.actions(seat)):
                if isinstance(action, Give):
                    self._gives[seat][action.seat] = index
        for index, action in enumerate(self.actions(0)):
            if isinstance(action, (Reveal, Swap, DiscardReveal, Take)):
                table = self._by_position.setdefault(type(action), [-1] * self.positions)
                table[action.position] = index
            elif isinstance(action, Clear):
                self._clears[(action.first, action.second, action.third)] = index
            elif not isinstance(action, Give):
                self._singletons[type(action)] = index

    def deciding(self, state: ToquerState) -> tuple[int, ...]:
        """In a knock, every seat still to decide (seed: the decision is secret and
        simultaneous; the engine asks the seats in turn and hides each answer)."""
        if state.phase is Phase.KNOCK:
            return tuple(seat for seat, vote in enumerate(state.votes) if vote == UNDECIDED)
        return super().deciding(state)

    # --------------------------------------------------------------------- actions
    def _action_blocks(self, seat: int) -> list[ActionBlock[ToquerAction]]:
        g = self.geometry
        n = self.players
        playable = g.playable[seat]
        simple: list[ToquerAction] = [DrawStock(), DrawDiscard(), StopClearing()]
        knock: list[ToquerAction] = []
        if self.knocking:
            knock = [Knock(), Pass(), Refuse()]
            knock.extend(Give((seat + offset) % n) for offset in range(1, n))
        clears: list[ToquerAction] = [
            Clear(*triple) for line in g.lines[seat] for triple in combinations(line, 3)
        ]
        blocks: list[ActionBlock[ToquerAction]] = [
            ActionBlock(
                "Reveal(position)",
                "12 or 15",
                "set-up: reveal an own card",
                [Reveal(p) for p in g.own_positions[seat]],
            ),
            ActionBlock(
                "DrawStock() / DrawDiscard() / StopClearing()",
                "3",
                "draw; clear nothing more",
                simple,
            ),
            ActionBlock(
                "Knock() / Pass() / Refuse() / Give(seat)",
                "3 + n − 1 (3 players or more; else 0)",
                "knock or not; refuse every knock; give the card to the seat 1…n−1 after "
                "the actor's",
                knock,
            ),
            ActionBlock(
                "Swap(position)",
                "playable positions",
                "put the card in hand there",
                [Swap(p) for p in playable],
            ),
            ActionBlock(
                "DiscardReveal(position)",
                "playable positions",
                "discard the drawn card and reveal the card there",
                [DiscardReveal(p) for p in playable],
            ),
            ActionBlock(
                "Take(position)",
                "playable positions (3 players or more; else 0)",
                "take the knocker's card at a position of the knocker's frame",
                [Take(p) for p in playable] if self.knocking else [],
            ),
            ActionBlock(
                "Clear(first, second, third)",
                "per row C(w, 3), per column 1",
                "three positions of one line, in line order (rows, then columns)",
                clears,
            ),
        ]
        return blocks

    def _indices(self, seat: int, legal: tuple[ToquerAction, ...]) -> list[int]:
        """The indices of ``legal`` from tables (a dict of actions would hash each one
        in Python); an action outside the space raises, as in the base class."""
        found: list[int] = []
        by_position, singletons = self._by_position, self._singletons
        for action in legal:
            kind = type(action)
            index = -1
            table = by_position.get(kind)
            if table is not None:
                position: int = action.position  # type: ignore[union-attr]
                if 0 <= position < self.positions:
                    index = table[position]
            elif kind is Clear:
                assert isinstance(action, Clear)
                index = self._clears.get((action.first, action.second, action.third), -1)
            elif kind is Give:
                assert isinstance(action, Give)
                if 0 <= action.seat < self.players:
                    index = self._gives[seat][action.seat]
            else:
                index = singletons.get(kind, -1)
            if index < 0:
                return super()._indices(seat, legal)  # raises: out of the space
            found.append(index)
        return found

    # ---------------------------------------------------------------- observation
    def _build_layout(self, layout: Layout) -> None:
        n = self.players
        self.o_phase = layout.add(
            "phase",
            len(PHASES),
            "12",
            "one-hot: deal, setup, draw, stock_draw, knock, answer, place, clear, knock_swap, "
            "knock_take, knock_place, over",
        )
        self.o_actor = layout.add(
            "actor",
            n,
            "n",
            "one-hot: the seat to act (seat-relative: 0 = me, 1 = the seat after mine, …)",
        )
        self.o_active = layout.add("active", n, "n", "one-hot: whose turn it is")
        self.o_dealer = layout.add("dealer", n, "n", "one-hot: the dealer")
        self.o_votes = layout.add(
            "votes",
            n * len(VOTES),
            "n × 5",
            "per seat, one-hot: not asked, undecided, knocked, passed, decided (secret)",
        )
        self.o_knocker = layout.add("knocker", n, "n", "one-hot: the knocker given the card")
        # (the fields so far are two runs, kept per combination: see _turn_run, _vote_run)
        self._vote_run_size = layout.size - self.o_votes
        self._build_slot_layout(layout)
        self._build_card_layout(layout)

    def _build_slot_layout(self, layout: Layout) -> None:
        f, s = self.positions, self.geometry.slots
        low, high = float(self.low_value), float(self.high_value)
        width = self.slot_width
        slot_text = (
            "face down, face up, empty (one-hot, 3); the face-up value (one-hot, V); the value"
        )
        bound = max(high, 1.0)
        self.o_frame = layout.add(
            "my_frame",
            f * width,
            "F × (V + 4)",
            f"my frame, by position (the positions actions name): {slot_text}",
            low=min(low, 0.0),
            high=bound,
        )
        self.o_knocker_frame = layout.add(
            "knocker_frame",
            f * width,
            "F × (V + 4)",
            f"the knocker's frame, by position (what `Take` names), while a knocker is "
            f"served: {slot_text}",
            low=min(low, 0.0),
            high=bound,
        )
        self.o_table = layout.add(
            "table",
            s * width,
            "S × (V + 4)",
            f"every slot, seat by seat from mine (seat-relative), row by row: {slot_text}",
            low=min(low, 0.0),
            high=bound,
        )

    def _build_card_layout(self, layout: Layout) -> None:
        n, s, v = self.players, self.geometry.slots, len(self.values)
        self.o_stock = layout.add("stock", 1, "1", "cards in the stock / deck size")
        self.o_top = layout.add("discard_top", v, "V", "one-hot: the top discard's value")
        self.o_discards = layout.add(
            "discards", v, "V", "cards of each value in the discard pile", high=self.deck_size
        )
        self.o_drawn = layout.add("drawn", v, "V", "one-hot: the card drawn this turn")
        self.o_from_stock = layout.add("from_stock", 1, "1", "it was drawn from the stock")
        self.o_held = layout.add(
            "held", v, "V", "one-hot: the card held out of a layout (if I may see it)"
        )
        self.o_held_hidden = layout.add(
            "held_hidden", 1, "1", "the held card was face down: only the knocker knows it"
        )
        self.o_taken_slot = layout.add(
            "taken_slot", s, "S", "one-hot: the slot a knocker's card was taken from"
        )
        self.o_taken = layout.add("taken", v, "V", "one-hot: that card, until swapped in")
        self.o_setup_left = layout.add(
            "setup_left", 1, "1", "set-up reveals still to make", high=2 * n
        )
        self.o_ender = layout.add("ender", n, "n", "one-hot: the seat that ended the round")
        self.o_last_turns = layout.add("last_turns", n, "n", "still to play their last turn")
        self.o_scores = layout.add(
            "scores", n, "n", "totals of finished rounds, squashed: s / (|s| + 100)", low=-1.0
        )
        self.o_winners = layout.add("winners", n, "n", "the winners, once the game is over")

    def _turn_run(self, view: ToquerView, seat: int) -> Observation:
        """The phase and who acts, plays and deals, seat-relative: the first fields, one
        run, kept per combination (at most 12 × (n + 1) × n × n of them)."""
        n = self.players
        phase, actor = view.phase, view.actor
        # (keyed by the phase's value: an enum member's hash and .value are Python calls)
        key = (
            phase._value_,
            (actor - seat) % n if actor >= 0 else -1,
            (view.active - seat) % n,
            (view.dealer - seat) % n,
        )
        run = self._turn_memo.get(key)
        if run is None:
            run = np.zeros(self.o_votes - self.o_phase, dtype=np.float32)
            at = -self.o_phase
            run[at + self.o_phase + PHASE_INDEX[phase]] = 1.0
            if actor >= 0:
                run[at + self.o_actor + key[1]] = 1.0
            run[at + self.o_active + key[2]] = 1.0
            run[at + self.o_dealer + key[3]] = 1.0
            self._turn_memo[key] = run
        return run

    def _vote_run(self, view: ToquerView, seat: int) -> Observation:
        """The votes and the knocker, seat-relative: the next fields, one run, kept per
        combination (a few thousand at eight players: the memo starts again past 8192)."""
        n = self.players
        votes, knocker = view.votes, view.knocker
        rotated = votes[seat:] + votes[:seat] if seat else votes
        relative = -1 if knocker is None else (knocker - seat) % n
        key = (rotated, relative)
        run = self._vote_memo.get(key)
        if run is None:
            if len(self._vote_memo) >= 8192:
                self._vote_memo.clear()
            run = np.zeros(self._vote_run_size, dtype=np.float32)
            for r, vote in enumerate(rotated):
                run[r * len(VOTES) + VOTE_INDEX[vote]] = 1.0
            if relative >= 0:
                run[self.o_knocker - self.o_votes + relative] = 1.0
            self._vote_memo[key] = run
        return run

    def _squashed_scores(self, scores: tuple[int, ...], seat: int) -> Observation:
        """The totals from ``seat`` on, squashed (kept: they change once a round)."""
        memo = self._score_memo
        if memo[0] is not scores and memo[0] != scores:
            memo = self._score_memo = (scores, {})
        squashed = memo[1].get(seat)
        if squashed is None:
            rotated = scores[seat:] + scores[:seat]
            squashed = memo[1][seat] = np.array(
                [s / (abs(s) + SCORE_SCALE) for s in rotated], dtype=np.float32
            )
        return squashed

    def _discard_counts(self, discard: tuple[int, ...]) -> Observation:
        """The cards of each value in the pile (kept while the pile is unchanged, and
        brought up to date when a card is laid on it or taken from its top)."""
        memo = self._discard_memo
        if memo is not None:
            kept, counts = memo
            if kept is discard or kept == discard:
                return counts
            grown = len(discard) - len(kept)
            if grown == 1 and discard[:-1] == kept:
                counts = counts.copy()
                counts[self.value_index[discard[-1]]] += 1.0
                self._discard_memo = (discard, counts)
                return counts
            if grown == -1 and kept[:-1] == discard:
                counts = counts.copy()
                counts[self.value_index[kept[-1]]] -= 1.0
                self._discard_memo = (discard, counts)
                return counts
        numbers = np.fromiter(map(self.value_index.__getitem__, discard), np.intp, len(discard))
        counts = np.bincount(numbers, minlength=len(self.values)).astype(np.float32)
        self._discard_memo = (discard, counts)
        return counts

    def _write(self, view: ToquerView, seat: int) -> Observation:
        """Every entry, written straight into the array (a few scattered ones and some
        kept runs): the turn and vote runs, the slot fields (my frame, the knocker's, the whole
        table from my slots on: three runs of the table state's block), then the rest."""
        observation = self._zeros.copy()
        n = self.players
        observation[self.o_phase : self.o_votes] = self._turn_run(view, seat)
        at = self.o_votes
        observation[at : at + self._vote_run_size] = self._vote_run(view, seat)
        block = self._slot_block(view)
        observation[self._my_frame] = block[self._frame_runs[seat]]
        if view.knocker is not None:
            observation[self._knocker_frame] = block[self._frame_runs[view.knocker]]
        observation[self._table] = block[self._table_runs[seat]]
        self._write_cards(observation, view, seat)
        if view.setup_left:
            observation[self.o_setup_left] = view.setup_left
        if view.ender is not None:
            observation[self.o_ender + (view.ender - seat) % n] = 1.0
        for other in view.last_turns:
            observation[self.o_last_turns + (other - seat) % n] = 1.0
        at = self.o_scores
        observation[at : at + n] = self._squashed_scores(view.scores, seat)
        for winner in view.winners:
            observation[self.o_winners + (winner - seat) % n] = 1.0
        return observation

    def _write_cards(self, observation: Observation, view: ToquerView, seat: int) -> None:
        """The stock, the discard pile and the cards drawn, held and taken."""
        index = self.value_index
        if view.stock_size:
            observation[self.o_stock] = view.stock_size / self.deck_size
        discard = view.discard
        if discard:
            observation[self.o_top + index[discard[-1]]] = 1.0
            at = self.o_discards
            observation[at : at + len(index)] = self._discard_counts(discard)
        if view.drawn is not None:
            observation[self.o_drawn + index[view.drawn]] = 1.0
        if view.from_stock:
            observation[self.o_from_stock] = 1.0
        if view.held is not None:
            observation[self.o_held + index[view.held]] = 1.0
        if view.held_hidden:
            observation[self.o_held_hidden] = 1.0
        if view.taken_slot is not None:
            slots = self.geometry.slots
            shift = seat * self.geometry.own_count
            observation[self.o_taken_slot + (view.taken_slot - shift) % slots] = 1.0
        if view.taken is not None:
            observation[self.o_taken + index[view.taken]] = 1.0

    def _slot_block(self, view: ToquerView) -> Observation:
        """The rows of every slot field of every seat, flat (see ``__init__``). The same
        for every seat (face-up values are public), so kept while the table is unchanged."""
        memo = self._memo
        if (
            memo is not None
            and (memo[0] is view.faces or memo[0] == view.faces)
            and (memo[1] is view.cards or memo[1] == view.cards)
        ):
            return memo[2]
        bases = np.frombuffer(view.faces.encode("ascii").translate(self._face_base), np.uint8)
        # (bytes added modulo 256: a face-up value v below 0 packs as the byte 256 + v, so
        # base + byte is still its row; quicker than numpy's cast of int8 to a wider type)
        rows = (bases + np.frombuffer(self._pack_values(*view.cards), np.uint8)).astype(np.intp)
        # (the array's own take: numpy's function goes through a Python wrapper)
        block: Observation = self._slot_rows.take(rows[self._block_slots], axis=0).ravel()
        self._memo = (view.faces, view.cards, block)
        return block


ENCODER = ToquerEncoder
