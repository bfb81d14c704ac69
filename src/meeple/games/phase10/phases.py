"""The ten phases, custom phase lists, and the solver that says whether a hand can make one.

A phase is a tuple of group requirements (a set, a run or a colour group of a minimum
size). The solver answers "can these cards complete these (possibly half-built) groups?"
by choosing each group's key (the set's number, the run's start, the group's colour) and
counting, per number or colour, how many cards the groups demand beyond what the hand
holds: Wilds must cover exactly that shortfall. Which group gets which natural card does
not matter for the count, only for the natural-card rule, checked by a small matching.
"""

import itertools
import re
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache

from meeple.games.phase10.cards import KINDS, WILD, colour_of, number_of


class GroupKind(IntEnum):
    SET = 0
    RUN = 1
    COLOUR = 2


KIND_WORDS = {GroupKind.SET: "set", GroupKind.RUN: "run", GroupKind.COLOUR: "colour"}


@dataclass(frozen=True, slots=True)
class GroupRequirement:
    kind: GroupKind
    size: int

    def describe(self) -> str:
        noun = {GroupKind.SET: "set", GroupKind.RUN: "run", GroupKind.COLOUR: "colour group"}
        return f"1 {noun[self.kind]} of {self.size}"


Phase = tuple[GroupRequirement, ...]

# The ten phases (official, seed).
STANDARD_PHASE_TEXTS = (
    "set3+set3",
    "set3+run4",
    "set4+run4",
    "run7",
    "run8",
    "run9",
    "set4+set4",
    "colour7",
    "set5+set2",
    "set5+set3",
)

_GROUP_PATTERN = re.compile(r"(set|run|colou?r)(\d+)")


def parse_phase(text: str) -> Phase:
    """A phase from text such as ``set3+run4`` or ``colour7``; ValueError says what is wrong."""
    groups = []
    for part in text.replace(" ", "").lower().split("+"):
        match = _GROUP_PATTERN.fullmatch(part)
        if match is None:
            raise ValueError(f"{part!r} is not a group like set3, run4 or colour7")
        word, size = match.group(1), int(match.group(2))
        kind = {"set": GroupKind.SET, "run": GroupKind.RUN}.get(word, GroupKind.COLOUR)
        if kind == GroupKind.RUN and not 2 <= size <= 12:
            raise ValueError(f"a run has 2 to 12 cards, not {size}")
        if kind != GroupKind.RUN and not 2 <= size <= 20:
            raise ValueError(f"{word}{size}: a group has 2 to 20 cards")
        groups.append(GroupRequirement(kind, size))
    kinds = {group.kind for group in groups}
    if GroupKind.COLOUR in kinds and len(kinds) > 1:
        raise ValueError(f"{text!r}: colour groups cannot be combined with sets or runs")
    if sum(group.size for group in groups) > 10:
        raise ValueError(f"{text!r}: a phase uses at most 10 cards")
    return tuple(groups)


def phase_text(phase: Phase) -> str:
    return "+".join(f"{KIND_WORDS[g.kind]}{g.size}" for g in phase)


def describe_phase(phase: Phase) -> str:
    return " + ".join(group.describe() for group in phase)


@dataclass(frozen=True, slots=True)
class Partial:
    """A group being built: what the solver needs to know about it."""

    kind: GroupKind
    size: int  # the minimum size to reach
    key: int  # set number, run start is free (-1 here), colour index; -1 while free
    count: int  # cards already in it
    values_mask: int  # runs: bit v set when value v is taken
    has_natural: bool


def empty_partials(phase: Phase) -> tuple[Partial, ...]:
    return tuple(Partial(g.kind, g.size, -1, 0, 0, False) for g in phase)


def _supply(hand: tuple[int, ...], by_colour: bool) -> tuple[list[int], int]:
    supply = [0] * 13 if not by_colour else [0] * 4
    wilds = 0
    for code in hand:
        if code == WILD:
            wilds += 1
        elif code < WILD:
            supply[colour_of(code) if by_colour else number_of(code)] += 1
    return supply, wilds


