"""The solver that says whether a hand can make or complete a phase, where its cards may
be placed while it is laid, and the bots' measures of progress (what fits a group is
``groups.py``).

A phase is a tuple of group requirements (a set, a run or a colour group of a minimum
size, see config.py). The solver answers "can these cards complete these (possibly
half-built) groups?" by choosing each group's key (the set's number, the run's start,
the group's colour) and counting, per number or colour, how many cards the groups demand
beyond what the hand holds: Wilds must cover exactly that shortfall. Which group gets
which natural card does not matter for the count, only for the natural-card rule,
checked by a small matching.
"""

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from meeple.games.phase10.cards import KINDS, WILD, Cards
from meeple.games.phase10.config import GroupKind, Phase


@dataclass(frozen=True, slots=True)
class Partial:
    """A group being built: what the solver needs to know about it."""

    kind: GroupKind
    size: int  # the minimum size to reach
    key: int | None  # set number or colour index; None while free (and for runs)
    count: int  # cards already in it
    values_mask: int  # runs: bit v set when value v is taken
    has_natural: bool


def empty_partials(phase: Phase) -> tuple[Partial, ...]:
    return tuple(Partial(g.kind, g.size, None, 0, 0, False) for g in phase)


def _supply(hand: Cards, by_colour: bool) -> tuple[list[int], int]:
    """The numbered cards counted per number (1-12, index 0 unused) or per colour, and
    the Wilds (the hot path of every check: the codes' layout, ``(number - 1) * 4 +
    colour``, is read directly instead of through ``number_of`` and ``colour_of``)."""
    wilds = 0
    if by_colour:
        supply = [0] * 4
        for code in hand:
            if code < WILD:
                supply[code & 3] += 1
            elif code == WILD:
                wilds += 1
    else:
        supply = [0] * 13
        for code in hand:
            if code < WILD:
                supply[(code >> 2) + 1] += 1
            elif code == WILD:
                wilds += 1
    return supply, wilds


@lru_cache(maxsize=1 << 12)
def _choices(group: Partial) -> tuple[tuple[int, dict[int, int]], ...]:
    """Each way to key ``group``: (key, demand per number/colour still to fill). They
    depend on the group alone, so they are cached and shared: callers only read them."""
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
        return tuple(options)
    if group.key is not None:
        keys: list[int] | range = [group.key]
    else:
        keys = range(1, 13) if group.kind == GroupKind.SET else range(4)
    return tuple((key, {key: missing} if missing > 0 else {}) for key in keys)


def _most_in_a_run(counts: Sequence[int], size: int) -> int:
    """The most different numbers the cards counted hold within one run of ``size``."""
    present = [1 if count else 0 for count in counts]
    window = sum(present[1 : 1 + size])
    best = window
    for start in range(2, 14 - size):
        window += present[start + size - 1] - present[start - 1]
        best = max(best, window)
    return best


def _lower_bound(group: Partial, supply: list[int]) -> int:
    """The fewest Wilds this group needs on its own."""
    missing = group.size - group.count
    if group.key is None and group.kind != GroupKind.RUN:
        return max(0, missing - max(supply))
    if group.kind == GroupKind.RUN and not group.values_mask:
        return group.size - _most_in_a_run(supply, group.size)
    return min(
        sum(max(0, need - supply[v]) for v, need in demand.items()) for _, demand in _choices(group)
    )


def can_complete(hand: Cards, groups: tuple[Partial, ...], natural_per_group: bool) -> bool:
    """Whether ``hand`` can bring every group to its minimum size under the natural rule
    (the question one placement asks; ``placeable`` answers it for every card at once,
    and a test checks the two agree)."""
    by_colour = bool(groups) and groups[0].kind == GroupKind.COLOUR
    supply, wilds = _supply(hand, by_colour)
    return _solve(supply, wilds, groups, natural_per_group)


def _solve(
    supply: list[int], wilds: int, groups: tuple[Partial, ...], natural_per_group: bool
) -> bool:
    if sum(_lower_bound(g, supply) for g in groups) > wilds:
        return False
    options = [_choices(g) for g in groups]
    for combination in itertools.product(*options):
        total = _total_demand(combination)
        if sum(max(0, need - supply[v]) for v, need in total.items()) > wilds:
            continue
        if _naturals_ok(groups, combination, supply, natural_per_group):
            return True
    return False


def _total_demand(combination: tuple[tuple[int, dict[int, int]], ...]) -> dict[int, int]:
    """What one way to key the groups demands in all, per number or colour."""
    total: dict[int, int] = {}
    for _, demand in combination:
        for value, need in demand.items():
            total[value] = total.get(value, 0) + need
    return total


