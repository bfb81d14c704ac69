"""Accounts for people: names, password hashing, session tokens, CSRF tokens, and the
rated-game description the manager stores with a rated game's end.

Security decisions (docs/server.md, "Accounts"):

- passwords are hashed with argon2id through ``argon2-cffi``, with its default
  parameters, which are RFC 9106's second recommended option (3 passes over 64 MiB,
  4 lanes, 16-byte salt, 32-byte hash); at most two hashes run at once, in threads, so
  that a burst of logins costs at most 128 MiB and never blocks the event loop;
- a session token is 32 random bytes (``secrets.token_urlsafe``), stored only as its
  SHA-256 (a token is random, so a fast hash is enough, as for seat tokens); it lasts
  ``SESSION_DAYS`` from sign-in, and is revoked by logging out, by a password change
  (every session of the account) and by deleting the account;
- the CSRF token of a session is an HMAC of the session token: the page reads it from
  ``GET /api/session`` (a cross-site page cannot read that answer) and sends it as
  ``X-CSRF-Token`` with every state-changing request it makes with the cookie.
"""

import asyncio
import hashlib
import hmac
import re
import secrets
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import HTTPException, Request
from fastapi.security import HTTPAuthorizationCredentials

from meeple.server.tables import Plan, TableRuntime
from meeple.store.accounts import BOT_PREFIX, Account, Entrant, RatedGame
from meeple.store.models import utcnow

if TYPE_CHECKING:
    from meeple.server.manager import TableManager

SESSION_DAYS = 30
SESSION_COOKIE = "meeple_session"
CSRF_HEADER = "X-CSRF-Token"
NAME_MIN, NAME_MAX = 3, 20
PASSWORD_MIN, PASSWORD_MAX = 8, 256
NAME_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
# Names nobody may take: the bot levels and what the pages show for nobody in particular.
RESERVED_NAMES = frozenset(
    {
        "random",
        "easy",
        "medium",
        "hard",
        "expert",
        "heuristic",
        "ismcts",
        "admin",
        "guest",
        "deleted",
        "system",
        "meeple",
        "player",
        "spectator",
        "nobody",
        "anonymous",
    }
)
# A bot seat's spec and the level identity it is rated as (only these may sit at a
# rated table: a spec with other parameters is another player).
RATED_BOT_LEVELS = {
    "random": "random",
    "easy": "easy",
    "medium": "medium",
    "heuristic": "medium",
    "hard": "hard",
    "ismcts": "hard",
    "expert": "expert",
    "ismcts:scale=4": "expert",
}

hasher = PasswordHasher()  # argon2id, RFC 9106 low-memory profile (see above)
_hashing = threading.BoundedSemaphore(2)  # hashes at once (64 MiB each)
# Verified when the name is unknown, so that a wrong name takes as long as a wrong password.
_DUMMY_HASH = hasher.hash(secrets.token_urlsafe(16))


def name_key(name: str) -> str:
    return name.lower()


@dataclass(frozen=True, slots=True)
class AccountProblem:
    """Why a name or a password is refused: English words, and the kind (``reason``)
    with its facts for a client to say it in its own."""

    message: str
    reason: str
    details: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        assert ACCOUNT_MISTAKES[self.reason] == set(self.details), (self.reason, self.details)


# The kinds of AccountProblem, each with the facts it tells.
ACCOUNT_MISTAKES: Mapping[str, frozenset[str]] = {
    "name_length": frozenset({"min", "max"}),
    "name_form": frozenset(),
    "name_reserved": frozenset(),
    "name_botlike": frozenset(),
    "password_length": frozenset({"min", "max"}),
    "password_is_name": frozenset(),
}


def name_problem(name: str) -> AccountProblem | None:
    """Why a name cannot be an account's name (None: it can)."""
    if not NAME_MIN <= len(name) <= NAME_MAX:
        return AccountProblem(
            f"a name has {NAME_MIN} to {NAME_MAX} characters",
            "name_length",
            {"min": NAME_MIN, "max": NAME_MAX},
        )
    if not NAME_PATTERN.match(name):
        return AccountProblem(
            "a name starts with a letter and holds only letters, digits, '-' and '_'",
            "name_form",
        )
    key = name_key(name)
    letters = re.sub(r"[^a-z]", "", key)
    if key in RESERVED_NAMES or letters in RESERVED_NAMES:
        return AccountProblem("this name is reserved", "name_reserved")
    if letters.startswith("bot") or letters.endswith(("bot", "bots")) or key.startswith(BOT_PREFIX):
        return AccountProblem("a person's name cannot look like a bot's", "name_botlike")
    return None


