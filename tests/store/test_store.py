"""The store: migrations, the version guard, seat claims, steps stored once."""

import asyncio

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, update
from sqlalchemy.exc import IntegrityError

from meeple.store import Store, normalise_url
from meeple.store.db import Advance, AsyncBatchWriter, NewStep, StoredSeat, StoredTable
from meeple.store.models import Base, TableRow


def new_table(table_id: str = "t1") -> StoredTable:
    return StoredTable(
        id=table_id,
        name="test",
        game="cmyk",
        rules_version=1,
        players=2,
        options={"stall_limit": 3},
        status="open",
        seats=[StoredSeat(0, "human", clock_ms=5000), StoredSeat(1, "bot", bot="random")],
    )


def test_migrations_create_exactly_the_models_schema_and_rerun_cleanly(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    store.migrate()  # already at head: nothing to do
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        tables = set(inspect(connection).get_table_names())
    assert differences == []
    assert {"tables", "seats", "steps", "chat", "alembic_version"} <= tables
    store.close()


def test_advance_stores_steps_only_at_the_expected_version(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    store.insert_table(new_table())
    deal = [NewStep(-1, {"type": "Deal", "cards": [1, 2]}, "chance")]
    assert store.advance("t1", 0, deal, status="running", clocks={0: 4000})
    assert not store.advance("t1", 0, [NewStep(0, {"type": "X"}, "human")])  # stale
    assert store.advance("t1", 1, [NewStep(0, {"type": "X"}, "human")], expired={0: True})
    table = store.load_table("t1")
    assert table is not None and table.version == 2 and table.status == "running"
    assert table.started_at is not None
    assert table.seats[0].clock_ms == 4000 and table.seats[0].expired
    steps = store.load_steps("t1")
    assert [(s.index, s.seat, s.by) for s in steps] == [(0, -1, "chance"), (1, 0, "human")]
    assert steps[0].data == {"type": "Deal", "cards": [1, 2]}
    both = store.load_table_and_steps("t1")  # a replica's load: one connection
    assert both is not None and both[0] == table and both[1] == steps
    assert store.load_table_and_steps("nope") is None
    result = {"winners": [0], "scores": [1.0, 0.0], "length": 1, "returns": [1.0, -1.0]}
    assert store.advance("t1", 2, [], status="finished", result=result)
    finished = store.load_table("t1")
    assert finished is not None and finished.result == result and finished.finished_at
    assert [t.id for t in store.tables_with_status(["finished"])] == ["t1"]
    assert store.table_ids_with_status(["running"]) == []
    store.close()


@pytest.mark.parametrize("writer", ["store", "event loop"])
def test_a_batch_of_advances_stores_exactly_the_ones_that_still_fit(
    db_url: str, writer: str
) -> None:
    """Group commit (one statement on PostgreSQL, from the store's thread or from the
    event loop): per table, only a move at the table's version (and, with an owner
    given, while that owner holds the table) is stored."""
    store = Store(db_url)
    store.migrate()
    write = store.advance_many
    if writer == "event loop":
        if store.is_sqlite:
            pytest.skip("SQLite's batches are written by the store")

        def write(requests: list[Advance]) -> list[bool]:
            async def once() -> list[bool]:
                batch_writer = AsyncBatchWriter(store)
                try:
                    return await batch_writer.advance_many(requests)
                finally:
                    await batch_writer.close()

            return asyncio.run(once())

    for table_id in ("a", "b", "c", "d"):
        store.insert_table(new_table(table_id))
    with store.engine.begin() as connection:
        connection.execute(update(TableRow).where(TableRow.id != "a").values(owner="me"))
    step = [NewStep(0, {"type": "X", "n": [1]}, "human")]
    deal = [NewStep(-1, {"type": "Deal"}, "chance"), *step]
    result = {"winners": [0]}
    outcomes = write(
        [
            Advance("d", 0, tuple(step), owner="someone else"),  # not the owner: refused
            Advance("a", 0, tuple(deal), "running", clocks={0: 1234}, expired={1: True}),
            Advance("c", 3, tuple(step), owner="me"),  # stale: refused
            Advance("b", 0, tuple(step), "finished", result, owner="me"),
        ]
    )
    assert outcomes == [False, True, False, True]
    a, b, c, d = (store.load_table(t) for t in ("a", "b", "c", "d"))
    assert a is not None and (a.version, a.status) == (2, "running") and a.started_at
    assert (a.seats[0].clock_ms, a.seats[0].expired, a.seats[1].expired) == (1234, False, True)
    assert b is not None and (b.version, b.status, b.result) == (1, "finished", result)
    assert c is not None and d is not None and c.version == d.version == 0
    assert (a.owner, b.owner) == (None, "me")  # the lease holder, as read
    assert [(s.index, s.seat, s.data) for s in store.load_steps("a")] == [
        (0, -1, {"type": "Deal"}),
        (1, 0, {"type": "X", "n": [1]}),
    ]
    assert store.load_steps("c") == store.load_steps("d") == []
    store.close()


def test_a_step_index_cannot_be_stored_twice(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    store.insert_table(new_table())
    from sqlalchemy import insert

    from meeple.store.models import StepRow, utcnow

    row = {"table_id": "t1", "index": 0, "seat": 0, "data": {}, "by": "human", "at": utcnow()}
    with store.engine.begin() as connection:
        connection.execute(insert(StepRow).values(**row))
    with pytest.raises(IntegrityError), store.engine.begin() as connection:
        connection.execute(insert(StepRow).values(**row))
    store.close()


def test_seat_claims_are_exclusive_and_tokens_unique(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    store.insert_table(new_table("t1"))
    store.insert_table(new_table("t2"))
    assert store.claim_seat("t1", 0, "Ann", "a" * 64)
    assert not store.claim_seat("t1", 0, "Bob", "b" * 64)  # taken
    assert not store.claim_seat("t1", 1, "Bob", "b" * 64)  # a bot seat
    assert store.find_token("a" * 64) == ("t1", 0)
    with pytest.raises(IntegrityError):
        store.claim_seat("t2", 0, "Eve", "a" * 64)  # the same hash twice
    assert not store.release_seat("t1", 0, "c" * 64)
    assert store.release_seat("t1", 0, "a" * 64)
    assert store.find_token("a" * 64) is None
    store.close()


def test_chat_is_stored_raw(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    store.insert_table(new_table())
    store.add_chat("t1", 0, "Ann", "<script>x</script>")
    assert [m.text for m in store.recent_chat("t1")] == ["<script>x</script>"]
    store.close()


def test_urls_are_normalised() -> None:
    assert normalise_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("var/x.sqlite3") == "sqlite:///var/x.sqlite3"
    assert normalise_url("sqlite:///a.db") == "sqlite:///a.db"
