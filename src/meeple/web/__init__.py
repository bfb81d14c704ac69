"""The browser client: static assets (HTML, CSS, ES modules, SVG, JSON translation
catalogues) served by the game server.

``mount_web(app)`` serves the single page at ``/`` and the assets under ``/static``;
the server calls it (as ``mount``) when this package is installed. No build step: the
files in ``static/`` are what the browser loads.
"""

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.applications import Starlette

STATIC_DIR = Path(__file__).parent / "static"
LANGUAGES = ("en", "fr", "ja")


def mount_web(app: "Starlette") -> None:
    """Serve the lobby page at ``/`` and the client's assets under ``/static``."""
    from starlette.responses import FileResponse, Response
    from starlette.routing import Route
    from starlette.staticfiles import StaticFiles

    index = STATIC_DIR / "index.html"

    async def page(request: object) -> Response:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    app.router.routes.append(Route("/", page, methods=["GET"], include_in_schema=False))
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")


mount = mount_web

__all__ = ["LANGUAGES", "STATIC_DIR", "mount", "mount_web"]
