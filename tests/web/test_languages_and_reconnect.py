"""The page in French and in Japanese shows no English string; a dropped connection
comes back by itself; screenshots of every game's table as test artefacts."""

import json
import re

import pytest

from meeple.web import STATIC_DIR
from web.conftest import screenshot
from web.helpers import create_by_lobby, game_view, require_game


def flatten(tree: dict, prefix: str = "") -> dict[str, str]:  # type: ignore[type-arg]
    out: dict[str, str] = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            out.update(flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def english_phrases(lang: str) -> set[str]:
    """English interface strings whose translation differs, stripped of placeholders:
    the pieces that must never show on a page in ``lang``."""
    english = flatten(json.loads((STATIC_DIR / "i18n" / "en.json").read_text()))
    other = flatten(json.loads((STATIC_DIR / "i18n" / f"{lang}.json").read_text()))
    phrases: set[str] = set()
    for key, text in english.items():
        if other.get(key) == text:
            continue  # the same in both languages (a game's name, a number)
        for piece in re.split(r"\{\{\s*\w+\s*\}\}|\n", text):
            piece = piece.strip(" .:,;()·–-")
            if (
                len(piece) >= 5
                and re.search(r"[A-Za-z]{3}", piece)
                and piece not in other.get(key, "")
            ):
                phrases.add(piece)
    return phrases


VISIBLE_TEXT = """
() => {
  const parts = [document.body.innerText];
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], title')) {
    if (el.closest('[translate="no"], code')) continue;
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value) parts.push(value);
    }
    if (el.tagName.toLowerCase() === 'title') parts.push(el.textContent);
  }
  for (const el of document.querySelectorAll('[translate="no"], code')) parts.push('');
  return parts.join('\\n');
}
"""


def assert_no_english(page, lang: str, where: str) -> None:  # type: ignore[no-untyped-def]
    text = page.evaluate(VISIBLE_TEXT)
    # Notation (what a person types) is marked translate="no" and left out.
    for code in page.eval_on_selector_all(
        '[translate="no"], code', "els => els.map(e => e.innerText || e.value || '')"
    ):
        if code:
            text = text.replace(code, "")
    found = sorted(
        phrase
        for phrase in english_phrases(lang)
        if re.search(rf"(?<![\\w'’]){re.escape(phrase)}(?![\\w])", text)
    )
    assert not found, f"{where} in {lang} shows English: {found[:10]}"


# What the page says of a discard typed before the draw (Phase 10's "drawFirst"), and of
# a card the notation cannot read (its "notCard"), each after what kind of refusal it is
# (Japanese puts no space after "。").
DRAW_FIRST = {
    "fr": "Ce coup n'est pas permis maintenant. Piochez d'abord une carte (draw ou take)",
    "ja": "その手は今は指せません。先にカードを引いてください（draw か take）",
}
# Of two moves typed together, the second must wait for the card drawn: it is named.
MUST_WAIT = {
    "fr": "Ce coup n'est pas permis maintenant. « discard 5r » : une carte est distribuée "
    "ou piochée avant ce coup ; tapez-le quand vous l'aurez vue",
    "ja": "その手は今は指せません。「discard 5r」：この手の前にカードが配られるか引かれます。"
    "そのカードを見てから入力してください",
}
NOT_A_CARD = {
    "fr": "Ce coup est illisible. « 5z » n'est pas une carte : écrivez 5r ou 12g",
    "ja": "その手を読み取れません。「5z」はカードではありません。5r や 12g",
}


@pytest.mark.parametrize("lang,locale", [("fr", "fr-FR"), ("ja", "ja-JP")])
def test_french_and_japanese_pages_show_no_english(
    server, new_page, lang: str, locale: str
) -> None:  # type: ignore[no-untyped-def]
    page = new_page(locale=locale)
    page.goto(server.base + "/")
    page.wait_for_selector("#create-button")
    assert page.evaluate("document.documentElement.lang") == lang  # follows the browser
    page.click(".rules-box summary")
    assert_no_english(page, lang, "the lobby")
    screenshot(page, f"lobby-{lang}")
    games = page.eval_on_selector_all("#game option", "els => els.map(e => e.value)")
    for game in games:
        page.select_option("#game", game)
        page.click(".rules-box summary")
        assert_no_english(page, lang, f"the lobby with {game}")
    create_by_lobby(page, server.base, "phase10", 3)
    page.wait_for_selector(".phase10 .hand-card")
    page.wait_for_selector('.board[data-my-turn="true"]')
    # A move typed in notation that the rules refuse (a discard before the draw) says
    # why in the page's language, from the reason and facts the server names.
    page.fill("#move-input", "discard 5r")
    page.press("#move-input", "Enter")
    page.wait_for_function(
        "(said) => document.querySelector('p.error[role=alert]').innerText.includes(said)",
        arg=DRAW_FIRST[lang],
    )
    assert_no_english(page, lang, "a refused typed move")
    page.fill("#move-input", "discard 5z")  # and text that names no card
    page.press("#move-input", "Enter")
    page.wait_for_function(
        "(said) => document.querySelector('p.error[role=alert]').innerText.includes(said)",
        arg=NOT_A_CARD[lang],
    )
    assert_no_english(page, lang, "a typed move that cannot be read")
    assert page.input_value("#move-input") == "discard 5z"  # back in the box, to be mended
    page.fill("#move-input", "draw; discard 5r")  # a whole turn typed at once
    page.press("#move-input", "Enter")
    page.wait_for_function(
        "(said) => document.querySelector('p.error[role=alert]').innerText === said",
        arg=MUST_WAIT[lang],
    )
    assert page.input_value("#move-input") == "draw; discard 5r"
    page.fill("#move-input", "ｄｒａｗ")  # as a Japanese keyboard in full-width mode types it
    page.press("#move-input", "Enter")
    page.wait_for_function("() => window.__meeple.state.view.stage === 3")
    assert page.input_value("#move-input") == ""  # played: the box is empty again
    page.locator(".board .hand-card.choosable").first.click()
    assert_no_english(page, lang, "the Phase 10 table")
    screenshot(page, f"phase10-{lang}")


def test_language_can_be_switched(server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page(locale="en-US")
    page.goto(server.base + "/")
    page.wait_for_selector("#create-button")
    assert page.inner_text("#create-button") == "Create the table"
    page.select_option("#lang", "ja")
    page.wait_for_function(
        "() => document.getElementById('create-button').innerText === 'テーブルを作る'"
    )
    page.reload()
    page.wait_for_selector("#create-button")
    assert page.inner_text("#create-button") == "テーブルを作る"  # remembered


def test_a_dropped_connection_reconnects_by_itself(tmp_path, new_page) -> None:  # type: ignore[no-untyped-def]
    from web.conftest import Server

    own = Server(tmp_path)
    own.start()
    try:
        page = new_page()
        create_by_lobby(page, own.base, "cmyk", 2)
        page.wait_for_selector('.conn[data-status="connected"]')
        page.wait_for_selector('.board[data-my-turn="true"]')
        before = game_view(page)
        version = page.evaluate("window.__meeple.state.version")
        own.kill()  # the server dies: the socket drops
        page.wait_for_selector('.conn[data-status="reconnecting"]')
        own.start()  # same port, same store: the table is rebuilt
        page.wait_for_selector('.conn[data-status="connected"]', timeout=30_000)
        page.wait_for_function(f"() => window.__meeple.state.version === {version}")
        assert game_view(page)["hand"] == before["hand"]
        # And play goes on from the reconnected page.
        page.wait_for_selector('.board[data-my-turn="true"]')
        page.locator(".board .hand-card.choosable").first.click()
        page.locator(".board .target.choosable").first.click()
        page.wait_for_function(f"() => window.__meeple.state.version > {version}")
    finally:
        own.stop()


@pytest.mark.parametrize(
    "game,players",
    [("toc", 6), ("toc", 8), ("toquer", 5), ("cmyk", 4), ("phase10", 6)],
)
def test_screenshots_of_each_table(server, new_page, game: str, players: int) -> None:  # type: ignore[no-untyped-def]
    require_game(server, game)
    page = new_page()
    create_by_lobby(page, server.base, game, players)
    page.wait_for_selector('.board[data-my-turn="true"]', timeout=30_000)
    page.wait_for_timeout(300)
    assert page.locator(".board .choosable").count() > 0
    # Everything a person can point at is labelled for screen readers.
    unlabelled = page.eval_on_selector_all(
        ".board [data-keys]", "els => els.filter(e => !e.getAttribute('aria-label')).length"
    )
    assert unlabelled == 0
    screenshot(page, f"{game}-{players}-players")
    phone = new_page(width=390, height=844)
    phone.goto(page.url)
    phone.wait_for_selector(".board .game")
    screenshot(phone, f"{game}-{players}-players-phone")
