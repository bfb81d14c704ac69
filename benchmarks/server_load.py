"""Load benchmark of ``meeple serve``: N concurrent tables of bot-paced clients.

Starts the server as its own process on 127.0.0.1 (a fresh SQLite store by default, or
``--db``), then drives N tables at once over real WebSockets from this process: every
seat is a client that, when it is to act, waits ``--think-ms`` (the bot's pace), picks a
random legal move from its state message and sends it. A finished game is replaced by a
new table, so N stay in play. Prints moves per second and the 50th/99th percentile of the
time from sending a move to receiving the new state on that connection.

    python benchmarks/server_load.py --tables 200 --seconds 30
    python benchmarks/server_load.py --tables 50 --game phase10 --players 4
    python benchmarks/server_load.py --instances 1,2 --generators 4 --tables 200

``--instances 1,2`` is the multi-instance mode: it starts its own PostgreSQL and Redis on
loopback (Debian's binaries, as the tests do), then for each count N runs N ``meeple serve
--redis`` instances on one database and drives them from ``--generators`` load-generating
processes. The tables are created on the instances in turn and their seats connect to
them in turn, so with two instances every table has a seat on another instance than its
owner: half the moves are forwarded, and every state reaches one seat through Redis. It
prints, per N, moves per second, the send-to-new-view latency of the mover, and the
delivery latency from a move's sending to the new state at another seat (with N > 1:
across instances).

The instances reach PostgreSQL and Redis over their Unix sockets, as on one machine
(``--sockets tcp``: over loopback TCP).

Every time is taken in a load generator, so it includes the generators' own delays
(their event loop, the machine's scheduler): each row also prints the CPU that the
servers, the generators, PostgreSQL and Redis used, the whole machine's, the share the
host stole from it, how long each server's event loop was ready to run but waited for a
core, and the load average. The generators are kept cheap, since on one machine their
CPU is taken from the servers': picows for the WebSockets (frames parsed in C and handed
to a callback, about 0.09 ms of CPU a move against 0.21 ms with the websockets
package), a small keep-alive HTTP client for creating tables and joining, uvloop when
installed.
The moves per second are bounded by ``--tables`` / ``--think-ms`` (667 for 200 tables
at 300 ms): with think time, latency is the figure; ``--think-ms 0`` measures capacity.

Only loopback addresses are used; every loop is bounded by ``--seconds``.
"""

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
import orjson
from picows import WSFrame, WSListener, WSMsgType, WSTransport, ws_connect

