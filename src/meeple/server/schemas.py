"""Request and answer bodies of the REST API (pydantic models, for validation and OpenAPI).

Answers are built by ``outbound.outgoing`` and sent as they are; the answer models here
describe them for the OpenAPI document.
"""

import unicodedata
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, JsonValue, model_validator
from pydantic.config import JsonDict

from meeple.engine.registry import game_names
from meeple.server.tables import PlayedBy
from meeple.store.kinds import ClockKind, SeatKind, TableStatus


def unfit_text(field: str, text: str) -> str | None:
    """Why ``text`` cannot be stored as text (lone surrogates, control characters), or None.

    Lone surrogates (``"\\ud83d"`` in JSON) are no characters and cannot be encoded in
    UTF-8; PostgreSQL refuses NUL; the other control characters only garble a display.
    """
    for character in text:
        if "\ud800" <= character <= "\udfff":
            return (
                f"{field!r} holds a lone surrogate (U+{ord(character):04X}), which is not a "
                "character: send valid Unicode text"
            )
        if unicodedata.category(character) == "Cc" and character not in "\t\n":
            return f"{field!r} holds the control character U+{ord(character):04X}"
    return None


def _fit_text(text: str) -> str:
    problem = unfit_text("name", text)
    if problem is not None:
        raise ValueError(problem)
    return text


Text = Annotated[str, AfterValidator(_fit_text)]  # a name people read: stored, shown
BOT_SPEC = Field(
    default=None,
    max_length=200,
    description="a level (easy, medium, hard, expert), or random, heuristic, ismcts[:k=v,...]",
)


def registered_games(schema: JsonDict) -> None:
    """The games offered, from the engine's registry when the OpenAPI document is built
    (so a game registered at run time is listed); the engine still checks the name."""
    names = list(game_names())
    schema["enum"] = list(names)
    schema["description"] = "one of the registered games: " + ", ".join(names)


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: SeatKind = "human"
    bot: str | None = BOT_SPEC

    @model_validator(mode="after")
    def _bot_needs_spec(self) -> "SeatSpec":
        if self.kind == "bot" and not self.bot:
            raise ValueError("a bot seat needs a bot spec, e.g. 'heuristic' or 'random'")
        return self


class ClockBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: ClockKind = "none"
    seconds: int = Field(default=0, ge=0, le=86_400)
    increment: int = Field(default=0, ge=0, le=3_600)

    @model_validator(mode="after")
    def _needs_time(self) -> "ClockBody":
        if self.kind != "none" and self.seconds < 1:
            raise ValueError(f"a {self.kind} clock needs seconds >= 1")
        return self


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=32, json_schema_extra=registered_games)
    players: int | None = Field(default=None, ge=1, le=16)
    options: dict[str, JsonValue] = Field(default_factory=dict, max_length=64)
    seats: list[SeatSpec] | None = Field(default=None, max_length=16)
    clock: ClockBody = Field(default_factory=ClockBody)
    empty_seat_bot: str | None = Field(
        default="heuristic",
        max_length=200,
        description="plays empty, long-disconnected or timed-out seats; null: nobody does",
    )
    grace_seconds: int = Field(default=60, ge=0, le=86_400)
    bot_delay_ms: int = Field(default=400, ge=0, le=60_000)
    open_replays: bool = True
    hints: bool = Field(
        default=False,
        description="seats may ask for a hint: the expert bot's move, from their view",
    )
    name: Text = Field(default="", max_length=80)
    rated: bool = Field(
        default=False,
        description="a rated table: only accounts take its seats, bots are level players, "
        "and the end updates everyone's rating for the game and player count",
    )
    start_steps: list[dict[str, JsonValue]] | None = Field(
        default=None,
        max_length=2000,
        description="tests only (a server started with --test-positions): the game's first "
        'steps, as record lines ({"chance": outcome} or {"seat": n, "action": action}), '
        "played when the table starts instead of random ones",
    )


class JoinBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Text = Field(default="player", min_length=1, max_length=40)


class JoinAnswer(BaseModel):
    table_id: str
    seat: int
    token: str = Field(description="shown once: keep it to reconnect; stored only hashed")


class SeatInfo(BaseModel):
    seat: int
    kind: SeatKind
    bot: str | None
    name: str | None
    occupied: bool
    connected: bool
    played_by: PlayedBy
    account: bool = Field(default=False, description="played by an account (name links)")


class ClockInfo(BaseModel):
    kind: ClockKind
    seconds: int
    increment: int


class TableInfo(BaseModel):
    id: str
    name: str
    game: str
    title: str
    players: int
    options: dict[str, JsonValue]
    status: TableStatus
    version: int
    to_act: int | None
    seats: list[SeatInfo]
    clock: ClockInfo
    empty_seat_bot: str | None
    grace_seconds: int
    bot_delay_ms: int
    open_replays: bool
    hints: bool
    rated: bool = False
    created_at: str
    result: dict[str, JsonValue] | None = Field(
        description="once finished: winners, scores, length, returns, reason (a code of "
        "the game's end reasons), rounds (each round's points; round-based games) and "
        "rematch (the id of the rematch table, once asked for)"
    )


class HintAnswer(BaseModel):
    version: int = Field(description="the table version the hint is for")
    level: str = Field(description="the bot level that chose it (expert)")
    action: JsonValue = Field(description="the move, encoded as a move frame's action")
    text: str = Field(description="the move in the game's notation")


class ReviewMark(BaseModel):
    step: int = Field(description="the index of the move played in the game's steps")
    version: int = Field(description="the replay frame that shows the move played")
    seat: int
    played: JsonValue = Field(description="the move played, encoded")
    played_text: str
    better: JsonValue = Field(description="the move the bot would have played, encoded")
    better_text: str
    played_share: float | None = Field(
        description="the bot's estimate of the seat's win share after the move played"
    )
    better_share: float | None = Field(description="... and after its own move")
    loss: float | None = Field(description="better_share - played_share")


class ReviewAnswer(BaseModel):
    table: str
    seat: int
    level: str = Field(description="the bot level that judges (expert)")
    status: Literal["pending", "done", "failed"]
    reviewed: int = Field(description="decisions judged so far")
    total: int | None = Field(
        description="the seat's decisions with a choice (null: not yet known)"
    )
    limit: int = Field(description="decisions judged at most (the first ones)")
    marks: list[ReviewMark]
    problem: str | None = None


class TableList(BaseModel):
    tables: list[TableInfo]
    next: int | None = None  # the offset of the next page; null on the last one


class OptionInfo(BaseModel):
    name: str
    default: JsonValue
    doc: str = Field(description="what the option decides, in words (no internal value)")
    allowed: str = Field(description="the values it takes, as typed (JSON)")
    choices: list[JsonValue] | None
    choice_words: list[str] | None = Field(
        description="each choice in words, in the order of choices"
    )
    minimum: int | None
    maximum: int | None
    advanced: bool = Field(
        description="a table-maker's setting (board geometry and the like), not a rule "
        "a player usually changes"
    )


class GameInfo(BaseModel):
    name: str
    title: str
    version: int
    player_counts: list[int]
    default_players: int
    options: list[OptionInfo]
    summary: str
    length_unit: str
    bots: list[str]


class GameList(BaseModel):
    games: list[GameInfo]


class Message(BaseModel):
    """A message built by the outbound choke point (see docs/server.md)."""

    model_config = ConfigDict(extra="allow")
    type: str


class Problem(BaseModel):
    """What went wrong, in English (``detail``). A mistake in a new table also names its
    kind (``reason``) and facts (``details``), for a client to say it in its own words."""

    detail: str
    reason: str | None = None
    details: dict[str, str | int] | None = None
