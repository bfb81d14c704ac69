"""The groups of Phase 10: on the table (what a card may be hit onto) and in the making
(what a card may be placed as while a phase is laid down, and the group it makes).

Whether a placement keeps the phase completable is the solver's question
(``phases.placeable``); this module says only what fits where.
"""

from meeple.games.phase10.cards import SKIP, WILD, Card, colour_of, number_of
from meeple.games.phase10.config import GroupKind
from meeple.games.phase10.phases import Partial
from meeple.games.phase10.state import BuildGroup, LaidGroup


# ------------------------------------------------------------ groups on the table
def fits(group: LaidGroup, code: Card) -> tuple[bool, ...]:
    """The ends (``high`` values) at which ``code`` can be hit onto ``group`` (official)."""
    if code == SKIP:
        return ()  # a Skip is never hit
    if group.kind == GroupKind.RUN:
        low, high = group.key - 1, group.key + len(group.cards)
        if code == WILD:
            return tuple(end for end, value in ((False, low), (True, high)) if 1 <= value <= 12)
        value = number_of(code)
        return (False,) if value == low else (True,) if value == high else ()
    if code == WILD:
        return (True,)
    own = number_of(code) if group.kind == GroupKind.SET else colour_of(code)
    return (True,) if own == group.key else ()


def hit_group(group: LaidGroup, code: Card, high: bool) -> LaidGroup:
    """``group`` with ``code`` hit onto it (at the low end of a run unless ``high``)."""
    if group.kind == GroupKind.RUN and not high:
        return LaidGroup(group.owner, group.kind, group.key - 1, (code, *group.cards))
    return LaidGroup(group.owner, group.kind, group.key, (*group.cards, code))


# ------------------------------------------------------ groups of a phase being laid
def partial_of(group: BuildGroup) -> Partial:
    """What the solver needs to know of a group being built."""
    mask = 0
    if group.kind == GroupKind.RUN:
        for value in group.values:
            mask |= 1 << value
    return Partial(
        group.kind,
        group.size,
        group.key,
        len(group.cards),
        mask,
        any(code != WILD for code in group.cards),
    )


def place(group: BuildGroup, code: Card, value: int) -> BuildGroup | None:
    """``group`` with ``code`` standing for ``value``, or None if it cannot go there."""
    natural = code != WILD
    if group.kind == GroupKind.RUN:
        if natural and value != number_of(code):
            return None
        if value in group.values or not 1 <= value <= 12:
            return None
        values = (*group.values, value)
        if max(values) - min(values) >= group.size:
            return None
        return BuildGroup(group.kind, group.size, None, (*group.cards, code), values)
    own = (
        (number_of(code) if group.kind == GroupKind.SET else colour_of(code)) if natural else value
    )
    limit = 12 if group.kind == GroupKind.SET else 3
    first = 1 if group.kind == GroupKind.SET else 0
    if own != value or not first <= value <= limit or group.key not in (None, value):
        return None
    if len(group.cards) >= group.size:
        return None  # extra cards go on by hitting once the phase is down
    return BuildGroup(group.kind, group.size, value, (*group.cards, code), (*group.values, value))


def place_values(group: BuildGroup, code: Card) -> range | tuple[int, ...]:
    """The values ``code`` might stand for in ``group``: its own number or colour, or for
    a Wild every one the group still allows."""
    if code != WILD:
        return (colour_of(code),) if group.kind == GroupKind.COLOUR else (number_of(code),)
    if group.kind == GroupKind.COLOUR:
        return range(4) if group.key is None else (group.key,)
    if group.kind == GroupKind.SET:
        return range(1, 13) if group.key is None else (group.key,)
    return range(1, 13)


def laid_group(owner: int, group: BuildGroup) -> LaidGroup:
    """A completed group of a phase as it goes on the table (a run in order)."""
    if group.kind == GroupKind.RUN:
        ordered = sorted(zip(group.values, group.cards, strict=True))
        return LaidGroup(owner, group.kind, ordered[0][0], tuple(code for _, code in ordered))
    assert group.key is not None  # a complete set or colour group has its key
    return LaidGroup(owner, group.kind, group.key, group.cards)
