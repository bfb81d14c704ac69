"""A game explains itself: round and final summaries with the reason in words (en, fr,
ja), a rematch between two people, an announcement seen by the seat it concerns, and the
turn signal in a background tab. Every table starts from a built position (seeded bots'
first steps, or hand-made ones), so each test reaches its moment at once."""

import json
from collections.abc import Callable
from typing import Any

import httpx

from meeple.engine.codec import JSON
from meeple.engine.registry import game_class
from meeple.games.phase10.actions import Deal, Discard, Draw, DrawStock
from meeple.games.phase10.cards import SKIP, parse_card
from web.conftest import ROOT
from web.helpers import wait_my_turn
from web.positions import next_round_at_seat_0, seeded_steps, to_the_end, toc_captured_steps

ROUNDS = {"phase10": (2, {"phases": ["set3+set3", "run4"]}), "toquer": (2, {})}
CATALOGUES = ROOT / "src" / "meeple" / "web" / "static" / "i18n"
LOCALES = {"en": "en-US", "fr": "fr-FR", "ja": "ja-JP"}
FINAL = {
    "phase10": (2, {"phases": ["set3+set3", "run4"]}),
    "toc": (2, {"cells_per_sector": 8}),
    "cmyk": (2, {}),
    "toquer": (2, {"end_score": 30}),
}


def catalogue(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CATALOGUES / f"{lang}.json").read_text("utf-8"))
    return data


def text_of(lang: str, key: str, **params: object) -> str:
    node: Any = catalogue(lang)
    for part in key.split("."):
        node = node[part]
    text = str(node)
    for name, value in params.items():
        text = text.replace("{{" + name + "}}", str(value))
    return text


def seated_table(
    server: Any,
    game: str,
    players: int,
    options: dict[str, JSON],
    steps: list[dict[str, JSON]],
    humans: int = 1,
) -> tuple[str, list[str]]:
    """A table from ``steps``: the first ``humans`` seats joined (by name P1, P2...),
    the others heuristic bots; its id and the seats' tokens."""
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "bot": "heuristic"}] * (
        players - humans
    )
    table = server.create_table(
        game=game,
        players=players,
        options=options,
        seats=seats,
        start_steps=steps,
        bot_delay_ms=0,
    )
    tokens = []
    for seat in range(humans):
        answer = httpx.post(
            f"{server.base}/api/tables/{table['id']}/seats/{seat}",
            json={"name": f"P{seat + 1}"},
            timeout=10,
            trust_env=False,
        )
        answer.raise_for_status()
        tokens.append(answer.json()["token"])
    return str(table["id"]), tokens


def open_seat(page: Any, server: Any, table_id: str, seat: int, token: str) -> None:
    """Open the table page as the holder of ``seat`` (its token kept as the lobby would)."""
    page.goto(server.base + "/")
    held = json.dumps({table_id: {"seat": seat, "token": token}})
    page.evaluate(f"localStorage.setItem('meeple.tokens', {json.dumps(held)})")
    page.goto(f"{server.base}/#/table/{table_id}")
    page.wait_for_selector(".board .game")


