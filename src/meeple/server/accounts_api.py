"""The REST API of accounts: sign-up, sign-in and out, password, deletion, sessions,
players' pages and leaderboards (see docs/server.md, "Accounts").

A session is sent as ``Authorization: Bearer <session token>`` by programs, or by the
page as the HttpOnly cookie ``meeple_session``; a state-changing request made with the
cookie must carry the session's CSRF token in ``X-CSRF-Token``.
"""

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Path, Query, Request
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials
from pydantic import BaseModel, ConfigDict, Field
from pydantic.config import JsonDict

from meeple.engine.registry import default_players, game_class, game_names
from meeple.server.accounts import (
    CSRF_HEADER,
    NAME_MAX,
    PASSWORD_MAX,
    PASSWORD_MIN,
    SESSION_COOKIE,
    SESSION_DAYS,
    Signed,
    csrf_token,
    hash_password,
    hash_session,
    name_key,
    name_problem,
    needs_rehash,
    new_session_token,
    password_problem,
    signed_in,
    verify_password,
)
from meeple.server.api import ERRORS, Manager, Refusal, session_bearer
from meeple.server.manager import TableManager
from meeple.server.schemas import registered_games
from meeple.store.accounts import Account

router = APIRouter(prefix="/api", tags=["accounts"])
SessionToken = Annotated[HTTPAuthorizationCredentials | None, Depends(session_bearer)]
PlayerName = Annotated[str, Path(min_length=1, max_length=40)]
GameName = Annotated[str, Path(min_length=1, max_length=32, json_schema_extra=registered_games)]
FAILED_LOGIN = "wrong name or password"
# The endpoints whose bodies hold a password: a 422 about them never echoes the input.
SECRET_BODIES = frozenset(
    {"/api/accounts", "/api/login", "/api/account/password", "/api/account/delete"}
)
_PASSWORD: JsonDict = {"minLength": PASSWORD_MIN, "maxLength": PASSWORD_MAX}


class Credentials(BaseModel):
    """A name and a password (the password's length is checked by the server, which
    never echoes it back)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=64, description=f"3 to {NAME_MAX} letters, digits, - or _")
    password: str = Field(json_schema_extra=_PASSWORD)


class PasswordChange(BaseModel):
    model_config = ConfigDict(extra="forbid")
    current: str
    new: str = Field(json_schema_extra=_PASSWORD)


class PasswordConfirm(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: str


class AccountInfo(BaseModel):
    name: str
    kind: str
    created_at: str


class SessionAnswer(BaseModel):
    account: AccountInfo
    token: str | None = Field(
        description="the session token (only when it is new): send it as a Bearer token"
    )
    expires_at: str
    csrf_token: str = Field(description=f"send it as {CSRF_HEADER} with the cookie")


class Done(BaseModel):
    ok: bool


class PlayerAnswer(BaseModel):
    name: str
    kind: str
    created_at: str
    ratings: list[dict[str, Any]]
    rating_history: list[dict[str, Any]]
    games: list[dict[str, Any]]
    next: int | None


class LeaderboardAnswer(BaseModel):
    game: str
    players: int
    player_counts: list[int]
    entries: list[dict[str, Any]]
    next: int | None


def _problem(status: int, message: str, **headers: str) -> HTTPException:
    return HTTPException(status_code=status, detail=message, headers=headers or None)


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


async def _limit(manager: TableManager, key: str, rate_name: str) -> None:
    rate = getattr(manager.settings, rate_name)
    wait = await manager.limiter.hit(key, rate)
    if wait is not None:
        raise _problem(
            429,
            f"too many attempts: at most {rate.count} per {rate.seconds:g} s",
            **{"Retry-After": str(max(1, round(wait)))},
        )


def _account_info(account: Account) -> dict[str, Any]:
    return {
        "name": account.name or "",
        "kind": account.kind,
        "created_at": account.created_at.isoformat(),
    }


def _session_response(
    request: Request,
    account: Account,
    token: str,
    expires_at: datetime,
    status: int = 200,
    *,
    new: bool = True,
) -> JSONResponse:
    body = {
        "account": _account_info(account),
        "token": token if new else None,
        "expires_at": expires_at.isoformat(),
        "csrf_token": csrf_token(token),
    }
    response = JSONResponse(body, status_code=status)
    if new:
        response.set_cookie(
            SESSION_COOKIE,
            token,
            max_age=SESSION_DAYS * 86400,
            path="/api",
            httponly=True,
            samesite="strict",
            secure=request.url.scheme == "https",
        )
    return response


async def _start_session(
    manager: TableManager, request: Request, account: Account, status: int = 200
) -> JSONResponse:
    token, digest, expires_at = new_session_token()
    await manager.db(manager.accounts.add_session, account.id, digest, expires_at)
    return _session_response(request, account, token, expires_at, status)


async def _required(
    manager: TableManager, request: Request, bearer: HTTPAuthorizationCredentials | None
) -> Signed:
    signed = await signed_in(manager, request, bearer)
    if signed is None:
        raise _problem(401, "sign in first (a session token or the session cookie)")
    return signed


async def _confirmed(
    manager: TableManager,
    request: Request,
    bearer: HTTPAuthorizationCredentials | None,
    password: str,
) -> Account:
    """The signed-in account, once its password is given again (guesses count against
    the name's login limit); 401 for a wrong one."""
    account = (await _required(manager, request, bearer)).account
    await _limit(manager, f"login:name:{name_key(account.name or '')}", "login_name_rate")
    stored = await manager.db(manager.accounts.password_hash, account.id)
    if not await verify_password(stored, password):
        raise _problem(401, "the password is wrong")
    return account


ACCOUNT_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    429: {"model": ERRORS[401]["model"]},
}


