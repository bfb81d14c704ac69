"""Screenshots of the round and final summaries of every game, on a phone (390 x 844,
touch) and a desktop, into reports/web/summaries/ (committed: the issue's evidence).
Run:

    PYTHONPATH=src .venv/bin/python benchmarks/summary_screens.py

It starts its own ``meeple serve --test-positions`` on loopback and Debian's Chromium;
each table starts from seeded bots' first steps (tests/web/positions.py), so the
pictures are the same every time. Prints each file's size."""

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from playwright.sync_api import sync_playwright  # noqa: E402

from web.conftest import CHROMIUM, CHROMIUM_ARGS, Server  # noqa: E402
from web.positions import next_round_at_seat_0, seeded_steps, to_the_end  # noqa: E402
from web.test_summaries import FINAL, ROUNDS, open_seat, seated_table  # noqa: E402

OUT = ROOT / "reports" / "web" / "summaries"
SIZES = {"desktop": {"width": 1100, "height": 900}, "phone": {"width": 390, "height": 844}}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        server.start()
        try:
            tables = []
            kinds = (("final", ".result", FINAL, to_the_end),)
            kinds += (("round", ".round-box", ROUNDS, next_round_at_seat_0),)
            for kind, box, configs, stop in kinds:
                for game, (players, options) in configs.items():
                    steps = seeded_steps(game, players, options, stop)
                    table = seated_table(server, game, players, options, steps)
                    tables.append((f"{game}-{kind}", box, table))
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for device, viewport in SIZES.items():
                    phone = device == "phone"
                    context = browser.new_context(
                        viewport=viewport, has_touch=phone, is_mobile=phone
                    )
                    page = context.new_page()
                    for name, selector, (table_id, tokens) in tables:
                        open_seat(page, server, table_id, 0, tokens[0])
                        page.locator(selector).first.wait_for()
                        page.wait_for_timeout(500)
                        path = OUT / f"{name}-{device}.png"
                        page.locator(selector).first.screenshot(path=str(path))
                        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")
                    context.close()
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
