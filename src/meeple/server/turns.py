"""Who moves when nobody sends a move: the table's bots, substitutes for empty, away or
timed-out seats, and the clocks' wake-ups. Only the owner of a table runs them."""

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from meeple.server.clocks import elapsed_ms, remaining_ms
from meeple.server.live import LiveTable
from meeple.server.outbound import BotRequestOut, outgoing
from meeple.store.kinds import StepBy

if TYPE_CHECKING:
    from meeple.server.manager import TableManager

log = logging.getLogger("meeple.server")


class Turns:
    def __init__(self, manager: "TableManager") -> None:
        self.manager = manager
        self.bot_moves = 0  # bot and substitute moves this instance played

    def schedule(self, live: LiveTable) -> None:
        """After any change: start the bot due to move, or time the next wake-up (only
        the owner of a table runs its bots and clocks)."""
        if not live.owned:
            return
        runtime = live.runtime
        if live.wake_task is not None:
            live.wake_task.cancel()
            live.wake_task = None
        seat = runtime.actor()
        if seat is None:
            return
        now = time.monotonic()
        if self.bot_due(live, seat, now) is not None:
            idle = live.bot_task is None or live.bot_task.done()
            if live.bot_version != runtime.version or idle:
                live.bot_version = runtime.version
                live.bot_task = self.manager.spawn(self._bot_turn(live, runtime.version, seat))
            return
        delay = self._next_wake(live, seat, now)
        if delay is not None:
            live.wake_task = self.manager.spawn(self._wake(live, runtime.version, delay))

    @staticmethod
    def bot_due(live: LiveTable, seat: int, now: float) -> StepBy | None:
        """Whether a bot plays ``seat`` now: as its bot, as a substitute, or not (None)."""
        runtime = live.runtime
        info = runtime.seats[seat]
        if info.kind == "bot":
            return "bot"
        if runtime.played_by(seat, now) == "bot":
            return "substitute"
        if live.substitute_version == runtime.version and runtime.empty_seat_bot is not None:
            return "substitute"
        return None

    @staticmethod
    def _next_wake(live: LiveTable, seat: int, now: float) -> float | None:
        runtime = live.runtime
        info = runtime.seats[seat]
        delays: list[float] = []
        # A clock that already ran out (with nobody to substitute) needs no more wake-ups.
        ran_out = info.expired or live.substitute_version == runtime.version
        if runtime.clock.enabled and not ran_out:
            left = remaining_ms(
                runtime.clock, info.bank_ms, True, elapsed_ms(runtime.turn_started, now)
            )
            delays.append(left / 1000.0)
        if info.connections == 0 and info.disconnected_since is not None:
            delays.append(info.disconnected_since + runtime.grace_seconds - now)
        return max(0.0, min(delays)) if delays else None

    async def _wake(self, live: LiveTable, version: int, delay: float) -> None:
        await asyncio.sleep(delay + 0.001)
        runtime = live.runtime
        seat = runtime.actor()
        if runtime.version != version or seat is None:
            return
        info = runtime.seats[seat]
        now = time.monotonic()
        if runtime.clock.enabled and not info.expired:
            left = remaining_ms(
                runtime.clock, info.bank_ms, True, elapsed_ms(runtime.turn_started, now)
            )
            if left <= 0:
                if runtime.clock.kind == "bank":
                    info.expired = True
                else:
                    live.substitute_version = version
                self.manager.broadcast_table(live)
        live.wake_task = None
        self.schedule(live)

    async def _bot_turn(self, live: LiveTable, version: int, seat: int) -> None:
        try:
            moved = await self._bot_move(live, version, seat)
        finally:
            if live.bot_task is asyncio.current_task():
                live.bot_task = None
        if moved:
            self.schedule(live)

    async def _bot_move(self, live: LiveTable, version: int, seat: int) -> bool:
        """Ask the bot for this seat's move at ``version``; False if nothing was played."""
        manager = self.manager
        runtime = live.runtime
        if runtime.bot_delay_ms > 0:
            await asyncio.sleep(runtime.bot_delay_ms / 1000.0)
        async with live.lock:
            if runtime.version != version or runtime.actor() != seat:
                return False
            spec = runtime.bot_spec_for(seat)
            request = outgoing(seat, BotRequestOut(runtime, spec, manager.rng.getrandbits(62)))
            legal = runtime.game.legal_actions(runtime.state)
        answer = await manager.bots.choose(request)
        async with live.lock:
            if runtime.version != version or runtime.actor() != seat:
                return False
            by = self.bot_due(live, seat, time.monotonic())
            if by is None:  # the person came back in the meantime
                return False
            index = answer.index
            if index is None or not 0 <= index < len(legal):
                log.warning(
                    "table %s seat %d: bot %r failed (%s): random move",
                    runtime.id,
                    seat,
                    spec,
                    answer.problem,
                )
                index = manager.rng.randrange(len(legal))
                by = "fallback"
            plan = runtime.plan_actions(seat, [legal[index]], by, manager.rng, time.monotonic())
            if runtime.seats[seat].expired:
                plan.expired[seat] = True
            stored = await manager.store_and_commit(live, plan)
            self.bot_moves += stored
            return stored
