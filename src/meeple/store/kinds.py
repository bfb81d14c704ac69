"""The named values stored as short strings: a table's status, a seat's kind, a clock's
kind and who made a step. The database columns and the JSON messages hold exactly these
strings; the types only say which ones there are."""

from typing import Literal, get_args

TableStatus = Literal["open", "running", "finished"]
SeatKind = Literal["human", "bot"]
ClockKind = Literal["none", "move", "bank"]
# Who made a step: a person, a bot seat, the empty-seat bot standing in (a seat empty,
# away or out of time), the random bot replacing a failing bot, a test's start_steps,
# or chance.
StepBy = Literal["human", "bot", "substitute", "fallback", "preset", "chance"]
LIVE_STATUSES: tuple[TableStatus, ...] = ("open", "running")
TABLE_STATUSES: tuple[TableStatus, ...] = get_args(TableStatus)
