"""What every game's RL encoding provides: a fixed action index space and an observation
array built from a seat's view.

An encoder is made for one configured game (players and options). It fixes

- ``num_actions``: the size of the discrete action space, and for each acting seat a
  bijection between ``range(num_actions)`` and every action of the game that is possible
  in this configuration (indices are seat-relative where the game names seats, so that
  one policy can play any seat);
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

from meeple.engine.protocol import Game

S = TypeVar("S")
A = TypeVar("A", bound=Hashable)
V = TypeVar("V")

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]
# Runs of values written from a start offset.
Blocks = list[tuple[int, list[float]]]


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
    """A run of action indices of one kind; ``actions`` lists them for one acting seat."""

    name: str
    size_text: str
    meaning: str
    actions: list[A] = field(default_factory=list)


# Up to this many ones are written one by one (``put`` first turns its list into an array).
_FEW_ONES = 6
_LEGAL_MEMO_SIZE = 64  # legal tuples kept by identity (most are made afresh each time)


class _Legal(Generic[A]):
    """A legal tuple, its indices and (once asked for twice) its mask."""

    __slots__ = ("actions", "asked", "indices", "mask")

    def __init__(self, actions: tuple[A, ...], indices: list[int]) -> None:
        self.actions = actions
        self.indices = indices
        self.asked = False
        self.mask: Mask | None = None


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


class Encoder(ABC, Generic[S, A, V]):
    """The action index space and observation array of one configured game."""

    # True when an action names seats (e.g. a Skip's target) and the index space is laid
    # out relative to the acting seat; False: one table serves every seat.
    seat_relative_actions = True

    def __init__(self, game: Game[S, A, object, V]) -> None:
        self.game = game
        self.players = game.players
        self.layout = Layout()
        self._build_layout(self.layout)
        self.observation_size = self.layout.size
        self._zeros = np.zeros(self.observation_size, dtype=np.float32)
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
        if not self.seat_relative_actions:
            self._actions *= self.players
            self._index *= self.players
        self.num_actions = len(self._actions[0])
        # The legal indices (and mask) of the last state asked about, and of the legal
        # tuples seen lately, by the tuple's identity and the seat (see legal_indices).
        self._legal_cache: tuple[object, _Legal[A]] | None = None
        self._legal_memo: dict[tuple[int, int], _Legal[A]] = {}
        self._no_legal: _Legal[A] = _Legal((), [])

    # ---------------------------------------------------------------- per-game hooks
    @abstractmethod
    def _build_layout(self, layout: Layout) -> None:
        """Add the observation fields of this configuration to ``layout``."""

    @abstractmethod
    def _action_blocks(self, seat: int) -> list[ActionBlock[A]]:
        """Every action possible in this configuration for ``seat``, in index order."""

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
    def observe(self, view: V) -> Observation:
        """The observation array of the seat whose view this is."""
        seat = getattr(view, "seat", None)
        if not isinstance(seat, int):
            raise ValueError("an observation is made for a seat, not for a spectator")
        observation = self._zeros.copy()  # (quicker than np.zeros)
        self._write(view, seat, observation)
        return observation

    def _write(self, view: V, seat: int, observation: Observation) -> None:
        """Write the observation of ``view``, the view of ``seat``, into ``observation``
        (all 0 so far): by default, the entries ``_fill`` lists. An encoder whose entries
        are few and scattered may write them itself, which is quicker than listing."""
        ones: list[int] = []
        values: list[tuple[int, float]] = []
        blocks: Blocks = []
        self._fill(view, seat, ones, values, blocks)
        if len(set(ones)) == len(ones):  # (quicker than counting)
            if len(ones) <= _FEW_ONES:
                for index in ones:
                    observation[index] = 1.0
            else:
                observation.put(ones, 1.0)  # (quicker than observation[ones] = 1.0)
        else:
            # (all 0 so far: the counts are copied in, quicker than added)
            observation[:] = np.bincount(ones, minlength=self.observation_size)
        for index, number in values:
            observation[index] = number
        for start, run in blocks:
            observation[start : start + len(run)] = run

    def observation(self, state: S, seat: int) -> Observation:
        """``observe(game.view(state, seat))``: what ``seat`` may see, as an array."""
        return self.observe(self.game.view(state, seat))

    def action_index(self, seat: int, action: A) -> int:
        """The index of ``action`` when ``seat`` acts; KeyError for an action outside the
        space (a bound of this encoding was too small: a bug)."""
        return self._index[seat][action]

    def index_action(self, seat: int, index: int) -> A:
        """The action that ``index`` stands for when ``seat`` acts."""
        return self._actions[seat][index]

    def actions(self, seat: int) -> tuple[A, ...]:
        """Every action of the space for ``seat``, in index order."""
        return self._actions[seat]

    def legal_indices(self, state: S) -> list[int]:
        """The indices of the legal actions of the seat to act (empty if nobody acts)."""
        cached = self._legal_cache
        if cached is not None and cached[0] is state:  # (as in _legal, one call less)
            return cached[1].indices
        return self._legal(state).indices

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
                entry = _Legal(legal, self._indices(seat, legal))
                if len(memo) >= _LEGAL_MEMO_SIZE:
                    memo.clear()
                memo[key] = entry
        self._legal_cache = (state, entry)
        return entry

    def _indices(self, seat: int, legal: tuple[A, ...]) -> list[int]:
        index = self._index[seat]
        try:
            return [index[action] for action in legal]
        except KeyError as error:
            raise AssertionError(
                f"{self.game.spec.name}: legal action {error.args[0]!r} has no index "
                "(an encoding bound is too small)"
            ) from None

    def mask(self, state: S, seat: int) -> Mask:
        """1 for each legal action index of ``seat`` (all 0 when ``seat`` is not to act);
        a fresh array, the caller's to keep or change."""
        if self.game.current_player(state) != seat:
            return np.zeros(self.num_actions, dtype=np.int8)
        entry = self._legal(state)
        kept = entry.mask
        if kept is not None:
            return kept.copy()
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask.put(entry.indices, 1)
        if entry.asked:  # (asked for again: kept from now on; most are asked for once)
            entry.mask = mask.copy()
        entry.asked = True
        return mask

    def actions_markdown(self) -> str:
        """The action index space as a Markdown table (seat 0's view of it)."""
        rows = ["| indices | action | count | meaning |", "|---|---|---|---|"]
        start = 0
        for block in self.blocks[0]:
            size = len(block.actions)
            span = "—" if size == 0 else f"{start}" if size == 1 else f"{start}–{start + size - 1}"
            rows.append(f"| {span} | `{block.name}` | {block.size_text} | {block.meaning} |")
            start += size
        return "\n".join(rows)
