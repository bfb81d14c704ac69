"""Helpers for the server tests: a PostgreSQL on loopback, a live server, WebSocket clients.

Imported by the tests as ``server.serverkit`` (``tests`` is on the path).
"""

import asyncio
import contextlib
import glob
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from meeple.server.app import create_app, uvicorn_config
from meeple.server.limits import Rate
from meeple.server.manager import Settings, TableManager

Message = dict[str, Any]
T = TypeVar("T")


# ----------------------------------------------------------------------- PostgreSQL
def postgres_bindir() -> str | None:
    """Debian's PostgreSQL binaries (the project's Makefile installs them), if present."""
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(os.path.join(candidate, "initdb")):
            return candidate
    found = shutil.which("initdb")
    return os.path.dirname(found) if found else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PostgresCluster:
    """A throw-away PostgreSQL cluster on 127.0.0.1, started and stopped by the tests."""

    def __init__(self, bindir: str) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="meeple-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.user_kwargs: dict[str, Any] = {}
        if os.geteuid() == 0:  # initdb refuses to run as root: use Debian's postgres user
            shutil.chown(self.root, "postgres", "postgres")
            self.root.chmod(0o755)
            self.user_kwargs = {"user": "postgres", "group": "postgres"}

    def _run(self, *args: str) -> None:
        subprocess.run(
            [os.path.join(self.bindir, args[0]), *args[1:]],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=self.root,
            **self.user_kwargs,
        )

    def start(self) -> None:
        self._run(
            "initdb", "-D", str(self.data), "-U", "meeple", "-A", "trust", "-E", "UTF8", "--no-sync"
        )
        options = f"-h 127.0.0.1 -p {self.port} -k {self.root} -F -c max_connections=200"
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.root / "log"),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        )

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres", *, unix: bool = False) -> str:
        """Over TCP on 127.0.0.1, or (``unix``) over the socket in the cluster's folder."""
        if unix:
            return f"postgresql://meeple@/{database}?host={self.root}&port={self.port}"
        return f"postgresql://meeple@127.0.0.1:{self.port}/{database}"

    def new_database(self, *, unix: bool = False) -> str:
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name, unix=unix)


# ---------------------------------------------------------------------------- Redis
def redis_binary() -> str | None:
    """Debian's redis-server (the project's Makefile installs it), if present."""
    return shutil.which("redis-server") or (
        "/usr/bin/redis-server" if os.path.exists("/usr/bin/redis-server") else None
    )