def _choices(group: Partial, supply: list[int]) -> list[tuple[int, dict[int, int]]]:
    """Each way to key ``group``: (key, demand per number/colour still to fill)."""
    missing = group.size - group.count
    if group.kind == GroupKind.RUN:
        options = []
        for start in range(1, 14 - group.size):
            window = ((1 << group.size) - 1) << start
            if group.values_mask & ~window:
                continue
            demand = {
                v: 1 for v in range(start, start + group.size) if not group.values_mask >> v & 1
            }
            options.append((start, demand))
        return options
    keys = (
        [group.key] if group.key >= 0 else range(1, 13) if group.kind == GroupKind.SET else range(4)
    )
    return [(key, {key: missing} if missing > 0 else {}) for key in keys]


def _lower_bound(group: Partial, supply: list[int]) -> int:
    """The fewest Wilds this group needs on its own."""
    return min(
        sum(max(0, need - supply[v]) for v, need in demand.items())
        for _, demand in _choices(group, supply)
    )


def can_complete(
    hand: tuple[int, ...], groups: tuple[Partial, ...], natural_per_group: bool
) -> bool:
    """Whether ``hand`` can bring every group to its minimum size under the natural rule."""
    by_colour = bool(groups) and groups[0].kind == GroupKind.COLOUR
    supply, wilds = _supply(hand, by_colour)
    if sum(_lower_bound(g, supply) for g in groups) > wilds:
        return False
    options = [_choices(g, supply) for g in groups]
    for combination in itertools.product(*options):
        total: dict[int, int] = {}
        for _, demand in combination:
            for value, need in demand.items():
                total[value] = total.get(value, 0) + need
        if sum(max(0, need - supply[v]) for v, need in total.items()) > wilds:
            continue
        if _naturals_ok(groups, combination, supply, natural_per_group):
            return True
    return False


def _naturals_ok(
    groups: tuple[Partial, ...],
    combination: tuple[tuple[int, dict[int, int]], ...],
    supply: list[int],
    natural_per_group: bool,
) -> bool:
    """Official: each laid phase (default) or each group (option) holds a natural card."""
    if natural_per_group:
        lacking = [
            demand for g, (_, demand) in zip(groups, combination, strict=True) if not g.has_natural
        ]
        if not lacking:
            return True
        # Give each lacking group one natural of a number/colour it still demands.
        for picks in itertools.product(*[[v for v in d if supply[v] > 0] for d in lacking]):
            used: dict[int, int] = {}
            for v in picks:
                used[v] = used.get(v, 0) + 1
            if all(used[v] <= supply[v] for v in used):
                return True
        return False
    if any(g.has_natural for g in groups):
        return True
    return any(supply[v] > 0 for _, demand in combination for v in demand)


def missing_cards(hand: tuple[int, ...], phase: Phase) -> int:
    """How many more cards ``hand`` needs to make ``phase`` (0: it can), a measure of
    progress for bots (the natural-card rule is ignored here)."""
    groups = empty_partials(phase)
    by_colour = groups[0].kind == GroupKind.COLOUR
    supply, wilds = _supply(hand, by_colour)
    best = sum(g.size for g in groups)
    for combination in itertools.product(*[_choices(g, supply) for g in groups]):
        total: dict[int, int] = {}
        for _, demand in combination:
            for value, need in demand.items():
                total[value] = total.get(value, 0) + need
        short = sum(max(0, need - supply[v]) for v, need in total.items()) - wilds
        best = min(best, max(0, short))
        if best == 0:
            break
    return best


@lru_cache(maxsize=65536)
def can_make_phase(hand: tuple[int, ...], phase: Phase, natural_per_group: bool) -> bool:
    """Whether a sorted hand can lay down ``phase`` from nothing (cached: hot path)."""
    return can_complete(hand, empty_partials(phase), natural_per_group)


def hand_counts(hand: tuple[int, ...]) -> list[int]:
    counts = [0] * KINDS
    for code in hand:
        counts[code] += 1
    return counts
