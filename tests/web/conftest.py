"""Browser tests: a real ``meeple serve`` on loopback and Debian's Chromium driven by
Playwright (headless). Skipped when Chromium or Playwright is missing; `make chromium`
installs the browser. Screenshots go to ``reports/web/`` (gitignored)."""

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

CHROMIUM = os.environ.get("MEEPLE_CHROMIUM", "/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "reports" / "web"
# Seconds for the server to answer its health check: a guard against a server that never
# starts, long enough for a loaded machine (it waits on the answer, not on the clock).
START_PATIENCE = 300
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-default-apps",
    "--disable-extensions",
    "--disable-sync",
    "--no-first-run",
    "--mute-audio",
]

try:
    from playwright import sync_api
except ImportError:  # pragma: no cover - the dev extra installs it
    sync_api = None


def require_browser() -> None:
    """Skip (or, in CI, fail) when Playwright or Chromium is missing."""
    problem = None
    if sync_api is None:
        problem = "playwright is not installed (pip install -e '.[dev]')"
    elif not Path(CHROMIUM).exists():
        problem = f"{CHROMIUM} is missing (make chromium installs it)"
    if problem is not None:
        if os.environ.get("CI"):
            pytest.fail(problem)
        pytest.skip(problem)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """``meeple serve`` in a child process, so that a test can kill it and start it again;
    ``launcher``: how Python runs meeple's command line (a script may register a game
    first, as tests/web/serve_plain_game.py does)."""

    def __init__(
        self, directory: Path, launcher: tuple[str, ...] = ("-m", "meeple.cli.main")
    ) -> None:
        self.directory = directory
        self.launcher = launcher
        self.port = free_port()
        self.db = f"sqlite:///{directory / 'meeple.sqlite3'}"
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = open(self.directory / "server.log", "ab")  # noqa: SIM115
        command = [sys.executable, *self.launcher, "serve", "--host", "127.0.0.1"]
        command += ["--port", str(self.port), "--db", self.db, "--bot-workers", "1"]
        command += ["--test-positions"]  # tables may start from a built position
        command += ["--review-level", "expert:iterations=5"]  # quick post-game reviews
        self.process = subprocess.Popen(command, cwd=self.directory, stdout=log, stderr=log)
        deadline = time.monotonic() + START_PATIENCE
        while time.monotonic() < deadline:
            try:
                if (
                    httpx.get(f"{self.base}/api/health", timeout=1, trust_env=False).status_code
                    == 200
                ):
                    return
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError((self.directory / "server.log").read_text()[-3000:])

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)

    def create_table(self, **body: object) -> dict[str, object]:
        answer = httpx.post(f"{self.base}/api/tables", json=body, timeout=10, trust_env=False)
        answer.raise_for_status()
        table: dict[str, object] = answer.json()
        return table


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    require_browser()
    running = Server(tmp_path_factory.mktemp("web-server"))
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    require_browser()
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def new_page(browser: "sync_api.Browser") -> Iterator[object]:
    """``new_page(locale="fr-FR")``: a page in a fresh browser context (its own storage);
    ``touch=True`` makes it a phone's touch screen."""
    contexts: list[sync_api.BrowserContext] = []  # type: ignore[union-attr]
    errors: list[str] = []

    def make(
        locale: str = "en-US", width: int = 1360, height: int = 1000, touch: bool = False
    ) -> "sync_api.Page":
        viewport = {"width": width, "height": height}
        context = browser.new_context(
            locale=locale, viewport=viewport, has_touch=touch, is_mobile=touch
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors: {errors}"


def screenshot(page: "sync_api.Page", name: str) -> Path:
    """Save a screenshot as a test artefact under reports/web/."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(700)  # let the animations of the last change finish
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
