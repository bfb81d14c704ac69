"""Schemathesis fuzzes the REST API from its OpenAPI description: no server error (5xx).

Schemathesis' own pytest integration does not support this pytest yet, so each operation
of the schema is driven by Hypothesis directly with the strategy schemathesis derives.
"""

from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error

from meeple.server.accounts import hasher, new_session_token
from server.serverkit import LiveServer, create_table, join

EXAMPLES = 25


@pytest.fixture(scope="module")
def api_schema(live_sqlite: LiveServer) -> schemathesis.BaseSchema:
    # Some real tables, so that generated ids and seats sometimes hit something.
    with httpx.Client(base_url=live_sqlite.base, trust_env=False) as http:
        table = create_table(http, game="cmyk", players=2)
        join(http, table["id"], 0)
    return schemathesis.openapi.from_url(f"{live_sqlite.base}/openapi.json")


def fuzz_each(operations: list[Any], headers: dict[str, str]) -> None:
    """Hypothesis drives each operation with schemathesis' strategy: never a 5xx."""
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        def fuzz(case: schemathesis.Case) -> None:
            case.call_and_validate(headers=headers, checks=[not_a_server_error])

        fuzz()


def test_no_server_errors(api_schema: schemathesis.BaseSchema) -> None:
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) >= 19  # the tables' and the accounts' endpoints
    fuzz_each(operations, {})


ACCOUNT_PATHS = ("/api/account", "/api/login", "/api/session", "/api/players", "/api/leaderboard")


def test_account_endpoints_with_a_session(
    api_schema: schemathesis.BaseSchema, live_sqlite: LiveServer
) -> None:
    """The accounts endpoints again, signed in (a Bearer session), logging out last."""
    accounts = live_sqlite.manager.accounts
    account = accounts.create_account("Fuzzy", "fuzzy", hasher.hash("fuzzy password"))
    assert account is not None
    token, digest, expires_at = new_session_token()
    accounts.add_session(account.id, digest, expires_at)
    headers = {"Authorization": f"Bearer {token}"}
    operations = [result.ok() for result in api_schema.get_all_operations()]
    chosen = [op for op in operations if op.path.startswith(ACCOUNT_PATHS)]
    chosen += [op for op in operations if op.path == "/api/logout"]
    assert len(chosen) >= 7
    fuzz_each(chosen, headers)
