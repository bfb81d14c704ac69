"""Toquer's rules: legal actions, transitions and chance (the ``Game`` subclass)."""

import random
from collections import Counter
from collections.abc import Callable, Mapping

from meeple.engine.errors import InvalidOptionError
from meeple.engine.options import OptionValue
from meeple.engine.protocol import CHANCE, Announcement, Game, GameResult, standard_returns
from meeple.games.toquer import notation, turns, view
from meeple.games.toquer.actions import (
    Clear,
    Deal,
    DiscardReveal,
    Draw,
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
    ToquerOutcome,
)
from meeple.games.toquer.cards import Deck, draw_index
from meeple.games.toquer.config import SPEC, Config
from meeple.games.toquer.layout import DOWN, EMPTY, UP, build_geometry, find_triples
from meeple.games.toquer.state import (
    KNOCKED,
    NOT_ASKED,
    PASSED,
    UNDECIDED,
    Phase,
    ToquerState,
    evolve,
)
from meeple.games.toquer.view import ToquerView

SETUP_REVEALS = 2  # default, from Skyjo: each player reveals two of their own cards
MIN_CARDS_TO_KNOCK = 4  # seed: no knocking with only 3 of one's 15 cards left

_DRAW_STOCK = DrawStock()
_DRAW_DISCARD = DrawDiscard()
_KNOCK_CHOICES = (Knock(), Pass())
_REFUSE = Refuse()
_STOP = StopClearing()


