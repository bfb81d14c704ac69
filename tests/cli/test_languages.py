"""The terminal in English, French and Japanese: the catalogues agree, every key the
code asks for exists, the language follows ``--lang`` and the locale, and a game played,
replayed or explained in French or Japanese shows no English sentence."""

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeple.bots.levels import LEVELS
from meeple.cli import i18n
from meeple.cli.common import about_seat, bot_name
from meeple.cli.explain import TOLD
from meeple.cli.main import app
from meeple.engine.errors import OPTION_MISTAKES
from meeple.engine.registry import game_class, game_names
from meeple.games.phase10.config import GroupKind
from meeple.games.toquer.state import Phase as ToquerPhase

runner = CliRunner()
SOURCES = Path(i18n.__file__).parent.parent
OWN = {
    lang: i18n.flatten(json.loads((SOURCES / "i18n" / f"{lang}.json").read_text("utf-8")))
    for lang in i18n.LANGUAGES
}


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_every_language_has_every_key_with_the_same_placeholders(lang: str) -> None:
    english, other = OWN["en"], OWN[lang]
    assert sorted(set(english) ^ set(other)) == []
    for key, text in english.items():
        found = set(i18n.PLACEHOLDER.findall(other[key]))
        assert set(i18n.PLACEHOLDER.findall(text)) == found, key
        assert other[key].strip(), key


def test_every_key_the_code_names_exists() -> None:
    english = i18n.catalogue("en")
    named: set[str] = set()
    for source in SOURCES.rglob("*.py"):
        named.update(re.findall(r"""\bt\(\s*"([\w.]+)"[,)]""", source.read_text("utf-8")))
        named.update(re.findall(r"""\bwords\(\s*"([\w.]+)"\)""", source.read_text("utf-8")))
    assert len(named) > 120
    assert sorted(key for key in named if key not in english) == []
    # The keys the code builds from values: every value has its key.
    built = [f"says.{kind}" for kind in TOLD]
    built += [f"levels.{level}" for level in LEVELS]
    built += [f"toquer.phases.{phase.value}" for phase in ToquerPhase]
    built += [f"phase10.group.{kind.name.lower()}" for kind in GroupKind]
    built += [f"cmyk.colours.{colour}" for colour in range(4)]
    built += [f"phase10.colours.{colour}" for colour in range(4)]
    for name in game_names():
        spec = game_class(name).spec
        built += [f"reasons.{reason}" for reason, _ in spec.end_reasons]
        built += [f"units.{spec.length_unit}", f"games.{name}.title"]
    built += [f"errors.{reason}" for reason in OPTION_MISTAKES]
    for lang in i18n.LANGUAGES:
        assert sorted(key for key in built if key not in i18n.catalogue(lang)) == [], lang


def test_an_option_mistake_is_said_with_the_facts_the_engine_gives() -> None:
    english = i18n.catalogue("en")
    for reason, facts in OPTION_MISTAKES.items():
        assert set(i18n.PLACEHOLDER.findall(english[f"errors.{reason}"])) <= facts, reason


# Mistakes in a command's words, and a piece of what each says in each language.
MISTAKES = [
    (["play", "nogame"], "nogame", "unknownGame"),
    (["play", "toc", "-p", "5"], "5", "players"),
    (["play", "cmyk", "-o", "foo=1"], "'foo'", "unknownOption"),
    (["play", "cmyk", "-o", "overflow=zz"], '"forbidden" | "bust"', "badOption"),
    (["play", "cmyk", "-o", "stall_limit=0"], "1–100", "badOption"),
    (["play", "cmyk", "-o", "deck"], "deck", "optionForm"),
    (["play", "phase10", "--bots", "nonsense"], "nonsense", "unknownBot"),
    (["play", "cmyk", "--seat", "7"], "3", "seats"),
    (["play", "cmyk", "--humans", "0,0"], "--humans 0,0", "humansTwice"),
    (["play", "cmyk", "--humans", "a"], "--humans a", "humansList"),
    (["replay", "no-such-record.jsonl"], "no-such-record.jsonl", "noFile"),
    (["simulate", "cmyk", "-n", "0"], "0", "atLeastOne"),
]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize(("args", "fact", "key"), MISTAKES, ids=[m[2] for m in MISTAKES])
def test_a_mistake_in_a_command_is_said_in_the_language(
    lang: str, args: list[str], fact: str, key: str
) -> None:
    result = runner.invoke(app, ["--lang", lang, *args])
    assert result.exit_code == 2, result.output
    flat = " ".join(result.output.split())
    words = i18n.catalogue(lang)
    lead = words["errors.line"].split("{{")[0]
    assert flat.startswith(lead.strip()), flat
    said = i18n.PLACEHOLDER.split(words[f"errors.{key}"])
    assert max(said, key=len).strip() in flat, flat
    assert fact in flat
    if lang != "en":
        assert_no_english(result.output, lang)


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({}, "en"),
        ({"LANG": "fr_CA.UTF-8"}, "fr"),
        ({"LANG": "ja_JP.UTF-8", "LC_ALL": "C"}, "en"),
        ({"LANG": "fr_FR.UTF-8", "MEEPLE_LANG": "ja"}, "ja"),
        ({"LC_MESSAGES": "ja_JP", "LANG": "en_GB"}, "ja"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
    ],
)
def test_the_language_follows_meeple_lang_then_the_locale(env: dict[str, str], lang: str) -> None:
    assert i18n.language_from(env) == lang


