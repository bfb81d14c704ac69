"""Table clocks: none, a limit per move, or a time bank with an increment.

Pure arithmetic on milliseconds and monotonic seconds, so the rules are easy to test:
the table keeps each seat's bank and the moment the current turn started.
"""

from dataclasses import dataclass

from meeple.store.kinds import ClockKind


@dataclass(frozen=True, slots=True)
class ClockSpec:
    """``move``: ``seconds`` for each action; ``bank``: ``seconds`` in all, plus
    ``increment`` after each action."""

    kind: ClockKind = "none"
    seconds: int = 0
    increment: int = 0

    @property
    def enabled(self) -> bool:
        return self.kind != "none"

    def initial_bank_ms(self) -> int | None:
        return self.seconds * 1000 if self.kind == "bank" else None


def elapsed_ms(turn_started: float, now: float) -> int:
    return max(0, int((now - turn_started) * 1000))


def remaining_ms(spec: ClockSpec, bank_ms: int | None, running: bool, elapsed: int) -> int:
    """Time left for one seat: of the current move (``move``) or of its bank."""
    if spec.kind == "move":
        return max(0, spec.seconds * 1000 - (elapsed if running else 0))
    if spec.kind == "bank":
        return max(0, (bank_ms or 0) - (elapsed if running else 0))
    return 0


def charge(spec: ClockSpec, bank_ms: int | None, elapsed: int) -> int | None:
    """The bank after an action that took ``elapsed`` ms (the increment only if in time)."""
    if spec.kind != "bank":
        return bank_ms
    left = (bank_ms or 0) - elapsed
    if left <= 0:
        return 0
    return left + spec.increment * 1000


def seconds_until_expiry(spec: ClockSpec, bank_ms: int | None, elapsed: int) -> float | None:
    """Seconds until the running clock reaches zero (None without a clock)."""
    if not spec.enabled:
        return None
    return remaining_ms(spec, bank_ms, True, elapsed) / 1000.0
