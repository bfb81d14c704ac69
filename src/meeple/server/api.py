"""The REST API: games, tables, seats, records and replays (see docs/server.md).

Every answer that carries table data is built by ``outbound.outgoing`` for the asker's
seat (from the Bearer token) or for a spectator, and sent as it is.
"""

import importlib
import random
import secrets
from collections.abc import Mapping
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Path, Query, Request
from fastapi.responses import JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from meeple.bots.levels import HINT_LEVEL, LEVEL_ORDER
from meeple.bots.registry import BUILTIN, builtin_names, make_bot, parse_bot_spec
from meeple.engine.codec import JSON
from meeple.engine.errors import InvalidOptionError
from meeple.engine.protocol import AnyGame
from meeple.engine.record import FORMAT, FORMAT_VERSION
from meeple.engine.registry import default_players, game_class, game_names
from meeple.engine.rng import derive_seed
from meeple.server.accounts import RATED_BOT_LEVELS, rated_bot_level, signed_in
from meeple.server.limits import Rate
from meeple.server.live import LiveTable
from meeple.server.manager import TableManager
from meeple.server.outbound import (
    BotRequestOut,
    ChatListOut,
    RecordOut,
    StateOut,
    TableOut,
    outgoing,
)
from meeple.server.rematch import rematch
from meeple.server.schemas import (
    CreateTable,
    GameInfo,
    GameList,
    HintAnswer,
    JoinAnswer,
    JoinBody,
    Message,
    OptionInfo,
    Problem,
    ReviewAnswer,
    SeatSpec,
    TableInfo,
    TableList,
)
from meeple.server.tables import MoveError
from meeple.store.db import StoredSeat, StoredTable
from meeple.store.kinds import LIVE_STATUSES, TableStatus

router = APIRouter(prefix="/api")
bearer = HTTPBearer(auto_error=False, description="the seat token returned by join")
session_bearer = HTTPBearer(
    auto_error=False,
    scheme_name="SessionBearer",
    description="a session token (from sign-up or login)",
)

HINT_RATE = Rate(12, 60.0)  # hints per seat per minute: each one is a long search
HINT_TIME_LIMIT = 60.0  # seconds for a hint's search (the expert level takes a few)
TableId = Annotated[str, Path(min_length=1, max_length=16, pattern=r"^[A-Za-z0-9_-]+$")]
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
ERRORS: dict[int | str, dict[str, object]] = {
    401: {"model": Problem},
    403: {"model": Problem},
    404: {"model": Problem},
    409: {"model": Problem},
    422: {"model": Problem},
}


