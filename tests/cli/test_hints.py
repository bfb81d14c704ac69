"""``meeple play``'s hint command and the level names in ``--bots``."""

from typer.testing import CliRunner

from meeple.cli.main import app

runner = CliRunner()
PLAY = ["play", "cmyk", "--players", "2", "--seed", "5", "--bots", "easy"]


def test_hint_names_one_of_the_legal_moves_and_the_same_one_again() -> None:
    result = runner.invoke(app, PLAY, input="hint\nhint\nquit\n")
    assert result.exit_code == 1, result.output  # quit: abandoned
    moves_line = next(line for line in result.output.splitlines() if line.startswith("Moves: "))
    legal = [move.strip() for move in moves_line.removeprefix("Moves: ").split(",")]
    marker = "Hint (expert bot): "
    hints = [
        line.partition(marker)[2].strip() for line in result.output.splitlines() if marker in line
    ]
    assert len(hints) == 2 and hints[0] == hints[1]  # seeded by the game and the move
    assert hints[0] in legal


def test_hints_can_be_turned_off() -> None:
    result = runner.invoke(app, [*PLAY, "--no-hints"], input="hint\nquit\n")
    assert result.exit_code == 1, result.output  # quit: abandoned
    assert "Hints are off" in result.output and "Hint (" not in result.output
