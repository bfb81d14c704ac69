"""The engine contract: one abstract ``Game`` that every game implements.

Modelled on OpenSpiel's game/state split and TAG's forward model: a ``Game`` object is
stateless apart from its configuration; states are immutable values; the public methods
here validate and then call per-game hooks (the underscored methods), so no game can
skip validation and no caller can mutate a state.

Seats are ``0..players-1``. ``current_player`` returns a seat, ``CHANCE`` when the next
step is a chance outcome (the caller samples it with its own generator) or ``TERMINAL``.
"""

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NoReturn, TypeAlias, TypeVar

from meeple.engine import codec
from meeple.engine.errors import (
    CHANCE_FIRST,
    NOT_LEGAL,
    TURN_OVER,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    Why,
)
from meeple.engine.options import OptionSpec, OptionValue, resolve_options
from meeple.engine.text import typed

CHANCE = -1
TERMINAL = -2

S = TypeVar("S")  # state
A = TypeVar("A")  # action
Out = TypeVar("Out")  # chance outcome
V = TypeVar("V")  # view of one seat (or of a spectator)

# Who may see a recorded action or chance outcome: None for everyone, else the seats that
# may (an empty set: nobody sees it whole; each seat learns its part through its view).
Visibility = frozenset[int] | None


@dataclass(frozen=True, slots=True)
class OlderVersion:
    """An earlier rules version whose records this one still replays exactly.

    ``defaults``: that version's option defaults where they differ from today's (a record
    always holds every option, so they only fill in what a record lacks); ``differs_with``:
    option values under which that version played otherwise (such records are refused,
    with ``change``, a sentence on what changed)."""

    version: int
    change: str
    defaults: tuple[tuple[str, OptionValue], ...] = ()
    differs_with: tuple[tuple[str, OptionValue], ...] = ()


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What a game is: its name, rules version, player counts and options, and the older
    rules versions whose records it still replays."""

    name: str
    title: str
    version: int
    player_counts: tuple[int, ...]
    options: tuple[OptionSpec, ...]
    summary: str
    length_unit: str = "rounds"
    older_versions: tuple[OlderVersion, ...] = ()
    # Every ``GameResult.reason`` this game gives, each with a sentence on what it means.
    end_reasons: tuple[tuple[str, str], ...] = ()

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        raise KeyError(name)


@dataclass(frozen=True, slots=True)
class GameResult:
    """The outcome of a finished game, in a form statistics can use for every game.

    ``reason``: why the game ended, one of the codes of ``GameSpec.end_reasons``;
    ``rounds``: each finished round's points per seat (round-based games; else empty)."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    length: int
    reason: str = ""
    rounds: tuple[tuple[float, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class Announcement:
    """What a rule just did to a seat, for logs and boards to tell in words (a pawn
    captured, a turn skipped, a pile won). Only ever public facts: every value in it is
    visible to everyone once the step is done.

    ``kind``: a code from the game's README; ``seat``: the seat it concerns (-1: the
    table); ``detail``: named integers (a card, a cell, a count, another seat)."""

    kind: str
    seat: int
    detail: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> dict[str, codec.JSON]:
        data: dict[str, codec.JSON] = {"kind": self.kind, "seat": self.seat}
        data.update(self.detail)
        return data


class Game(ABC, Generic[S, A, Out, V]):
    """The contract between a game's rules and everything built on them."""

    spec: ClassVar[GameSpec]
    state_type: ClassVar[type]
    action_type: ClassVar[object]
    outcome_type: ClassVar[object]
    view_type: ClassVar[type]
    # Every reason ``why_illegal`` may give, with the facts each is told (``NOT_LEGAL``,
    # the engine's own, with none, is always possible too).
    illegal_reasons: ClassVar[Mapping[str, frozenset[str]]] = {}
    # Every mistake the notation names when typed text cannot be read (the ``reason`` of
    # ``parse_action``'s ``InvalidActionError``), with the facts each is told.
    notation_mistakes: ClassVar[Mapping[str, frozenset[str]]] = {}

    def __init__(self, players: int, options: Mapping[str, OptionValue] | None = None) -> None:
        if players not in self.spec.player_counts:
            counts = ", ".join(map(str, self.spec.player_counts))
            raise InvalidOptionError(
                f"{self.spec.name}: {players} players is not supported; valid counts: {counts}",
                reason="players",
                details={"game": self.spec.name, "players": players, "counts": counts},
            )
        self.players = players
        self.options: dict[str, OptionValue] = resolve_options(
            self.spec.name, self.spec.options, options or {}
        )
        self._legal_cache: tuple[object, tuple[A, ...]] | None = None
        self._action_checker: codec.Checker | None = None

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.spec.option(k).default}
        return f"<{type(self).__name__} players={self.players} options={changed}>"

    # ----------------------------------------------------------------- the game's hooks
    @abstractmethod
    def initial_state(self) -> S:
        """The state before the first chance outcome (usually: the deal) or action."""

    @abstractmethod
    def current_player(self, state: S) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""

    @abstractmethod
    def _legal_actions(self, state: S) -> tuple[A, ...]:
        """Every legal action of the seat to act, in a deterministic order."""

    @abstractmethod
    def _apply_action(self, state: S, action: A) -> S:
        """The state after a legal action (already validated)."""

    @abstractmethod
    def _sample_chance(self, state: S, rng: random.Random) -> Out:
        """One chance outcome drawn with the caller's generator."""

    @abstractmethod
    def _is_possible_outcome(self, state: S, outcome: Out) -> bool:
        """Whether ``outcome`` can happen from ``state`` (used to refuse bad records)."""

    @abstractmethod
    def _apply_chance(self, state: S, outcome: Out) -> S:
        """The state after a possible chance outcome (already validated)."""

    @abstractmethod
    def returns(self, state: S) -> tuple[float, ...]:
        """Per-seat payoff, zero-sum: winners share +1, the others share -1; 0 until the end."""

    @abstractmethod
    def result(self, state: S) -> GameResult:
        """Winners, scores and length of a finished game."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may see (``None``: a spectator). The only way hidden data leaves."""

    @abstractmethod
    def determinize(self, view: V, rng: random.Random) -> S:
        """A full state consistent with ``view``, hidden parts sampled with ``rng``."""

    @abstractmethod
    def redeal_hidden(self, state: S, seat: int, rng: random.Random) -> S:
        """``state`` with everything ``seat`` cannot see reshuffled (from the state, for tests)."""

    @abstractmethod
    def format_action(self, state: S, action: A) -> str:
        """The action in the game's notation, as a person would type it."""

    @abstractmethod
    def _parse_action(self, state: S, text: str) -> A:
        """Parse notation; raise ``InvalidActionError`` when the text is malformed."""

    @abstractmethod
    def card_inventory(self, state: S) -> Counter[object]:
        """Every component (cards, pawns) wherever it is, for the conservation check."""

    @abstractmethod
    def full_inventory(self) -> Counter[object]:
        """What ``card_inventory`` must always equal."""

    def action_visibility(self, state: S, action: A) -> Visibility:
        """Who may see ``action`` in a log or replay (default: everyone)."""
        return None

    def outcome_visibility(self, state: S, outcome: Out) -> Visibility:
        """Who may see a chance outcome in a log or replay (default: nobody whole)."""
        return frozenset()

    def announcements(self, before: S, action: A | None, after: S) -> tuple[Announcement, ...]:
        """What the step from ``before`` to ``after`` (``action``, or None for a chance
        outcome) did to the seats, in public facts (default: nothing beyond the step)."""
        return ()

    def action_ranges(self) -> Mapping[str, range]:
        """The valid values of each integer field of the actions, by field name: what the
        game's components allow (a card kind of its deck, a seat, a cell of its board), not
        what is legal now. A value outside is malformed input and never reaches the rules."""
        return {}

    def why_illegal(self, state: S, action: A) -> Why:
        """Why ``action`` is not legal here; games override this for better reasons, each
        a kind a client may word itself (``Why.reason``) with its facts. Only well-formed
        actions reach it (see :meth:`check_action`)."""
        return Why(NOT_LEGAL, "it is not one of the legal actions in this situation")

    def explain_illegal(self, state: S, action: A) -> str:
        """Why ``action`` is not legal here, in English (:meth:`why_illegal`'s text)."""
        return self.why_illegal(state, action).text

    def chance_outcomes(self, state: S) -> tuple[tuple[Out, float], ...] | None:
        """All chance outcomes with probabilities, where they can be listed; else None."""
        return None

    @classmethod
    def upgrade_json(cls, version: int, kind: str, data: codec.JSON) -> codec.JSON:
        """``data``, an ``"action"`` or ``"outcome"`` as rules version ``version`` (one of
        ``spec.older_versions``) wrote it, in today's JSON (default: unchanged). Records
        of an older version are read through it. It must leave today's JSON as it is."""
        return data

    # ------------------------------------------------------------ validated public API
    def is_terminal(self, state: S) -> bool:
        return self.current_player(state) == TERMINAL

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """The single source of truth for legality; empty unless a seat is to act."""
        cached = self._legal_cache
        if cached is not None and cached[0] is state:
            return cached[1]
        actions = self._legal_actions(state) if self.current_player(state) >= 0 else ()
        # States are immutable, so one entry keyed by identity is always right; it saves
        # generating the list twice when a caller asks for it and then applies an action.
        self._legal_cache = (state, actions)
        return actions

    # --------------------------------------------------------------- unchecked fast path
    # For search and learning loops that have just taken ``action`` from
    # ``legal_actions_unchecked`` of the same state, as python-chess documents ``push``:
    # nothing is validated, so an action that is not legal here gives a state the rules
    # never reach (or an exception from deep inside the rules). Everyone else uses the
    # validated methods above and below.
    def legal_actions_unchecked(self, state: S) -> tuple[A, ...]:
        """Every legal action of the seat to act, without the legality cache or the check
        that a seat is to act: the caller knows ``current_player(state) >= 0``."""
        return self._legal_actions(state)

    def apply_unchecked(self, state: S, action: A) -> S:
        """The state after ``action``, which the caller took from
        :meth:`legal_actions_unchecked` (or :meth:`legal_actions`) of ``state``."""
        return self._apply_action(state, action)

    def sample_chance_unchecked(self, state: S, rng: random.Random) -> Out:
        """One chance outcome for ``state``, where the caller knows a chance step is due."""
        return self._sample_chance(state, rng)

    def apply_chance_unchecked(self, state: S, outcome: Out) -> S:
        """The state after ``outcome``, which the caller drew with :meth:`sample_chance`
        (or took from :meth:`chance_outcomes`) for ``state``."""
        return self._apply_chance(state, outcome)

    def check_action(self, action: object) -> None:
        """Refuse anything but one of this game's actions with every field of its declared
        type and in :meth:`action_ranges`: an ``InvalidActionError`` naming the field."""
        check = self._action_checker
        if check is None:
            check = self._action_checker = codec.checker(self.action_type, self.action_ranges())
        codec.check(check, action, "action")

    def apply_action(self, state: S, action: A) -> S:
        """The new state after ``action``; ``state`` itself is never changed."""
        self.check_action(action)
        seat = self.current_player(state)
        if seat < 0:
            situation = "a chance outcome is due" if seat == CHANCE else "the game is over"
            raise IllegalActionError(f"{action!r}: no seat may act now: {situation}")
        if action not in self.legal_actions(state):
            self._refuse(state, action, self.format_action(state, action), seat)
        return self._apply_action(state, action)

    def sample_chance(self, state: S, rng: random.Random) -> Out:
        if self.current_player(state) != CHANCE:
            raise IllegalActionError("no chance outcome is due in this state")
        return self._sample_chance(state, rng)

    def apply_chance(self, state: S, outcome: Out) -> S:
        if self.current_player(state) != CHANCE:
            raise IllegalActionError(f"chance outcome {outcome!r}: no chance outcome is due")
        if not self._is_possible_outcome(state, outcome):
            raise IllegalActionError(f"chance outcome {outcome!r} is impossible in this state")
        return self._apply_chance(state, outcome)

    def parse_action(self, state: S, text: str) -> A:
        """The legal action that ``text`` names; ``InvalidActionError`` when malformed,
        ``IllegalActionError`` when well-formed but not legal here."""
        seat = self.current_player(state)
        if seat < 0:
            raise IllegalActionError(f"{text!r}: no seat may act now")
        text = typed(text)  # full-width "Ｃ３０" is "C30"
        action = self._parse_action(state, text)
        self.check_action(action)
        if action not in self.legal_actions(state):
            self._refuse(state, action, text, seat)
        return action

    def parse_moves(self, state: S, text: str) -> list[A]:
        """The actions of a line of moves typed with ``;`` between them (``"lay; put 5r
        g1; put 5b g1"``), each legal after the ones before it and all the same seat's: a
        person's whole turn at once. Nothing is applied; an error names the move refused
        in ``part`` when the line held several, and a move that must wait says why with
        the engine's reason ``CHANCE_FIRST`` (a card is dealt or drawn before it) or
        ``TURN_OVER`` (the seat's turn ends before it)."""
        parts = [part.strip() for part in typed(text).split(";") if part.strip()]
        if not parts:
            raise InvalidActionError("no move was typed")
        seat = self.current_player(state)
        actions: list[A] = []
        for part in parts:
            try:
                actor = self.current_player(state)
                if actor == CHANCE and actions:
                    raise IllegalActionError(
                        f"{part!r}: a chance outcome comes before it; send it afterwards",
                        reason=CHANCE_FIRST,
                    )
                if actor != seat:
                    raise IllegalActionError(
                        f"{part!r}: seat {seat}'s turn is over before it", reason=TURN_OVER
                    )
                action = self.parse_action(state, part)
            except (InvalidActionError, IllegalActionError) as error:
                if len(parts) > 1:
                    error.part = part
                raise
            actions.append(action)
            state = self.apply_action(state, action)
        return actions

    def _refuse(self, state: S, action: A, said: str, seat: int) -> NoReturn:
        """Raise the ``IllegalActionError`` for ``action`` (typed as ``said``) with why."""
        why = self.why_illegal(state, action)
        raise IllegalActionError(
            f"{said!r} is illegal for seat {seat}: {why.text}",
            reason=why.reason,
            details=why.details,
        )

    # ----------------------------------------------------------------------- JSON codec
    def encode_state(self, state: S) -> codec.JSON:
        return codec.to_json(state)

    def decode_state(self, data: codec.JSON) -> S:
        state: S = codec.from_json(self.state_type, data, "state")  # type: ignore[assignment]
        return state

    def encode_action(self, action: A) -> codec.JSON:
        return codec.to_json(action)

    def decode_action(self, data: codec.JSON) -> A:
        """The action ``data`` encodes, well formed (:meth:`check_action`); else an
        ``InvalidActionError`` naming the field."""
        action: A = codec.from_json(self.action_type, data, "action")  # type: ignore[assignment]
        self.check_action(action)
        return action

    def encode_outcome(self, outcome: Out) -> codec.JSON:
        return codec.to_json(outcome)

    def decode_outcome(self, data: codec.JSON) -> Out:
        outcome: Out = codec.from_json(self.outcome_type, data, "outcome")  # type: ignore[assignment]
        return outcome

    def encode_view(self, view: V) -> codec.JSON:
        return codec.to_json(view)

    def decode_view(self, data: codec.JSON) -> V:
        view: V = codec.from_json(self.view_type, data, "view")  # type: ignore[assignment]
        return view


# A game of any kind, for code that works with every game (runners, servers, bots).
AnyGame: TypeAlias = Game[Any, Any, Any, Any]


def standard_returns(players: int, winners: tuple[int, ...]) -> tuple[float, ...]:
    """Zero-sum payoffs: the winners share +1 and the others share -1 (all 0 if all win)."""
    if not winners or len(winners) == players:
        return tuple(0.0 for _ in range(players))
    win = 1.0 / len(winners)
    lose = -1.0 / (players - len(winners))
    return tuple(win if seat in winners else lose for seat in range(players))


__all__ = [
    "CHANCE",
    "TERMINAL",
    "Announcement",
    "AnyGame",
    "Game",
    "GameResult",
    "GameSpec",
    "InvalidActionError",
    "OlderVersion",
    "Visibility",
    "standard_returns",
]
