"""WebSocket fuzz: mutated frames of every type against real tables of every game.

No frame may drop a connection (other than the documented closes), and after every
error answered the table is as it was. ``benchmarks/fuzz_ws.py`` runs the same fuzz
longer and prints its figures.
"""

import logging

import httpx
import pytest

from server.serverkit import LiveServer
from server.wsfuzz import run_fuzz

FRAMES_PER_GAME = 150


def test_fuzzed_frames_drop_no_connection(
    live: LiveServer, http: httpx.Client, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="meeple.server"):
        figures = run_fuzz(live, http, FRAMES_PER_GAME, seed=17)
    assert figures.frames >= FRAMES_PER_GAME * 4
    assert figures.dropped == 0, figures.problems
    assert figures.documented_closes == 0, figures.problems
    assert figures.changed_on_error == 0, figures.problems
    assert figures.moves_applied > 20  # the fuzz reached later positions
    assert {"malformed", "illegal", "chat_invalid"} <= set(figures.codes), figures.codes
    tracebacks = [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]
    assert not tracebacks
