from collections.abc import Iterator

import pytest

from cli.terminal import end_leftovers


@pytest.fixture(autouse=True)
def _no_command_outlives_its_test() -> Iterator[None]:
    yield
    end_leftovers()