def manager_of(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


Manager = Annotated[TableManager, Depends(manager_of)]


def has_heuristic(game_name: str) -> bool:
    try:
        importlib.import_module(f"meeple.bots.heuristic.{game_name}")
    except ImportError:
        return False
    return True


def check_bot_spec(text: str, game: AnyGame, allow_custom: bool) -> str:
    """The spec if the server may run it for this game; InvalidOptionError otherwise."""
    spec = parse_bot_spec(text)
    if spec.target != "heuristic" and spec.target not in BUILTIN.values() and not allow_custom:
        served = ", ".join(builtin_names())
        raise TableRequestError(
            f"bot {text!r}: this server runs only {served}",
            reason="botNotServed",
            details={"spec": text, "served": served},
        )
    try:
        make_bot(text, game, 0, random.Random(0))
    except InvalidOptionError:
        raise
    except (ValueError, TypeError) as error:
        raise InvalidOptionError(f"bot {text!r}: {error}") from None
    return spec.text


def _problem(status: int, message: str) -> HTTPException:
    return HTTPException(status_code=status, detail=message)


# The mistakes a table request can make beyond its game's options, with their facts.
TABLE_MISTAKES = {
    "seatCount": frozenset({"seats", "players"}),
    "botNotServed": frozenset({"spec", "served"}),
    "ratedHints": frozenset(),
    "ratedBots": frozenset({"levels"}),
    "ratedLevelTwice": frozenset({"level"}),
}


# Why a seat cannot be taken (``reason`` of a refused join; the last five are the
# seating's MoveError codes).
JOIN_MISTAKES = ("needs_account", "finished", "no_seat", "bot_seat", "taken", "one_seat")
# Why a table cannot start now (``rated_not_full``; the seating's ``not_open`` and
# ``empty_seats``), why a rematch cannot be made (the rematch's MoveError codes), and why
# no hint is given (``too_many`` tells ``count`` and ``seconds``).
START_MISTAKES = ("rated_not_full", "not_open", "empty_seats")
REMATCH_MISTAKES = ("not_finished", "rematch")
HINT_MISTAKES = ("hints_off", "too_many", "not_your_turn", "no_answer")


class TableRequestError(InvalidOptionError):
    """A table the server will not create, for a reason of the table, not the game."""

    mistakes = TABLE_MISTAKES


class Refusal(HTTPException):
    """A problem that names its kind (``reason``) and facts beside the English ``detail``,
    for a client to say it in its own words (``Problem``; the app renders it)."""

    def __init__(
        self, status: int, message: str, reason: str, details: Mapping[str, object] | None = None
    ) -> None:
        super().__init__(status_code=status, detail=message)
        self.reason = reason
        self.details = {key: _fact(value) for key, value in (details or {}).items()}

    def problem(self) -> Problem:
        return Problem(detail=str(self.detail), reason=self.reason, details=self.details)


def _refused(error: InvalidOptionError) -> HTTPException:
    """A 422 problem for a table request, with the mistake's kind and facts if named."""
    if not error.reason:
        return _problem(422, str(error))
    return Refusal(422, str(error), error.reason, error.details)


def _fact(value: object) -> str | int:
    return value if isinstance(value, int) and not isinstance(value, bool) else str(value)


async def _table(manager: TableManager, table_id: str) -> LiveTable:
    live = await manager.get(table_id)
    if live is None:
        raise _problem(404, f"no table {table_id!r}")
    return live


async def _asker(
    manager: TableManager, live: LiveTable, token: HTTPAuthorizationCredentials | None
) -> int | None:
    """The seat of the Bearer token (None: no token, a spectator); 403 for a token of
    another table, 401 for one that holds no seat anywhere."""
    if token is None:
        return None
    seat = await manager.authenticate(live, token.credentials)
    if seat is None:
        if await manager.token_elsewhere(token.credentials):
            raise _problem(403, "this token holds a seat at another table, not this one")
        raise _problem(401, "this token holds no seat at this table")
    return seat


async def _limit_creation(manager: TableManager, request: Request) -> None:
    """429 once a client has created too many tables (a rate and a daily quota)."""
    client = request.client.host if request.client else "?"
    settings = manager.settings
    for name, rate in (("rate", settings.create_rate), ("quota", settings.create_quota)):
        wait = await manager.limiter.hit(f"create:{name}:{client}", rate)
        if wait is not None:
            raise HTTPException(
                status_code=429,
                detail=f"at most {rate.count} new tables per {rate.seconds:g} s per client",
                headers={"Retry-After": str(max(1, round(wait)))},
            )


# --------------------------------------------------------------------------- games
@router.get("/health")
async def health(manager: Manager) -> dict[str, object]:
    """Liveness, and what this instance does: its name (with several), the tables it
    owns and the bot moves it has played."""
    cluster = manager.cluster
    return {
        "ok": True,
        "instance": None if cluster is None else cluster.id,
        "tables_owned": sum(
            1 for live in manager.live.values() if live.owned and live.runtime.status != "finished"
        ),
        "bot_moves": manager.turns.bot_moves,
    }


@router.get("/games", response_model=GameList)
async def list_games() -> GameList:
    games = []
    for name in game_names():
        spec = game_class(name).spec
        games.append(
            GameInfo(
                name=spec.name,
                title=spec.title,
                version=spec.version,
                player_counts=list(spec.player_counts),
                default_players=default_players(name),
                options=[
                    OptionInfo(
                        name=o.name,
                        default=o.default,
                        doc=o.doc,
                        allowed=o.describe_allowed(),
                        choices=None if o.choices is None else list(o.choices),
                        choice_words=[words for _, words in o.choices_in_words()] or None,
                        minimum=o.minimum,
                        maximum=o.maximum,
                        advanced=o.advanced,
                    )
                    for o in spec.options
                ],
                summary=spec.summary,
                length_unit=spec.length_unit,
                # the levels for people, when the game has a heuristic bot to build them on
                bots=["random", *(LEVEL_ORDER if has_heuristic(name) else [])],
            )
        )
    return GameList(games=games)


# -------------------------------------------------------------------------- tables
@router.post(
    "/tables",
    status_code=201,
    response_model=None,
    responses={201: {"model": TableInfo}, 422: {"model": Problem}, 429: {"model": Problem}},
)
async def create_table(body: CreateTable, manager: Manager, request: Request) -> JSONResponse:
    """Create a table; options are validated exactly as the engine validates them."""
    await _limit_creation(manager, request)
    try:
        stored = _new_table(body, manager.settings.allow_custom_bots)
    except InvalidOptionError as error:
        raise _refused(error) from None
    if body.start_steps is not None and not manager.settings.test_positions:
        raise _problem(422, "start_steps is for tests: this server was not started for them")
    try:
        live = await manager.seating.create(stored, body.start_steps)
    except MoveError as error:
        raise _problem(422, str(error)) from None
    manager.schedule(live)
    return JSONResponse(_info(live), status_code=201)


def _new_table(body: CreateTable, allow_custom_bots: bool) -> StoredTable:
    """The table a creation asks for, checked (InvalidOptionError: why not)."""
    game = _configured_game(body)
    players = game.players
    stored_seats = _new_seats(body, game, allow_custom_bots)
    if "empty_seat_bot" not in body.model_fields_set:
        empty_bot: str | None = "heuristic" if has_heuristic(body.game) else "random"
    else:
        empty_bot = body.empty_seat_bot
    if empty_bot is not None:
        empty_bot = check_bot_spec(empty_bot, game, allow_custom_bots)
    if body.rated:
        _check_rated_bots(stored_seats)
        if body.hints:
            raise TableRequestError(
                "a rated table has no hints (the expert bot's moves)", reason="ratedHints"
            )
    return StoredTable(
        id=secrets.token_urlsafe(9)[:12],
        name=body.name,
        game=game.spec.name,
        rules_version=game.spec.version,
        players=players,
        options=dict(game.options),
        status="open",
        clock_kind=body.clock.kind,
        clock_seconds=body.clock.seconds,
        clock_increment=body.clock.increment,
        empty_seat_bot=empty_bot,
        grace_seconds=body.grace_seconds,
        bot_delay_ms=body.bot_delay_ms,
        open_replays=body.open_replays,
        hints=body.hints,
        seats=stored_seats,
        rated=body.rated,
    )


def _configured_game(body: CreateTable) -> AnyGame:
    cls = game_class(body.game)
    players = default_players(body.game) if body.players is None else body.players
    try:
        return cls(players, body.options)
    except InvalidOptionError:
        raise
    except (ValueError, TypeError, KeyError, RecursionError) as error:
        raise InvalidOptionError(f"{body.game}: invalid options ({error})") from None


def _new_seats(body: CreateTable, game: AnyGame, allow_custom_bots: bool) -> list[StoredSeat]:
    """The seats asked for (all human by default), human ones with the clock's bank."""
    players = game.players
    seats: list[SeatSpec | None] = list(body.seats) if body.seats else [None] * players
    if len(seats) != players:
        raise TableRequestError(
            f"{len(seats)} seats given for {players} players",
            reason="seatCount",
            details={"seats": len(seats), "players": players},
        )
    bank = body.clock.seconds * 1000 if body.clock.kind == "bank" else None
    stored_seats = []
    for index, seat in enumerate(seats):
        if seat is None or seat.kind == "human":
            stored_seats.append(StoredSeat(index, "human", clock_ms=bank))
        else:
            spec = check_bot_spec(seat.bot or "", game, allow_custom_bots)
            stored_seats.append(StoredSeat(index, "bot", bot=spec))
    return stored_seats


def _check_rated_bots(seats: list[StoredSeat]) -> None:
    """A rated table's bots are the levels (one identity each), each in one seat."""
    levels = [rated_bot_level(seat.bot) for seat in seats if seat.kind == "bot"]
    if None in levels:
        named = ", ".join(dict.fromkeys(RATED_BOT_LEVELS.values()))
        raise TableRequestError(
            f"a rated table's bots are levels: {named}",
            reason="ratedBots",
            details={"levels": named},
        )
    twice = next((level for level in levels if levels.count(level) > 1), None)
    if twice is not None:
        raise TableRequestError(
            f"a rated table has each bot level in one seat at most ({twice} sits in "
            f"{levels.count(twice)})",
            reason="ratedLevelTwice",
            details={"level": twice},
        )


def _info(live: LiveTable) -> JSON:
    return outgoing(None, TableOut(live.runtime))["table"]


@router.get("/tables", response_model=None, responses={200: {"model": TableList}})
async def list_tables(
    manager: Manager,
    status: Annotated[list[TableStatus] | None, Query()] = None,
    game: Annotated[str | None, Query(max_length=32)] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> JSONResponse:
    """Open and running tables (by default), newest first, a page at a time: ``next`` is
    the ``offset`` of the following page (null on the last one)."""
    wanted: list[TableStatus] = sorted(set(status or LIVE_STATUSES))
    stored = await manager.db(manager.store.tables_with_status, wanted, game, limit + 1, offset)
    tables: list[JSON] = []
    for table in stored[:limit]:
        live = manager.live.get(table.id)
        tables.append(_info(live) if live is not None else outgoing(None, TableOut(table))["table"])
    more = len(stored) > limit
    return JSONResponse({"tables": tables, "next": offset + limit if more else None})


@router.get(
    "/tables/{table_id}", response_model=None, responses={200: {"model": TableInfo}, **ERRORS}
)
async def get_table(table_id: TableId, manager: Manager) -> JSONResponse:
    return JSONResponse(_info(await _table(manager, table_id)))


@router.post(
    "/tables/{table_id}/seats/{seat}",
    status_code=201,
    response_model=JoinAnswer,
    responses=ERRORS,
)
async def join_seat(
    table_id: TableId,
    seat: Annotated[int, Path(ge=0, le=63)],
    manager: Manager,
    request: Request,
    session: Annotated[HTTPAuthorizationCredentials | None, Depends(session_bearer)],
    body: JoinBody | None = None,
) -> JoinAnswer:
    """Take a human seat; the answer carries the seat token, shown this once. With a
    session (Bearer, or the page's cookie) the seat is played as that account, under
    its name; a rated table seats accounts only."""
    live = await _table(manager, table_id)
    signed = await signed_in(manager, request, session)
    if signed is None and live.runtime.rated:
        raise Refusal(401, "a rated table seats accounts only: sign in first", "needs_account")
    account = None if signed is None else signed.account
    name = (body or JoinBody()).name if account is None else account.name or ""
    try:
        token = await manager.seating.join(
            live, seat, name, None if account is None else account.id
        )
    except MoveError as error:
        status = 404 if error.code == "no_seat" else 409
        raise Refusal(status, str(error), error.code) from None
    return JoinAnswer(table_id=table_id, seat=seat, token=token)


@router.post(
    "/tables/{table_id}/leave", response_model=None, responses={200: {"model": TableInfo}, **ERRORS}
)
async def leave_seat(table_id: TableId, manager: Manager, token: Token) -> JSONResponse:
    """Give the seat up; the token stops working."""
    live = await _table(manager, table_id)
    seat = await _asker(manager, live, token)
    if seat is None:
        raise _problem(401, "leaving needs the seat's token (Authorization: Bearer ...)")
    await manager.seating.leave(live, seat)
    return JSONResponse(_info(live))


@router.post(
    "/tables/{table_id}/start", response_model=None, responses={200: {"model": TableInfo}, **ERRORS}
)
async def start_table(table_id: TableId, manager: Manager, token: Token) -> JSONResponse:
    """Start now: seats still empty are played by the table's empty-seat bot."""
    live = await _table(manager, table_id)
    if await _asker(manager, live, token) is None:
        raise _problem(401, "starting needs a seat token of this table")
    runtime = live.runtime
    if runtime.rated and any(s.kind == "human" and s.token_hash is None for s in runtime.seats):
        raise Refusal(409, "a rated table starts when every seat is taken", "rated_not_full")
    try:
        await manager.seating.start(live)
    except MoveError as error:
        raise Refusal(409, str(error), error.code) from None
    return JSONResponse(_info(live))


@router.post(
    "/tables/{table_id}/rematch",
    status_code=201,
    response_model=None,
    responses={200: {"model": TableInfo}, 201: {"model": TableInfo}, **ERRORS},
)
async def rematch_table(table_id: TableId, manager: Manager, token: Token) -> JSONResponse:
    """A new table for a finished game's rematch: the same game, options and settings,
    bots in the bot seats and the human seats open for the same people. Every connection
    to the finished table is sent a ``rematch`` frame and its ``result.rematch`` names
    the new table. Asking again answers the same table (200), never a second one."""
    live = await _table(manager, table_id)
    if await _asker(manager, live, token) is None:
        raise _problem(401, "a rematch needs a seat token of this table")
    try:
        new, created = await rematch(manager, live)
    except MoveError as error:
        raise Refusal(409, str(error), error.code) from None
    return JSONResponse(_info(new), status_code=201 if created else 200)


@router.get(
    "/tables/{table_id}/state", response_model=None, responses={200: {"model": Message}, **ERRORS}
)
async def table_state(table_id: TableId, manager: Manager, token: Token) -> JSONResponse:
    """The state message for the asker's seat (a spectator's without a token)."""
    live = await _table(manager, table_id)
    seat = await _asker(manager, live, token)
    return JSONResponse(outgoing(seat, StateOut(live.runtime, live.runtime.version)))


@router.post(
    "/tables/{table_id}/hint",
    response_model=HintAnswer,
    responses={**ERRORS, 403: {"model": Problem}, 429: {"model": Problem}, 503: {"model": Problem}},
)
async def table_hint(table_id: TableId, manager: Manager, token: Token) -> HintAnswer:
    """The expert bot's move for the asker's seat, which is to act, at a table with hints
    on. The bot worker gets the seat's view only (the bot request of ``outgoing``), and the
    generator is seeded by the table, its version and the seat: asking again gives the
    same hint."""
    live = await _table(manager, table_id)
    seat = await _asker(manager, live, token)
    if seat is None:
        raise _problem(401, "a hint needs the seat's token (Authorization: Bearer ...)")
    runtime = live.runtime
    if not runtime.hints:
        raise Refusal(403, "hints are off at this table", "hints_off")
    if await manager.limiter.hit(f"hint:{table_id}:{seat}", HINT_RATE) is not None:
        count, seconds = HINT_RATE.count, round(HINT_RATE.seconds)
        raise Refusal(
            429,
            f"at most {count} hints per {seconds} s",
            "too_many",
            {"count": count, "seconds": seconds},
        )
    async with live.lock:
        if runtime.actor() != seat:
            raise Refusal(
                409, f"no hint for seat {seat}: it is not that seat's turn", "not_your_turn"
            )
        version = runtime.version
        seed = derive_seed(0, "hint", table_id, version, seat)
        request = outgoing(seat, BotRequestOut(runtime, HINT_LEVEL, seed))
        state = runtime.state
        legal = runtime.game.legal_actions(state)
    answer = await manager.bots.choose(request, HINT_TIME_LIMIT)
    if answer.index is None or not 0 <= answer.index < len(legal):
        raise Refusal(503, f"no hint this time: {answer.problem}", "no_answer")
    action = legal[answer.index]
    game = runtime.game
    text = game.format_action(state, action)
    return HintAnswer(
        version=version, level=HINT_LEVEL, action=game.encode_action(action), text=text
    )


@router.get(
    "/tables/{table_id}/watch", response_model=None, responses={200: {"model": Message}, **ERRORS}
)
async def watch_table(table_id: TableId, manager: Manager) -> JSONResponse:
    """What a spectator needs: the table, its state as a spectator sees it, the socket."""
    live = await _table(manager, table_id)
    return JSONResponse(
        {
            "table": _info(live),
            "state": outgoing(None, StateOut(live.runtime, 0)),
            "websocket": f"/ws/tables/{table_id}",
        }
    )


def _viewpoint(live: LiveTable, asker: int | None, wanted: int | None) -> int | None:
    if wanted is None or wanted == asker:
        return asker
    runtime = live.runtime
    if not 0 <= wanted < runtime.players:
        raise _problem(404, f"seats run from 0 to {runtime.players - 1}")
    if runtime.status == "finished" and runtime.open_replays:
        return wanted
    raise _problem(403, "only a finished game with open replays can be seen from another seat")


@router.get(
    "/tables/{table_id}/record", response_model=None, responses={200: {"model": Message}, **ERRORS}
)
async def table_record(
    table_id: TableId,
    manager: Manager,
    token: Token,
    seat: Annotated[int | None, Query(ge=0, le=63)] = None,
) -> JSONResponse:
    """The match record, every step redacted for the asker's seat (or ``?seat=``)."""
    live = await _table(manager, table_id)
    viewpoint = _viewpoint(live, await _asker(manager, live, token), seat)
    runtime = live.runtime
    header: dict[str, JSON] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": runtime.game.spec.name,
        "version": runtime.game.spec.version,
        "players": runtime.players,
        "options": dict(runtime.options),
        "seats": [(info.bot or "bot") if info.kind == "bot" else "human" for info in runtime.seats],
        "seed": None,
    }
    return JSONResponse(outgoing(viewpoint, RecordOut(runtime, header)))


@router.get(
    "/tables/{table_id}/replay", response_model=None, responses={200: {"model": Message}, **ERRORS}
)
async def table_replay(
    table_id: TableId,
    manager: Manager,
    token: Token,
    seat: Annotated[int | None, Query(ge=0, le=63)] = None,
    start: Annotated[int, Query(alias="from", ge=0, le=10_000_000)] = 0,
    limit: Annotated[int | None, Query(ge=1, le=10_000_000)] = None,
) -> Response:
    """Frames of views of the chosen seat, one per step (``from``, at most ``limit``):
    built off the event loop, a finished game's kept for the next asker."""
    live = await _table(manager, table_id)
    viewpoint = _viewpoint(live, await _asker(manager, live, token), seat)
    text = await manager.replays.replay(live, viewpoint, start, limit)
    return Response(text, media_type="application/json")


SeatQuery = Annotated[int | None, Query(ge=0, le=63)]


async def _reviewed(
    manager: TableManager,
    table_id: str,
    token: HTTPAuthorizationCredentials | None,
    seat: int | None,
) -> tuple[LiveTable, int]:
    """The finished table and the seat whose review is asked for (as for replays)."""
    live = await _table(manager, table_id)
    viewpoint = _viewpoint(live, await _asker(manager, live, token), seat)
    if viewpoint is None:
        raise _problem(400, "a review is of one seat: name it (?seat=) or send its token")
    if live.runtime.status != "finished":
        raise _problem(409, "a review needs a finished game")
    return live, viewpoint


@router.post(
    "/tables/{table_id}/review",
    response_model=ReviewAnswer,
    responses={**ERRORS, 202: {"model": ReviewAnswer}, 400: {"model": Problem}},
)
async def start_review(
    table_id: TableId, manager: Manager, token: Token, seat: SeatQuery = None
) -> JSONResponse:
    """Start the post-game review of the asker's seat (or ``?seat=``, as for replays) at a
    finished table: the decisions where the expert bot, from that seat's view at that
    moment, would have played another move. 202 while it runs (ask again, or GET), 200
    once done; a review is judged by the bot workers, one at a time, and kept."""
    live, reviewed = await _reviewed(manager, table_id, token, seat)
    review = manager.reviews.start(live, reviewed)
    return JSONResponse(review.to_json(), status_code=200 if review.status == "done" else 202)


@router.get(
    "/tables/{table_id}/review",
    response_model=ReviewAnswer,
    responses={**ERRORS, 400: {"model": Problem}},
)
async def get_review(
    table_id: TableId, manager: Manager, token: Token, seat: SeatQuery = None
) -> JSONResponse:
    """The seat's review as far as it has come (404 until one is started with POST)."""
    live, reviewed = await _reviewed(manager, table_id, token, seat)
    review = manager.reviews.get(live.runtime.id, reviewed)
    if review is None:
        raise _problem(404, f"no review of seat {reviewed} yet: POST to start one")
    return JSONResponse(review.to_json())


@router.get(
    "/tables/{table_id}/chat", response_model=None, responses={200: {"model": Message}, **ERRORS}
)
async def table_chat(table_id: TableId, manager: Manager) -> JSONResponse:
    live = await _table(manager, table_id)
    messages = await manager.db(manager.store.recent_chat, live.runtime.id, 100)
    return JSONResponse(outgoing(None, ChatListOut(messages)))