def test_an_unknown_language_is_a_clear_error() -> None:
    result = runner.invoke(app, ["--lang", "de", "rules", "toc"])
    assert result.exit_code == 2
    assert "--lang: language 'de': the terminal speaks en, fr, ja" in result.output


def english_sentences(lang: str) -> list[str]:
    """Pieces of the English catalogues (between placeholders, three words or more)
    that the other language does not say too."""
    other = "\n".join(i18n.catalogue(lang).values())
    pieces = []
    for text in i18n.catalogue("en").values():
        for piece in i18n.PLACEHOLDER.split(text):
            piece = piece.strip(" .,:;()'")
            if len(piece.split()) >= 2 and piece not in other:
                pieces.append(piece)
    return pieces


def assert_no_english(output: str, lang: str) -> None:
    flat = " ".join(output.split())
    found = [piece for piece in english_sentences(lang) if piece in flat]
    assert found == [], found


def saved_record(folder: Path, game: str, players: int, *options: str) -> Path:
    args = ["simulate", game, "-n", "1", "-p", str(players), "--bots", "heuristic"]
    for option in options:
        args += ["-o", option]
    result = runner.invoke(app, [*args, "--records", str(folder)])
    assert result.exit_code == 0, result.output
    (record,) = folder.glob("*.jsonl")
    return record


# Short games of each kind, with the events the terminal tells.
GAMES = [
    ("phase10", 3, ('phases=["set3+set3", "run4"]',)),
    ("toc", 4, ("cells_per_sector=8",)),
    ("cmyk", 3, ()),
    ("toquer", 3, ("end_score=20",)),
]


@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_replayed_game_says_everything_in_the_language(
    tmp_path: Path, lang: str, game: str, players: int, options: tuple[str, ...]
) -> None:
    record = saved_record(tmp_path, game, players, *options)
    result = runner.invoke(app, ["--lang", lang, "replay", str(record), "--no-step", "--seat", "0"])
    assert result.exit_code == 0, result.output
    final = i18n.catalogue(lang)["tell.finalTitle"]
    assert final in result.output
    assert_no_english(result.output, lang)


@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize("game", ["phase10", "toc", "cmyk", "toquer"])
def test_playing_and_the_rules_in_the_language(lang: str, game: str) -> None:
    words = i18n.catalogue(lang)
    commands = [words[f"commands.{name}"].split("|")[0] for name in ("help", "moves", "quit")]
    typed = f"{commands[0]}\n{commands[1]}\nxyz\nzz 99\n{commands[2]}\n"
    args = ["--lang", lang, "play", game, "-p", "3" if game != "toc" else "4", "--seed", "2"]
    result = runner.invoke(app, args, input=typed)
    assert result.exit_code == 1, result.output  # quit: abandoned
    assert words["play.abandoned"] in result.output
    assert words["play.moves"].strip() in result.output
    # (without any spaces: Japanese lines break between any two characters)
    squeezed = "".join(result.output.split())
    assert squeezed.count("".join(words["play.notPlayed"].split("{{")[0].split())) == 2
    assert_no_english(result.output, lang)
    rules = runner.invoke(app, ["--lang", lang, "rules", game])
    assert rules.exit_code == 0 and words[f"games.{game}.summary"][:30] in rules.output
    assert_no_english(rules.output, lang)


def test_english_is_still_the_engines_own_explanation() -> None:
    result = runner.invoke(app, ["play", "toc", "-p", "2", "--seed", "5"], input="9 in\nq\n")
    assert "nothing was played" in result.output
    assert "that move is not allowed now" not in result.output  # the engine's detail instead


@pytest.mark.parametrize(("lang", "said"), [("en", "person"), ("fr", "humain"), ("ja", "人間")])
def test_a_person_s_seat_is_named_in_words_not_by_its_spec(lang: str, said: str) -> None:
    """A record's seats (the header of a replay, a review) name a person's seat in the
    reader's language; it showed the spec, "human"."""
    i18n.use(lang)
    assert bot_name("human") == said


def test_a_sentence_about_the_reader_s_own_seat_is_said_to_them() -> None:
    """ "La place 0 a fini" to the player at seat 0 read "vous a fini" with the seat's name
    swapped for "vous"; each such sentence has its own form for the reader."""
    i18n.use("fr")
    assert about_seat("phase10.someoneOut", 0, 0) == "Vous avez fini."
    assert (
        about_seat("phase10.someoneOut", 1, 0) == "la place 1 a fini."
    )  # (capitalised where shown)
    assert about_seat("phase10.someoneOut", 1, None) == "la place 1 a fini."
    said = about_seat("phase10.lastRound", 0, 0, name="who", round=2, points="…")
    assert said == "Manche 2 : vous avez fini ; points : …"
    i18n.use("en")
    assert about_seat("toquer.lowest", 2, 2).startswith("you ended the round")


def test_simulate_and_tournament_speak_the_reader_s_language(tmp_path: Path) -> None:
    """They printed English ("mean length", "report written to") in every language."""
    result = runner.invoke(app, ["--lang", "ja", "simulate", "cmyk", "-n", "2", "--players", "2"])
    assert result.exit_code == 0, result.output
    assert "平均の長さ" in result.output and "ボット" in result.output
    assert "mean length" not in result.output
    out = tmp_path / "tour"
    args = ["--lang", "fr", "tournament", "toquer", "--bots", "random,random", "--games", "2"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert "Face à face" in flat and "rapport écrit dans" in flat and "durée moyenne" in flat
    assert "report written" not in flat and "Head to head" not in flat
