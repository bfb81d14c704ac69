"""What every game's RL encoding provides: a fixed, compact action index space and an
observation array built from a seat's view.

An encoder is made for one configured game (players and options). It fixes

- every action of the game that is possible in this configuration, numbered for each
  acting seat (``actions(seat)``: seat-relative where the game names seats, so that one
  policy can play any seat);
- ``num_actions``: the size of the discrete action space a learner chooses in (at most
  ``MAX_ACTIONS`` in every game and configuration). Most actions are one index; an
  action with many parts (a CMYK multiple completion, a Toc move, a Phase 10 hit) is a
  short sequence of indices (``action_tokens``), chosen one at a time inside the RL
  layer, the mask showing at each step the indices that still lead to a legal action
  (see ``choose``). The engine's actions, notation and records are unchanged;
- ``layout``: the observation array's fields (name, size, bounds, meaning), from which the
  observation space and the documentation tables are both built;
- ``observe(view)``: the observation of one seat, computed from ``game.view(state,
  seat)`` only, so it can never hold what the seat may not see.
"""

from abc import ABC, abstractmethod
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import numpy as np
import numpy.typing as npt

from meeple.engine.errors import IllegalActionError
from meeple.engine.protocol import Game

S = TypeVar("S")
A = TypeVar("A", bound=Hashable)
V = TypeVar("V")

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]
# A learner's choices so far in a decision of several indices (empty: none yet).
Prefix = tuple[int, ...]
MAX_ACTIONS = 1000  # the most indices a learner ever chooses among, in any configuration
# Runs of values written from a start offset.
Blocks = list[tuple[int, "list[float] | Observation"]]


@dataclass(frozen=True, slots=True)
class Field:
    """A run of observation entries with one meaning."""

    name: str
    start: int
    size: int
    size_text: str  # the size in symbols, e.g. "n × 50"
    low: float
    high: float
    meaning: str


