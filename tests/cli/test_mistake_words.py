"""A move typed at the terminal and refused is said with its reason, in the reader's
language: every reason a game gives for an illegal move, and every mistake its notation
names in text it cannot read, has words in each catalogue that use only the facts it is
told; the facts are worded (a card as typed, a colour by its name, a list as the
language joins it); and a move refused in a built position says why in French and
Japanese as it does in English."""

from collections.abc import Mapping

import pytest
from typer.testing import CliRunner

from meeple.cli import i18n
from meeple.cli.common import mistake_words
from meeple.cli.main import app
from meeple.cli.play import _mistake
from meeple.engine.errors import (
    CHANCE_FIRST,
    NOT_LEGAL,
    TURN_OVER,
    IllegalActionError,
    InvalidActionError,
)
from meeple.engine.protocol import AnyGame
from meeple.engine.registry import game_class, game_names, load_game
from meeple.games.cmyk.cards import colour_card
from meeple.games.cmyk.rules import CmykGame
from meeple.games.phase10.rules import Phase10Game
from meeple.games.phase10.state import Stage
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


def assert_said(
    game: AnyGame,
    lang: str,
    section: str,
    kinds: Mapping[str, frozenset[str]],
    samples: dict[str, tuple[object, dict[str, str]]],
    error: type[IllegalActionError] | type[InvalidActionError],
) -> None:
    """Each kind of mistake of ``section`` is said in ``lang`` with sample facts: every
    placeholder filled, each fact worded as ``samples`` says, and not the English."""
    name = game.spec.name
    english = i18n.catalogue("en")
    for kind, facts in kinds.items():
        details = {fact: samples[fact][0] for fact in facts}
        said = mistake_words(game, error("-", reason=kind, details=details))
        assert said is not None and "{{" not in said, (kind, said)
        template = i18n.catalogue(lang)[f"{section}.{name}.{kind}"]
        for fact in facts:
            worded = samples[fact][1].get(lang)
            if worded is not None and f"{{{{{fact}}}}}" in template:
                assert worded in said, (kind, fact, said)
        if lang != "en":
            assert said != i18n.PLACEHOLDER.sub("", english[f"{section}.{name}.{kind}"])


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", sorted(FACTS))
def test_every_reason_is_said_with_its_facts_worded(lang: str, name: str) -> None:
    game = load_game(name, 4)
    i18n.use(lang)
    assert_said(game, lang, "illegal", game.illegal_reasons, FACTS[name], IllegalActionError)
    assert mistake_words(game, IllegalActionError("-", reason=NOT_LEGAL)) == i18n.t(
        "illegal.notLegal"
    )
    assert mistake_words(game, IllegalActionError("no seat may act now")) is None


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


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_notation_mistake_has_words_that_use_only_its_facts(lang: str) -> None:
    words = i18n.catalogue(lang)
    for name in game_names():
        mistakes = game_class(name).notation_mistakes
        assert mistakes, name  # every built-in game says what its notation could not read
        for mistake, facts in mistakes.items():
            said = set(i18n.PLACEHOLDER.findall(words[f"notation.{name}.{mistake}"]))
            assert said <= facts, (name, mistake)
            if lang == "en":
                assert said == facts, (name, mistake)


# A value of each notation fact (what was typed, a seat, a list), and how it is said.
TYPED: dict[str, tuple[object, dict[str, str]]] = {
    "token": ("Z9", {"en": "'Z9'", "fr": "« Z9 »", "ja": "「Z9」"}),
    "last": (71, {"en": "71"}),
    "cell": ("40", {"en": "40"}),
    "word": ("give", {"en": "'give 9'", "fr": "« give 9 »"}),
    "seat": (7, {"en": "seat 7", "ja": "7番席"}),
    "mixes": (("X1", "X2"), {"en": "X1, X2", "fr": "X1, X2", "ja": "X1、X2"}),
    "letter": ("Z", {"en": "'Z'"}),
    "group": ("3", {"en": "3"}),
    "value": ("q", {"en": "'q'"}),
    "verb": ("swap", {"en": "'swap'"}),
    "verbs": (("stock", "pile"), {"en": "stock, pile", "ja": "stock、pile"}),
    "columns": (("n", "a"), {"en": "(n, a)", "ja": "（n、a）"}),
}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", sorted(FACTS))
def test_every_notation_mistake_is_said_with_its_facts(lang: str, name: str) -> None:
    game = load_game(name, 4)
    i18n.use(lang)
    assert_said(game, lang, "notation", game.notation_mistakes, TYPED, InvalidActionError)
    assert mistake_words(game, InvalidActionError("action.seat: 9 is out of range")) is None


