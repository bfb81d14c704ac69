"""Post-game reviews at the server: judged by the bot workers, off the event loop.

A review of one seat of a finished table (``POST /api/tables/{id}/review``) sends the bot
workers one request per decision of that seat with a choice, each built by the outbound
choke point from the seat's view at that moment (``ReviewOut``): the workers never see a
state. Reviews run one at a time, at most ``REVIEW_LIMIT`` decisions each, and the last
``REVIEWS_KEPT`` are kept, so asking again costs nothing; a failed one may be asked again.
"""

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from meeple.bots.review import REVIEW_LEVEL, Decision, Judgement, mark

__all__ = ["REVIEW_LEVEL", "Review", "Reviews"]
from meeple.engine.codec import JSON
from meeple.engine.rng import derive_seed
from meeple.server.outbound import ReviewOut, outgoing

if TYPE_CHECKING:
    from meeple.server.live import LiveTable

REVIEW_LIMIT = 200  # decisions judged at most per review (the first ones)
REVIEW_TIME_LIMIT = 120.0  # seconds for one decision's judgement (the expert's search)
REVIEWS_KEPT = 32


@dataclass(slots=True)
class Review:
    """A review of one seat, as far as it has come."""

    table: str
    seat: int
    level: str
    status: str = "pending"  # pending, done or failed
    reviewed: int = 0
    total: int | None = None
    marks: list[dict[str, JSON]] = field(default_factory=list)
    problem: str | None = None

    def to_json(self) -> dict[str, JSON]:
        return {
            "table": self.table,
            "seat": self.seat,
            "level": self.level,
            "status": self.status,
            "reviewed": self.reviewed,
            "total": self.total,
            "limit": REVIEW_LIMIT,
            "marks": list(self.marks),
            "problem": self.problem,
        }


class Reviews:
    """The reviews of finished tables: started on request, run one at a time, kept."""

    def __init__(
        self,
        bots: Callable[[dict[str, JSON], float], Awaitable[object]],
        off_loop: Callable[..., Awaitable[object]],
        spawn: Callable[[Awaitable[None]], object],
        level: str = REVIEW_LEVEL,
    ) -> None:
        self.level = level
        self._ask = bots
        self._off_loop = off_loop
        self._spawn = spawn
        self._kept: OrderedDict[tuple[str, int], Review] = OrderedDict()
        self._one_at_a_time = asyncio.Lock()

    def get(self, table: str, seat: int) -> Review | None:
        return self._kept.get((table, seat))

    def start(self, live: "LiveTable", seat: int) -> Review:
        """The seat's review: the one kept (unless it failed), else a new one, started."""
        key = (live.runtime.id, seat)
        review = self._kept.get(key)
        if review is not None and review.status != "failed":
            self._kept.move_to_end(key)
            return review
        review = self._kept[key] = Review(live.runtime.id, seat, self.level)
        while len(self._kept) > REVIEWS_KEPT:
            self._kept.popitem(last=False)
        self._spawn(self._run(live, review))
        return review

    async def _run(self, live: "LiveTable", review: Review) -> None:
        try:
            async with self._one_at_a_time:
                await self._judge_all(live, review)
        except Exception as error:  # (a review's failure must not touch the table)
            review.status, review.problem = "failed", f"{type(error).__name__}: {error}"[:300]

    async def _judge_all(self, live: "LiveTable", review: Review) -> None:
        runtime = live.runtime
        seed = derive_seed(0, "review", runtime.id)
        entries = runtime.log[0 : runtime.version]
        item = ReviewOut(runtime, entries, review.level, seed, REVIEW_LIMIT)
        built = await self._off_loop(outgoing, review.seat, item)
        assert isinstance(built, dict)
        requests, decisions = built["requests"], built["decisions"]
        assert isinstance(requests, list) and isinstance(decisions, list)
        total = built["total"]
        review.total = total if isinstance(total, int) else None
        for request, decision in zip(requests, decisions, strict=True):
            assert isinstance(request, dict) and isinstance(decision, dict)
            answer = await self._ask(request, REVIEW_TIME_LIMIT)
            index = getattr(answer, "index", None)
            if not isinstance(index, int):
                review.status = "failed"
                review.problem = str(getattr(answer, "problem", None) or "no judgement")
                return
            flagged = _mark(request, decision, index, getattr(answer, "shares", None))
            if flagged is not None:
                review.marks.append(flagged)
            review.reviewed += 1
        review.status = "done"


def _mark(
    request: dict[str, JSON],
    decision: dict[str, JSON],
    index: int,
    shares: tuple[float | None, ...] | None,
) -> dict[str, JSON] | None:
    """A decision's mark as JSON (legal actions by index), or None if the move stands."""
    step, played, texts, legal = (
        decision["step"], decision["played"], decision["texts"], request["legal"]
    )  # fmt: skip
    assert isinstance(step, int) and isinstance(played, int)
    assert isinstance(texts, list) and isinstance(legal, list)
    estimates: dict[object, float] = {
        i: share for i, share in enumerate(shares or ()) if share is not None
    }
    seat = request["seat"]
    assert isinstance(seat, int)
    choices = tuple(range(len(legal)))
    flagged = mark(Decision(step, seat, None, choices, played), Judgement(index, estimates))
    if flagged is None:
        return None
    return {
        "step": step,
        "version": step + 1,  # the replay frame that shows the move played
        "seat": seat,
        "played": legal[played],
        "played_text": texts[played],
        "better": legal[index],
        "better_text": texts[index],
        "played_share": _rounded(flagged.played_share),
        "better_share": _rounded(flagged.better_share),
        "loss": _rounded(flagged.loss),
    }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 4)