class RedisServer:
    """A throw-away Redis on 127.0.0.1 (no persistence), started and stopped by the tests."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="meeple-redis-"))
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def unix_url(self) -> str:
        """The same server over its Unix socket (in its own folder)."""
        return f"unix://{self.root / 'redis.sock'}?db=0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.root),
                "--unixsocket",
                str(self.root / "redis.sock"),
                "--unixsocketperm",
                "700",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        import redis

        client = redis.Redis(port=self.port)

        def answers() -> bool:
            try:
                return bool(client.ping())
            except redis.RedisError:
                return False

        wait_until(answers, 30)
        client.close()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        shutil.rmtree(self.root, ignore_errors=True)


# ------------------------------------------------------------- server processes
class ServerProcess:
    """``meeple serve`` as its own process (and process group, with its bot workers)."""

    def __init__(self, db_url: str, port: int, *extra: str) -> None:
        self.db_url, self.port, self.extra = db_url, port, extra
        self.process: subprocess.Popen[bytes] | None = None
        # What the server logs, for a failing test to show (tempfile's folder).
        self.log = Path(tempfile.gettempdir()) / f"meeple-serve-{port}.log"

    def start(self) -> None:
        self.launch()
        self.wait_started()

    def wait_started(self) -> None:
        wait_until(self.healthy, 60)

    def launch(self) -> None:
        log = self.log.open("ab")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "meeple.cli.main",
                "serve",
                "--port",
                str(self.port),
                "--db",
                self.db_url,
                "--bot-workers",
                "1",
                *self.extra,
            ],
            env=python_env(),
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
        log.close()

    def healthy(self) -> bool:
        try:
            return httpx.get(f"{self.base}/api/health", timeout=1, trust_env=False).is_success
        except httpx.HTTPError:
            return False

    def health(self) -> dict[str, Any]:
        answer: dict[str, Any] = httpx.get(
            f"{self.base}/api/health", timeout=10, trust_env=False
        ).json()
        return answer

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGKILL)  # the server and its bot workers
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.kill()


# ---------------------------------------------------------------------- live server
class LiveServer:
    """The real application on uvicorn in a thread, listening on a loopback port."""

    def __init__(self, settings: Settings) -> None:
        self.app = create_app(settings)
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = int(self.sock.getsockname()[1])
        config = uvicorn_config(self.app, settings, lifespan="on", timeout_graceful_shutdown=2)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def manager(self) -> TableManager:
        manager: TableManager = self.app.state.manager
        return manager

    def __enter__(self) -> "LiveServer":
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


def server_settings(db_url: str, **changes: Any) -> Settings:
    settings = Settings(db_url=db_url, bot_workers=1, bot_time_limit=2.0, allow_custom_bots=True)
    # The tests create many tables from one address: the creation limits have tests of
    # their own (test_limits.py).
    settings.create_rate = Rate(100_000, 60.0)
    settings.create_quota = Rate(100_000, 60.0)
    settings.max_connections_per_client = 10_000
    for key, value in changes.items():
        setattr(settings, key, value)
    return settings


# --------------------------------------------------------------------------- clients
class Client:
    """A WebSocket client that keeps every message it received."""

    def __init__(self, ws_base: str, table_id: str, token: str | None = None) -> None:
        self.socket: ClientConnection = connect(
            f"{ws_base}/ws/tables/{table_id}",
            proxy=None,
            max_size=None,
            # Unbounded: a client not read for a while (a test waiting on another) keeps
            # taking frames and answering pings, instead of stalling until its keep-alive
            # times out and the connection closes.
            max_queue=None,
            compression=None,
            open_timeout=10,
        )
        self.socket.__enter__()  # websockets >= 17.1 wants the context-manager form
        self.messages: list[Message] = []
        self.state: Message | None = None
        hello: Message = {"type": "hello"}
        if token is not None:
            hello["token"] = token
        self.send(hello)

    def send(self, frame: Message) -> None:
        self.socket.send(json.dumps(frame))

    def send_raw(self, data: str | bytes) -> None:
        self.socket.send(data)

    def recv(self, timeout: float = 10.0) -> Message:
        message: Message = json.loads(self.socket.recv(timeout=timeout))
        self.messages.append(message)
        if message.get("type") == "state":
            self.state = message
        return message

    def wait_for(self, predicate: Callable[[Message], bool], timeout: float = 15.0) -> Message:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching message came")
            message = self.recv(left)
            if predicate(message):
                return message

    def wait_type(self, kind: str, timeout: float = 15.0) -> Message:
        return self.wait_for(lambda m: m.get("type") == kind, timeout)

    def wait_version(self, version: int, timeout: float = 15.0) -> Message:
        """The latest state once it has reached ``version`` (maybe one already here)."""
        if self.state is not None and self.state["version"] >= version:
            return self.state
        return self.wait_for(
            lambda m: m.get("type") == "state" and m["version"] >= version, timeout
        )

    def drain(self, quiet: float = 0.2) -> list[Message]:
        """Everything that arrives until ``quiet`` seconds pass without a message."""
        got = []
        while True:
            try:
                got.append(self.recv(quiet))
            except TimeoutError:
                return got

    def move(self, version: int, *, action: Any = None, text: str | None = None) -> None:
        frame: Message = {"type": "move", "version": version}
        if text is not None:
            frame["text"] = text
        else:
            frame["action"] = action
        self.send(frame)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.socket.close()


def create_table(http: httpx.Client, **body: Any) -> Message:
    answer = http.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    table: Message = answer.json()
    return table


def join(http: httpx.Client, table_id: str, seat: int, name: str = "p") -> str:
    answer = http.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": name})
    assert answer.status_code == 201, answer.text
    token: str = answer.json()["token"]
    return token


def python_env() -> dict[str, str]:
    """The environment for a server subprocess: the same imports as this process."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    return env