class ToquerGame(Game[ToquerState, ToquerAction, ToquerOutcome, ToquerView]):
    """Toquer for 2 to 8 players (see README.md for the rules and their sources)."""

    spec = SPEC
    state_type = ToquerState
    action_type = ToquerAction
    outcome_type = ToquerOutcome
    view_type = ToquerView

    def __init__(self, players: int, options: Mapping[str, OptionValue] | None = None) -> None:
        super().__init__(players, options)
        self.config = Config.from_options(players, self.options)
        self.geometry = build_geometry(players, self.config.layout)
        self.deck = Deck.from_pairs(self.config.deck)
        needed = self.geometry.slots + 2
        if self.deck.size < needed:
            raise InvalidOptionError(
                f"option 'deck': {self.deck.size} cards are too few for {players} players "
                f"with layout {self.config.layout}: at least {needed} are needed"
            )
        self.value_index = self.deck.index()
        self._all_cards = self.deck.cards()
        self._draws = {value: Draw(value) for value in self.deck.values}
        positions = range(3 * self.geometry.width)
        self._reveal = tuple(Reveal(p) for p in positions)
        self._swap = tuple(Swap(p) for p in positions)
        self._discard_reveal = tuple(DiscardReveal(p) for p in positions)
        self._take = tuple(Take(p) for p in positions)
        self._give = tuple(Give(s) for s in range(players))
        self._handlers: dict[type, Callable[[ToquerState, ToquerAction], ToquerState]] = {
            Reveal: self._on_reveal,
            DrawStock: self._on_draw_stock,
            DrawDiscard: self._on_draw_discard,
            Knock: self._on_vote,
            Pass: self._on_vote,
            Give: self._on_give,
            Refuse: self._on_refuse,
            Swap: self._on_swap,
            DiscardReveal: self._on_discard_reveal,
            Take: self._on_take,
            Clear: self._on_clear,
            StopClearing: self._on_stop,
        }

    # ------------------------------------------------------------------ basic queries
    def initial_state(self) -> ToquerState:
        slots = self.geometry.slots
        return ToquerState(
            phase=Phase.DEAL,
            actor=CHANCE,
            round=0,
            dealer=self.players - 1,  # default: seat 0 starts the first round
            active=0,
            cards=(0,) * slots,
            faces=EMPTY * slots,
            stock=self.deck.counts,
            discard=(),
            drawn=None,
            from_stock=False,
            held=None,
            held_hidden=False,
            votes=NOT_ASKED * self.players,
            knocker=-1,
            taken_slot=-1,
            taken=None,
            setup_left=0,
            ender=-1,
            last_turns=(),
            scores=(0,) * self.players,
            last_round=None,
            winners=(),
            round_turns=0,
        )

    def current_player(self, state: ToquerState) -> int:
        return state.actor

    def frame_cards(self, faces: str, seat: int) -> int:
        """How many cards are among ``seat``'s playable slots (their 15)."""
        frame = self.geometry.frames[seat]
        return sum(1 for p in self.geometry.playable[seat] if faces[frame[p]] != EMPTY)

    def can_knock(self, state: ToquerState, seat: int) -> bool:
        """Seed: not the active player, not after one's last turn, not with 3 cards left."""
        if seat == state.active or self.players == 2:
            return False
        if state.ender >= 0 and (seat == state.ender or seat not in state.last_turns):
            return False
        return self.frame_cards(state.faces, seat) >= MIN_CARDS_TO_KNOCK

    def triples(self, state: ToquerState, seat: int) -> tuple[tuple[int, int, int], ...]:
        """The triples ``seat`` may clear now (frame positions)."""
        return self._triples(state.cards, state.faces, seat)

    def _triples(
        self, cards: tuple[int, ...], faces: str, seat: int
    ) -> tuple[tuple[int, int, int], ...]:
        g = self.geometry
        return find_triples(
            cards, faces, g.frames[seat], g.lines[seat], self.config.gaps_break_adjacency
        )

    def takeable(self, state: ToquerState) -> tuple[int, ...]:
        """Knock step 3: the knocker's positions the active seat may take a card from.

        The active seat must then have another card of their own 15 to swap it with.
        """
        g, faces = self.geometry, state.faces
        knocker_frame, active_frame = g.frames[state.knocker], g.frames[state.active]
        own = [active_frame[p] for p in g.playable[state.active] if faces[active_frame[p]] != EMPTY]
        found = []
        for p in g.playable[state.knocker]:
            slot = knocker_frame[p]
            if faces[slot] != EMPTY and (len(own) > 1 or (own and own[0] != slot)):
                found.append(p)
        return tuple(found)

    # ---------------------------------------------------------------- legal actions
    def _legal_actions(self, state: ToquerState) -> tuple[ToquerAction, ...]:
        phase, g, faces = state.phase, self.geometry, state.faces
        seat = state.actor
        frame = g.frames[seat]
        if phase is Phase.KNOCK:
            return _KNOCK_CHOICES
        if phase is Phase.DRAW:
            stock_ok = len(state.discard) > 1 or any(state.stock)
            if stock_ok:
                return (_DRAW_STOCK, _DRAW_DISCARD) if state.discard else (_DRAW_STOCK,)
            return (_DRAW_DISCARD,)
        if phase is Phase.PLACE:
            swaps: list[ToquerAction] = [
                self._swap[p] for p in g.playable[seat] if faces[frame[p]] != EMPTY
            ]
            if state.from_stock or not self.config.discard_draw_must_keep:
                swaps.extend(
                    self._discard_reveal[p] for p in g.playable[seat] if faces[frame[p]] == DOWN
                )
            return tuple(swaps)
        if phase is Phase.KNOCK_SWAP or phase is Phase.KNOCK_PLACE:
            return tuple(self._swap[p] for p in g.playable[seat] if faces[frame[p]] != EMPTY)
        if phase is Phase.CLEAR:
            clears: list[ToquerAction] = [Clear(*t) for t in self.triples(state, seat)]
            clears.append(_STOP)
            return tuple(clears)
        if phase is Phase.SETUP:
            return tuple(self._reveal[p] for p in g.own_positions[seat] if faces[frame[p]] == DOWN)
        if phase is Phase.ANSWER:
            n = self.players
            order = [(state.active + k) % n for k in range(1, n)]
            gives: list[ToquerAction] = [self._give[s] for s in order if state.votes[s] == KNOCKED]
            gives.append(_REFUSE)
            return tuple(gives)
        if phase is Phase.KNOCK_TAKE:
            return tuple(self._take[p] for p in self.takeable(state))
        return ()

    def action_ranges(self) -> dict[str, range]:
        """Positions of a seat's frame, and seats."""
        positions = range(3 * self.geometry.width)
        return {
            "position": positions,
            "first": positions,
            "second": positions,
            "third": positions,
            "seat": range(self.players),
        }

    def explain_illegal(self, state: ToquerState, action: ToquerAction) -> str:
        return notation.explain_illegal(self, state, action)

    # ------------------------------------------------------------------ transitions
    def _apply_action(self, state: ToquerState, action: ToquerAction) -> ToquerState:
        return self._handlers[type(action)](state, action)

    def _on_reveal(self, state: ToquerState, action: ToquerAction) -> ToquerState:
        assert isinstance(action, Reveal)
        slot = self.geometry.frames[state.actor][action.position]
        left = state.setup_left - 1
        faces = _set_face(state.faces, slot, UP)
        starter = (state.dealer + 1) % self.players
        if left:
            done = SETUP_REVEALS * self.players - left
            actor = (starter + done // SETUP_REVEALS) % self.players
            return evolve(state, faces=faces, setup_left=left, actor=actor)
        state = evolve(state, faces=faces, setup_left=0)
        return turns.start_turn(self, state, starter)

    def _on_draw_stock(self, state: ToquerState, action: ToquerAction) -> ToquerState:
        stock, discard = state.stock, state.discard
        if not any(stock):  # default, from Skyjo: the discard but its top becomes the stock
            counts = [0] * len(stock)
            for card in discard[:-1]:
                counts[self.value_index[card]] += 1
            stock, discard = tuple(counts), discard[-1:]
        return evolve(state, phase=Phase.STOCK_DRAW, actor=CHANCE, stock=stock, discard=discard)

    def _on_draw_discard(self, state: ToquerState, action: ToquerAction) -> ToquerState:
        return evolve(
            state,
            phase=Phase.PLACE,
            actor=state.active,
            drawn=state.discard[-1],
            discard=state.discard[:-1],
            from_stock=False,
        )

    def _on_vote(self, state: ToquerState, action: ToquerAction) -> ToquerState:
        seat = state.actor
        mark = KNOCKED if isinstance(action, Knock) else PASSED
        votes = state.votes[:seat] + mark + state.votes[seat + 1 :]
        phase, actor = self._next_voter(state.active, votes)
        return evolve(state, phase=phase, actor=actor, votes=votes)

    def _next_voter(self, active: int, votes: str) -> tuple[Phase, int]:
        """The next seat to decide on knocking; when all have, reveal who knocked."""
        n = self.players
        for k in range(1, n):
            seat = (active + k) % n
            if votes[seat] == UNDECIDED:
                return Phase.KNOCK, seat
        return (Phase.ANSWER if KNOCKED in votes else Phase.PLACE), active

    def _on_give(self, state: ToquerState, action: ToquerAction) -> ToquerState:
        assert isinstance(action, Give)
        return evolve(state, phase=Phase.KNOCK_SWAP, actor=action.seat, knocker=action.seat)

    def _on_refuse(self, state: ToquerState, action: ToquerAction) -> ToquerState:
        return evolve(state, phase=Phase.PLACE, actor=state.active)

    def _on_swap(self, state: ToquerState, action: ToquerAction) -> ToquerState:
        assert isinstance(action, Swap)
        seat = state.actor
        slot = self.geometry.frames[seat][action.position]
        old, old_face = state.cards[slot], state.faces[slot]
        if state.phase is Phase.KNOCK_PLACE:
            # Knock steps 3-4: the taken card goes in face up, the card taken out is
            # discarded, and the knocker's hand card fills the gap left by the take.
            assert state.taken is not None and state.held is not None
            cards = _set_card(state.cards, slot, state.taken)
            gap = state.taken_slot
            cards = _set_card(cards, gap, state.held)
            faces = _set_face(_set_face(state.faces, slot, UP), gap, UP)
            discard = (*state.discard, old)
            if self._triples(cards, faces, seat):
                return evolve(
                    state,
                    phase=Phase.CLEAR,
                    cards=cards,
                    faces=faces,
                    discard=discard,
                    held=None,
                    held_hidden=False,
                    taken=None,
                    taken_slot=-1,
                )
            return turns.end_turn(self, state, cards, faces, discard)
        assert state.drawn is not None
        cards = _set_card(state.cards, slot, state.drawn)
        faces = _set_face(state.faces, slot, UP)
        if state.phase is Phase.KNOCK_SWAP:
            # Knock step 1: the knocker keeps the card taken out in hand, unseen by the
            # others if it was face down; step 2: the knocker may clear.
            state = evolve(
                state, cards=cards, faces=faces, drawn=None, held=old, held_hidden=old_face == DOWN
            )
            if self._triples(cards, faces, seat):
                return evolve(state, phase=Phase.CLEAR)
            return self._begin_take(state)
        # The card taken out is discarded after any clearing (seed).
        if self._triples(cards, faces, seat):
            return evolve(state, phase=Phase.CLEAR, cards=cards, faces=faces, drawn=None, held=old)
        return turns.end_turn(self, state, cards, faces, (*state.discard, old))

    def _on_discard_reveal(self, state: ToquerState, action: ToquerAction) -> ToquerState:
        assert isinstance(action, DiscardReveal)
        seat = state.actor
        slot = self.geometry.frames[seat][action.position]
        assert state.drawn is not None
        faces = _set_face(state.faces, slot, UP)
        # Triples revealed now are discarded on top of the drawn card (seed).
        discard = (*state.discard, state.drawn)
        if self._triples(state.cards, faces, seat):
            return evolve(state, phase=Phase.CLEAR, faces=faces, discard=discard, drawn=None)
        return turns.end_turn(self, state, state.cards, faces, discard)

    def _on_take(self, state: ToquerState, action: ToquerAction) -> ToquerState:
        assert isinstance(action, Take)
        slot = self.geometry.frames[state.knocker][action.position]
        return evolve(
            state,
            phase=Phase.KNOCK_PLACE,
            actor=state.active,
            cards=_set_card(state.cards, slot, 0),
            faces=_set_face(state.faces, slot, EMPTY),
            taken=state.cards[slot],
            taken_slot=slot,
        )

    def _begin_take(self, state: ToquerState) -> ToquerState:
        if self.takeable(state):
            return evolve(state, phase=Phase.KNOCK_TAKE, actor=state.active)
        # Default (corner case): the active seat has no card to swap, so steps 3-4 are
        # skipped and the knocker's hand card is discarded.
        return turns.end_turn(self, state, state.cards, state.faces, self._discard_held(state))

    def _discard_held(self, state: ToquerState) -> tuple[int, ...]:
        return state.discard if state.held is None else (*state.discard, state.held)

    def _on_clear(self, state: ToquerState, action: ToquerAction) -> ToquerState:
        assert isinstance(action, Clear)
        seat = state.actor
        frame = self.geometry.frames[seat]
        slots = (frame[action.first], frame[action.second], frame[action.third])
        faces, cards = state.faces, state.cards
        discard = (*state.discard, *(cards[slot] for slot in slots))
        for slot in slots:
            faces = _set_face(faces, slot, EMPTY)
            cards = _set_card(cards, slot, 0)  # empty slots hold 0, so states are canonical
        state = evolve(state, cards=cards, faces=faces, discard=discard)
        if self.config.goal == "race":
            cleared = turns.cleared_seats(self, state)
            if cleared:
                return turns.game_over(state, cleared)
        if self.triples(state, seat):
            return state
        return self._on_stop(state, _STOP)

    def _on_stop(self, state: ToquerState, action: ToquerAction) -> ToquerState:
        if state.actor == state.knocker:
            return self._begin_take(state)
        return turns.end_turn(self, state, state.cards, state.faces, self._discard_held(state))

    # ------------------------------------------------------------------------ chance
    def _sample_chance(self, state: ToquerState, rng: random.Random) -> ToquerOutcome:
        if state.phase is Phase.DEAL:
            cards = rng.sample(self._all_cards, self.geometry.slots + 1)
            return Deal(tuple(cards[:-1]), cards[-1])
        return self._draws[self.deck.values[draw_index(state.stock, rng)]]

    def chance_outcomes(self, state: ToquerState) -> tuple[tuple[ToquerOutcome, float], ...] | None:
        if state.phase is not Phase.STOCK_DRAW:
            return None
        total = sum(state.stock)
        return tuple(
            (self._draws[value], count / total)
            for value, count in zip(self.deck.values, state.stock, strict=True)
            if count
        )

    def _is_possible_outcome(self, state: ToquerState, outcome: ToquerOutcome) -> bool:
        if state.phase is Phase.DEAL:
            if not isinstance(outcome, Deal) or len(outcome.cards) != self.geometry.slots:
                return False
            dealt = Counter(outcome.cards)
            dealt[outcome.discard] += 1
            full = self.deck.inventory()
            return all(full[card] >= count for card, count in dealt.items())
        if state.phase is Phase.STOCK_DRAW and isinstance(outcome, Draw):
            index = self.value_index.get(outcome.card)
            return index is not None and state.stock[index] > 0
        return False

    def _apply_chance(self, state: ToquerState, outcome: ToquerOutcome) -> ToquerState:
        if isinstance(outcome, Draw):
            index = self.value_index[outcome.card]
            stock = (*state.stock[:index], state.stock[index] - 1, *state.stock[index + 1 :])
            n = self.players
            votes = "".join(
                UNDECIDED if self.can_knock(state, seat) else NOT_ASKED for seat in range(n)
            )
            phase, actor = self._next_voter(state.active, votes)
            return evolve(
                state,
                phase=phase,
                actor=actor,
                stock=stock,
                drawn=outcome.card,
                from_stock=True,
                votes=votes,
            )
        counts = list(self.deck.counts)
        for card in (*outcome.cards, outcome.discard):
            counts[self.value_index[card]] -= 1
        state = evolve(
            state,
            phase=Phase.SETUP,
            actor=(state.dealer + 1) % self.players,
            round=state.round + 1,
            cards=outcome.cards,
            faces=DOWN * self.geometry.slots,
            stock=tuple(counts),
            discard=(outcome.discard,),
            setup_left=SETUP_REVEALS * self.players,
            ender=-1,
            last_turns=(),
            round_turns=0,
        )
        return state

    def outcome_visibility(
        self, state: ToquerState, outcome: ToquerOutcome
    ) -> frozenset[int] | None:
        # A stock draw is shown to everyone (seed); a deal is seen by nobody whole (each
        # seat learns its part, the discard's first card, through its view).
        return None if isinstance(outcome, Draw) else frozenset()

    def action_visibility(self, state: ToquerState, action: ToquerAction) -> frozenset[int] | None:
        # Knock decisions are secret until everyone has decided (then the view shows them).
        if isinstance(action, (Knock, Pass)):
            return frozenset((state.actor,))
        return None

    # ----------------------------------------------------------------------- results
    def returns(self, state: ToquerState) -> tuple[float, ...]:
        if state.phase is not Phase.OVER:
            return (0.0,) * self.players
        return standard_returns(self.players, state.winners)

    def result(self, state: ToquerState) -> GameResult:
        scored = state.last_round is not None and state.last_round.round == state.round
        return GameResult(
            winners=state.winners,
            scores=tuple(float(s) for s in state.scores),
            length=state.round,
            # A race is won mid-round; the end score only after a round is scored.
            reason="end_score" if scored and self.config.goal != "race" else "race_cleared",
            rounds=tuple(tuple(float(p) for p in points) for points in state.round_points),
        )

    def announcements(
        self, before: ToquerState, action: ToquerAction | None, after: ToquerState
    ) -> tuple[Announcement, ...]:
        """Who knocked (once all have decided), a knock's exchange (every card in it is
        face up once it is done), and the round's end (all cards turned up)."""
        notes: list[Announcement] = []
        if before.phase is Phase.KNOCK and after.phase is not Phase.KNOCK:
            knockers = [s for s, vote in enumerate(after.votes) if vote == KNOCKED]
            if not knockers:
                notes.append(Announcement("nobody_knocked", before.active))
            notes.extend(Announcement("knocked", s) for s in knockers)
        taken = before.taken
        if isinstance(action, Swap) and before.phase is Phase.KNOCK_PLACE and taken is not None:
            slot = self.geometry.frames[before.actor][action.position]
            detail: tuple[tuple[str, int], ...] = (
                ("by", before.active),
                ("taken", taken),
                ("from_slot", before.taken_slot),
                ("to_slot", slot),
                ("given", before.held if before.held is not None else 0),
                ("discarded", before.cards[slot]),
            )
            notes.append(Announcement("knock_exchange", before.knocker, detail))
        summary = after.last_round
        if summary is not None and summary is not before.last_round:
            detail = (("round", summary.round), ("doubled", int(summary.doubled)))
            notes.append(Announcement("round_over", summary.ender, detail))
        return tuple(notes)

    # ------------------------------------------------------------ views and notation
    def view(self, state: ToquerState, seat: int | None) -> ToquerView:
        return view.make_view(self.config, state, seat)

    def determinize(self, seat_view: ToquerView, rng: random.Random) -> ToquerState:
        return view.determinize(self.deck, seat_view, rng)

    def redeal_hidden(self, state: ToquerState, seat: int, rng: random.Random) -> ToquerState:
        return view.redeal_hidden(self.deck, state, seat, rng)

    def format_action(self, state: ToquerState, action: ToquerAction) -> str:
        return notation.format_action(self.geometry, action)

    def _parse_action(self, state: ToquerState, text: str) -> ToquerAction:
        return notation.parse_action(self.geometry, text)

    def card_inventory(self, state: ToquerState) -> Counter[object]:
        found: Counter[object] = Counter(
            card for card, face in zip(state.cards, state.faces, strict=True) if face != EMPTY
        )
        for value, count in zip(self.deck.values, state.stock, strict=True):
            if count:
                found[value] += count
        found.update(state.discard)
        for loose in (state.drawn, state.held, state.taken):
            if loose is not None:
                found[loose] += 1
        return found

    def full_inventory(self) -> Counter[object]:
        return self.deck.inventory()


def _set_face(faces: str, slot: int, face: str) -> str:
    return faces[:slot] + face + faces[slot + 1 :]


def _set_card(cards: tuple[int, ...], slot: int, card: int) -> tuple[int, ...]:
    return (*cards[:slot], card, *cards[slot + 1 :])
