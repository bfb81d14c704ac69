"""The lobby's options in plain language: no option text a person reads (labels,
explanations, choices, the advanced fold, the deck and phase controls) names an internal
value, in English, French or Japanese, for every game, and axe finds no serious issue
with every fold open; the CMYK deck control and the
Phase 10 phases editor make tables with the options they show; "Standard rules" puts
every option back."""

import httpx
import pytest

from meeple.engine.registry import game_class, game_names
from support.plain_words import internal_values, named_values
from web.conftest import screenshot
from web.phone import axe_violations, describe_violations

OPTION_TEXT = """
() => {
  const box = document.querySelector('form .options');
  const parts = [box.innerText];
  for (const el of box.querySelectorAll('option')) parts.push(el.textContent);
  for (const el of box.querySelectorAll('[aria-label], [title]')) {
    parts.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
  }
  return parts.join('\\n');
}
"""


def open_everything(page) -> None:  # type: ignore[no-untyped-def]
    page.evaluate("() => document.querySelectorAll('form details').forEach(d => d.open = true)")


def table_options(server, page) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """The options of the table the page was sent to after "Create the table"."""
    page.wait_for_url("**/#/table/*")
    table_id = page.url.rsplit("/", 1)[1]
    answer = httpx.get(f"{server.base}/api/tables/{table_id}", timeout=10, trust_env=False)
    options: dict[str, object] = answer.json()["options"]
    return options


@pytest.mark.parametrize("lang,locale", [("en", "en-GB"), ("fr", "fr-FR"), ("ja", "ja-JP")])
def test_no_option_text_names_an_internal_value(server, new_page, lang: str, locale: str) -> None:  # type: ignore[no-untyped-def]
    page = new_page(locale=locale)
    page.goto(server.base + "/")
    page.wait_for_selector("#standard-rules")
    checked = 0
    for game in game_names():
        page.select_option("#game", game)
        page.wait_for_function(
            "n => document.querySelectorAll('form .options .option').length >= n",
            arg=len(game_class(game).spec.options),
        )
        open_everything(page)
        if page.locator("input[name=phases-kind][value=custom]").count():
            page.check("input[name=phases-kind][value=custom]")  # the editor's texts too
            page.wait_for_selector(".phase-row")
        text = page.evaluate(OPTION_TEXT)
        found = named_values(text, internal_values(game_class(game).spec), lang)
        assert found == set(), f"{game} in {lang} names {sorted(found)}"
        checked += len(text)
        violations = axe_violations(page)  # every fold open, the editors showing
        assert not violations, f"{game} in {lang}: {describe_violations(violations)}"
    assert checked > 3000  # the texts were there to be read
    screenshot(page, f"lobby-options-{lang}")


def test_the_cmyk_deck_control_makes_the_deck_it_shows(server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    page.goto(server.base + "/")
    page.select_option("#game", "cmyk")
    page.select_option("#players", "2")
    page.wait_for_selector("#deck-colour-0")
    total = page.inner_text(".deck-total")
    page.fill("#deck-colour-0", "3")  # three of each 10% card: +4 cards
    page.fill("#deck-mix-0", "0")  # no first mix: -1 card
    page.fill("#deck-sweep", "2")  # +1
    assert page.inner_text(".deck-total") != total
    assert page.inner_text(".deck-total").startswith("92 ")  # 88 + 4 - 1 + 1
    assert "Changed from the standard rules: 1." in page.inner_text("#standard-note")
    page.select_option("#seat-1", "bot:random")
    page.click("#create-button")
    deck = table_options(server, page)["deck"]
    assert isinstance(deck, dict)
    assert deck["colour_cards"] == [3, 2, 2, 2, 2, 2, 2, 2, 2]
    assert deck["sweep"] == 2
    assert deck["mixes"] and [0, 50, 90, 10] not in deck["mixes"]  # the first mix
    assert len(deck["mixes"]) == 6


def test_the_phases_editor_makes_the_phases_it_shows(server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page(width=390, height=844, touch=True)
    page.goto(server.base + "/")
    page.select_option("#game", "phase10")
    page.select_option("#players", "2")
    page.check("input[name=phases-kind][value=custom]")
    page.wait_for_selector(".phase-row")
    assert page.locator(".phase-row").count() == 10  # starts from the ten phases
    for n in range(10, 2, -1):
        page.click(f"[data-remove-phase='{n}']")
    page.wait_for_function("() => document.querySelectorAll('.phase-row').length === 2")
    page.select_option("#phase-1-kind-1", "run")
    page.fill("#phase-1-size-1", "4")
    page.dispatch_event("#phase-1-size-1", "change")
    page.click(".phase-row[data-phase='1'] button[title='Remove group 2']")
    page.click("#add-phase")  # a new phase: a set of 3
    page.wait_for_function("() => document.querySelectorAll('.phase-row').length === 3")
    screenshot(page, "lobby-phases-editor-phone")
    page.select_option("#seat-1", "bot:random")
    page.click("#create-button")
    assert table_options(server, page)["phases"] == ["run4", "set3+run4", "set3"]


def test_standard_rules_puts_every_option_back(server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    page.goto(server.base + "/")
    page.select_option("#game", "toc")
    page.wait_for_selector("#opt-teams")
    assert page.is_hidden("#opt-cells_per_sector")  # board geometry is under the fold
    assert "These are the standard rules." in page.inner_text("#standard-note")
    page.select_option("#opt-teams", '"pairs"')
    page.uncheck("#opt-reshuffle")
    page.click("#advanced-options summary")
    page.fill("#opt-cells_per_sector", "12")
    page.wait_for_function("() => document.getElementById('standard-note').innerText.includes('3')")
    page.click("#standard-rules")
    assert "These are the standard rules." in page.inner_text("#standard-note")
    assert page.input_value("#opt-teams") == '"off"'
    assert page.is_checked("#opt-reshuffle")
    assert page.input_value("#opt-cells_per_sector") == "18"
    # The same for data options: the deck control and its text come back together.
    page.select_option("#game", "toquer")
    page.fill("#deck-value-12", "0")
    assert "150" not in page.inner_text(".deck-total")
    page.click("#standard-rules")
    assert page.inner_text(".deck-total").startswith("150 ")
    assert page.input_value("#opt-deck") == '"standard"'