# ------------------------------------------------------------------------ accounts
@router.post(
    "/accounts",
    status_code=201,
    response_model=SessionAnswer,
    responses=ACCOUNT_ERRORS,
)
async def sign_up(body: Credentials, manager: Manager, request: Request) -> JSONResponse:
    """Create an account and sign in (the answer is the new session); 409 when the name
    is taken, whatever its case."""
    problem = name_problem(body.name) or password_problem(body.password, body.name)
    if problem is not None:
        raise Refusal(422, problem.message, problem.reason, problem.details)
    await _limit(manager, f"signup:{_client(request)}", "signup_rate")
    password_hash = await hash_password(body.password)
    account = await manager.db(
        manager.accounts.create_account, body.name, name_key(body.name), password_hash
    )
    if account is None:
        raise _problem(409, f"the name {body.name!r} is taken")
    return await _start_session(manager, request, account, 201)


@router.post("/login", response_model=SessionAnswer, responses=ACCOUNT_ERRORS)
async def login(body: Credentials, manager: Manager, request: Request) -> JSONResponse:
    """Sign in: a new session. A wrong name and a wrong password get the same 401
    (after the same work); attempts are limited per client and per name (429)."""
    key = name_key(body.name)[: NAME_MAX + 4]
    await _limit(manager, f"login:client:{_client(request)}", "login_rate")
    await _limit(manager, f"login:name:{key}", "login_name_rate")
    found = await manager.db(manager.accounts.find_by_key, key)
    account, stored = found if found is not None else (None, None)
    if len(body.password) > PASSWORD_MAX:  # no account has one: not worth hashing
        raise _problem(401, FAILED_LOGIN)
    if not await verify_password(stored, body.password) or account is None:
        raise _problem(401, FAILED_LOGIN)
    if stored is not None and needs_rehash(stored):  # the parameters were raised since
        new_hash = await hash_password(body.password)
        await manager.db(manager.accounts.replace_hash, account.id, stored, new_hash)
    return await _start_session(manager, request, account)


@router.get("/session", response_model=SessionAnswer, responses=ACCOUNT_ERRORS)
async def current_session(manager: Manager, request: Request, bearer: SessionToken) -> JSONResponse:
    """Who is signed in (the page asks at load), with the session's CSRF token."""
    signed = await _required(manager, request, bearer)
    return _session_response(request, signed.account, signed.token, signed.expires_at, new=False)