class Layout:
    """The observation array's fields, in order."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(
        self,
        name: str,
        size: int,
        size_text: str,
        meaning: str,
        *,
        low: float = 0.0,
        high: float = 1.0,
    ) -> int:
        """Append a field; return its start offset."""
        start = self.size
        self.fields.append(Field(name, start, size, size_text, low, high, meaning))
        self.size += size
        return start

    def field(self, name: str) -> Field:
        for item in self.fields:
            if item.name == name:
                return item
        raise KeyError(name)

    def bounds(self) -> tuple[Observation, Observation]:
        low = np.zeros(self.size, dtype=np.float32)
        high = np.zeros(self.size, dtype=np.float32)
        for item in self.fields:
            low[item.start : item.start + item.size] = item.low
            high[item.start : item.start + item.size] = item.high
        return low, high

    def markdown(self) -> str:
        """The layout as a Markdown table (sizes in symbols, bounds, meaning)."""
        rows = ["| field | size | values | meaning |", "|---|---|---|---|"]
        for item in self.fields:
            values = f"{_number(item.low)}–{_number(item.high)}"
            rows.append(f"| `{item.name}` | {item.size_text} | {values} | {item.meaning} |")
        return "\n".join(rows)


@dataclass(slots=True)
class ActionBlock(Generic[A]):
    """A run of engine actions of one kind; ``actions`` lists them for one acting seat.
    ``chosen_as`` says, in a factored encoding, which indices a learner chooses for one."""

    name: str
    size_text: str
    meaning: str
    actions: list[A] = field(default_factory=list)
    chosen_as: str = "one index"


@dataclass(frozen=True, slots=True)
class IndexBlock:
    """A run of action indices (what a learner chooses among) of one kind."""

    name: str
    size: int
    size_text: str
    meaning: str


# Up to this many ones are written one by one (``put`` first turns its list into an array).
_FEW_ONES = 6
_LEGAL_MEMO_SIZE = 64  # legal tuples kept by identity (most are made afresh each time)


class _Legal(Generic[A]):
    """A legal tuple, its action numbers, the indices a learner may choose first, and
    (once asked for twice) its mask. ``long``: some legal action is several indices."""

    __slots__ = ("actions", "asked", "first", "following", "long", "mask", "numbers", "seat")

    def __init__(
        self,
        actions: tuple[A, ...],
        seat: int,
        numbers: list[int],
        first: tuple[int, ...],
        long: bool,
    ) -> None:
        self.actions = actions
        self.seat = seat
        self.numbers = numbers
        self.first = first
        self.long = long
        self.asked = False
        self.mask: Mask | None = None
        # The indices that continue the last prefix asked about (see _next_indices).
        self.following: tuple[Prefix, tuple[int, ...]] = ((), first)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


class Encoder(ABC, Generic[S, A, V]):
    """The action index space and observation array of one configured game."""

    # True when an action names seats (e.g. a Skip's target) and the numbering is laid
    # out relative to the acting seat; False: one table serves every seat.
    seat_relative_actions = True
    # True when some actions are chosen as several indices: the encoder then gives its
    # index blocks (``_index_blocks``) and each action's indices (``_tokens``).
    factored = False
    # The index "done: play what is chosen", in a factored encoding where one action's
    # indices begin another's (a CMYK single lay and a multiple completion with it).
    end_index: int | None = None

    def __init__(self, game: Game[S, A, object, V]) -> None:
        self.game = game
        self.players = game.players
        self.layout = Layout()
        self._build_layout(self.layout)
        seats = range(self.players) if self.seat_relative_actions else range(1)
        self.blocks: list[list[ActionBlock[A]]] = [self._action_blocks(seat) for seat in seats]
        self._actions: list[tuple[A, ...]] = []
        self._index: list[dict[A, int]] = []
        for seat, blocks in enumerate(self.blocks):
            actions = tuple(action for block in blocks for action in block.actions)
            index = {action: position for position, action in enumerate(actions)}
            if len(index) != len(actions):
                raise AssertionError(f"{game.spec.name}: duplicate actions for seat {seat}")
            if self._actions and len(actions) != len(self._actions[0]):
                raise AssertionError(f"{game.spec.name}: seats have different action counts")
            self._actions.append(actions)
            self._index.append(index)
        self.action_count = len(self._actions[0])  # the engine actions of the configuration
        self._build_indices(len(self.blocks))
        if self.num_actions > MAX_ACTIONS:
            # (each encoder's docstring bounds its count over the options' whole range)
            raise AssertionError(
                f"{game.spec.name}: {self.num_actions} action indices, more than "
                f"{MAX_ACTIONS}: an encoding bound no longer holds for these options"
            )
        if not self.seat_relative_actions:
            self._actions *= self.players
            self._index *= self.players
            self._sequences *= self.players
            self._by_sequence *= self.players
            self._single *= self.players
            self._first *= self.players
            self._long *= self.players
        if self.factored:
            self.o_chosen = self.layout.add(
                "chosen",
                self.num_actions,
                "A",
                "the indices chosen so far in a decision of several (the action table's "
                "order); all 0 between decisions",
            )
        self.observation_size = self.layout.size
        self._zeros = np.zeros(self.observation_size, dtype=np.float32)
        # The legal numbers (and mask) of the last state asked about, and of the legal
        # tuples seen lately, by the tuple's identity and the seat (see legal_indices).
        self._legal_cache: tuple[object, _Legal[A]] | None = None
        self._legal_memo: dict[tuple[int, int], _Legal[A]] = {}
        self._no_legal: _Legal[A] = _Legal((), -1, [], (), False)

    def _build_indices(self, seats: int) -> None:
        """Each action's indices, and the tables that read them back, for ``seats``
        numberings (checked: distinct, in range, and a sequence that begins another
        only where the encoding has a "done" index)."""
        name = self.game.spec.name
        if self.factored:
            self.index_blocks = self._index_blocks()
            self.num_actions = sum(block.size for block in self.index_blocks)
        else:
            self.index_blocks = [
                IndexBlock(block.name, len(block.actions), block.size_text, block.meaning)
                for block in self.blocks[0]
            ]
            self.num_actions = self.action_count
        self._sequences: list[list[Prefix]] = []
        self._by_sequence: list[dict[Prefix, int]] = []
        self._single: list[list[int]] = []  # per index: the action it is alone, or -1
        self._first: list[list[int]] = []  # per action number: its first index
        self._long: list[list[bool]] = []  # per action number: several indices
        for seat in range(seats):
            actions = self._actions[seat]
            if self.factored:
                sequences = [self._tokens(seat, action) for action in actions]
            else:
                sequences = [(number,) for number in range(len(actions))]
            by_sequence = {sequence: number for number, sequence in enumerate(sequences)}
            if len(by_sequence) != len(sequences):
                raise AssertionError(f"{name}: two actions share their indices (seat {seat})")
            if any(not s or not all(0 <= t < self.num_actions for t in s) for s in sequences):
                raise AssertionError(f"{name}: an action's indices are outside the space")
            begun = {s[:k] for s in sequences for k in range(1, len(s))}
            if self.end_index is None and begun & by_sequence.keys():
                raise AssertionError(f"{name}: an action's indices begin another's")
            single = [-1] * self.num_actions
            for number, sequence in enumerate(sequences):
                if len(sequence) == 1:
                    single[sequence[0]] = number
            self._sequences.append(sequences)
            self._by_sequence.append(by_sequence)
            self._single.append(single)
            self._first.append([sequence[0] for sequence in sequences])
            self._long.append([len(sequence) > 1 for sequence in sequences])

    # ---------------------------------------------------------------- per-game hooks
    @abstractmethod
    def _build_layout(self, layout: Layout) -> None:
        """Add the observation fields of this configuration to ``layout``."""

    @abstractmethod
    def _action_blocks(self, seat: int) -> list[ActionBlock[A]]:
        """Every action possible in this configuration for ``seat``, in number order."""

    def _index_blocks(self) -> list[IndexBlock]:
        """A factored encoding's action indices, in order (the same for every seat)."""
        raise NotImplementedError(f"{type(self).__name__} is factored: it lists its indices")

    def _tokens(self, seat: int, action: A) -> Prefix:
        """A factored encoding: the indices a learner in ``seat`` chooses for ``action``."""
        raise NotImplementedError(f"{type(self).__name__} is factored: it gives the indices")

    def _fill(
        self,
        view: V,
        seat: int,
        ones: list[int],
        values: list[tuple[int, float]],
        blocks: Blocks,
    ) -> None:
        """Describe the observation of ``view``, the view of ``seat`` (everything else
        is 0): each index in ``ones`` adds one (so a repeated index counts), then each
        ``(index, value)`` of ``values`` and each ``(start, run of values)`` of
        ``blocks`` is written. An encoder implements this or overrides ``_write``."""
        raise NotImplementedError(f"{type(self).__name__} implements neither _fill nor _write")

    # ------------------------------------------------------------------- public API
    def observe(self, view: V, chosen: Prefix = ()) -> Observation:
        """The observation array of the seat whose view this is; ``chosen``: the indices
        it has chosen so far in a decision of several (factored encodings)."""
        seat = getattr(view, "seat", None)
        if not isinstance(seat, int):
            raise ValueError("an observation is made for a seat, not for a spectator")
        observation = self._write(view, seat)
        for index in chosen:
            observation[self.o_chosen + index] = 1.0
        return observation

    def observe_seat(self, view: V, seat: int) -> Observation:
        """``observe(view)``, for a view the caller knows to be ``seat``'s and with
        nothing chosen (the environments' path: no check of the view's seat)."""
        return self._write(view, seat)

    def _write(self, view: V, seat: int) -> Observation:
        """The observation of ``view``, the view of ``seat``, as a fresh array: by
        default, the entries ``_fill`` lists. An encoder whose entries are few and
        scattered may write them itself (into ``self._zeros.copy()``), which is quicker
        than listing."""
        ones: list[int] = []
        values: list[tuple[int, float]] = []
        blocks: Blocks = []
        self._fill(view, seat, ones, values, blocks)
        if len(ones) <= _FEW_ONES and len(set(ones)) == len(ones):
            observation = self._zeros.copy()  # (quicker than np.zeros)
            for index in ones:
                observation[index] = 1.0
        else:
            # (most long lists repeat an index, a card held twice: counting them all is
            # quicker than looking for repeats first, and the counts make the array)
            observation = np.bincount(ones, minlength=self.observation_size).astype(np.float32)
        for index, number in values:
            observation[index] = number
        for start, run in blocks:
            observation[start : start + len(run)] = run
        return observation

    def observation(self, state: S, seat: int, chosen: Prefix = ()) -> Observation:
        """``observe(game.view(state, seat), chosen)``: what ``seat`` may see, as an array."""
        return self.observe(self.game.view(state, seat), chosen)

    def action_index(self, seat: int, action: A) -> int:
        """The number of ``action`` in ``actions(seat)``; KeyError for an action outside
        the space (a bound of this encoding was too small: a bug)."""
        return self._index[seat][action]

    def index_action(self, seat: int, number: int) -> A:
        """The action numbered ``number`` in ``actions(seat)``."""
        return self._actions[seat][number]

    def actions(self, seat: int) -> tuple[A, ...]:
        """Every action of the configuration for ``seat``, in number order."""
        return self._actions[seat]

    def action_tokens(self, seat: int, action: A) -> Prefix:
        """The indices a learner in ``seat`` chooses, in order, to play ``action`` (one
        index for most actions); KeyError for an action outside the space."""
        return self._sequences[seat][self._index[seat][action]]

    def tokens_action(self, seat: int, tokens: Prefix) -> A:
        """The action that the indices ``tokens`` make when ``seat`` acts (KeyError if
        they make none)."""
        return self._actions[seat][self._by_sequence[seat][tuple(tokens)]]

    def legal_indices(self, state: S, prefix: Prefix = ()) -> tuple[int, ...]:
        """The indices the seat to act may choose now (empty if nobody acts), having
        chosen ``prefix`` so far in this decision (a tuple: the encoder keeps it)."""
        cached = self._legal_cache
        # (as in _legal, one call less)
        entry = cached[1] if cached is not None and cached[0] is state else self._legal(state)
        # (with nothing chosen yet, the first indices of the legal actions)
        return self._next_indices(entry, prefix) if prefix else entry.first

    def chosen_in_steps(self, state: S, seat: int) -> bool:
        """Whether ``seat`` is to act and some of its legal actions take several indices
        (so that it may go on choosing in this same state)."""
        entry = self._legal(state)
        return entry.long and entry.seat == seat

    def choose(
        self, state: S, prefix: Prefix, index: int, *, checked: bool = False
    ) -> tuple[A | None, Prefix]:
        """The seat to act, having chosen ``prefix`` so far, chooses ``index``: the
        engine action this completes and ``()``, or None and the longer prefix when the
        choice is not yet made. An index is complete as soon as one legal action is left
        (the rest of its indices would be forced). An index that leads to no legal action
        raises ``IllegalActionError``; ``checked``: the caller found ``index`` in
        ``legal_indices(state, prefix)``."""
        entry = self._legal(state)
        seat = entry.seat
        if not prefix and not entry.long:  # every legal action is one index
            number = self._single[seat][index] if 0 <= index < self.num_actions else -1
            if checked or index in entry.first:
                return self._actions[seat][number], ()
            if number >= 0 and seat >= 0:
                self.game.apply_action(state, self._actions[seat][number])  # raises, saying why
            raise IllegalActionError(self._illegal(seat, prefix, index))
        sequences = self._sequences[seat]
        if index == self.end_index and prefix:
            number = self._by_sequence[seat].get(prefix, -1)
            if number in entry.numbers:
                return self._actions[seat][number], ()
            raise IllegalActionError(self._illegal(seat, prefix, index))
        longer = (*prefix, index)
        size = len(longer)
        if prefix:
            matching = [n for n in entry.numbers if sequences[n][:size] == longer]
        else:
            first = self._first[seat]
            matching = [n for n in entry.numbers if first[n] == index]
        if not matching:
            raise IllegalActionError(self._illegal(seat, prefix, index))
        if len(matching) == 1:
            return self._actions[seat][matching[0]], ()
        return None, longer

    def _next_indices(self, entry: "_Legal[A]", prefix: Prefix) -> tuple[int, ...]:
        """The indices that continue ``prefix`` towards a legal action of ``entry`` (kept
        for the last prefix: the mask and the step ask for them in turn)."""
        following = entry.following
        if following[0] == prefix:
            return following[1]
        sequences = self._sequences[entry.seat]
        size = len(prefix)
        found: dict[int, None] = {}
        for number in entry.numbers:
            sequence = sequences[number]
            if sequence[:size] == prefix:
                if len(sequence) > size:
                    found[sequence[size]] = None
                elif self.end_index is not None:
                    found[self.end_index] = None
        indices = tuple(found)
        entry.following = (prefix, indices)
        return indices

    def _illegal(self, seat: int, prefix: Prefix, index: int) -> str:
        chosen = f" after {list(prefix)}" if prefix else ""
        return (
            f"{self.game.spec.name}: index {index}{chosen} is illegal for seat {seat}: "
            "it leads to no legal action"
        )

    def _legal(self, state: S) -> "_Legal[A]":
        cached = self._legal_cache
        if cached is not None and cached[0] is state:
            return cached[1]  # states are immutable: one entry keyed by identity is right
        legal = self.game.legal_actions(state)
        if not legal:
            entry = self._no_legal
        else:
            # Games hand out some legal tuples again and again (a constant answer, such
            # as a knock's two choices for every seat in turn): their indices and mask
            # are kept by the tuple's identity and the seat. The entry holds the tuple,
            # so the identity cannot be reused while it is kept.
            seat = self.game.current_player(state)
            key = (id(legal), seat)
            memo = self._legal_memo
            found = memo.get(key)
            if found is not None and found.actions is legal:
                entry = found
            else:
                numbers = self._indices(seat, legal)
                if self.factored:
                    first_of, long_of = self._first[seat], self._long[seat]
                    firsts = [first_of[number] for number in numbers]
                    long = any([long_of[number] for number in numbers])
                    first = tuple(dict.fromkeys(firsts) if long else firsts)
                else:
                    first, long = tuple(numbers), False
                entry = _Legal(legal, seat, numbers, first, long)
                if len(memo) >= _LEGAL_MEMO_SIZE:
                    memo.clear()
                memo[key] = entry
        self._legal_cache = (state, entry)
        return entry

    def _indices(self, seat: int, legal: tuple[A, ...]) -> list[int]:
        """The numbers of the actions ``legal`` (in ``actions(seat)``)."""
        index = self._index[seat]
        try:
            return [index[action] for action in legal]
        except KeyError as error:
            raise AssertionError(
                f"{self.game.spec.name}: legal action {error.args[0]!r} has no index "
                "(an encoding bound is too small)"
            ) from None

    def mask(self, state: S, seat: int, prefix: Prefix = ()) -> Mask:
        """1 for each index ``seat`` may choose now, having chosen ``prefix`` so far
        (all 0 when ``seat`` is not to act); a fresh array, the caller's to keep or
        change (``mask.view(bool)`` reads it as booleans without a copy)."""
        cached = self._legal_cache
        # (as in _legal, one call less; the entry's seat is the seat to act, or -1)
        entry = cached[1] if cached is not None and cached[0] is state else self._legal(state)
        if entry.seat != seat:
            return np.zeros(self.num_actions, dtype=np.int8)
        if prefix:
            mask = np.zeros(self.num_actions, dtype=np.int8)
            mask.put(self._next_indices(entry, prefix), 1)
            return mask
        kept = entry.mask
        if kept is not None:
            return kept.copy()
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask.put(entry.first, 1)
        if entry.asked:  # (asked for again: kept from now on; most are asked for once)
            entry.mask = mask.copy()
        entry.asked = True
        return mask

    def deciding(self, state: S) -> tuple[int, ...]:
        """The seats that decide now, at once: the seat to act alone, but where the
        engine asks several seats in turn for secret answers that cannot depend on each
        other (a Toquer knock), all of them (the parallel environment asks them together)."""
        actor = self.game.current_player(state)
        return (actor,) if actor >= 0 else ()

    def deciding_mask(self, state: S, seat: int) -> Mask:
        """The mask of ``seat``, one of the seats ``deciding`` now: the indices it may
        choose when the engine comes to it (the same, whatever the others answer)."""
        if self.game.current_player(state) == seat:
            return self.mask(state, seat)
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if seat in self.deciding(state):
            first = self._first[seat]
            mask.put([first[n] for n in self._indices(seat, self.game.legal_actions(state))], 1)
        return mask

    def actions_markdown(self) -> str:
        """The action index space as a Markdown table (seat 0's view of it); for a
        factored encoding, then how each kind of engine action is chosen."""
        rows = ["| indices | action | count | meaning |", "|---|---|---|---|"]
        start = 0
        for block in self.index_blocks:
            size = block.size
            span = "—" if size == 0 else f"{start}" if size == 1 else f"{start}–{start + size - 1}"
            rows.append(f"| {span} | `{block.name}` | {block.size_text} | {block.meaning} |")
            start += size
        if self.factored:
            rows += [
                "",
                "| engine action | count | chosen as |",
                "|---|---|---|",
                *(
                    f"| `{block.name}` | {len(block.actions)} | {block.chosen_as} |"
                    for block in self.blocks[0]
                ),
            ]
        return "\n".join(rows)
