"""The Toc rules engine: turns, the forced play, the split 7, drawing and dealing."""

import random
from collections import Counter
from collections.abc import Mapping

from meeple.engine.options import OptionValue
from meeple.engine.protocol import (
    CHANCE,
    TERMINAL,
    Announcement,
    Game,
    GameResult,
    standard_returns,
)
from meeple.games.toc import notation
from meeple.games.toc import view as view_module
from meeple.games.toc.actions import (
    Deal,
    Discard,
    Draw,
    Enter,
    Give,
    Move,
    Swap,
    TocAction,
    TocOutcome,
)
from meeple.games.toc.board import RESERVE, make_board
from meeple.games.toc.cards import (
    DECK_COUNTS,
    HAND_SIZE,
    JACK,
    KING,
    RANKS,
    SEVEN,
    card_name,
    remove_one,
    sorted_insert,
)
from meeple.games.toc.config import SPEC, make_config
from meeple.games.toc.moves import PAWNS_PER_SEAT, make_mover
from meeple.games.toc.state import (
    DEAL,
    DRAW,
    EXCHANGE,
    OVER,
    PLAY,
    Pending,
    TocState,
    new_state,
)
from meeple.games.toc.view import TocView

DEAL_SIZES_544 = (5, 4, 4)


# Interned actions, shared by every game (like the Mover and the Board: a server holding
# many tables keeps one set of these, not one per table, for the collector to walk).
_DISCARDS = {rank: Discard(rank) for rank in range(1, 15)}
_GIVES = {rank: Give(rank) for rank in range(1, 15)}
_DRAWS = {rank: Draw(rank) for rank in range(1, 15)}


