"""``meeple serve``: the game server (REST + WebSocket) on uvicorn."""

import logging
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
) -> None:
    """Serve online play: tables, seats, bots, clocks and chat over HTTP and WebSockets."""
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
        trusted_proxies=tuple(trusted_proxy or ()),
        create_rate=Rate(tables_per_minute, 60.0),
        create_quota=Rate(max(500, tables_per_minute), 86400.0),
        max_connections_per_client=connections_per_client,
        open_table_ttl=open_table_ttl,
    )
    app = create_app(settings)
    typer.echo(f"meeple: serving on http://{host}:{port} (store: {db})")
    uvicorn.Server(uvicorn_config(app, settings, host=host, port=port)).run()