T = TypeVar("T")


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    deliveries: list[float] = field(default_factory=list)  # move sent -> another seat's view
    moves: int = 0
    all_moves: int = 0  # warm-up included: the servers' CPU per move divides by it
    errors: int = 0
    measuring: bool = False
    finished: int = 0


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """The generator's event loop: uvloop when installed (uvicorn's own choice), so that
    the clients' loop costs less than the server's."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Seat(WSListener):
    """One seat's connection: the picows client calls ``on_ws_frame`` with each frame
    straight from the socket (parsed in C, no task per message), so a load generator
    costs a fraction of what the server spends on the same frames."""

    def __init__(
        self,
        token: str,
        think: float,
        rng: random.Random,
        stats: Stats,
        sent: dict[int, float],
    ) -> None:
        self.token = token
        self.think = think
        self.rng = rng
        self.stats = stats
        self.sent = sent  # shared by a table's seats: version a move was sent at -> when
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.sent_at: float | None = None
        self.sent_version = -1
        self.seen_version = -1
        self.thinking = False
        self.partial = bytearray()  # a message in several frames (not sent by uvicorn)

    def on_ws_connected(self, transport: WSTransport) -> None:
        transport.send(WSMsgType.TEXT, orjson.dumps({"type": "hello", "token": self.token}))

    def on_ws_disconnected(self, transport: WSTransport) -> None:
        if not self.done.done():
            self.done.set_exception(ConnectionError("the server closed the connection"))

    def on_ws_frame(self, transport: WSTransport, frame: WSFrame) -> None:
        kind = frame.msg_type
        if kind == WSMsgType.CLOSE:
            transport.send_close(frame.get_close_code())
            transport.disconnect()
            return
        if kind not in (WSMsgType.TEXT, WSMsgType.CONTINUATION):
            return  # (pings are answered by picows)
        if not frame.fin or self.partial:
            self.partial += frame.get_payload_as_memoryview()
            if not frame.fin:
                return
            payload: bytes | bytearray | memoryview = self.partial
            self.partial = bytearray()
        else:
            payload = frame.get_payload_as_memoryview()
        self.receive(transport, orjson.loads(payload))

    def receive(self, transport: WSTransport, message: dict[str, Any]) -> None:
        stats = self.stats
        kind = message["type"]
        if kind == "error":
            stats.errors += 1
            self.sent_at = None
            return
        if kind != "state":
            return
        version = message["version"]
        if stats.measuring and self.seen_version >= 0 and self.sent_at is None:
            moved_at = self.sent.get(self.seen_version)
            if moved_at is not None and version > self.seen_version:
                stats.deliveries.append(time.monotonic() - moved_at)
        self.seen_version = version
        if self.sent_at is not None and version > self.sent_version:
            stats.all_moves += 1
            if stats.measuring:
                stats.latencies.append(time.monotonic() - self.sent_at)
                stats.moves += 1
            self.sent_at = None
        if message["status"] == "finished":
            stats.finished += 1
            if not self.done.done():
                self.done.set_result(None)
            return
        legal = message["legal"]
        if legal and self.sent_at is None and not self.thinking:
            move = self.rng.choice(legal)["action"]
            if self.think > 0:
                self.thinking = True
                delay = self.think * (0.5 + self.rng.random())
                asyncio.get_running_loop().call_later(
                    delay, self.send_move, transport, version, move
                )
            else:
                self.send_move(transport, version, move)

    def send_move(self, transport: WSTransport, version: int, move: Any) -> None:
        self.thinking = False
        if transport.is_disconnected:
            return
        self.sent_version = version
        self.sent_at = time.monotonic()
        self.sent[version] = self.sent_at
        if len(self.sent) > 64:
            del self.sent[min(self.sent)]
        payload = orjson.dumps({"type": "move", "version": version, "action": move})
        transport.send(WSMsgType.TEXT, payload)


async def seat_client(
    url: str,
    token: str,
    think: float,
    rng: random.Random,
    stats: Stats,
    stop: float,
    sent: dict[int, float] | None = None,
) -> None:
    """One seat until its game ends (or the run's deadline)."""
    sent = {} if sent is None else sent
    transport, seat = await ws_connect(
        lambda: Seat(token, think, rng, stats, sent),
        url,
        websocket_handshake_timeout=60,
        max_frame_size=1 << 26,
    )
    assert isinstance(seat, Seat)
    loop_stop = asyncio.get_running_loop().time() + max(0.1, stop - time.monotonic())
    try:
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout_at(loop_stop):
                await seat.done
    finally:
        transport.disconnect()


class Http:
    """A small HTTP/1.1 keep-alive client for the generator's POSTs. httpx's connection
    pool cost the load generator more CPU per request than the server spent answering
    (a scan of every pooled connection per request), so the generator, not the server,
    set the latency. Each request still makes the server parse, store and answer it."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        host_port = self.base_url.split("://", 1)[1]
        self.host, port = host_port.rsplit(":", 1)
        self.port = int(port)
        self._idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []

    async def post(self, path: str, body: dict[str, object]) -> dict[str, object]:
        payload = json.dumps(body).encode()
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n"
        ).encode()
        reused = bool(self._idle)
        if reused:
            reader, writer = self._idle.pop()
        else:
            reader, writer = await asyncio.open_connection(self.host, self.port)
        try:
            writer.write(head + payload)
            status = await reader.readline()
            if not status:  # closed before answering (an idle keep-alive connection)
                raise ConnectionResetError("the server closed the connection")
            length, keep = 0, True
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
                elif name.lower() == "connection" and value.strip().lower() == "close":
                    keep = False
            data = await reader.readexactly(length)
        except (OSError, asyncio.IncompleteReadError):
            writer.close()
            if reused:  # the server closed an idle keep-alive connection: a new one
                return await self.post(path, body)
            raise
        if keep:
            self._idle.append((reader, writer))
        else:
            writer.close()
        if not status.split(b" ", 2)[1].startswith(b"2"):
            raise RuntimeError(f"POST {path}: {status.decode().strip()} {data[:200]!r}")
        result: dict[str, object] = json.loads(data)
        return result

    async def close(self) -> None:
        for _, writer in self._idle:
            writer.close()
        self._idle.clear()


async def post(http: Http, path: str, body: dict[str, object]) -> dict[str, object]:
    """POST with a few retries (a connection refused or reset under load)."""
    for attempt in range(5):
        try:
            return await http.post(path, body)
        except (OSError, asyncio.IncompleteReadError):
            await asyncio.sleep(0.1 * (attempt + 1))
    raise RuntimeError(f"POST {path} kept failing")


async def table_driver(
    clients: list[Http],
    args: argparse.Namespace,
    seed: int,
    stats: Stats,
    stop: float,
) -> None:
    """Tables one after the other: created on instance ``seed``, seat ``k`` connected to
    instance ``seed + k`` (``--spread seats``: in turn over the instances given) or to
    the same instance as the table's owner (``--spread tables``: a proxy that sends a
    table's clients to one instance)."""
    rng = random.Random(seed)
    http = clients[seed % len(clients)]
    spread = 1 if args.spread == "seats" else 0
    sockets = [client.base_url.replace("http", "ws", 1) for client in clients]
    while time.monotonic() < stop:
        table = await post(
            http, "/api/tables", {"game": args.game, "players": args.players, "bot_delay_ms": 0}
        )
        table_id = table["id"]
        tokens = []
        for seat in range(args.players):
            joined = await post(http, f"/api/tables/{table_id}/seats/{seat}", {"name": "b"})
            tokens.append(str(joined["token"]))
        sent: dict[int, float] = {}
        await asyncio.gather(
            *(
                seat_client(
                    f"{sockets[(seed + seat * spread) % len(sockets)]}/ws/tables/{table_id}",
                    token,
                    args.think_ms / 1000,
                    rng,
                    stats,
                    stop,
                    sent,
                )
                for seat, token in enumerate(tokens)
            )
        )


async def drive(args: argparse.Namespace, base: str, first_seed: int = 0) -> Stats:
    """Drive ``args.tables`` tables on the server(s) at ``base`` (commas between several)."""
    stats = Stats()
    clients = [Http(url) for url in base.split(",")]
    try:
        start = time.monotonic()
        stop = start + args.warmup + args.seconds
        drivers = [
            asyncio.create_task(table_driver(clients, args, first_seed + seed, stats, stop))
            for seed in range(args.tables)
        ]
        await asyncio.sleep(args.warmup)
        # The load generator's own collection pauses would count as server latency: what
        # the warm-up built (hundreds of connections) is kept out of its collections.
        gc.collect()
        gc.freeze()
        gc.set_threshold(10_000, 20, 100)  # as the server does (manager.GC_THRESHOLDS)
        stats.measuring = True
        measured_from = time.monotonic()
        await asyncio.gather(*drivers, return_exceptions=False)
        stats.measuring = False
        stats.latencies.sort()
        stats.deliveries.sort()
        args.measured = time.monotonic() - measured_from
    finally:
        for client in clients:
            await client.close()
    return stats


def percentile(sorted_values: list[float], fraction: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, int(fraction * len(sorted_values)))
    return sorted_values[index]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--game", default="cmyk")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--think-ms",
        type=float,
        default=300.0,
        help="mean pause of a bot-paced client before it moves",
    )
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--db", default=None, help="store URL (default: a fresh SQLite file)")
    parser.add_argument("--url", default=None, help="drive a server already running here")
    parser.add_argument(
        "--instances",
        default=None,
        help="multi-instance mode: instance counts, e.g. 0,1,2 (0: one without Redis)",
    )
    parser.add_argument("--generators", type=int, default=4, help="load-generating processes")
    parser.add_argument(
        "--spread",
        choices=["seats", "tables"],
        default="seats",
        help="seats of a table on different instances, or all on the table's owner",
    )
    parser.add_argument(
        "--serve-args",
        default="",
        help='more options for each instance, e.g. "--lease-seconds 15 --bot-workers 1"',
    )
    parser.add_argument(
        "--sockets",
        choices=["unix", "tcp"],
        default="unix",
        help="how the instances reach PostgreSQL and Redis on this machine",
    )
    parser.add_argument("--generator-seed", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--figures-file", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.generator_seed is not None:  # one load generator of the multi-instance mode
        stats = run(drive(args, args.url, args.generator_seed))
        figures = {
            "latencies": [round(x, 6) for x in stats.latencies],
            "deliveries": [round(x, 6) for x in stats.deliveries],
            "moves": stats.moves,
            "all_moves": stats.all_moves,
            "errors": stats.errors,
            "measured": args.measured,
            "cpu": time.process_time(),
        }
        # (to a file: through a pipe that the event loop left non-blocking, a long line
        # was cut where the pipe was full)
        Path(args.figures_file).write_text(json.dumps(figures))
        return
    if args.instances:
        run_instances(args)
        return
    if args.url:
        stats = run(drive(args, args.url.rstrip("/")))
        report(args, stats, args.url, None, None)
        return

    folder = Path(tempfile.mkdtemp(prefix="meeple-load-"))
    db = args.db or f"sqlite:///{folder / 'load.sqlite3'}"
    port = free_port()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "meeple.cli.main",
            "serve",
            "--port",
            str(port),
            "--db",
            db,
            "--bot-workers",
            "1",
            # One load generator is one client address: lift the per-client limits.
            "--tables-per-minute",
            "1000000",
            "--connections-per-client",
            "100000",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/api/health", trust_env=False).is_success:
                    break
            if time.monotonic() > deadline:
                raise SystemExit("the server did not start")
            time.sleep(0.1)
        cpu_before = _cpu_seconds(server.pid)
        client_before = time.process_time()
        stats = run(drive(args, base))
        client_cpu = time.process_time() - client_before
        cpu_after = _cpu_seconds(server.pid)
    finally:
        server.terminate()
        server.wait(30)
    report(args, stats, db, cpu_before, cpu_after, client_cpu)


def report(
    args: argparse.Namespace,
    stats: Stats,
    db: str,
    cpu_before: float | None,
    cpu_after: float | None,
    client_cpu: float = 0.0,
) -> None:
    latencies = stats.latencies
    rate = stats.moves / args.measured
    print(
        f"game {args.game}, {args.players} players, {args.tables} concurrent tables, "
        f"think {args.think_ms:g} ms, store {db.split(':')[0]}"
    )
    print(
        f"measured {args.measured:.1f} s after {args.warmup:g} s warm-up: "
        f"{stats.moves} moves, {stats.finished // args.players} games finished, "
        f"{stats.errors} errors"
    )
    print(f"moves/s: {rate:.0f}")
    print(
        f"send-to-new-view latency: p50 {percentile(latencies, 0.5) * 1000:.1f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms, "
        f"mean {statistics.fmean(latencies) * 1000 if latencies else float('nan'):.1f} ms"
    )
    if cpu_before is not None and cpu_after is not None:
        total = args.warmup + args.measured
        print(
            f"CPU: server process {(cpu_after - cpu_before) / total:.0%} of one core "
            f"({(cpu_after - cpu_before) / max(1, stats.all_moves) * 1000:.2f} ms per move, "
            f"warm-up included), load-generating clients {client_cpu / total:.0%} of one core"
        )


def run_instances(args: argparse.Namespace) -> None:
    """The multi-instance mode: PostgreSQL and Redis here, N instances, K generators."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from server.serverkit import (  # the tests' own PostgreSQL, Redis and server helpers
        PostgresCluster,
        RedisServer,
        ServerProcess,
        postgres_bindir,
        redis_binary,
    )

    bindir, redis_path = postgres_bindir(), redis_binary()
    if bindir is None or redis_path is None:
        raise SystemExit("needs PostgreSQL and redis-server (make postgres redis)")
    postgres, redis = PostgresCluster(bindir), RedisServer(redis_path)
    postgres.start()
    redis.start()
    print(
        f"game {args.game}, {args.players} players, {args.tables} concurrent tables, "
        f"think {args.think_ms:g} ms, {args.generators} load generators, spread {args.spread}, "
        f"PostgreSQL and Redis on this machine ({args.sockets} sockets); "
        f"{args.seconds:g} s after {args.warmup:g} s"
    )
    print(
        "instances | moves/s | move p50 | move p99 | delivery p50 | delivery p99 | errors | "
        "CPU | servers' CPU per move | "
        f"load average (1 min; {os.getloadavg()[0]:.1f} at the start)"
    )
    rows: dict[int, dict[str, float]] = {}
    try:
        for count in [int(n) for n in args.instances.split(",")]:
            unix = args.sockets == "unix"
            db = postgres.new_database(unix=unix)
            # 0: one instance on PostgreSQL without Redis (the reference of one process).
            with_redis = ("--redis", redis.unix_url if unix else redis.url) if count > 0 else ()
            servers = [
                ServerProcess(
                    db,
                    free_port(),
                    *with_redis,
                    "--tables-per-minute",
                    "1000000",
                    "--connections-per-client",
                    "100000",
                    *shlex.split(args.serve_args),
                )
                for _ in range(max(1, count))
            ]
            try:
                for server in servers:
                    server.launch()
                for server in servers:
                    server.wait_started()
                pids = [s.process.pid for s in servers if s.process]
                before = [_cpu_seconds(pid) or 0.0 for pid in pids]
                waited = [_loop_waited_seconds(pid) for pid in pids]
                services, began = _services_cpu(postgres, redis), time.monotonic()
                results = _generate(args, ",".join(s.base for s in servers))
                after = [_cpu_seconds(pid) or 0.0 for pid in pids]
                span = time.monotonic() - began  # (the generators' start and end included)
                shares = [
                    (b - a) / span
                    for a, b in zip(services, _services_cpu(postgres, redis), strict=True)
                ]
                waits = [
                    (_loop_waited_seconds(pid) - w) / span
                    for pid, w in zip(pids, waited, strict=True)
                ]
            finally:
                for server in servers:
                    server.stop()
            rows[count] = _report_instances(args, count, results, before, after, shares, waits)
        _summary(args, rows)
    finally:
        redis.stop()
        postgres.stop()


def _generate(args: argparse.Namespace, bases: str) -> list[dict[str, Any]]:
    """Run the load generators (each its share of the tables) and collect their figures."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    share = max(1, args.tables // args.generators)
    folder = Path(tempfile.mkdtemp(prefix="meeple-load-"))
    files = [folder / f"generator-{index}.json" for index in range(args.generators)]
    generators = [
        subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--url",
                bases,
                "--generator-seed",
                str(index * share),
                "--tables",
                str(share),
                "--game",
                args.game,
                "--players",
                str(args.players),
                "--think-ms",
                str(args.think_ms),
                "--seconds",
                str(args.seconds),
                "--warmup",
                str(args.warmup),
                "--spread",
                args.spread,
                "--figures-file",
                str(files[index]),
            ],
            env=env,
        )
        for index in range(args.generators)
    ]
    results = []
    for index, generator in enumerate(generators):
        generator.wait(timeout=args.warmup + args.seconds + 300)
        if generator.returncode != 0 or not files[index].exists():
            raise SystemExit(
                f"load generator {index} failed (exit {generator.returncode}): its error is above"
            )
        results.append(json.loads(files[index].read_text()))
        files[index].unlink()
    folder.rmdir()
    return results


