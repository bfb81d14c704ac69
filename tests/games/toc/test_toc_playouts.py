"""Quick random playouts over the board sizes and team settings the conformance
configurations leave out (the contract checks run there; here: they end, conserve,
and replay)."""

import pytest

from meeple.engine import conformance
from meeple.games.toc import TocGame


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (6, {}),
        (6, {"teams": "pairs"}),
        (8, {"teams": "pairs"}),
        (8, {"teams": "halves", "shortcut_may_skip_entry": True}),
        (4, {"teams": "halves", "ace_eleven": True, "jack_eleven": True}),
        (2, {"deal_mode": "5-4-4", "reshuffle": False}),
        (3, {"deal_mode": "5-4-4", "king_captures_own": False}),
    ],
)
def test_random_games_end_conserve_and_replay(players: int, options: dict[str, object]) -> None:
    game = TocGame(players, options)  # type: ignore[arg-type]
    checks = conformance.Checks(
        mutation=False, json=False, notation=False, leaks=False, conservation=True
    )
    final, record = conformance.random_playout(game, seed=players, checks=checks)  # type: ignore[arg-type]
    assert game.is_terminal(final)
    assert final.winners
    conformance.check_replay(game, record, final)  # type: ignore[arg-type]
