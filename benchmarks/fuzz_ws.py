"""WebSocket fuzz of ``meeple serve``, longer than the test: frames tried, connections dropped.

Serves the real application on 127.0.0.1 (uvicorn in a thread of this process, a fresh
SQLite store unless ``--db``), then sends every registered game's tables mutated frames
of every type one at a time (the fuzzer of ``tests/server/wsfuzz.py``), each answered
before the next. Prints frames tried, connections dropped (closes other than the
documented ones), ``internal`` errors, tables changed on an error, and the error codes.

    python benchmarks/fuzz_ws.py --frames-per-game 5000 --seed 1

Only loopback is used; the run is bounded by ``--frames-per-game``.
"""

import argparse
import logging
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from server.serverkit import LiveServer, server_settings
from server.wsfuzz import run_fuzz


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames-per-game", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default=None, help="store URL (default: a fresh SQLite file)")
    args = parser.parse_args()
    if args.frames_per_game < 1:
        parser.error("--frames-per-game must be at least 1")
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    with tempfile.TemporaryDirectory() as scratch:
        url = args.db or f"sqlite:///{scratch}/fuzz.sqlite3"
        with (
            LiveServer(server_settings(url)) as live,
            httpx.Client(base_url=live.base, timeout=30, trust_env=False) as http,
        ):
            started = time.monotonic()
            figures = run_fuzz(live, http, args.frames_per_game, args.seed)
            seconds = time.monotonic() - started
    print(f"frames tried:          {figures.frames} ({figures.frames / seconds:.0f}/s)")
    print(f"connections dropped:   {figures.dropped}")
    print(f"documented closes:     {figures.documented_closes}")
    print(f"internal errors:       {figures.internal}")
    print(f"changed on an error:   {figures.changed_on_error}")
    print(f"tables:                {figures.tables}, moves applied: {figures.moves_applied}")
    print(
        "error codes:           " + ", ".join(f"{k} {v}" for k, v in sorted(figures.codes.items()))
    )
    for problem in figures.problems:
        print("  " + problem)


if __name__ == "__main__":
    main()