def test_final_and_round_summaries_say_what_happened_in_three_languages(
    server,
    new_page,  # type: ignore[no-untyped-def]
) -> None:
    finals = {}
    for game, (players, options) in FINAL.items():
        steps = seeded_steps(game, players, options, to_the_end)
        finals[game] = seated_table(server, game, players, options, steps)
    rounds = {}
    for game in ("phase10", "toquer"):
        players, options = ROUNDS[game]
        steps = seeded_steps(game, players, options, next_round_at_seat_0)
        rounds[game] = seated_table(server, game, players, options, steps)
    for lang, locale in LOCALES.items():
        desktop = new_page(locale=locale)
        for game, (table_id, tokens) in finals.items():
            open_seat(desktop, server, table_id, 0, tokens[0])
            summary = desktop.locator(".final-summary")
            summary.wait_for()
            result = httpx.get(f"{server.base}/api/tables/{table_id}", trust_env=False).json()[
                "result"
            ]
            assert result["reason"] in dict(game_class(game).spec.end_reasons)
            assert summary.locator("h2").first.inner_text() == text_of(lang, "summary.finalTitle")
            reason = summary.locator(".reason").inner_text()
            expected = text_of(lang, f"reasons.{result['reason']}", score=30)
            if "{{names}}" in expected:
                assert expected.split("{{names}}")[-1] in reason, reason
            else:
                assert reason == expected
            rows = summary.locator(".summary-table").first.locator("tbody tr")
            assert rows.count() == 2
            if game in ("phase10", "toquer"):  # a column per round, then the last round
                header = summary.locator(".summary-table").first.locator("thead th")
                assert header.count() >= 1 + len(result["rounds"])
                assert summary.locator(".round-summary-box").count() == 1
            assert summary.locator(".winner").count() == len(result["winners"])
        for game, (table_id, tokens) in rounds.items():
            open_seat(desktop, server, table_id, 0, tokens[0])
            box = desktop.locator(".round-box .round-summary-box")
            box.wait_for()
            title = box.locator("h2").inner_text()
            assert title == text_of(lang, "summary.roundTitle", n=1), title
            assert box.locator("tbody tr").count() == 2
            lines = box.locator(".summary-lines li").all_inner_texts()
            if game == "phase10":
                assert text_of(lang, "summary.phase10.counting") in lines
            else:
                assert text_of(lang, "summary.toquer.counting") in lines
                assert box.locator(".mini-grid").count() == 2  # both grids revealed
            desktop.click("#summary-close")
            assert desktop.locator(".round-box .round-summary-box").count() == 0
    # On a Japanese phone at the largest text, a summary's headings keep their words
    # whole ("プレイヤー" was once stacked one character a line); the table scrolls in its
    # own region instead.
    phone = new_page(locale="ja-JP", width=320, height=640, touch=True)
    phone.add_init_script("localStorage.setItem('meeple.textSize', 'larger')")
    table_id, tokens = finals["phase10"]
    open_seat(phone, server, table_id, 0, tokens[0])
    phone.locator(".final-summary").wait_for()
    lines = phone.eval_on_selector_all(
        ".final-summary .summary-table thead th",
        """els => els.map(th => { const range = document.createRange();
             range.selectNodeContents(th);  // the lines its text takes: one box per line
             return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; })""",
    )
    assert lines and max(lines) == 1, lines


def test_two_people_start_a_rematch_and_both_sit_down_again(server, new_page) -> None:  # type: ignore[no-untyped-def]
    players, options = FINAL["cmyk"]
    steps = seeded_steps("cmyk", players, options, to_the_end, seed=3)
    table_id, tokens = seated_table(server, "cmyk", players, options, steps, humans=2)
    ann, bob = new_page(), new_page(locale="fr-FR")
    open_seat(ann, server, table_id, 0, tokens[0])
    open_seat(bob, server, table_id, 1, tokens[1])
    bob.locator("#rematch-button").wait_for()
    ann.click("#rematch-button")
    ann.wait_for_url(lambda url: table_id not in url)
    new_id = ann.url.rsplit("/", 1)[-1]
    # Bob is invited in his language, and takes his seat with one click.
    invite = bob.locator(".rematch-invite")
    invite.wait_for()
    assert invite.inner_text() == text_of("fr", "summary.rematchInvite")
    bob.click("#rematch-join")
    bob.wait_for_url(f"**/#/table/{new_id}")
    for page, seat in ((ann, 0), (bob, 1)):
        page.wait_for_function(
            "s => window.__meeple.mySeat === s && window.__meeple.table"
            " && window.__meeple.table.status === 'running'",
            arg=seat,
        )
    info = httpx.get(f"{server.base}/api/tables/{new_id}", trust_env=False).json()
    assert [s["name"] for s in info["seats"]] == ["P1", "P2"]
    old = httpx.get(f"{server.base}/api/tables/{table_id}", trust_env=False).json()
    assert old["result"]["rematch"] == new_id


