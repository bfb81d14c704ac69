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
) -> None:
    """Serve online play: tables, seats, bots, clocks and chat over HTTP and WebSockets."""
    try:
        import uvicorn

        from meeple.server.app import create_app
        from meeple.server.manager import Settings
    except ImportError as error:  # the server extra is not installed
        typer.echo(f"error: the server needs its extra: pip install 'meeple[server]' ({error})")
        raise typer.Exit(code=2) from None
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    settings = Settings(db_url=db, bot_workers=bot_workers, bot_time_limit=bot_time_limit)
    app = create_app(settings)
    typer.echo(f"meeple: serving on http://{host}:{port} (store: {db})")
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=4 * settings.max_frame,
        log_level="warning",
        timeout_graceful_shutdown=3,
        timeout_keep_alive=30,
    )