class TocGame(Game[TocState, TocAction, TocOutcome, TocView]):
    """Toc for 2, 3, 4, 6 or 8 players (see README.md for the rules and options)."""

    spec = SPEC
    state_type = TocState
    action_type = TocAction
    outcome_type = TocOutcome
    view_type = TocView

    def __init__(self, players: int, options: Mapping[str, OptionValue] | None = None) -> None:
        super().__init__(players, options)
        self.config = make_config(players, self.options)
        c = self.config
        self.board = make_board(
            players,
            c.cells_per_sector,
            c.entry_offset,
            c.shortcut_length,
            c.shortcut_may_skip_entry,
        )
        self.mover = make_mover(c, self.board)
        self.refill = c.deal_mode == "refill"

    # ------------------------------------------------------------------ setup
    def initial_state(self) -> TocState:
        n = self.players
        empty: tuple[tuple[int, ...], ...] = ((),) * n
        return new_state(
            phase=DEAL,
            turn=0,
            positions=(RESERVE,) * (PAWNS_PER_SEAT * n),
            protected=0,
            armed=0,
            hands=empty,
            talon=DECK_COUNTS,
            talon_order=(),
            played=(),
            pending=None,
            gifts=(0,) * n,
            known=empty,
            gift_known=(0,) * n,
            deals=0,
            starter=0,
            turns=0,
            winners=(),
        )

    def current_player(self, state: TocState) -> int:
        phase = state.phase
        if phase in (PLAY, EXCHANGE):
            return state.turn
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def deal_size(self, deals: int) -> int:
        """Cards per hand in the next deal (``deals`` made so far)."""
        return HAND_SIZE if self.refill else DEAL_SIZES_544[deals % 3]

    # ---------------------------------------------------------------- actions
    def _legal_actions(self, state: TocState) -> tuple[TocAction, ...]:
        seat = state.turn
        hand = state.hands[seat]
        if state.phase == EXCHANGE:
            return tuple(_GIVES[rank] for rank in sorted(set(hand)))
        pending = state.pending
        if pending is not None:
            return tuple(
                self.mover.seven_parts(
                    seat,
                    state.positions,
                    state.protected,
                    state.armed,
                    pending.remaining,
                    pending.moved,
                )
            )
        plays = self.mover.plays(hand, seat, state.positions, state.protected, state.armed)
        if plays:
            return tuple(plays)
        # Forced play: no card has a legal use, so one card is discarded (seed).
        return tuple(_DISCARDS[rank] for rank in sorted(set(hand)))

    def _apply_action(self, state: TocState, action: TocAction) -> TocState:
        if isinstance(action, Give):
            return self._give(state, action.card)
        seat = state.turn
        positions = state.positions
        protected = state.protected
        armed = state.armed
        pending = state.pending
        hands = state.hands
        played = state.played
        known = state.known
        gift_known = state.gift_known
        if pending is None:
            card = JACK if isinstance(action, Swap) else action.card
            hand = remove_one(hands[seat], card)
            hands = (*hands[:seat], hand, *hands[seat + 1 :])
            played = (*played, card)
            if known[seat] or gift_known[seat]:
                known, gift_known = view_module.forget(known, gift_known, seat, hand, card)
        positions, protected, armed, pending, winners = self.board_after(
            seat, positions, protected, armed, pending, action
        )
        if pending is not None:
            return new_state(
                PLAY, seat, positions, protected, armed, hands, state.talon, state.talon_order,
                played, pending, state.gifts, known, gift_known, state.deals, state.starter,
                state.turns, (),
            )  # fmt: skip
        return self._end_turn(
            state, positions, protected, armed, hands, played, known, gift_known, winners
        )

    def board_after(
        self,
        seat: int,
        positions: tuple[int, ...],
        protected: int,
        armed: int,
        pending: Pending | None,
        action: TocAction,
    ) -> tuple[tuple[int, ...], int, int, Pending | None, tuple[int, ...]]:
        """The board once ``seat`` has made the legal play ``action`` (the one place a
        play moves pawns, for ``apply_action`` and for bots that try plays on the board
        alone): positions, protected, armed, the 7 still to split, and the winners (a
        discard leaves the board as it was)."""
        winners: tuple[int, ...] = ()
        if isinstance(action, Move):
            card = action.card
            passed = 0
            if card in (SEVEN, KING):
                remaining = pending.remaining if pending is not None else 7
                steps, passed = self.mover.path(
                    card, action.pawn, action.dest, positions, armed, remaining
                )
                if card == SEVEN:
                    left = remaining - steps
                    moved = (pending.moved if pending is not None else 0) | 1 << action.pawn
                    pending = Pending(left, moved) if left else None
            positions, protected, armed = self.mover.execute_move(
                card, action.pawn, action.dest, positions, protected, armed, passed
            )
            if action.dest >= self.board.zone_base:
                winners = self.mover.winners_after(seat, positions)
        elif isinstance(action, Enter):
            positions, protected, armed = self.mover.execute_enter(
                action.seat, positions, protected, armed
            )
        elif isinstance(action, Swap):
            positions, armed = self.mover.execute_swap(action.pawn, action.other, positions, armed)
        return positions, protected, armed, None if winners else pending, winners

    def _end_turn(
        self,
        state: TocState,
        positions: tuple[int, ...],
        protected: int,
        armed: int,
        hands: tuple[tuple[int, ...], ...],
        played: tuple[int, ...],
        known: tuple[tuple[int, ...], ...],
        gift_known: tuple[int, ...],
        winners: tuple[int, ...],
    ) -> TocState:
        turns = state.turns + 1
        talon = state.talon
        talon_order = state.talon_order
        if winners:
            phase, turn = OVER, state.turn
        elif self.refill:
            phase, turn = DRAW, state.turn
            if not talon_order and not any(talon):
                # The talon is rebuilt from the played cards (seed): shuffled (default:
                # option ``reshuffle``), or turned over in the order they were played.
                if self.config.reshuffle:
                    counts = [0] * 14
                    for card in played:
                        counts[card - 1] += 1
                    talon = tuple(counts)
                else:
                    talon_order = played
                played = ()
        else:
            turn = (state.turn + 1) % self.players
            if any(hands):
                phase = PLAY
                armed = self.mover.armed_at_turn_start(positions)
            else:
                phase = DEAL
        return new_state(
            phase, turn, positions, protected, armed, hands, talon, talon_order, played,
            None, state.gifts, known, gift_known, state.deals, state.starter, turns, winners,
        )  # fmt: skip

    def _give(self, state: TocState, card: int) -> TocState:
        """Partner exchange: set a card aside; once everyone has, pass them on at once."""
        seat = state.turn
        n = self.players
        hand = remove_one(state.hands[seat], card)
        hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
        known, gift_known = state.known, state.gift_known
        if known[seat] or gift_known[seat]:
            known, gift_known = view_module.forget(known, gift_known, seat, hand, card)
        gifts = (*state.gifts[:seat], card, *state.gifts[seat + 1 :])
        phase, turn, armed = EXCHANGE, (seat + 1) % n, state.armed
        if all(gifts):
            new_hands = list(hands)
            new_gift_known = list(gift_known)
            for giver in range(n):
                receiver = self.config.teammates(giver)[1]
                new_hands[receiver] = sorted_insert(new_hands[receiver], gifts[giver])
                new_gift_known[receiver] = gifts[giver]
            hands, gift_known = tuple(new_hands), tuple(new_gift_known)
            gifts = (0,) * n
            phase, turn = PLAY, state.starter
            armed = self.mover.armed_at_turn_start(state.positions)
        return new_state(
            phase, turn, state.positions, state.protected, armed, hands, state.talon,
            state.talon_order, state.played, None, gifts, known, gift_known, state.deals,
            state.starter, state.turns, (),
        )  # fmt: skip

    # ----------------------------------------------------------------- chance
    def _deal_pool(self, state: TocState) -> tuple[int, ...]:
        """The cards a deal draws from: the whole deck at the start of a 5-4-4 cycle."""
        return DECK_COUNTS if state.deals % 3 == 0 or self.refill else state.talon

    def _sample_chance(self, state: TocState, rng: random.Random) -> TocOutcome:
        if state.phase == DRAW:
            if state.talon_order:
                return _DRAWS[state.talon_order[0]]
            talon = state.talon
            pick = rng.randrange(sum(talon))
            for index, count in enumerate(talon):
                if pick < count:
                    return _DRAWS[index + 1]
                pick -= count
            raise AssertionError("talon counts are inconsistent")
        pool = [rank for rank, count in enumerate(self._deal_pool(state), 1) for _ in range(count)]
        size = self.deal_size(state.deals)
        cards = rng.sample(pool, size * self.players)
        return Deal(
            tuple(tuple(sorted(cards[i * size : (i + 1) * size])) for i in range(self.players))
        )

    def _is_possible_outcome(self, state: TocState, outcome: TocOutcome) -> bool:
        if state.phase == DRAW:
            if not isinstance(outcome, Draw):
                return False
            if state.talon_order:
                return outcome.card == state.talon_order[0]
            return 1 <= outcome.card <= 14 and state.talon[outcome.card - 1] > 0
        if not isinstance(outcome, Deal) or len(outcome.hands) != self.players:
            return False
        size = self.deal_size(state.deals)
        counts = Counter[int]()
        for hand in outcome.hands:
            if len(hand) != size or list(hand) != sorted(hand):
                return False
            counts.update(hand)
        pool = self._deal_pool(state)
        return all(1 <= rank <= 14 and n <= pool[rank - 1] for rank, n in counts.items())

    def chance_outcomes(self, state: TocState) -> tuple[tuple[TocOutcome, float], ...] | None:
        if state.phase != DRAW:
            return None
        if state.talon_order:
            return ((_DRAWS[state.talon_order[0]], 1.0),)
        total = sum(state.talon)
        return tuple(
            (_DRAWS[rank], count / total) for rank, count in enumerate(state.talon, 1) if count
        )

    def _apply_chance(self, state: TocState, outcome: TocOutcome) -> TocState:
        n = self.players
        if isinstance(outcome, Draw):
            seat = state.turn
            card = outcome.card
            hands = state.hands
            hands = (*hands[:seat], sorted_insert(hands[seat], card), *hands[seat + 1 :])
            talon, talon_order, known = state.talon, state.talon_order, state.known
            if talon_order:
                # Drawn from a talon whose order everyone saw: every seat knows the card.
                talon_order = talon_order[1:]
                known = (*known[:seat], sorted_insert(known[seat], card), *known[seat + 1 :])
            else:
                index = card - 1
                talon = (*talon[:index], talon[index] - 1, *talon[index + 1 :])
            nxt = (seat + 1) % n
            return new_state(
                PLAY, nxt, state.positions, state.protected,
                self.mover.armed_at_turn_start(state.positions), hands, talon, talon_order,
                state.played, None, state.gifts, known, state.gift_known, state.deals,
                state.starter, state.turns, (),
            )  # fmt: skip
        pool = list(self._deal_pool(state))
        for hand in outcome.hands:
            for rank in hand:
                pool[rank - 1] -= 1
        new_cycle = state.deals % 3 == 0 or self.refill
        starter = 0 if state.deals == 0 else (state.starter + 1) % n
        exchange = self.config.partner_exchange
        return new_state(
            EXCHANGE if exchange else PLAY, starter, state.positions, state.protected,
            self.mover.armed_at_turn_start(state.positions), outcome.hands, tuple(pool),
            () if new_cycle else state.talon_order, () if new_cycle else state.played, None,
            (0,) * n, ((),) * n, (0,) * n, state.deals + 1, starter, state.turns, (),
        )  # fmt: skip

    # ---------------------------------------------------------------- results
    def returns(self, state: TocState) -> tuple[float, ...]:
        if state.phase != OVER:
            return (0.0,) * self.players
        return standard_returns(self.players, state.winners)

    def result(self, state: TocState) -> GameResult:
        base = self.board.zone_base
        scores = tuple(
            float(sum(1 for cell in state.positions[s * 4 : s * 4 + 4] if cell >= base))
            for s in range(self.players)
        )
        reason = "team_home" if self.mover.teams else "all_pawns_home"
        return GameResult(state.winners, scores, state.turns, reason=reason)

    def announcements(
        self, before: TocState, action: TocAction | None, after: TocState
    ) -> tuple[Announcement, ...]:
        """Pawns captured (sent back to their reserve) and pawns swapped by a Jack: each
        told to the pawn's owner, with the seat that did it and the cells; and a pawn
        brought into its Safety Zone (the game's milestone), with how many are home."""
        notes: list[Announcement] = []
        old, new = before.positions, after.positions
        if old == new:
            return ()
        by = before.turn
        base = self.board.zone_base
        for pawn, (was, now) in enumerate(zip(old, new, strict=True)):
            owner = pawn // PAWNS_PER_SEAT
            if was != RESERVE and now == RESERVE:
                notes.append(Announcement("captured", owner, (("by", by), ("cell", was))))
            elif was != now and was != RESERVE and now in old and owner != by:
                other = old.index(now)
                if new[other] == was and other // PAWNS_PER_SEAT != owner:
                    detail = (("by", by), ("cell", was), ("to", now))
                    notes.append(Announcement("swapped", owner, detail))
            if was < base <= now:
                mine = new[owner * PAWNS_PER_SEAT : (owner + 1) * PAWNS_PER_SEAT]
                home = sum(1 for cell in mine if cell >= base)
                notes.append(Announcement("pawn_home", owner, (("by", by), ("home", home))))
        return tuple(notes)

    # ------------------------------------------------------------------ views
    def view(self, state: TocState, seat: int | None) -> TocView:
        return view_module.make_view(self, state, seat)

    def determinize(self, view: TocView, rng: random.Random) -> TocState:
        return view_module.determinize(self, view, rng)

    def redeal_hidden(self, state: TocState, seat: int, rng: random.Random) -> TocState:
        return view_module.redeal_hidden(self, state, seat, rng)

    def action_visibility(self, state: TocState, action: TocAction) -> frozenset[int] | None:
        # A card set aside for a partner is face down: only its giver sees which.
        return frozenset({state.turn}) if isinstance(action, Give) else None

    def outcome_visibility(self, state: TocState, outcome: TocOutcome) -> frozenset[int] | None:
        if isinstance(outcome, Draw):
            return None if state.talon_order else frozenset({state.turn})
        return frozenset()

    # --------------------------------------------------------------- notation
    def format_action(self, state: TocState, action: TocAction) -> str:
        return notation.format_action(self, state, action)

    def _parse_action(self, state: TocState, text: str) -> TocAction:
        return notation.parse_action(self, state, text)

    def action_ranges(self) -> dict[str, range]:
        """Card ranks, seats, pawns (four per seat) and the cells of this board."""
        pawns = range(PAWNS_PER_SEAT * self.players)
        return {
            "card": range(min(RANKS), max(RANKS) + 1),
            "seat": range(self.players),
            "pawn": pawns,
            "other": pawns,
            "dest": range(self.board.cells),
        }

    def explain_illegal(self, state: TocState, action: TocAction) -> str:
        return notation.explain_illegal(self, state, action)

    # -------------------------------------------------------------- inventory
    def card_inventory(self, state: TocState) -> Counter[object]:
        per_rank = list(state.talon)
        per_rank.append(0)  # a slot for the 0s of ``gifts`` (no card set aside)
        for pile in (*state.hands, state.played, state.talon_order, state.gifts):
            for rank in pile:
                per_rank[rank - 1] += 1
        counts: Counter[object] = Counter(
            {card_name(rank): count for rank, count in enumerate(per_rank[:-1], 1) if count}
        )
        on_track = [cell for cell in state.positions if cell != RESERVE]
        for seat in range(self.players):
            counts[("pawn", seat)] = PAWNS_PER_SEAT
        # Two pawns on one cell would lose a pawn: count a shared cell as a missing pawn.
        counts[("pawn", 0)] -= len(on_track) - len(set(on_track))
        return counts

    def full_inventory(self) -> Counter[object]:
        counts: Counter[object] = Counter()
        for rank, count in enumerate(DECK_COUNTS, 1):
            counts[card_name(rank)] += count
        for seat in range(self.players):
            counts[("pawn", seat)] += PAWNS_PER_SEAT
        return counts