@router.post("/logout", response_model=Done, responses=ACCOUNT_ERRORS)
async def logout(manager: Manager, request: Request, bearer: SessionToken) -> JSONResponse:
    """End this session: its token (and cookie) stop working."""
    signed = await _required(manager, request, bearer)
    await manager.db(manager.accounts.delete_session, hash_session(signed.token))
    response = JSONResponse({"ok": True})
    response.delete_cookie(SESSION_COOKIE, path="/api", httponly=True, samesite="strict")
    return response


@router.post("/account/password", response_model=SessionAnswer, responses=ACCOUNT_ERRORS)
async def change_password(
    body: PasswordChange, manager: Manager, request: Request, bearer: SessionToken
) -> JSONResponse:
    """A new password (the current one is asked again): every session of the account
    ends, and the answer is a new one for this client."""
    account = await _confirmed(manager, request, bearer, body.current)
    problem = password_problem(body.new, account.name or "")
    if problem is not None:
        raise Refusal(422, problem.message, problem.reason, problem.details)
    await manager.db(manager.accounts.set_password, account.id, await hash_password(body.new))
    return await _start_session(manager, request, account)


@router.post("/account/delete", response_model=Done, responses=ACCOUNT_ERRORS)
async def delete_account(
    body: PasswordConfirm, manager: Manager, request: Request, bearer: SessionToken
) -> JSONResponse:
    """Delete the account (the password is asked again): its name is freed, its
    sessions end, its ratings go; its games stay, with a "deleted player" in its seats."""
    account = await _confirmed(manager, request, bearer, body.password)
    await manager.db(manager.accounts.delete_account, account.id)
    for live in manager.live.values():  # the tables in memory forget the name too
        for info in live.runtime.seats:
            if info.account == account.id:
                info.name = None
    response = JSONResponse({"ok": True})
    response.delete_cookie(SESSION_COOKIE, path="/api", httponly=True, samesite="strict")
    return response


# ------------------------------------------------------------------------- players
@router.get("/players/{name}", response_model=PlayerAnswer, responses=ERRORS)
async def player_page(
    name: PlayerName,
    manager: Manager,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> PlayerAnswer:
    """A player (a person or a bot level): ratings per game and player count, the
    rating after each rated game (for a chart), and finished games, newest first, a
    page at a time (``next``: the following page's offset)."""
    accounts = manager.accounts
    account = await manager.db(accounts.player, name_key(name))
    if account is None:
        raise _problem(404, f"no player {name!r}")
    games = await manager.db(accounts.history, account.id, limit + 1, offset)
    return PlayerAnswer(
        **_account_info(account),
        ratings=await manager.db(accounts.ratings_of, account.id),
        rating_history=await manager.db(accounts.rating_points, account.id),
        games=games[:limit],
        next=offset + limit if len(games) > limit else None,
    )


@router.get("/leaderboard/{game}", response_model=LeaderboardAnswer, responses=ERRORS)
async def leaderboard(
    game: GameName,
    manager: Manager,
    players: Annotated[int | None, Query(ge=1, le=16)] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> LeaderboardAnswer:
    """The ratings of a game at one player count (by default the game's usual one),
    best first; provisional ratings (fewer than 10 rated games) come after the others."""
    if game not in game_names():
        raise _problem(404, f"no game {game!r}")
    count = default_players(game) if players is None else players
    if count not in game_class(game).spec.player_counts:
        raise _problem(404, f"{game} is not played by {count}")
    accounts = manager.accounts
    entries = await manager.db(accounts.leaderboard, game, count, limit + 1, offset)
    return LeaderboardAnswer(
        game=game,
        players=count,
        player_counts=await manager.db(accounts.rated_player_counts, game),
        entries=entries[:limit],
        next=offset + limit if len(entries) > limit else None,
    )
