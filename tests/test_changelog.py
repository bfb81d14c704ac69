"""CHANGELOG.md and the pre-commit configuration agree with the code and the Makefile."""

import re
from pathlib import Path

import pytest
import yaml

from meeple.engine.registry import game_class

ROOT = Path(__file__).resolve().parents[1]
BUILT_IN = ("cmyk", "phase10", "toc", "toquer")


def _versions_listed(game: str) -> set[int]:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    section = text.split("## Rules versions", 1)[1]
    block = section.split(f"### {game}\n", 1)[1].split("\n### ", 1)[0]
    return {int(n) for n in re.findall(r"^- v([0-9]+):", block, flags=re.MULTILINE)}


@pytest.mark.parametrize("game", BUILT_IN)
def test_every_rules_version_a_game_knows_is_in_the_changelog(game: str) -> None:
    spec = game_class(game).spec
    known = {spec.version, *(older.version for older in spec.older_versions)}
    listed = _versions_listed(game)
    advice = f"add '- v{spec.version}: what changed' under '### {game}' in CHANGELOG.md"
    assert known <= listed, advice
    assert max(listed) == spec.version, advice


def test_the_changelog_has_an_unreleased_section() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n") and "\n## Unreleased\n" in text


def test_pre_commit_runs_what_make_lints() -> None:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    entries = {hook["entry"] for hook in config["repos"][0]["hooks"]}
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for command in ("ruff check", "ruff format --check", "mypy --strict src"):
        assert f"$(BIN)/{command}" in makefile
        assert f".venv/bin/{command}" in entries
    for command in ("node_modules/.bin/eslint", "node_modules/.bin/tsc --noEmit -p jsconfig.json"):
        assert f"\t{command}\n" in makefile
        assert command in entries
