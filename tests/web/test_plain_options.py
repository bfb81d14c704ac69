"""Option texts people read name no internal value: the server's docs and choice words
(the API, the CLI help), and every catalogue's labels, explanations and choices. The
internal values come from the game specs (support.plain_words), so a new option is
checked as it is added. The browser test (test_lobby_options.py) reads the lobby itself.
"""

import json

import pytest

from meeple.engine.registry import game_class, game_names
from meeple.web import LANGUAGES, STATIC_DIR
from support.plain_words import internal_values, named_values

CATALOGUES = {
    lang: json.loads((STATIC_DIR / "i18n" / f"{lang}.json").read_text()) for lang in LANGUAGES
}


def test_the_detector_finds_the_internal_values_written_the_old_ways() -> None:
    values = internal_values(game_class("toquer").spec) | internal_values(game_class("toc").spec)
    assert named_values("`shared_column`: 3×4 own cards", values, "en") == {"shared_column"}
    assert named_values("points: lowest total wins", values, "en") == {"points"}
    assert named_values("refill: draw back to 5; 5-4-4: deals", values, "en") == {"refill", "5-4-4"}
    assert named_values('"standard" or {"value": count}', values, "fr") == {"standard", "JSON"}
    assert named_values("ペア (pairs)", values, "ja") == {"pairs"}
    assert named_values("配置own_gridでは", values, "ja") == {"own_grid"}
    assert named_values("the lowest total of points wins", values, "en") == set()


@pytest.mark.parametrize("game", game_names())
def test_the_server_describes_every_option_and_choice_in_words(game: str) -> None:
    spec = game_class(game).spec
    values = internal_values(spec)
    for option in spec.options:
        assert named_values(option.doc, values, "en") == set(), (option.name, option.doc)
        if option.choices is not None:
            assert option.choice_words is not None, f"{game}.{option.name} has no choice words"
        for value, words in option.choices_in_words():
            assert named_values(words, values, "en") == set(), (option.name, value, words)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", game_names())
def test_the_catalogue_names_no_internal_value(lang: str, game: str) -> None:
    spec = game_class(game).spec
    values = internal_values(spec)
    texts = CATALOGUES[lang]["games"][game]["options"]
    for option in spec.options:
        entry = texts[option.name]
        shown = [entry["label"], entry["doc"], *entry.get("choices", {}).values()]
        for text in shown:
            assert named_values(text, values, lang) == set(), (option.name, text)
    # The rules summary the lobby shows under the options, too.
    summary = CATALOGUES[lang]["games"][game]["summary"]
    assert named_values(summary, values, lang) == set(), summary
