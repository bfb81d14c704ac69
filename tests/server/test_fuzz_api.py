"""Schemathesis fuzzes the REST API from its OpenAPI description: no server error (5xx).

Schemathesis' own pytest integration does not support this pytest yet, so each operation
of the schema is driven by Hypothesis directly with the strategy schemathesis derives.
"""

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error

from server.serverkit import LiveServer, create_table, join

EXAMPLES = 25


@pytest.fixture(scope="module")
def api_schema(live_sqlite: LiveServer) -> schemathesis.BaseSchema:
    # Some real tables, so that generated ids and seats sometimes hit something.
    with httpx.Client(base_url=live_sqlite.base, trust_env=False) as http:
        table = create_table(http, game="cmyk", players=2)
        join(http, table["id"], 0)
    return schemathesis.openapi.from_url(f"{live_sqlite.base}/openapi.json")


def test_no_server_errors(api_schema: schemathesis.BaseSchema) -> None:
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) >= 12
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
            case.call_and_validate(checks=[not_a_server_error])

        fuzz()