def phase10_skip_steps() -> list[dict[str, JSON]]:
    """Phase 10, 3 players (mattel Skips): seat 1 lays a Skip before seat 0, seat 2 plays,
    and the turn passes over seat 0 to seat 1."""
    game = game_class("phase10")(3, {})
    cards = lambda text: tuple(sorted(parse_card(t) or 0 for t in text.split()))  # noqa: E731
    deal = Deal(
        (
            cards("1r 2r 3r 4r 6b 8b 10y 11y 12g 9g"),
            cards("S 2y 3g 4g 6r 8r 10b 11b 12y 9y"),
            cards("1g 2g 3y 4y 6g 8g 10r 11r 12b 9b"),
        ),
        parse_card("5r") or 0,
    )
    plan: list[object] = [
        deal,
        DrawStock(), Draw(parse_card("7r") or 0), Discard(parse_card("7r") or 0),
        DrawStock(), Draw(parse_card("7b") or 0), Discard(SKIP, 0),
        DrawStock(), Draw(parse_card("7y") or 0), Discard(parse_card("7y") or 0),
    ]  # fmt: skip
    state = game.initial_state()
    lines: list[dict[str, JSON]] = []
    for step in plan:
        if isinstance(step, (Deal, Draw)):
            lines.append({"chance": game.encode_outcome(step)})
            state = game.apply_chance(state, step)
        else:
            seat = game.current_player(state)
            lines.append({"seat": seat, "action": game.encode_action(step)})
            state = game.apply_action(state, step)
    assert game.current_player(state) == 1, "the turn should have passed over seat 0"
    return lines


def test_a_skipped_player_is_told_on_the_board_and_in_the_log(server, new_page) -> None:  # type: ignore[no-untyped-def]
    steps = phase10_skip_steps()
    # Every seat a person's, so that nothing moves after the position: with bots in the
    # others, a loaded machine opened the page after a second Skip (told twice, rightly).
    table_id, tokens = seated_table(server, "phase10", 3, {}, steps, humans=3)
    page = new_page(locale="ja-JP")
    open_seat(page, server, table_id, 0, tokens[0])
    told = text_of("ja", "notes.phase10.skippedYou")
    page.locator(".notice").get_by_text(told).wait_for()
    assert page.locator(".notice").get_attribute("role") == "status"
    assert told in page.locator(".log .log-note.about-me").all_inner_texts()


def test_a_captured_pawn_is_told_to_its_owner_on_the_board_and_in_the_log(  # type: ignore[no-untyped-def]
    server, new_page
) -> None:
    players, options = FINAL["toc"]
    table_id, tokens = seated_table(server, "toc", players, options, toc_captured_steps(options))
    page = new_page(locale="fr-FR")
    open_seat(page, server, table_id, 0, tokens[0])
    # The words after the names of the capturer and the cell, in French.
    told = text_of("fr", "notes.toc.capturedYou").split("}}")[-1].strip()
    page.locator(".notice").get_by_text(told, exact=False).wait_for()
    notes = page.locator(".log .log-note.about-me").all_inner_texts()
    assert any(told in note for note in notes), notes


HIDDEN_TAB = """
Object.defineProperty(document, 'hidden', { get: () => true });
Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
window.__notified = [];
window.Notification = class {
  static permission = 'granted';
  static requestPermission() { return Promise.resolve('granted'); }
  constructor(title, options) { window.__notified.push([title, options && options.body]); }
};
"""


def test_your_turn_changes_the_title_and_icon_and_notifies_a_background_tab(
    server,
    new_page,  # type: ignore[no-untyped-def]
) -> None:
    players, options = FINAL["cmyk"]
    steps = seeded_steps("cmyk", players, options, lambda g, s: g.current_player(s) == 0)
    table_id, tokens = seated_table(server, "cmyk", players, options, steps)
    page = new_page()
    page.context.add_init_script(HIDDEN_TAB)
    open_seat(page, server, table_id, 0, tokens[0])
    assert wait_my_turn(page)
    page.check("#sound-switch")  # one switch, remembered
    assert page.evaluate("localStorage.getItem('meeple.sound')") == "1"
    mark = text_of("en", "signal.titleMark")
    page.wait_for_function("m => document.title.startsWith(m)", arg=mark)
    assert page.get_attribute('link[rel="icon"]', "data-turn") == "true"
    # Play a move; the bot answers; the turn comes back while the tab is "hidden".
    page.locator(".all-moves summary").click()
    page.locator(".all-moves li button").first.click()
    page.wait_for_function("window.__meepleSignals.notification >= 1", timeout=60_000)
    notified = page.evaluate("window.__notified")
    assert notified[0][0] == text_of("en", "signal.yourTurn")
    assert page.evaluate("window.__meepleSignals.sound") >= 1
    assert page.evaluate("localStorage.getItem('meeple.sound')") == "1"


