from collections.abc import Iterator

import pytest

from cli.terminal import end_leftovers
from meeple.cli import i18n


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    yield
    i18n.use("en")


@pytest.fixture(autouse=True)
def _no_command_outlives_its_test() -> Iterator[None]:
    yield
    end_leftovers()
