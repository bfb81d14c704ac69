"""Phase 10's phases (the standard ten and custom lists), options, configuration and spec."""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from typing import Literal

from meeple.engine.errors import InvalidOptionError
from meeple.engine.options import OptionSpec, OptionValue
from meeple.engine.protocol import GameSpec, OlderVersion

HAND_SIZE = 10  # cards dealt to each player in play (official)


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


@lru_cache(maxsize=256)
def parse_phase(text: str) -> Phase:
    """A phase from text such as ``set3+run4`` or ``colour7``; ValueError says what is wrong.

    (Cached: phases are immutable, and every game of a configuration shares them.)"""
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


# Why a finished game ended (``SPEC.end_reasons``).
EndReason = Literal[
    "phase10_completed", "tie_lowest_total", "tiebreak_first_to_lay", "tiebreak_first_out"
]


def _check_phases(value: OptionValue) -> OptionValue:
    """``null`` (the ten standard phases) or a non-empty list of phase strings."""
    if value is None:
        return None
    if not isinstance(value, list) or not value or not all(isinstance(p, str) for p in value):
        raise ValueError('expected null or a non-empty list of phases such as "set3+run4"')
    for index, text in enumerate(value, start=1):
        try:
            parse_phase(text)  # type: ignore[arg-type]
        except ValueError as error:
            raise ValueError(f"phase {index}: {error}") from None
    return value


OPTIONS = (
    OptionSpec(
        "skip_style",
        "mattel",
        "when a player who was skipped can be skipped again",
        choices=("mattel", "circuit"),
        choice_words=(
            "once the Skip waiting for them is used up (official rule sheet)",
            "only after they have played a turn since their last skip",
        ),
    ),
    OptionSpec(
        "natural_card_rule",
        "per_phase",
        "where a laid phase needs at least one numbered card (not a Wild)",
        choices=("per_phase", "per_group"),
        choice_words=("in each phase", "in each group of a phase"),
    ),
    OptionSpec(
        "reshuffle_discards",
        True,
        "an empty draw pile is refilled from the discards (if not, the round then ends and "
        "everyone scores their hand)",
    ),
    OptionSpec(
        "even_odd",
        "off",
        "which of the phases are played, for a shorter game",
        choices=("off", "even", "odd"),
        choice_words=("all the phases", "only phases 2, 4, 6, ...", "only phases 1, 3, 5, ..."),
    ),
    OptionSpec(
        "phases",
        None,
        "your own list of phases, in order, instead of the ten standard ones (each phase: "
        "sets of equal numbers, runs in sequence, or cards of one colour)",
        check=_check_phases,
    ),
    OptionSpec(
        "stall_limit",
        3,
        "a round also ends, nobody going out and every hand scored, when the draw pile "
        "runs out after it has been refilled from the discards this many times without "
        "anyone laying down a phase or hitting a card (with few or easy phases, a round "
        "can otherwise go on for ever); 0: never",
        minimum=0,
        maximum=100,
        advanced=True,
    ),
    OptionSpec(
        "tiebreak_win",
        "first_to_lay",
        "when tied players replay the last phase, who wins",
        choices=("first_to_lay", "first_out"),
        choice_words=(
            "the first to lay the phase down (the original text)",
            "the first to empty their hand (official rule sheet)",
        ),
    ),
)


def _int(value: OptionValue) -> int:
    assert isinstance(value, int)  # checked against the option's bounds already
    return value


@dataclass(frozen=True, slots=True)
class Config:
    phases: tuple[Phase, ...]
    mattel_skips: bool
    natural_per_group: bool
    reshuffle_discards: bool
    tiebreak_first_to_lay: bool
    stall_limit: int


def make_config(options: Mapping[str, OptionValue]) -> Config:
    """The configuration from resolved options (an ``even_odd`` leaving no phase is refused)."""
    texts = options["phases"] or list(STANDARD_PHASE_TEXTS)
    assert isinstance(texts, list)
    phases = [parse_phase(str(text)) for text in texts]
    if options["even_odd"] == "even":
        phases = phases[1::2]
    elif options["even_odd"] == "odd":
        phases = phases[0::2]
    if not phases:  # (one custom phase has no even one)
        raise InvalidOptionError(
            f"phase10: option 'even_odd': {options['even_odd']} leaves none of the "
            f"{len(texts)} phases to play"
        )
    return Config(
        phases=tuple(phases),
        mattel_skips=options["skip_style"] == "mattel",
        natural_per_group=options["natural_card_rule"] == "per_group",
        reshuffle_discards=bool(options["reshuffle_discards"]),
        tiebreak_first_to_lay=options["tiebreak_win"] == "first_to_lay",
        stall_limit=_int(options["stall_limit"]),
    )


SUMMARY = """\
Phase 10 (2-6 players, 108 cards: 1-12 in four colours twice, 8 Wilds, 4 Skips).
Be the first to complete the ten phases, in order, one per round:
  1 two sets of 3 · 2 set of 3 + run of 4 · 3 set of 4 + run of 4 · 4 run of 7
  5 run of 8 · 6 run of 9 · 7 two sets of 4 · 8 seven cards of one colour
  9 set of 5 + set of 2 · 10 set of 5 + set of 3
A turn: draw the top card of the draw pile or of the discard pile (never a Skip),
optionally lay down your whole current phase, then (once your phase is down) hit
cards onto any laid phase: sets take their number, runs grow at either end within
1-12, the colour group takes its colour. Discard one card to end your turn.
Wilds stand for any number or colour and keep their value once laid; every laid
phase needs at least one numbered card. A Skip, discarded, makes a player of your
choice lose their next turn. Emptying your hand ends the round: you and everyone who
laid their phase move on to the next phase. The others score their hand: 1-9 5 pts,
10-12 10 pts, Skip 15, Wild 25. The first to complete the last phase wins at the end
of the round; on a tie, the lowest total; still tied, the tied players replay the
last phase and the first of them to lay it down wins (seed).
Notation: draw, take, lay, put 5r g1, put W g2=7, hit 7b 3, hit W 3<, discard 9y,
skip 2 (discard a Skip on seat 2)."""

SPEC = GameSpec(
    name="phase10",
    title="Phase 10",
    # Version 2: the stall guard (stall_limit); version 1 played as stall_limit=0.
    # Version 3: absent values are null in the JSON, not -1 (a Discard's target, a
    # round's went_out, a group's key while free); the play is version 2's.
    version=3,
    older_versions=(
        OlderVersion(
            1,
            "a round with no card laid or hit through several refills of the draw pile "
            "now ends (option stall_limit)",
            defaults=(("stall_limit", 0),),
        ),
        OlderVersion(2, "a Discard with no target has target null, not -1"),
    ),
    player_counts=(2, 3, 4, 5, 6),
    options=OPTIONS,
    summary=SUMMARY,
    length_unit="rounds",
    end_reasons=(
        ("phase10_completed", "one player completed the last phase: they win"),
        (
            "tie_lowest_total",
            "several players completed the last phase: the lowest total among them wins",
        ),
        (
            "tiebreak_first_to_lay",
            "tied on the lowest total, they played the last phase again: the first to lay "
            "it down wins",
        ),
        (
            "tiebreak_first_out",
            "tied on the lowest total, they played the last phase again: the first to go out wins",
        ),
    ),
)
