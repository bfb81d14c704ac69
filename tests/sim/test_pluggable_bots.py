"""A user's own bot, named by its module path, plays in matches and tournaments."""

from pathlib import Path

import pytest

from meeple.bots.registry import make_bot, parse_bot_spec
from meeple.engine.errors import InvalidOptionError
from meeple.engine.registry import load_game
from meeple.engine.rng import stream
from meeple.sim.tournament import run_tournament

USER_BOT = '''
from meeple.bots.base import Bot


class FirstLegalBot(Bot):
    """Always the first legal action; ``bias`` picks the last one instead."""

    name = "first-legal"

    def __init__(self, game, seat, rng, last=False):
        super().__init__(game, seat, rng)
        self.last = last

    def choose(self, view, legal):
        return legal[-1] if self.last else legal[0]


class NotABot:
    pass
'''


@pytest.fixture
def user_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "my_meeple_bots.py").write_text(USER_BOT, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "my_meeple_bots"


def test_a_bot_class_loads_by_its_module_path_with_parameters(user_module: str) -> None:
    game = load_game("phase10", 2)
    bot = make_bot(f"{user_module}:FirstLegalBot:last=true", game, 0, stream(1, "seat", 0))
    assert type(bot).__name__ == "FirstLegalBot" and bot.last is True  # type: ignore[attr-defined]
    assert bot.choose(None, (1, 2, 3)) == 3
    assert parse_bot_spec(f"{user_module}:FirstLegalBot").target == f"{user_module}:FirstLegalBot"
    with pytest.raises(InvalidOptionError, match="not a Bot class"):
        make_bot(f"{user_module}:NotABot", game, 0, stream(1, "seat", 0))
    with pytest.raises(InvalidOptionError, match="cannot import"):
        make_bot("no_such_module_here:Bot", game, 0, stream(1, "seat", 0))


def test_a_user_bot_plays_a_tournament(user_module: str) -> None:
    report = run_tournament(
        "phase10", 2, {"phases": ["set3"]}, [f"{user_module}:FirstLegalBot", "random"], 4, seed=2
    )
    assert report.labels == [f"{user_module}:FirstLegalBot", "random"]
    assert [stats.games for stats in report.entrants] == [4, 4]