# Text the notation cannot read, in a built position, and what the terminal says.
UNREAD = [
    (toc_case, "Z in", "notCard", {"en": "'Z in': 'Z' is not a card", "fr": "« Z » n'est pas"}),
    (toc_case, "K in፩", "enterForm", {"en": "write 'in', or 'in' and a seat", "ja": "「in፩」"}),
    (toc_case, "K in7", "noSeat", {"en": "there is no seat 7", "fr": "pas de place 7"}),
    (
        phase10_case,
        "put W g1",
        "wildStandsFor",
        {
            "en": "say what the Wild stands for",
            "fr": "ce que vaut le Joker",
            "ja": "オールマイティー",
        },
    ),
    (phase10_case, "skip ፩", "skipSeat", {"en": "after 'skip' give a seat number"}),
    (cmyk_case, "X9", "unknownMix", {"en": "the mixes are X1, X2, X3", "ja": "X1、X2、X3"}),
    (cmyk_case, "C፩", "notCard", {"fr": "« C፩ » n'est pas une carte"}),
    (
        toquer_case,
        "swap z9",
        "notPosition",
        {"en": "a column letter (n, a, b, c, d)", "fr": "(n, a, b, c, d)", "ja": "n、a、b、c、d"},
    ),
    (toquer_case, "give 7", "noSeat", {"en": "there is no seat 7", "ja": "7番席はありません"}),
]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize(
    ("case", "text", "mistake", "said"), UNREAD, ids=[f"{r[2]}-{r[1]}" for r in UNREAD]
)
def test_unreadable_text_says_what_was_wrong_in_the_language(
    lang: str, case: object, text: str, mistake: str, said: dict[str, str]
) -> None:
    assert callable(case)
    game, state = case()
    with pytest.raises(InvalidActionError) as raised:
        game.parse_action(state, text)
    assert raised.value.reason == mistake
    i18n.use(lang)
    words = _mistake(game, raised.value, text)
    assert words != i18n.t("play.malformed", move=repr(text))
    if lang in said:
        assert said[lang] in words, words


def test_the_terminal_says_what_it_could_not_read_in_japanese() -> None:
    """A digit str.isdigit accepts and int refuses (Ethiopic "፩") once escaped the
    notation as a bare ValueError."""
    result = runner.invoke(
        app, ["--lang", "ja", "play", "toc", "-p", "2", "--seed", "5"], input="K in፩\nq\n"
    )
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    flat = " ".join(result.output.split())
    assert "'K in፩'：「in፩」：「in」か、「in」に席の番号を続けて書いてください" in flat


def test_the_terminal_reads_a_move_typed_in_full_width() -> None:
    """A Japanese keyboard in full-width mode types "ｑ" for the quit command and
    "ｄｒａｗ" for Phase 10's draw: the terminal reads both as typed in ASCII."""
    result = runner.invoke(
        app,
        ["--lang", "ja", "play", "phase10", "-p", "2", "--seed", "3"],
        input="ｄｒａｗ\nｑ\n",
    )
    flat = " ".join(result.output.split())
    assert "読み取れません" not in flat and "指せません" not in flat, flat
    assert result.exit_code == 1, flat  # quit: the game is abandoned, as "q" does


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_of_several_moves_on_a_line_the_refused_one_is_named(lang: str) -> None:
    """``reveal a1; swap z9``: the first move is legal, the second cannot be read; the
    terminal quotes the second, not the whole line, and plays neither."""
    game, state = toquer_case()
    with pytest.raises(InvalidActionError) as raised:
        game.parse_moves(state, "reveal a1; swap z9")
    assert raised.value.part == "swap z9"
    i18n.use(lang)
    said = _mistake(game, raised.value, raised.value.part)
    assert said.startswith("'swap z9'"), said
    why = mistake_words(game, raised.value)
    assert why is not None and said == i18n.t("play.whyNot", move="'swap z9'", why=why)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize(
    ("stage", "line", "part", "reason"),
    [
        (Stage.DRAW, "draw; discard 9g", "discard 9g", CHANCE_FIRST),
        (Stage.PLAY, "discard 9g ; take", "take", TURN_OVER),
    ],
)
def test_a_move_typed_after_a_draw_or_the_turn_s_end_says_why_it_must_wait(
    lang: str, stage: Stage, line: str, part: str, reason: str
) -> None:
    """Phase 10: after ``draw`` a card is drawn (chance) before anything else; after a
    discard the turn is over. The refused move is named, with the engine's reason in the
    reader's words, and nothing is played."""
    game = Phase10Game(2)
    state = phase10_support.make_state(
        game, ["1r 2r 3r 4r 6b 8b 10y 11y 12g 9g S", "1y 2y"], stage=stage, discard="7b"
    )
    with pytest.raises(IllegalActionError) as raised:
        game.parse_moves(state, line)
    assert (raised.value.reason, raised.value.part) == (reason, part)
    i18n.use(lang)
    said = _mistake(game, raised.value, part)
    assert said == i18n.t("play.whyNot", move=repr(part), why=i18n.t(f"illegal.{reason}"))
    assert i18n.t(f"illegal.{reason}") != f"illegal.{reason}"  # the catalogue has words
