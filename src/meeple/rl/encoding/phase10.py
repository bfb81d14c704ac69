"""Phase 10's RL encoding: action indices and the observation of one seat.

Symbols: ``n`` players, ``G`` the most groups in any phase of the configuration (2 for
the standard phases), ``T = n × G`` table slots, ``P`` phases in the configuration.
A table never holds more than ``T`` groups: each active seat lays its phase at most once
a round (``laid``), a phase has at most ``G`` groups, and the table is cleared every
round; so ``Hit`` needs group indices below ``T`` only.

A hit is chosen as two indices: the card (``Hit card``), then the table group and end
(``Hit at``); when only one group and end are left for the card, the hit is played at
once. Every other action is one index (a phase is laid card by card by the engine
itself: ``BeginPhase`` then ``Place`` actions).

Bound: a group takes at least 2 of a phase's at most 10 cards, so ``G <= 5``; a card
placed in a group stands for one value (a natural card its number or colour, a Wild one
of 0–12 at most), so at most ``109 G`` ``Place`` indices; then ``T × 2 <= 60`` ``Hit at``:
``3 + 545 + 49 + 60 + 49 + 6 = 712`` at most (697 reached, at 6 players with five groups
of every kind; tests/rl/test_action_bounds.py).
See the "Reinforcement learning" section of games/phase10/README.md.
"""

import numpy as np

from meeple.games.phase10.actions import (
    BeginPhase,
    Discard,
    DrawStock,
    Hit,
    Phase10Action,
    Place,
    TakeDiscard,
)
from meeple.games.phase10.cards import (
    DECK_SIZE,
    KINDS,
    SKIP,
    WILD,
    colour_of,
    number_of,
)
from meeple.games.phase10.config import GroupKind
from meeple.games.phase10.rules import Phase10Game
from meeple.games.phase10.state import LaidGroup, Phase10State, Stage
from meeple.games.phase10.view import Phase10View
from meeple.rl.encoding.base import (
    ActionBlock,
    Blocks,
    Encoder,
    IndexBlock,
    Layout,
    Observation,
    Prefix,
)

PLAYABLE = range(SKIP)  # every card but the Skip can be placed or hit (codes 0..48)
STAGES = len(Stage)
SCORE_SCALE = 200.0  # scores are squashed as s / (s + 200) into [0, 1)


