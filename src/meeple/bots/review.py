"""Post-game review: the moves where the strongest bot would have played otherwise.

The review replays a match and, at every decision of the reviewed seat that offered a
choice, asks a fresh bot of the expert level (``REVIEW_LEVEL``) for its move from that
seat's view at that moment, never from the true state: ``judge`` redacts the state to
the seat's view at once and hands the bot nothing else, and each decision's generator
is seeded by the review's seed and the step alone, so the same record gives the same
review, and redealing what the seat could not see changes nothing
(``tests/bots/test_review.py``).

A decision is *marked* when the bot would have played another move and its estimate of
that move (the search's mean win share for the seat) is higher than its estimate of the
move played by more than ``MIN_LOSS`` (the search's noise); the mark says by how much
(``loss``, in win share: 0.25 is a quarter of a game). The estimates come from the
bot's search tree; a bot without one (a heuristic spec) marks any other move, without
estimates.
"""

import random
from collections.abc import Iterator
from dataclasses import dataclass

from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.levels import HINT_LEVEL
from meeple.bots.registry import make_bot
from meeple.engine.codec import JSON
from meeple.engine.protocol import CHANCE, AnyGame
from meeple.engine.record import MatchRecord, replay
from meeple.engine.rng import derive_seed

REVIEW_LEVEL = HINT_LEVEL  # the strongest level: the expert bot
DEFAULT_LIMIT = 400  # decisions reviewed at most per seat (a review is a long search)
MIN_LOSS = 0.02  # a smaller loss is within the search's noise: not marked


@dataclass(frozen=True, slots=True)
class Judgement:
    """The bot's opinion of one decision: its move and its estimates (win shares)."""

    choice: object
    shares: dict[object, float]  # legal action -> the search's mean win share (visited)


@dataclass(frozen=True, slots=True)
class Mark:
    """A decision where the bot would have played another move."""

    step: int  # the index of the played action in the record's steps
    seat: int
    played: object
    better: object
    played_share: float | None  # the bot's estimate of the move played (None: unknown)
    better_share: float | None  # ... and of its own move
    loss: float | None  # better_share - played_share

    def to_json(self, game: AnyGame, before: object) -> dict[str, JSON]:
        """The mark as plain data, the moves in notation for the position ``before``."""
        return {
            "step": self.step,
            "seat": self.seat,
            "played": game.encode_action(self.played),
            "played_text": game.format_action(before, self.played),
            "better": game.encode_action(self.better),
            "better_text": game.format_action(before, self.better),
            "played_share": _rounded(self.played_share),
            "better_share": _rounded(self.better_share),
            "loss": _rounded(self.loss),
        }


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision of the reviewed seat in a replayed match."""

    step: int  # index of the action in the record's steps
    seat: int
    state: object  # the true state before it (``judge`` redacts it)
    legal: tuple[object, ...]
    played: object


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def decisions(game: AnyGame, record: MatchRecord, seat: int | None = None) -> Iterator[Decision]:
    """Every decision with a choice in the record (of ``seat`` only, if given)."""
    before: object = None
    for index, (state, step) in enumerate(replay(game, record)):
        if step is not None and step.seat != CHANCE and (seat is None or step.seat == seat):
            legal = game.legal_actions(before)
            if len(legal) > 1:
                yield Decision(index - 1, step.seat, before, legal, game.decode_action(step.data))
        before = state


def judge(
    game: AnyGame,
    state: object,
    seat: int,
    rng: random.Random,
    spec: str = REVIEW_LEVEL,
) -> Judgement:
    """What ``spec`` would play for ``seat`` (which is to act) and how it rates each legal
    action, from the seat's view of ``state`` only."""
    view = game.view(state, seat)
    legal = game.legal_actions(state)
    return judge_view(game, view, legal, seat, rng, spec)


def judge_view(
    game: AnyGame,
    view: object,
    legal: tuple[object, ...],
    seat: int,
    rng: random.Random,
    spec: str = REVIEW_LEVEL,
) -> Judgement:
    """``judge`` from the seat's view and the legal actions (what a bot worker gets)."""
    bot = make_bot(spec, game, seat, rng)
    choice = bot.choose(view, legal)
    if not isinstance(bot, ISMCTSBot):
        return Judgement(choice, {})
    return Judgement(choice, bot.estimates(view))


def mark(decision: Decision, judgement: Judgement, min_loss: float = MIN_LOSS) -> Mark | None:
    """The mark for a decision the bot judged, or None when the move played stands (the
    bot's own, or one it rates at most ``min_loss`` below its own)."""
    played, better = decision.played, judgement.choice
    if better == played:
        return None
    played_share = judgement.shares.get(played)
    better_share = judgement.shares.get(better)
    loss = None
    if played_share is not None and better_share is not None:
        loss = better_share - played_share
        if loss <= min_loss:
            return None  # another move, but not one it rates clearly higher
    return Mark(decision.step, decision.seat, played, better, played_share, better_share, loss)


def decision_seed(seed: int, step: int) -> int:
    """The generator seed of the bot judging the decision at ``step``."""
    return derive_seed(seed, "review", step)


@dataclass(frozen=True, slots=True)
class Review:
    seat: int | None
    spec: str
    reviewed: int  # decisions judged
    total: int  # decisions with a choice
    marks: list[tuple[Mark, object]]  # each mark with the state before it

    @property
    def truncated(self) -> bool:
        return self.reviewed < self.total


def review_record(
    game: AnyGame,
    record: MatchRecord,
    seat: int | None = None,
    spec: str = REVIEW_LEVEL,
    seed: int = 0,
    limit: int = DEFAULT_LIMIT,
    min_loss: float = MIN_LOSS,
) -> Review:
    """Judge every decision with a choice of ``seat`` (every seat: None), at most
    ``limit`` of them, the first ones."""
    found = list(decisions(game, record, seat))
    marks: list[tuple[Mark, object]] = []
    for decision in found[:limit]:
        rng = random.Random(decision_seed(seed, decision.step))
        judged = judge(game, decision.state, decision.seat, rng, spec)
        flagged = mark(decision, judged, min_loss)
        if flagged is not None:
            marks.append((flagged, decision.state))
    return Review(seat, spec, min(limit, len(found)), len(found), marks)
