"""Screenshots of every game on a phone (390 x 844, touch, portrait and landscape) and on
a desktop, as a player and as a spectator, into reports/web/screens/; prints the smallest
target that may be tapped on each phone table. Run:

    PYTHONPATH=src .venv/bin/python benchmarks/web_screens.py [--steps 12]

It starts its own ``meeple serve`` on loopback and Debian's Chromium (/usr/bin/chromium),
and plays a few turns by tapping so that the tables are mid-game."""

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from playwright.sync_api import sync_playwright  # noqa: E402

from web.conftest import CHROMIUM, CHROMIUM_ARGS, Server  # noqa: E402
from web.helpers import wait_my_turn  # noqa: E402
from web.phone import (  # noqa: E402
    DESKTOP,
    PHONE,
    PHONE_LANDSCAPE,
    SHORT,
    Taps,
    create_table,
    tap_step,
    target_sizes,
)

OUT = ROOT / "reports" / "web" / "screens"
TABLES = [("phase10", 4), ("toc", 4), ("toc", 8), ("cmyk", 3), ("toquer", 4)]


def shoot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_timeout(600)  # the last change's animation
    page.screenshot(path=str(OUT / f"{name}.png"), full_page=True)


OPEN_FOLDS = "() => document.querySelectorAll('details').forEach(d => d.open = true)"


def lobby_screens(browser, base: str, only: str) -> None:  # type: ignore[no-untyped-def]
    """The lobby's form with every fold open (Phase 10's own phases shown), per game,
    language and screen; prints any page wider than its screen."""
    for lang in ("en", "fr", "ja"):
        for screen, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            context = browser.new_context(viewport=viewport, locale=lang)
            page = context.new_page()
            page.goto(base + "/")
            page.wait_for_selector("#standard-rules")  # the games are listed
            for game in page.eval_on_selector_all("#game option", "els => els.map(e => e.value)"):
                if only and only != game:
                    continue
                page.select_option("#game", game)
                page.wait_for_selector("#standard-rules")
                page.evaluate(OPEN_FOLDS)
                if page.locator("input[name=phases-kind][value=custom]").count():
                    page.check("input[name=phases-kind][value=custom]")
                width = page.evaluate("document.documentElement.scrollWidth")
                if width > viewport["width"]:
                    print(f"lobby {game} {lang} {screen}: {width} px wide on {viewport['width']}")
                shoot(page, f"lobby-{game}-{lang}-{screen}")
            context.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=12, help="taps before the mid-game shots")
    parser.add_argument("--only", default="", help="a game name to restrict to")
    parser.add_argument(
        "--lobby", action="store_true", help="only the lobby (every game, en/fr/ja, phone, desktop)"
    )
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    server = Server(Path(tempfile.mkdtemp(prefix="meeple-screens-")))
    server.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            if args.lobby:
                lobby_screens(browser, server.base, args.only)
                TABLES.clear()
            for game, players in TABLES:
                if args.only and args.only != game:
                    continue
                tag = f"{game}-{players}"
                options = SHORT[game] if game == "toc" else {}
                phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
                page = phone.new_page()
                create_table(page, server.base, game, players, options=options)
                wait_my_turn(page, 60_000)
                shoot(page, f"{tag}-phone-start")
                taps = Taps()
                for _ in range(args.steps):
                    if not wait_my_turn(page, 60_000):
                        break
                    tap_step(page, taps)
                wait_my_turn(page, 60_000)
                # Mid-choice: a first thing chosen, so that targets and the picker show.
                tap_step(page, taps)
                shoot(page, f"{tag}-phone-mid")
                sizes = target_sizes(page)
                table_url = page.url
                page.set_viewport_size(PHONE_LANDSCAPE)
                shoot(page, f"{tag}-phone-landscape")
                small = min(taps.sizes, key=lambda s: min(s[0], s[1])) if taps.sizes else None
                now = min(sizes, key=lambda s: min(s[0], s[1])) if sizes else None
                print(f"{tag}: {len(taps.sizes)} taps, smallest tapped {small}; offered now {now}")
                desktop = browser.new_context(viewport=DESKTOP)
                watcher = desktop.new_page()
                watcher.goto(table_url)
                watcher.wait_for_selector(".board .game")
                shoot(watcher, f"{tag}-desktop-spectator")
                phone.close()
                desk = desktop.new_page()
                create_table(desk, server.base, game, players, options=options)
                wait_my_turn(desk, 60_000)
                for _ in range(args.steps):
                    if not wait_my_turn(desk, 60_000):
                        break
                    tap_step(desk, Taps(), touch=False)
                shoot(desk, f"{tag}-desktop-player")
                desktop.close()
            browser.close()
    finally:
        server.stop()
    print(f"screenshots in {OUT}")


if __name__ == "__main__":
    main()