class Phase10Encoder(Encoder[Phase10State, Phase10Action, Phase10View]):
    """Action space and observation of a configured Phase 10 game."""

    factored = True  # a hit is chosen as its card, then where it goes

    def __init__(self, game: Phase10Game) -> None:
        self.config = game.config
        self.groups = max(len(phase) for phase in game.config.phases)
        self.table_slots = game.players * self.groups
        self.phase_count = len(game.config.phases)
        kinds = {group.kind for phase in game.config.phases for group in phase}
        self.has_runs = GroupKind.RUN in kinds
        # The group kinds that can stand at each index of a phase being laid.
        self.kinds_at = [
            {phase[g].kind for phase in game.config.phases if g < len(phase)}
            for g in range(self.groups)
        ]
        super().__init__(game)  # type: ignore[arg-type]
        # Arithmetic for the hot path (``_indices``), checked against the tables by tests.
        self._places = [-1] * (KINDS * self.groups * 13)
        for index, action in enumerate(self.actions(0)):
            if isinstance(action, Place):
                self._places[(action.card * self.groups + action.group) * 13 + action.value] = index
        self._ends = 2 if self.has_runs else 1
        self._hit_base = self.action_index(0, Hit(0, 0, True))
        self._discard_base = self.action_index(0, Discard(0))
        # The last encoding of the discard pile and, per seat, of the table, kept with the
        # tuple it came from (compared by identity: states share unchanged parts).
        self._discard_memo: tuple[tuple[int, ...], Observation] | None = None
        # Per seat, the entries of who holds which known card and who makes which phase.
        self._seen_memo: list[
            tuple[tuple[tuple[int, ...], ...], tuple[int, ...], list[int]] | None
        ] = [None] * game.players
        self._table_memo: list[
            tuple[tuple[LaidGroup, ...], list[int], list[tuple[int, float]]] | None
        ] = [None] * game.players

    # --------------------------------------------------------------------- actions
    def _action_blocks(self, seat: int) -> list[ActionBlock[Phase10Action]]:
        n = self.players
        places: list[Phase10Action] = []
        for card in PLAYABLE:
            for group in range(self.groups):
                values: list[int] = []
                kinds = self.kinds_at[group]
                if kinds & {GroupKind.SET, GroupKind.RUN}:
                    values.extend(range(1, 13) if card == WILD else [number_of(card)])
                if GroupKind.COLOUR in kinds:
                    values.extend(range(4) if card == WILD else [colour_of(card)])
                for value in sorted(set(values)):
                    places.append(Place(card, group, value))
        ends = (True, False) if self.has_runs else (True,)
        hits: list[Phase10Action] = [
            Hit(card, group, high)
            for group in range(self.table_slots)
            for card in PLAYABLE
            for high in ends
        ]
        discards: list[Phase10Action] = [Discard(card) for card in PLAYABLE]
        # Skip targets are seat-relative: offset 1 is the seat after the actor's.
        discards.append(Discard(SKIP, None))
        discards.extend(Discard(SKIP, (seat + offset) % n) for offset in range(1, n))
        end_text = "T × 49 × 2" if self.has_runs else "T × 49 (no runs: high end only)"
        return [
            ActionBlock("DrawStock()", "1", "draw from the draw pile", [DrawStock()]),
            ActionBlock("TakeDiscard()", "1", "take the top discard", [TakeDiscard()]),
            ActionBlock("BeginPhase()", "1", "start laying down the phase", [BeginPhase()]),
            ActionBlock(
                "Place(card, group, value)",
                "per card 0–48 and group < G: the values it can stand for",
                "card by card into the phase being laid; a natural card's value is its "
                "number (set, run) or colour (colour group); a Wild's is 1–12 or a colour 0–3",
                places,
            ),
            ActionBlock(
                "Hit(card, group, high)",
                end_text,
                "group-major: table group < T, card 0–48, then high end (True) or low end",
                hits,
                "`Hit card` of its card, then `Hit at` of its group and end",
            ),
            ActionBlock(
                "Discard(card) / Discard(Skip, target)",
                "49 + n",
                "discard cards 0–48; then a Skip on nobody, then on the seats 1…n−1 after "
                "the actor's",
                discards,
            ),
        ]

    def _index_blocks(self) -> list[IndexBlock]:
        blocks = self.blocks[0]
        ends = 2 if self.has_runs else 1
        before = sum(len(block.actions) for block in blocks[:4])  # draws, BeginPhase, Place
        self._hit_card_base = before
        self._hit_at_base = before + SKIP
        self._after_hits = self._hit_at_base + self.table_slots * ends  # the discards' base
        return [
            *(
                IndexBlock(block.name, len(block.actions), block.size_text, block.meaning)
                for block in blocks[:4]
            ),
            IndexBlock("Hit card", SKIP, "49", "hit with this card (0–48): the first index"),
            IndexBlock(
                "Hit at",
                self.table_slots * ends,
                "T × 2" if self.has_runs else "T (no runs: high end only)",
                "then the table group < T and, group by group, the high end (True) or the low end",
            ),
            IndexBlock(
                blocks[5].name, len(blocks[5].actions), blocks[5].size_text, blocks[5].meaning
            ),
        ]

    def _tokens(self, seat: int, action: Phase10Action) -> Prefix:
        if isinstance(action, Hit):
            end = 0 if action.high else 1
            at = action.group * (2 if self.has_runs else 1) + end
            return (self._hit_card_base + action.card, self._hit_at_base + at)
        number = self.action_index(seat, action)
        if isinstance(action, Discard):
            return (self._after_hits + number - self.action_index(seat, Discard(0)),)
        return (number,)

    def _indices(self, seat: int, legal: tuple[Phase10Action, ...]) -> list[int]:
        """The indices of ``legal`` by arithmetic on the fields (a dict lookup would hash
        every action); an action outside the space raises, as in the base class."""
        found: list[int] = []
        hit_base, ends, discard_base = self._hit_base, self._ends, self._discard_base
        slots, groups, places = self.table_slots, self.groups, self._places
        for action in legal:
            kind = type(action)
            if kind is Hit:
                assert isinstance(action, Hit)
                if not (action.group < slots and 0 <= action.card < SKIP):
                    return super()._indices(seat, legal)  # raises: out of the space
                end = 0 if action.high else 1
                found.append(hit_base + (action.group * SKIP + action.card) * ends + end)
            elif kind is Discard:
                assert isinstance(action, Discard)
                if action.card != SKIP:
                    found.append(discard_base + action.card)
                else:
                    target = action.target
                    offset = 0 if target is None else (target - seat) % self.players
                    found.append(discard_base + SKIP + offset)
            elif kind is Place:
                assert isinstance(action, Place)
                index = -1
                if action.group < groups and 0 <= action.value <= 12:
                    index = places[(action.card * groups + action.group) * 13 + action.value]
                if index < 0:
                    return super()._indices(seat, legal)  # raises: out of the space
                found.append(index)
            else:
                found.append(self.action_index(seat, action))
        return found

    # ---------------------------------------------------------------- observation
    def _build_layout(self, layout: Layout) -> None:
        n = self.players
        self.o_stage = layout.add(
            "stage", STAGES, "6", "one-hot: deal, draw, drawing, play, laying (own only), over"
        )
        self.o_turn = layout.add(
            "turn",
            n,
            "n",
            "one-hot: whose turn it is (seat-relative: 0 = me, 1 = the seat after mine, …)",
        )
        self.o_dealer = layout.add("dealer", n, "n", "one-hot: the dealer (seat-relative)")
        self.o_hand = layout.add(
            "hand",
            KINDS,
            "50",
            "copies of each card kind in my hand (code: (number − 1) × 4 + colour, 48 W, 49 S)",
            high=8,
        )
        self._build_seat_layout(layout)
        self._build_pile_layout(layout)

    def _build_seat_layout(self, layout: Layout) -> None:
        n = self.players
        # Six per-seat fields in a row (filled as one block): hand_sizes … scores.
        self.o_hand_sizes = layout.add(
            "hand_sizes",
            n,
            "n",
            "cards in each hand (seat-relative; a phase being laid still counts)",
            high=DECK_SIZE,
        )
        self.o_laid = layout.add("laid", n, "n", "laid down their phase this round")
        self.o_skipped = layout.add("skipped", n, "n", "loses their next turn")
        self.o_immune = layout.add(
            "immune", n, "n", "cannot be skipped again this circuit (circuit style)"
        )
        self.o_active = layout.add(
            "active", n, "n", "plays this round (all but in a tie-break round)"
        )
        self.o_scores = layout.add("scores", n, "n", "penalty points, squashed: s / (s + 200)")
        self.o_known = layout.add(
            "known",
            n * KINDS,
            "n × 50",
            "cards each seat took from the discard pile and still holds (seat-relative)",
            high=8,
        )

    def _build_pile_layout(self, layout: Layout) -> None:
        n, g, t, p = self.players, self.groups, self.table_slots, self.phase_count
        self.o_draw = layout.add("draw_pile", 1, "1", "cards in the draw pile / 108")
        self.o_top = layout.add(
            "discard_top", KINDS, "50", "one-hot: the top discard (none: all 0)"
        )
        self.o_discards = layout.add(
            "discards", KINDS, "50", "copies of each kind in the discard pile", high=8
        )
        self.o_phase = layout.add(
            "phase",
            n * (p + 1),
            "n × (P + 1)",
            "one-hot per seat: index of the phase being made (P: all done)",
        )
        self.o_my_phase = layout.add(
            "my_phase",
            g * 4,
            "G × 4",
            "my phase this round, per group: set, run, colour (one-hot), minimum size",
            high=20,
        )
        self.o_tiebreak = layout.add("tiebreak", 1, "1", "a tie-break round")
        self.o_winners = layout.add("winners", n, "n", "the winners, once the game is over")
        self.slot_size = n + 45
        self.o_table = layout.add(
            "table",
            t * self.slot_size,
            "T × (n + 45)",
            "per laid group, in table order (the index `Hit` names): present; owner "
            "(one-hot, seat-relative, n); set, run, colour (one-hot, 3); a set's number "
            "(one-hot 1–12); the number that extends a run at its low end (one-hot 1–12); "
            "at its high end (one-hot 1–12); a colour group's colour (one-hot, 4); cards in "
            "it (0–108)",
            high=DECK_SIZE,
        )
        self.o_table_cards = layout.add(
            "table_cards", KINDS, "50", "copies of each kind on the table", high=8
        )
        self.o_building = layout.add(
            "building",
            g * 22,
            "G × 22",
            "my phase being laid, per group: present; set, run, colour (one-hot, 3); "
            "minimum size; cards so far; numbers taken (runs) or the set's number "
            "(12); the colour (4)",
            high=20,
        )

    def _fill(
        self,
        view: Phase10View,
        seat: int,
        ones: list[int],
        values: list[tuple[int, float]],
        blocks: Blocks,
    ) -> None:
        n = self.players
        ones.append(self.o_stage + int(view.stage))
        ones.append(self.o_turn + (view.turn - seat) % n)
        ones.append(self.o_dealer + (view.dealer - seat) % n)
        if view.hand is not None:
            base = self.o_hand
            ones.extend([base + code for code in view.hand])
        # Seat-relative order: the tuples rotated so that this seat comes first.
        scores = view.scores[seat:] + view.scores[:seat]
        blocks.append(
            (
                self.o_hand_sizes,
                [
                    *view.hand_sizes[seat:],
                    *view.hand_sizes[:seat],
                    *view.laid[seat:],
                    *view.laid[:seat],
                    *view.skipped[seat:],
                    *view.skipped[:seat],
                    *view.immune[seat:],
                    *view.immune[:seat],
                    *view.active[seat:],
                    *view.active[:seat],
                    *[score / (score + SCORE_SCALE) for score in scores],
                ],
            )
        )
        seen = self._seen_memo[seat]
        if seen is None or seen[0] is not view.known or seen[1] is not view.phase_index:
            # (both tuples are the state's own, the same object while unchanged)
            seen = self._seen_memo[seat] = (
                view.known,
                view.phase_index,
                self._seen_entries(view, seat),
            )
        ones.extend(seen[2])
        for winner in view.winners:
            ones.append(self.o_winners + (winner - seat) % n)
        if view.draw_pile_size:
            values.append((self.o_draw, view.draw_pile_size / DECK_SIZE))
        if view.discard:
            ones.append(self.o_top + view.discard[-1])
            blocks.append((self.o_discards, self._discard_counts(view.discard)))
        if view.tiebreak:
            ones.append(self.o_tiebreak)
        self._fill_phase(view, seat, ones, values)
        if view.table:
            table_memo = self._table_memo[seat]
            if table_memo is None or table_memo[0] is not view.table:
                table_ones: list[int] = []
                table_values: list[tuple[int, float]] = []
                self._fill_table(view, seat, table_ones, table_values)
                table_memo = self._table_memo[seat] = (view.table, table_ones, table_values)
            ones.extend(table_memo[1])
            values.extend(table_memo[2])

    def _fill_phase(
        self, view: Phase10View, seat: int, ones: list[int], values: list[tuple[int, float]]
    ) -> None:
        """My phase this round, and the groups of it I am laying."""
        index = view.phase_index[seat]
        if view.tiebreak or index < self.phase_count:
            phase = self.config.phases[-1 if view.tiebreak else index]
            for g, requirement in enumerate(phase):
                base = self.o_my_phase + g * 4
                ones.append(base + int(requirement.kind))
                values.append((base + 3, float(requirement.size)))
        for g, group in enumerate(view.building):
            base = self.o_building + g * 22
            ones.append(base)
            ones.append(base + 1 + int(group.kind))
            values.append((base + 4, float(group.size)))
            if group.cards:
                values.append((base + 5, float(len(group.cards))))
            if group.kind == GroupKind.COLOUR:
                if group.key is not None:
                    ones.append(base + 18 + group.key)
            else:
                ones.extend({base + 5 + value for value in group.values})

    def _seen_entries(self, view: Phase10View, seat: int) -> list[int]:
        """The ``known`` and ``phase`` entries (seat-relative)."""
        ones: list[int] = []
        known_base = self.o_known
        for r, cards in enumerate(view.known[seat:] + view.known[:seat]):
            if cards:
                base = known_base + r * KINDS
                ones.extend([base + code for code in cards])
        width = self.phase_count + 1
        base = self.o_phase
        phases = view.phase_index[seat:] + view.phase_index[:seat]
        ones.extend([base + r * width + index for r, index in enumerate(phases)])
        return ones

    def _discard_counts(self, discard: tuple[int, ...]) -> Observation:
        """Copies of each kind in the discard pile, kept with the pile: a pile one card
        longer or shorter than the last one seen is counted from it (a discard, a take)."""
        memo = self._discard_memo
        if memo is not None:
            last, counts = memo
            if last is discard:
                return counts
            size = len(discard)
            # (the counts are only ever copied into observations: changed in place)
            if size == len(last) + 1 and discard[:-1] == last:
                counts[discard[-1]] += 1
            elif size == len(last) - 1 and last[:-1] == discard:
                counts[last[-1]] -= 1
            else:
                memo = None
        if memo is None:
            counts = np.bincount(discard, minlength=KINDS).astype(np.float32)
        self._discard_memo = (discard, counts)
        return counts

    def _fill_table(
        self, view: Phase10View, seat: int, ones: list[int], values: list[tuple[int, float]]
    ) -> None:
        n = self.players
        size = self.slot_size
        cards_base = self.o_table_cards
        for index, group in enumerate(view.table):
            base = self.o_table + index * size
            ones.append(base)
            ones.append(base + 1 + (group.owner - seat) % n)
            kind_base = base + 1 + n
            ones.append(kind_base + int(group.kind))
            # then: set number 12, run low 12, run high 12, colour 4, count 1
            if group.kind == GroupKind.SET:
                ones.append(kind_base + 3 + group.key - 1)
            elif group.kind == GroupKind.RUN:
                low = group.key - 1
                high = group.key + len(group.cards)
                if low >= 1:
                    ones.append(kind_base + 15 + low - 1)
                if high <= 12:
                    ones.append(kind_base + 27 + high - 1)
            else:
                ones.append(kind_base + 39 + group.key)
            values.append((kind_base + 43, float(len(group.cards))))
            ones.extend([cards_base + code for code in group.cards])


ENCODER = Phase10Encoder