def wait_until(condition: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("condition not met in time")
        time.sleep(0.02)


def iter_lines(path: Path) -> Iterator[str]:
    yield from path.read_text().splitlines()


def caught_up(clients: list[Client]) -> dict[str, Any]:
    """Wait until every client holds the same latest state; return the first one's."""
    for client in clients:
        if client.state is None:
            client.wait_type("state")
    top = max(c.state["version"] for c in clients if c.state is not None)
    for client in clients:
        client.wait_version(top)
    states = [c.state for c in clients]
    assert all(s is not None and s["version"] == top for s in states)
    return states[0]  # type: ignore[return-value]


Chooser = Callable[[Client], Any]


def play(
    clients: list[Client],
    moves: int,
    rng: random.Random,
    choose: Chooser | None = None,
) -> dict[str, Any]:
    """Play up to ``moves`` random legal moves with these clients (the other seats are
    bots, or these clients are every seat); return the latest state."""
    state = caught_up(clients)
    for _ in range(moves):
        if state["status"] == "finished":
            break
        movers = [c for c in clients if c.state is not None and c.state["legal"]]
        if not movers:  # a bot is to move: wait until one of ours may
            for client in clients:
                client.wait_version(state["version"] + 1)
            movers = [c for c in clients if c.state is not None and c.state["legal"]]
            if not movers:
                state = caught_up(clients)
                continue
        mover = movers[0]
        assert mover.state is not None
        version = mover.state["version"]
        action = choose(mover) if choose else rng.choice(mover.state["legal"])["action"]
        mover.move(version, action=action)
        answer = mover.wait_for(
            lambda m, v=version: m["type"] == "error" or (m["type"] == "state" and m["version"] > v)
        )
        assert answer["type"] == "state", answer
        for client in clients:
            client.wait_version(version + 1)
        state = caught_up(clients)
    return state


def finish(
    clients: list[Client], rng: random.Random, choose: Chooser | None = None
) -> dict[str, Any]:
    state = play(clients, 20_000, rng, choose)
    assert state["status"] == "finished", "the game did not finish"
    return state


def run_coroutine(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: this thread may already run an event loop
    (the browser tests' Playwright does, when both suites share a session)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


BANK_SECONDS = 600  # a bank clock that cannot run out during a test


def clocked_table(http: httpx.Client, **body: Any) -> tuple[Message, list[str]]:
    """A CMYK table for two people with a bank clock, both seats joined: it is running
    and the first mover's clock is running."""
    table = create_table(
        http, game="cmyk", players=2, clock={"kind": "bank", "seconds": BANK_SECONDS}, **body
    )
    return table, [join(http, table["id"], seat) for seat in (0, 1)]


def running_turn(clients: list[Client]) -> tuple[Client, Message]:
    """The client whose seat is to act, and its state, once that seat's clock runs with
    its whole bank left to lose (nobody has moved yet)."""
    state = caught_up(clients)
    mover = next(c for c in clients if c.state is not None and c.state["legal"])
    assert mover.state is not None and mover.state["version"] == state["version"]
    (clock,) = [c for c in mover.state["clocks"] if c["seat"] == mover.state["seat"]]
    assert clock["running"] and clock["remaining_ms"] <= BANK_SECONDS * 1000
    return mover, mover.state


def charged_ms(client: Client, seat: int, version: int, action: Any) -> tuple[int, Message]:
    """Move at ``version`` and wait for the new state: the milliseconds the seat's bank
    was charged for that turn (its clock stopped, so the figure is the stored bank)."""
    client.move(version, action=action)
    answer = client.wait_for(lambda m: m["type"] == "state" and m["version"] > version, 90)
    (clock,) = [c for c in answer["clocks"] if c["seat"] == seat]
    assert not clock["running"]
    return BANK_SECONDS * 1000 - int(clock["remaining_ms"]), answer