def password_problem(password: str, name: str) -> AccountProblem | None:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        return AccountProblem(
            f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters",
            "password_length",
            {"min": PASSWORD_MIN, "max": PASSWORD_MAX},
        )
    if name_key(password) == name_key(name):
        return AccountProblem("the password cannot be the name", "password_is_name")
    return None


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(_hash, password)


def _hash(password: str) -> str:
    with _hashing:
        return hasher.hash(password)


async def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` matches ``stored`` (None: no such account; it still costs
    one verification)."""
    return await asyncio.to_thread(_verify, stored, password)


def _verify(stored: str | None, password: str) -> bool:
    try:
        with _hashing:
            hasher.verify(stored or _DUMMY_HASH, password)
    except (VerificationError, InvalidHashError):
        return False
    return stored is not None


def needs_rehash(stored: str) -> bool:
    """Whether a hash was made with other parameters than today's (then it is redone at
    the next login, when the password is at hand)."""
    try:
        return hasher.check_needs_rehash(stored)
    except InvalidHashError:
        return False


def new_session_token() -> tuple[str, str, datetime]:
    """A session token, its hash (what is stored) and when it runs out."""
    token = secrets.token_urlsafe(32)
    return token, hash_session(token), utcnow() + timedelta(days=SESSION_DAYS)


def hash_session(token: str) -> str:
    return hashlib.sha256(b"session:" + token.encode("utf-8", "surrogatepass")).hexdigest()


def csrf_token(session_token: str) -> str:
    """The CSRF token bound to a session: an HMAC keyed by the (secret) session token."""
    key = session_token.encode("utf-8", "surrogatepass")
    return hmac.new(key, b"meeple csrf", hashlib.sha256).hexdigest()


def csrf_matches(session_token: str, sent: str | None) -> bool:
    return sent is not None and hmac.compare_digest(csrf_token(session_token), sent)


# ---------------------------------------------------------------------- sessions
class Signed:
    """The session a request carries: its account, token, and whether it came as the
    cookie (then a state-changing request needs the CSRF token)."""

    def __init__(self, account: Account, token: str, expires_at: datetime, cookie: bool) -> None:
        self.account = account
        self.token = token
        self.expires_at = expires_at
        self.cookie = cookie


async def signed_in(
    manager: "TableManager", request: Request, bearer: HTTPAuthorizationCredentials | None
) -> Signed | None:
    """The request's session (None without one); 401 for a session that is not (or no
    longer) valid, 403 for a state-changing cookie request without its CSRF token."""
    cookie = bearer is None
    token = request.cookies.get(SESSION_COOKIE) if cookie else bearer.credentials  # type: ignore[union-attr]
    if not token:
        return None
    found = await manager.db(manager.accounts.session, hash_session(token))
    if found is None and cookie:
        return None  # a stale cookie: the page is a guest's again
    if found is None:
        raise HTTPException(401, "this session is not valid (signed out, expired or revoked)")
    account, expires_at = found
    changing = request.method not in ("GET", "HEAD", "OPTIONS")
    if cookie and changing and not csrf_matches(token, request.headers.get(CSRF_HEADER)):
        raise HTTPException(403, f"a request made with the session cookie needs {CSRF_HEADER}")
    return Signed(account, token, expires_at, cookie)


# ----------------------------------------------------------------------- rated tables
def rated_bot_level(spec: str | None) -> str | None:
    return RATED_BOT_LEVELS.get(spec or "")


def rated_game(runtime: TableRuntime, plan: Plan) -> RatedGame | None:
    """What to rate when this plan ends a rated table (None otherwise)."""
    if not runtime.rated or plan.status != "finished" or runtime.status == "finished":
        return None
    if plan.result is None:
        return None
    entrants = []
    for info in runtime.seats:
        if info.kind == "bot":
            entrants.append(Entrant(info.seat, bot_level=rated_bot_level(info.bot)))
        else:
            entrants.append(Entrant(info.seat, account_id=info.account))
    if any(e.account_id is None and e.bot_level is None for e in entrants):
        return None  # a seat nobody in particular played: nothing to rate
    who = [e.account_id if e.account_id is not None else e.bot_level for e in entrants]
    if len(set(who)) != len(who):
        return None  # one player in two seats (refused at creation and join)
    winners = plan.result.get("winners")
    assert isinstance(winners, list)
    return RatedGame(
        runtime.game.spec.name,
        runtime.players,
        tuple(entrants),
        tuple(int(w) for w in winners if isinstance(w, int)),
    )
