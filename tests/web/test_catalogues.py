"""The translation catalogues and the static mount, without a browser: every language
has every key with the same placeholders, every game and option of the registry is
translated, every key the scripts use exists, and the server serves the page."""

import asyncio
import concurrent.futures
import json
import re

import httpx
import pytest

from meeple.engine.registry import game_class, game_names
from meeple.web import LANGUAGES, STATIC_DIR, mount_web


def flatten(tree: dict, prefix: str = "") -> dict[str, str]:  # type: ignore[type-arg]
    out: dict[str, str] = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            out.update(flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


CATALOGUES = {
    lang: flatten(json.loads((STATIC_DIR / "i18n" / f"{lang}.json").read_text()))
    for lang in LANGUAGES
}
PLACEHOLDER = re.compile(r"\{\{\s*(\w+)\s*\}\}")


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_has_every_key_with_the_same_placeholders(lang: str) -> None:
    english, other = CATALOGUES["en"], CATALOGUES[lang]
    assert sorted(set(english) - set(other)) == []
    assert sorted(set(other) - set(english)) == []
    for key, text in english.items():
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(other[key])), key
        assert other[key].strip(), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_and_option_is_translated(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    for name in game_names():
        spec = game_class(name).spec
        assert f"games.{name}.title" in catalogue
        assert f"games.{name}.summary" in catalogue
        for option in spec.options:
            base = f"games.{name}.options.{option.name}"
            assert f"{base}.label" in catalogue and f"{base}.doc" in catalogue, base
            for choice in option.choices or ():
                assert f"{base}.choices.{choice}" in catalogue, f"{base}.choices.{choice}"


def test_every_key_used_by_the_scripts_exists() -> None:
    used: set[str] = set()
    for script in (STATIC_DIR / "js").rglob("*.js"):
        used.update(re.findall(r"\bt\(\s*'([\w.]+)'", script.read_text()))
    missing = sorted(key for key in used if key not in CATALOGUES["en"])
    assert missing == []
    assert len(used) > 150


def test_the_server_serves_the_page_and_its_assets() -> None:
    from starlette.applications import Starlette

    app = Starlette()
    mount_web(app)

    async def fetch() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://meeple") as client:
            paths = ("/", "/static/js/main.js", "/static/i18n/ja.json", "/static/nothing.js")
            return [await client.get(path) for path in paths]

    # In a thread of its own: Playwright's sync API may hold this thread's event loop.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        page, script, catalogue, missing = pool.submit(asyncio.run, fetch()).result()
    assert page.status_code == 200 and 'src="/static/js/main.js"' in page.text
    assert script.headers["content-type"].startswith(("text/javascript", "application/javascript"))
    assert catalogue.json()["common"]["lobby"] == "ロビー"
    assert missing.status_code == 404


def test_every_mistake_the_server_names_can_be_said() -> None:
    """Each kind of mistake a refused table names (the engine's option mistakes and the
    server's own) has a sentence in every language, using only the facts it is given, and
    so has each reason a seat, a start, a rematch, a hint, a name or a password is refused."""
    from meeple.engine.errors import OPTION_MISTAKES
    from meeple.server.accounts import ACCOUNT_MISTAKES
    from meeple.server.api import (
        HINT_MISTAKES,
        JOIN_MISTAKES,
        REMATCH_MISTAKES,
        START_MISTAKES,
        TABLE_MISTAKES,
    )

    for reason, facts in {**OPTION_MISTAKES, **TABLE_MISTAKES}.items():
        for lang, catalogue in CATALOGUES.items():
            text = catalogue.get(f"lobby.mistakes.{reason}")
            assert text, f"{lang}: no sentence for {reason}"
            assert set(PLACEHOLDER.findall(text)) <= facts, (lang, reason)
    other_refusals = {
        "join.mistakes": dict.fromkeys(JOIN_MISTAKES, frozenset()),
        "table.startMistakes": dict.fromkeys(START_MISTAKES, frozenset()),
        "summary.rematchMistakes": dict.fromkeys(REMATCH_MISTAKES, frozenset()),
        "account.mistakes": ACCOUNT_MISTAKES,
        "table.hintMistakes": {
            **dict.fromkeys(HINT_MISTAKES, frozenset()),
            "too_many": frozenset({"count", "seconds"}),
        },
    }
    for group, reasons in other_refusals.items():
        for reason, facts in reasons.items():
            for lang, catalogue in CATALOGUES.items():
                text = catalogue.get(f"{group}.{reason}")
                assert text, f"{lang}: no sentence for {group}.{reason}"
                assert set(PLACEHOLDER.findall(text)) == facts, (lang, group, reason)
    for catalogue in CATALOGUES.values():  # a structured value's lead, beside its English
        lead = catalogue["lobby.mistakes.badStructured"]
        assert set(PLACEHOLDER.findall(lead)) <= OPTION_MISTAKES["badOption"]