def _report_instances(
    args: argparse.Namespace,
    count: int,
    results: list[dict[str, Any]],
    before: list[float],
    after: list[float],
    services: list[float],
    waits: list[float],
) -> dict[str, float]:
    """Print one row; return its figures (for the summary after the last row).
    ``services``: PostgreSQL's, Redis's, the machine's and the stolen share of a core;
    ``waits``: the share of the time each server's event loop was ready to run and
    waited for a core."""
    latencies = sorted(x for r in results for x in r["latencies"])
    deliveries = sorted(x for r in results for x in r["deliveries"])
    moves = sum(int(r["moves"]) for r in results)
    all_moves = max(1, sum(int(r["all_moves"]) for r in results))
    errors = sum(int(r["errors"]) for r in results)
    measured = max(float(r["measured"]) for r in results)
    total = args.warmup + measured
    spent = [b - a for a, b in zip(before, after, strict=True)]
    cpu = ", ".join(f"{s / total:.0%}" for s in spent)
    clients = sum(float(r["cpu"]) for r in results) / total
    figures = {
        "rate": moves / measured,
        "p99": percentile(latencies, 0.99) * 1000,
        "delivery_p99": percentile(deliveries, 0.99) * 1000,
        "cpu_per_move": sum(spent) / all_moves * 1000,
    }
    print(
        f"{count} | {figures['rate']:.0f} | {percentile(latencies, 0.5) * 1000:.1f} ms | "
        f"{figures['p99']:.1f} ms | "
        f"{percentile(deliveries, 0.5) * 1000:.1f} ms | "
        f"{figures['delivery_p99']:.1f} ms | {errors} | server(s) {cpu}, "
        f"generators {clients:.0%}, PostgreSQL {services[0]:.0%}, Redis {services[1]:.0%} "
        f"(of a core; the machine {services[2]:.0%}, stolen by its host {services[3]:.0%}; "
        f"event loop(s) waiting for a core {', '.join(f'{w:.0%}' for w in waits)}) | "
        f"{figures['cpu_per_move']:.2f} ms | "
        f"{os.getloadavg()[0]:.1f}",
        flush=True,
    )
    return figures


