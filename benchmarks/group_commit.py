"""The store's group commit on PostgreSQL: one statement per batch against one per move.

Starts its own PostgreSQL on loopback (Debian's binaries, as the tests do), stores 200
running tables, then times batches of moves (each an action and a chance step, under
its version and owner condition) written two ways, in turn, in one run:

- ``per move``: three statements per table in one transaction (BEGIN, the version bump,
  the steps, COMMIT: what SQLite still does, where a statement costs no round trip);
- ``one statement``: ``Store.advance_many`` on PostgreSQL, the whole batch as one
  statement on the writer's kept connection (one round trip).

    python benchmarks/group_commit.py --batch 25 --rounds 40

Each round trip to the database costs two process wake-ups; on a busy machine those
dominate, so the ratio grows with the load (the load average is printed).
"""

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from meeple.store import Store
from meeple.store import db as store_db
from meeple.store.db import Advance, NewStep, StoredSeat, StoredTable


def per_move(store: Store) -> Callable[[Sequence[Advance]], list[bool]]:
    def write(requests: Sequence[Advance]) -> list[bool]:
        with store.engine.begin() as connection:
            return [store_db._apply_advance(connection, r) for r in requests]

    return write


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--batch", type=int, default=25, help="moves per batch")
    parser.add_argument("--rounds", type=int, default=40, help="batches per way and turn")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from server.serverkit import PostgresCluster, postgres_bindir

    bindir = postgres_bindir()
    if bindir is None:
        raise SystemExit("needs PostgreSQL (make postgres)")
    postgres = PostgresCluster(bindir)
    postgres.start()
    try:
        store = Store(postgres.new_database())
        store.migrate()
        ids = [f"t{i:03d}" for i in range(200)]
        seats = [StoredSeat(0, "human"), StoredSeat(1, "human")]
        for table_id in ids:
            table = StoredTable(table_id, "", "cmyk", 1, 2, {}, "running", seats=seats)
            store.insert_table(table, "me", 3600.0)
        versions = dict.fromkeys(ids, 0)
        steps = (
            NewStep(0, {"type": "Play", "card": [1, 2, 3], "to": 4}, "human"),
            NewStep(-1, {"type": "Draw", "card": 5}, "chance"),
        )
        print(
            f"batches of {args.batch} moves, {args.rounds} per way and turn, "
            f"load average {os.getloadavg()[0]:.1f}"
        )
        ways = {"per move": per_move(store), "one statement": store.advance_many}
        for turn in range(2):
            for name, write in ways.items():
                times = []
                for k in range(args.rounds):
                    start = (k * args.batch) % len(ids)
                    batch = [
                        Advance(t, versions[t], steps, owner="me")
                        for t in ids[start : start + args.batch]
                    ]
                    began = time.perf_counter()
                    stored = write(batch)
                    times.append(time.perf_counter() - began)
                    assert all(stored)
                    for request in batch:
                        versions[request.table_id] += len(steps)
                times.sort()
                print(
                    f"turn {turn + 1}, {name}: median {statistics.median(times) * 1000:.1f} ms, "
                    f"p90 {times[int(0.9 * len(times))] * 1000:.1f} ms per batch "
                    f"(load average {os.getloadavg()[0]:.1f})",
                    flush=True,
                )
        store.close()
    finally:
        postgres.stop()


if __name__ == "__main__":
    main()
