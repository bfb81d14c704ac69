"""``meeple serve``: the game server (REST + WebSocket) on uvicorn.

``--workers N`` starts N instances on this machine, each its own process listening on
the same port (``SO_REUSEPORT``: the kernel spreads the connections), and restarts one
that dies; several instances need ``--redis`` and PostgreSQL (docs/server.md).
"""

import contextlib
import logging
import signal
import socket
import subprocess
import sys
import time
from typing import Annotated

import typer

DEFAULT_DB = "sqlite:///var/meeple.sqlite3"


def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[
        str,
        typer.Option(help="database URL: sqlite:///path (default ./var/) or postgresql://..."),
    ] = DEFAULT_DB,
    bot_workers: Annotated[int, typer.Option(help="bot worker processes")] = 2,
    bot_time_limit: Annotated[float, typer.Option(help="seconds a bot may think per move")] = 5.0,
    review_level: Annotated[
        str, typer.Option(help="the bot that judges post-game reviews (a level or bot spec)")
    ] = "expert",
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(help="a reverse proxy's address: its X-Forwarded-For is believed"),
    ] = None,
    tables_per_minute: Annotated[
        int, typer.Option(help="tables one client may create per minute")
    ] = 30,
    connections_per_client: Annotated[
        int, typer.Option(help="sockets one client address may hold open at once")
    ] = 64,
    open_table_ttl: Annotated[
        float, typer.Option(help="seconds before an open table nobody is at expires")
    ] = 7200.0,
    redis: Annotated[
        str | None,
        typer.Option(help="redis://host:port: run as one of several instances (PostgreSQL)"),
    ] = None,
    lease_seconds: Annotated[
        float, typer.Option(help="several instances: how long a table's lease runs")
    ] = 5.0,
    workers: Annotated[int, typer.Option(help="instances to start on this machine")] = 1,
    remote_bots: Annotated[
        bool, typer.Option(help="several instances: bots run by `meeple botworker` processes")
    ] = False,
    reuse_port: Annotated[bool, typer.Option(hidden=True)] = False,
    test_positions: Annotated[bool, typer.Option(hidden=True)] = False,  # start_steps (tests)
) -> None:
    """Serve online play: tables, seats, bots, clocks and chat over HTTP and WebSockets."""
    if workers > 1:
        if redis is None or not db.startswith(("postgresql://", "postgres://", "postgresql+")):
            typer.echo("error: several workers need --redis and a PostgreSQL --db")
            raise typer.Exit(code=2)
        _supervise(workers)
        return
    try:
        import uvicorn

        from meeple.server.app import create_app, uvicorn_config
        from meeple.server.limits import Rate
        from meeple.server.manager import Settings
    except ImportError as error:  # the server extra is not installed
        typer.echo(f"error: the server needs its extra: pip install 'meeple[server]' ({error})")
        raise typer.Exit(code=2) from None
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    settings = Settings(
        db_url=db,
        bot_workers=bot_workers,
        bot_time_limit=bot_time_limit,
        review_level=review_level,
        trusted_proxies=tuple(trusted_proxy or ()),
        create_rate=Rate(tables_per_minute, 60.0),
        create_quota=Rate(max(500, tables_per_minute), 86400.0),
        max_connections_per_client=connections_per_client,
        open_table_ttl=open_table_ttl,
        redis_url=redis,
        lease_seconds=lease_seconds,
        test_positions=test_positions,
        remote_bots=remote_bots and redis is not None,
    )
    app = create_app(settings)
    typer.echo(f"meeple: serving on http://{host}:{port} (store: {db})")
    server = uvicorn.Server(uvicorn_config(app, settings, host=host, port=port))
    if not reuse_port:
        server.run()
        return
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    server.run(sockets=[sock])


def _supervise(workers: int) -> None:
    """Run ``workers`` instances (this command again, one worker each, sharing the port);
    restart one that ends; stop them all on SIGTERM or SIGINT."""
    arguments = [a for a in sys.argv[1:] if not a.startswith("--workers")]
    if "--workers" in sys.argv:  # "--workers N" as two words
        at = sys.argv.index("--workers")
        arguments = sys.argv[1:at] + sys.argv[at + 2 :]
    command = [sys.executable, "-m", "meeple.cli.main", *arguments, "--reuse-port"]
    children: list[subprocess.Popen[bytes]] = []
    stopping = False

    def stop(signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    children.extend(subprocess.Popen(command) for _ in range(workers))
    while not stopping:
        time.sleep(0.5)
        for index, child in enumerate(children):
            if child.poll() is not None and not stopping:
                typer.echo(f"meeple: worker {child.pid} ended ({child.returncode}): restarting")
                children[index] = subprocess.Popen(command)
    for child in children:
        try:
            child.wait(10)
        except subprocess.TimeoutExpired:
            child.kill()


def botworker(
    redis: Annotated[str, typer.Option(help="redis://host:port of the site's instances")],
    workers: Annotated[int, typer.Option(help="bot processes of this tier member")] = 2,
    time_limit: Annotated[float, typer.Option(help="seconds a bot may think per move")] = 5.0,
) -> None:
    """Run bots for the instances of a site (``meeple serve --remote-bots``), from Redis."""
    try:
        import asyncio

        from meeple.server.bottier import serve_bots
    except ImportError as error:
        typer.echo(f"error: the bot tier needs the server extra ({error})")
        raise typer.Exit(code=2) from None
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    typer.echo(f"meeple: bot tier with {workers} workers on {redis}")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve_bots(redis, workers, time_limit))