def placeable(
    hand: Cards, groups: tuple[Partial, ...], natural_per_group: bool
) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Where a card of ``hand`` may be placed while the rest can still complete the
    groups: the (group, value) pairs a numbered card of that number (colour) may take,
    and the pairs a Wild may stand for.

    One pass over the ways to key the groups answers every card, as ``can_complete``
    would for each placement alone: a way that demands the value for that group stays a
    way after it (with one card fewer demanded), and the only ways after it are these.
    A numbered card leaves the way's shortfall as it was (one fewer demanded, one fewer
    held); a Wild lowers it by one where the value was short, and there is one Wild
    fewer to cover it. The natural-card rule is checked on what is left."""
    by_colour = bool(groups) and groups[0].kind == GroupKind.COLOUR
    supply, wilds = _supply(hand, by_colour)
    natural: set[tuple[int, int]] = set()
    wild: set[tuple[int, int]] = set()
    with_natural = [
        (*groups[:index], replace(group, has_natural=True), *groups[index + 1 :])
        for index, group in enumerate(groups)
    ]
    for combination in itertools.product(*[_choices(g) for g in groups]):
        total = _total_demand(combination)
        short = sum(max(0, need - supply[v]) for v, need in total.items())
        if short > wilds:
            continue
        for index, (key, demand) in enumerate(combination):
            for value, need in demand.items():
                spot = (index, value)
                try_natural = spot not in natural and supply[value] > 0
                try_wild = (
                    spot not in wild
                    and wilds > 0
                    and short - (total[value] > supply[value]) <= wilds - 1
                )
                if not (try_natural or try_wild):
                    continue
                rest = {v: n for v, n in demand.items() if v != value}
                if need > 1:
                    rest[value] = need - 1
                after = (*combination[:index], (key, rest), *combination[index + 1 :])
                if try_natural:
                    supply[value] -= 1
                    if _naturals_ok(with_natural[index], after, supply, natural_per_group):
                        natural.add(spot)
                    supply[value] += 1
                if try_wild and _naturals_ok(groups, after, supply, natural_per_group):
                    wild.add(spot)
    return natural, wild


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


def missing_cards(hand: Cards, phase: Phase) -> int:
    """How many more cards ``hand`` needs to make ``phase`` (0: it can), a measure of
    progress for bots (the natural-card rule is ignored here). Cached by what matters,
    as ``can_make_phase`` is: the counts per number or colour, and the Wilds."""
    supply, wilds = _supply(hand, phase[0].kind == GroupKind.COLOUR)
    return _missing(tuple(supply), wilds, phase)


@lru_cache(maxsize=1 << 16)
def _missing(counts: tuple[int, ...], wilds: int, phase: Phase) -> int:
    """The fewest cards short over every way to key the groups (less the Wilds): at
    once for the shapes of eight of the ten standard phases, else by ``_missing_search``
    (a test checks both against every keying)."""
    shapes = tuple(group.kind for group in phase)
    if shapes == (GroupKind.RUN,):
        size = phase[0].size
        return max(0, size - _most_in_a_run(counts, size) - wilds)
    if len(shapes) <= 2 and shapes[0] != GroupKind.RUN and all(s == shapes[0] for s in shapes):
        # sets (colour groups): a group's shortfall only falls with the count of its key,
        # so the best keys are the most held, shared by both groups or the top two apart
        ordered = sorted(counts, reverse=True)
        first = phase[0].size
        if len(shapes) == 1:
            return max(0, first - ordered[0] - wilds)
        second = phase[1].size
        top, runner_up = ordered[0], ordered[1]
        short = min(
            max(0, first + second - top),
            max(0, first - top) + max(0, second - runner_up),
            max(0, first - runner_up) + max(0, second - top),
        )
        return max(0, short - wilds)
    return _missing_search(counts, wilds, phase)


def _missing_search(counts: tuple[int, ...], wilds: int, phase: Phase) -> int:
    """The fewest cards short over every way to key the groups, by branch and bound:
    each group's ways are tried from its own smallest shortfall up, and a branch stops
    once its shortfall so far plus the smallest of each group still to key cannot beat
    the best found (demands add up, so shortfalls only grow when groups share a value)."""
    supply = list(counts)
    ways: list[list[tuple[int, dict[int, int]]]] = []
    for group in empty_partials(phase):
        own = [
            (sum(max(0, need - supply[v]) for v, need in demand.items()), demand)
            for _, demand in _choices(group)
        ]
        own.sort(key=lambda way: way[0])
        ways.append(own)
    floors = [0] * (len(ways) + 1)  # the smallest shortfall of the groups from i on
    for i in range(len(ways) - 1, -1, -1):
        floors[i] = floors[i + 1] + ways[i][0][0]
    best = sum(g.size for g in phase)
    total: dict[int, int] = {}

    def key_from(i: int, short: int) -> None:
        nonlocal best
        if i == len(ways):
            best = min(best, max(0, short - wilds))
            return
        for alone, demand in ways[i]:
            if short + alone + floors[i + 1] - wilds >= best:
                return  # (sorted: the later ways fall short by as much or more)
            added = 0
            for v, need in demand.items():
                before = total.get(v, 0)
                total[v] = before + need
                added += max(0, before + need - supply[v]) - max(0, before - supply[v])
            key_from(i + 1, short + added)
            for v, need in demand.items():
                total[v] -= need
            if best == 0:
                return

    key_from(0, 0)
    return best


def cards_used(hand: Cards, phase: Phase) -> int:
    """How many cards of ``hand`` the phase would take once laid, keyed the way that
    leaves it fewest cards short: its sets and colour groups every card of their number
    or colour, its runs one of each value in their window and in the unbroken stretch
    the hand holds on either side of it, and every Wild. Bots keep such cards (they go
    down with the phase) over ones that would stay in hand."""
    supply, wilds = _supply(hand, phase[0].kind == GroupKind.COLOUR)
    return _used(tuple(supply), wilds, phase)


@lru_cache(maxsize=1 << 16)
def _used(counts: tuple[int, ...], wilds: int, phase: Phase) -> int:
    best = (sum(g.size for g in phase), 0)  # (cards short, -cards used): smaller wins
    groups = empty_partials(phase)
    for combination in itertools.product(*[_choices(g) for g in groups]):
        demand: dict[int, int] = {}
        takes: dict[int, int] = {}
        for group, (key, needs) in zip(groups, combination, strict=True):
            for value, need in needs.items():
                demand[value] = demand.get(value, 0) + need
            if group.kind != GroupKind.RUN:
                takes[key] = sum(counts)  # no limit: every copy fits
                continue
            low, high = key, key + group.size - 1
            while low > 1 and counts[low - 1]:
                low -= 1
            while high < 12 and counts[high + 1]:
                high += 1
            for value in range(low, high + 1):
                takes[value] = takes.get(value, 0) + 1
        short = sum(max(0, need - counts[v]) for v, need in demand.items())
        used = sum(min(counts[v], limit) for v, limit in takes.items())
        best = min(best, (max(0, short - wilds), -used))
    return wilds - best[1]


def can_make_phase(hand: Cards, phase: Phase, natural_per_group: bool) -> bool:
    """Whether a hand can lay down ``phase`` from nothing (the hot path: it is asked on
    every turn, so the answer is cached by what matters, the counts per number or
    colour and the Wilds)."""
    by_colour = phase[0].kind == GroupKind.COLOUR
    supply, wilds = _supply(hand, by_colour)
    return _can_make(tuple(supply), wilds, phase, natural_per_group)


@lru_cache(maxsize=1 << 16)
def _can_make(supply: tuple[int, ...], wilds: int, phase: Phase, natural_per_group: bool) -> bool:
    shapes = tuple(group.kind for group in phase)
    if shapes == (GroupKind.RUN,):
        return _one_run(supply, wilds, phase[0].size)
    if shapes in ((GroupKind.SET,), (GroupKind.COLOUR,)):
        best = max(supply)
        return best >= 1 and phase[0].size - best <= wilds
    if shapes == (GroupKind.SET, GroupKind.SET):
        return _two_sets(supply, wilds, phase[0].size, phase[1].size, natural_per_group)
    if shapes == (GroupKind.SET, GroupKind.RUN):
        return _set_and_run(supply, wilds, phase[0].size, phase[1].size, natural_per_group)
    return _solve(list(supply), wilds, empty_partials(phase), natural_per_group)


# Fast exact answers for the shapes of the ten standard phases (the general solver
# above stays the reference: a test checks that both always agree).
def _one_run(supply: tuple[int, ...], wilds: int, size: int) -> bool:
    best = _most_in_a_run(supply, size)
    return best >= 1 and size - best <= wilds


def _two_sets(
    supply: tuple[int, ...], wilds: int, first: int, second: int, natural_per_group: bool
) -> bool:
    ordered = sorted(supply[1:], reverse=True)
    top, runner_up = ordered[0], ordered[1]
    if top == 0:
        return False  # no numbered card at all
    # One number for both sets (official: phases 1 and 7 may share a number).
    if first + second - top <= wilds and (top >= 2 or not natural_per_group):
        return True
    if natural_per_group and runner_up == 0:
        return False
    cost = min(
        max(0, first - top) + max(0, second - runner_up),
        max(0, first - runner_up) + max(0, second - top),
    )
    return cost <= wilds


def _set_and_run(
    supply: tuple[int, ...], wilds: int, set_size: int, run_size: int, natural_per_group: bool
) -> bool:
    for start in range(1, 14 - run_size):
        window = range(start, start + run_size)
        holes = sum(1 for value in window if not supply[value])
        covered = run_size - holes
        if holes > wilds:
            continue
        for number in range(1, 13):
            have = supply[number]
            if number in window:
                # The set and the run both need this number: holes counted it once.
                cost = holes - (0 if have else 1) + max(0, set_size + 1 - have)
                run_natural = covered - (1 if have else 0) >= 1 or have >= 2
            else:
                cost = holes + max(0, set_size - have)
                run_natural = covered >= 1
            if cost > wilds:
                continue
            if natural_per_group:
                if have >= 1 and run_natural:
                    return True
            elif have >= 1 or covered >= 1:
                return True
    return False


def hand_counts(hand: Cards) -> list[int]:
    counts = [0] * KINDS
    for code in hand:
        counts[code] += 1
    return counts
