"""What accounts cost: one argon2id hash and verification at the parameters the server
uses, and sign-ins per second through a real server (each one a verification, two at
once at most), with the latency of one sign-in while others queue.

    python benchmarks/accounts.py --logins 40 --concurrency 8

Starts the application on uvicorn in this process, on 127.0.0.1, with a fresh SQLite
store in a temporary directory; the login limits are lifted for the run.
"""

import argparse
import asyncio
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn

from meeple.server.accounts import hasher
from meeple.server.app import create_app, uvicorn_config
from meeple.server.limits import Rate
from meeple.server.manager import Settings


def hash_figures(repeat: int) -> None:
    hashes = []
    for _ in range(repeat):
        start = time.perf_counter()
        stored = hasher.hash("a benchmark passphrase")
        hashes.append(time.perf_counter() - start)
    verifies = []
    for _ in range(repeat):
        start = time.perf_counter()
        hasher.verify(stored, "a benchmark passphrase")
        verifies.append(time.perf_counter() - start)
    print(f"argon2id t={hasher.time_cost} m={hasher.memory_cost} KiB p={hasher.parallelism}")
    print(f"  hash   median {statistics.median(hashes) * 1000:.0f} ms")
    print(f"  verify median {statistics.median(verifies) * 1000:.0f} ms")


async def logins(base: str, count: int, concurrency: int) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=120, trust_env=False) as http:
        body = {"name": "Bench", "password": "a benchmark passphrase"}
        answer = await http.post("/api/accounts", json=body)
        assert answer.status_code == 201, answer.text
        gate = asyncio.Semaphore(concurrency)
        latencies: list[float] = []

        async def one() -> None:
            async with gate:
                start = time.perf_counter()
                answer = await http.post("/api/login", json=body)
                assert answer.status_code == 200, answer.text
                latencies.append(time.perf_counter() - start)

        start = time.perf_counter()
        await asyncio.gather(*(one() for _ in range(count)))
        elapsed = time.perf_counter() - start
    latencies.sort()
    print(f"{count} sign-ins, {concurrency} at once: {count / elapsed:.1f} per second")
    print(
        f"  latency p50 {latencies[len(latencies) // 2] * 1000:.0f} ms, "
        f"p95 {latencies[int(len(latencies) * 0.95) - 1] * 1000:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logins", type=int, default=40)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    hash_figures(options.repeat)
    with tempfile.TemporaryDirectory() as directory:
        unlimited = Rate(1_000_000, 60.0)
        settings = Settings(
            db_url=f"sqlite:///{Path(directory) / 'bench.sqlite3'}",
            login_rate=unlimited,
            login_name_rate=unlimited,
            signup_rate=unlimited,
        )
        app = create_app(settings)
        server = uvicorn.Server(uvicorn_config(app, settings, host="127.0.0.1", port=0))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 60
        while not server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        port = server.servers[0].sockets[0].getsockname()[1]
        try:
            asyncio.run(logins(f"http://127.0.0.1:{port}", options.logins, options.concurrency))
        finally:
            server.should_exit = True
            thread.join(timeout=20)


if __name__ == "__main__":
    main()