def steps_until(
    game: Any,
    seed: int,
    choose: Callable[[Any, int, tuple[Any, ...]], Any],
    done: Callable[[tuple[Any, ...]], bool],
) -> list[dict[str, JSON]]:
    """The start steps of ``game``: chance drawn from ``seed``, each seat's move
    ``choose(state, seat, legal)``, up to the first move whose announcements are
    ``done``."""
    import random

    from meeple.engine.protocol import CHANCE as CHANCE_SEAT

    chance = random.Random(seed)
    state = game.initial_state()
    lines: list[dict[str, JSON]] = []
    while True:
        seat = game.current_player(state)
        if seat == CHANCE_SEAT:
            outcome = game.sample_chance(state, chance)
            lines.append({"chance": game.encode_outcome(outcome)})
            state = game.apply_chance(state, outcome)
            continue
        legal = game.legal_actions(state)
        wanted = choose(state, seat, legal)
        assert wanted in legal, (wanted, legal)
        lines.append({"seat": seat, "action": game.encode_action(wanted)})
        after = game.apply_action(state, wanted)
        if done(game.announcements(state, wanted, after)):
            return lines
        state = after


def toquer_knock_steps() -> list[dict[str, JSON]]:
    """Toquer, 3 players: seat 0 plays a turn; seat 1 draws from the stock, seat 0
    knocks and is given the card, and seat 1 takes one of seat 0's cards in exchange."""
    from meeple.games.toquer.actions import DrawStock as Stock
    from meeple.games.toquer.actions import Give, Knock, Pass
    from meeple.games.toquer.state import Phase

    def choose(state: Any, seat: int, legal: tuple[Any, ...]) -> Any:
        if state.phase is Phase.DRAW and Stock() in legal:
            return Stock()
        if state.phase is Phase.KNOCK:
            return Knock() if seat == 0 and state.active == 1 else Pass()
        if state.phase is Phase.ANSWER:
            return Give(0)
        return legal[0]

    game = game_class("toquer")(3, {})
    return steps_until(
        game, 5, choose, lambda notes: any(n.kind == "knock_exchange" for n in notes)
    )


def test_a_knocker_is_told_what_the_exchange_took_and_gave(server, new_page) -> None:  # type: ignore[no-untyped-def]
    table_id, tokens = seated_table(server, "toquer", 3, {}, toquer_knock_steps())
    page = new_page(locale="fr-FR")
    open_seat(page, server, table_id, 0, tokens[0])
    start = text_of("fr", "notes.toquer.exchangeYou").split("{{")[0]  # "Votre toc : "
    notice = page.locator(".notice p").filter(has_text=start)
    notice.wait_for()
    assert "P1" not in notice.inner_text()  # about "you", in words
    assert any(
        t.startswith(start) for t in page.locator(".log .log-note.about-me").all_inner_texts()
    )


def toquer_shared_steps() -> list[dict[str, JSON]]:
    """Toquer, 2 players, until seat 1 swaps a drawn card into its n column: the right-hand
    column that seat 0 owns."""
    from meeple.games.toquer.actions import Swap

    game = game_class("toquer")(2, {})
    width = game.geometry.width  # type: ignore[attr-defined]

    def choose(state: Any, seat: int, legal: tuple[Any, ...]) -> Any:
        in_n = [a for a in legal if isinstance(a, Swap) and a.position % width == 0]
        return in_n[0] if seat == 1 and in_n else next(a for a in legal if a not in in_n)

    return steps_until(
        game, 3, choose, lambda notes: any(n.kind == "shared_swap" and n.seat == 0 for n in notes)
    )


def test_a_card_of_yours_another_seat_swaps_in_the_shared_column_is_told(server, new_page) -> None:  # type: ignore[no-untyped-def]
    """Seat 1 swapped a card into its n column, which is seat 0's own d column: seat 0's
    points changed, and its page says so, in its reader's language, the place in words."""
    table_id, tokens = seated_table(server, "toquer", 2, {}, toquer_shared_steps())
    page = new_page(locale="ja-JP")
    open_seat(page, server, table_id, 0, tokens[0])
    start = text_of("ja", "notes.toquer.sharedSwapYou").split("{{by}}")[1].split("（")[0]
    notice = page.locator(".notice p").filter(has_text=start)  # "が共有列にあるあなたのカード"
    notice.wait_for()
    assert "列目" in notice.inner_text()  # the place in words (column, row), not a number
