"""An illegal move typed at the terminal is said with its reason, in the reader's
language: every reason a game gives has words in each catalogue that use only the facts
it is told, the facts are worded (a card as typed, a colour by its name), and a move
refused in a built position says why in French and Japanese as it does in English."""

import pytest
from typer.testing import CliRunner

from meeple.cli import i18n
from meeple.cli.common import illegal_words
from meeple.cli.main import app
from meeple.cli.play import _mistake
from meeple.engine.errors import NOT_LEGAL, IllegalActionError
from meeple.engine.protocol import AnyGame
from meeple.engine.registry import game_class, game_names, load_game
from meeple.games.cmyk.cards import colour_card
from meeple.games.cmyk.rules import CmykGame
from meeple.games.phase10.rules import Phase10Game
from meeple.games.toc.cards import SEVEN
from meeple.games.toquer.state import Phase
from support import cmyk as cmyk_support
from support import phase10 as phase10_support
from support.toc import game as toc_game
from support.toc import position
from support.toquer import DOWN4, make_game, table

runner = CliRunner()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_reason_has_words_that_use_only_its_facts(lang: str) -> None:
    words = i18n.catalogue(lang)
    assert i18n.PLACEHOLDER.findall(words["illegal.notLegal"]) == []
    assert all(game_class(name).illegal_reasons for name in FACTS)
    for name in game_names():
        reasons = game_class(name).illegal_reasons
        for reason, facts in reasons.items():
            said = set(i18n.PLACEHOLDER.findall(words[f"illegal.{name}.{reason}"]))
            assert said <= facts, (name, reason)
            if lang == "en":
                assert said == facts, (name, reason)  # every fact is told somewhere


# A value of each fact, per game, and how the terminal words it.
FACTS: dict[str, dict[str, tuple[object, dict[str, str]]]] = {
    "toc": {
        "card": (SEVEN, {"en": "7", "fr": "7", "ja": "7"}),
        "plays": (("7 12-15", "K in"), {"en": "7 12-15, K in", "fr": "7 12-15, K in"}),
        "steps": (3, {"en": "3"}),
        "seat": (2, {"en": "2"}),
    },
    "cmyk": {
        "card": (colour_card(1, 40), {"en": "M40", "fr": "M40", "ja": "M40"}),
        "colour": (3, {"en": "black", "fr": "noire", "ja": "ブラック"}),
        "colours": ((0, 2), {"en": "cyan, yellow", "fr": "cyan, jaune", "ja": "シアン、イエロー"}),
        "total": (80, {"en": "80"}),
        "after": (110, {"en": "110"}),
    },
    "phase10": {
        "card": (phase10_support.c("7b"), {"en": "7b", "fr": "7b", "ja": "7b"}),
        "phase": (
            load_game("phase10", 2).config.phases[0],  # type: ignore[attr-defined]
            {"en": "set of 3 + set of 3", "fr": "série de 3 + série de 3", "ja": "3枚のセット"},
        ),
        "group": (2, {"en": "2"}),
    },
    "toquer": {"seat": (2, {"en": "2"})},
}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", sorted(FACTS))
def test_every_reason_is_said_with_its_facts_worded(lang: str, name: str) -> None:
    game = load_game(name, 4)
    i18n.use(lang)
    english = i18n.catalogue("en")
    for reason, facts in game.illegal_reasons.items():
        details = {fact: FACTS[name][fact][0] for fact in facts}
        said = illegal_words(game, IllegalActionError("-", reason=reason, details=details))
        assert said is not None and "{{" not in said, (reason, said)
        for fact in facts:
            worded = FACTS[name][fact][1].get(lang)
            if (
                worded is not None
                and f"{{{{{fact}}}}}" in i18n.catalogue(lang)[f"illegal.{name}.{reason}"]
            ):
                assert worded in said, (reason, fact, said)
        if lang != "en":
            assert said != i18n.PLACEHOLDER.sub("", english[f"illegal.{name}.{reason}"])
    assert illegal_words(game, IllegalActionError("-", reason=NOT_LEGAL)) == i18n.t(
        "illegal.notLegal"
    )
    assert illegal_words(game, IllegalActionError("no seat may act now")) is None


def refused(game: AnyGame, state: object, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as error:
        game.parse_action(state, text)
    return error.value


def toc_case() -> tuple[AnyGame, object]:
    g = toc_game(4)
    return g, position(g, {0: 12, 4: 15}, (3, 5))


def phase10_case() -> tuple[AnyGame, object]:
    g = Phase10Game(2)
    return g, phase10_support.make_state(g, ["1r 2r 3r 4r 6b 8b 10y 11y 12g 9g S", "1y 2y"])


def cmyk_case() -> tuple[AnyGame, object]:
    g = CmykGame(2)
    state = cmyk_support.make_state(
        g, ["C30 M40 K20 Y*", "C10"], piles=("C20", "", "", ""), opening=True
    )
    return g, state


def toquer_case() -> tuple[AnyGame, object]:
    g = make_game(3)
    return g, table(g, [DOWN4] * 3, phase=Phase.SETUP, setup_left=6)


# Built positions, a move refused there, and what the terminal says in each language.
REFUSED = [
    (
        toc_case,
        "Q 12-24",
        "notInHand",
        {
            "en": "'Q 12-24': Q is not in your hand",
            "fr": "'Q 12-24' : Q n'est pas dans votre main",
            "ja": "'Q 12-24'：Qは手札にありません",
        },
    ),
    (
        toc_case,
        "discard 5",
        "forcedPlay",
        {
            "en": "'discard 5': a card with a legal use must be played (forced play), e.g. 3 12-15",
            "fr": "(jeu forcé), par exemple 3 12-15",
            "ja": "（強制）。例：3 12-15",
        },
    ),
    (
        phase10_case,
        "lay",
        "cannotMakePhase",
        {
            "en": "'lay': your hand cannot make your phase (set of 3 + set of 3)",
            "fr": "'lay' : votre main ne permet pas de faire votre phase (série de 3 + série de 3)",
            "ja": "'lay'：手札ではフェーズ（3枚のセット + 3枚のセット）を作れません",
        },
    ),
    (
        cmyk_case,
        "C30",
        "openingStart",
        {
            "en": "a colour not yet on the board (magenta, yellow, black)",
            "fr": "une couleur absente du plateau (magenta, jaune, noire)",
            "ja": "まだ場にない色（マゼンタ、イエロー、ブラック）",
        },
    ),
    (
        toquer_case,
        "stock",
        "mustReveal",
        {
            "en": "'stock': now you must reveal one of your own face-down cards",
            "fr": "'stock' : maintenant, retournez une de vos cartes face cachée",
            "ja": "'stock'：今は自分の伏せ札を1枚めくります",
        },
    ),
]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize(("case", "text", "reason", "said"), REFUSED, ids=[r[2] for r in REFUSED])
def test_a_refused_move_says_why_in_the_language(
    lang: str, case: object, text: str, reason: str, said: dict[str, str]
) -> None:
    assert callable(case)
    game, state = case()
    error = refused(game, state, text)
    assert error.reason == reason
    i18n.use(lang)
    assert said[lang] in _mistake(game, error, text)


def test_the_terminal_says_why_a_typed_move_is_refused_in_french() -> None:
    result = runner.invoke(
        app, ["--lang", "fr", "play", "toquer", "-p", "2", "--seed", "3"], input="stock\nq\n"
    )
    flat = " ".join(result.output.split())
    assert "'stock' : maintenant, retournez une de vos cartes face cachée (« reveal b2 »)" in flat
    assert "rien n'a été joué" in flat