def _summary(args: argparse.Namespace, rows: dict[int, dict[str, float]]) -> None:
    """The issue's goals against this run's figures (issue 20)."""
    print("goals (issue 20, a 2-core machine):")
    for count, row in rows.items():
        if args.think_ms > 0:
            verdict = "met" if row["p99"] < 100 else "not met"
            print(f"  {count} instance(s): move p99 {row['p99']:.0f} ms < 100 ms: {verdict}")
        if count > 1:
            verdict = "met" if row["delivery_p99"] < 50 else "not met"
            print(
                f"  {count} instances: delivery p99 {row['delivery_p99']:.0f} ms < 50 ms: {verdict}"
            )
    if 1 in rows and 2 in rows:
        ratio = rows[2]["rate"] / rows[1]["rate"]
        if args.think_ms > 0:
            print(
                f"  moves/s, 2 instances / 1: {ratio:.2f} (bounded by the think time: "
                "run with --think-ms 0 for the 1.6x capacity goal)"
            )
        else:
            verdict = "met" if ratio >= 1.6 else "not met"
            print(f"  capacity, 2 instances / 1: {ratio:.2f} >= 1.6: {verdict}")
        cpu = rows[2]["cpu_per_move"] / rows[1]["cpu_per_move"]
        print(f"  servers' CPU per move, 2 instances / 1: {cpu:.2f}")


def _stat(pid: int | str) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (field 3 on), or None."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _cpu_seconds(pid: int) -> float | None:
    fields = _stat(pid)
    if fields is None:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _loop_waited_seconds(pid: int) -> float:
    """How long the process's main thread (a server's event loop) was ready to run but
    waited for a core: the second field of its schedstat (0 where the kernel has none)."""
    try:
        return int(Path(f"/proc/{pid}/task/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def _tree_cpu_seconds(root: int) -> float:
    """CPU of a process, its children's that ended, and every living descendant's (the
    PostgreSQL server: a process per connection)."""
    parents: dict[int, int] = {}
    spent: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        fields = _stat(entry) if entry.isdigit() else None
        if fields is None:
            continue
        pid = int(entry)
        parents[pid] = int(fields[1])
        spent[pid] = int(fields[11]) + int(fields[12])
        if pid == root:
            spent[pid] += int(fields[13]) + int(fields[14])
    total = 0
    for pid, used in spent.items():
        ancestor = pid
        while ancestor not in (root, 0, 1) and ancestor in parents:
            ancestor = parents[ancestor]
        if ancestor == root:
            total += used
    return total / os.sysconf("SC_CLK_TCK")


def _services_cpu(postgres: Any, redis: Any) -> list[float]:
    """CPU seconds so far of the PostgreSQL server, of Redis, of the whole machine, and
    stolen from it by its host."""
    postmaster = int((postgres.data / "postmaster.pid").read_text().split()[0])
    return [
        _tree_cpu_seconds(postmaster),
        _cpu_seconds(redis.process.pid) or 0.0,
        *_machine_seconds(),
    ]


def _machine_seconds() -> tuple[float, float]:
    """CPU seconds since boot that the cores spent working, and that the host of this
    virtual machine took from it (steal: time it was runnable but not running)."""
    values = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle, steal = values[3] + values[4], values[7]  # idle and iowait; steal
    ticks = os.sysconf("SC_CLK_TCK")
    return (sum(values[:7]) - idle) / ticks, steal / ticks


if __name__ == "__main__":
    main()
