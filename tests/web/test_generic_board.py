"""Games with no board module of their own, on the generic board.

tests/web/serve_plain_game.py registers two games in the server's process: the suite's
toy game (``race``) and CMYK's rules under a new name (``plain``); the web client has no
module for either. The lobby offers them (the list of games is the server's); the board
writes the seat's view out as names and values, each legal move is a button with its
notation (44 px at least on a phone); the prompt, the log and the result work as for
every game, in English, French and Japanese; the toy game is played to its end, and axe
finds no serious violation on the generic board."""

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from web.conftest import Server, require_browser, screenshot
from web.helpers import join_by_link, next_to_act
from web.phone import DESKTOP, PHONE, Taps, axe_violations, describe_violations, tap

SCRIPT = Path(__file__).with_name("serve_plain_game.py")
MAX_TURNS = 100  # a game of Race to 10 takes a handful of moves
PROMPTS = {"en": "Choose one of your moves below.", "ja": "下から手を選んでください。"}
VIEW_TITLES = {"en": "What you see", "fr": "Ce que vous voyez", "ja": "あなたから見える状態"}

# The names of the view's fields as the board writes them, and the legal moves' notations
# beside the picker's buttons, read from the page.
BOARD_FACTS = """
() => {
  const page = window.__meeple;
  const top = '.board .generic > .generic-fields > .generic-field > dt';
  const names = [...document.querySelectorAll(top)];
  return {
    fields: names.map((dt) => dt.textContent),
    expected: Object.keys(page.state.view)
      .filter((key) => key !== 'type')
      .map((key) => key.replace(/_/g, ' ')),
    buttons: [...document.querySelectorAll('.picker button.pick')].map((b) => b.textContent),
    legal: (page.state.legal || []).map((move) => move.text),
    prompt: document.querySelector('.action-bar .prompt').textContent,
  };
}
"""


@pytest.fixture(scope="module")
def plain_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    require_browser()
    running = Server(tmp_path_factory.mktemp("plain-server"), launcher=(str(SCRIPT),))
    running.start()
    try:
        yield running
    finally:
        running.stop()


def assert_clean(page, where: str) -> None:  # type: ignore[no-untyped-def]
    violations = axe_violations(page)
    assert not violations, f"{where}:\n{describe_violations(violations)}"


def open_table(plain_server: Server, new_page, game: str, title: str):  # type: ignore[no-untyped-def]
    """Ann (English, desktop) makes a two-person table of ``game`` in the lobby; Bob
    (Japanese, a phone) joins by its link. Returns both pages once the game runs."""
    ann = new_page()
    ann.goto(plain_server.base + "/")
    ann.wait_for_selector(f"#game option[value='{game}']", state="attached")
    assert title in ann.inner_text("#game")  # no catalogue entry: the server's title
    ann.select_option("#game", game)
    ann.select_option("#players", "2")
    ann.fill("#your-name", "Ann")
    ann.select_option("#seat-1", "human")
    ann.click("#create-button")
    bob = join_by_link(ann, new_page(locale="ja-JP", touch=True, **PHONE))
    for page in (ann, bob):
        page.wait_for_selector(".board .game.generic")
    return ann, bob


def check_board(page, lang: str) -> None:  # type: ignore[no-untyped-def]
    """The view's every field is on the board; when it is this seat's turn, the picker
    has one button per legal move, labelled with its notation, and the game's prompt."""
    facts = page.evaluate(BOARD_FACTS)
    assert facts["fields"] == facts["expected"]
    assert page.inner_text(".board .generic-title") == VIEW_TITLES[lang]
    if facts["legal"]:
        assert facts["buttons"] == facts["legal"]
        assert facts["prompt"] == PROMPTS[lang]


def play(ann, bob, turns: int | None = None) -> tuple[int, Taps]:  # type: ignore[no-untyped-def]
    """Ann and Bob choose moves at random from the picker's buttons (Bob by tapping), the
    board checked before each, until the game ends or ``turns`` were played."""
    langs = {id(ann): "en", id(bob): "ja"}
    rng = random.Random(7)
    taps = Taps()
    played = 0
    while played != turns and (page := next_to_act([ann, bob])) is not None:
        check_board(page, langs[id(page)])
        picks = page.locator(".picker button.pick")
        tap(page, picks.nth(rng.randrange(picks.count())), taps, "a move", touch=page is bob)
        played += 1
        assert played < MAX_TURNS, "the game should have ended"
    return played, taps


def test_the_toy_game_is_played_to_the_end_on_the_generic_board(plain_server, new_page) -> None:  # type: ignore[no-untyped-def]
    ann, bob = open_table(plain_server, new_page, "race", "Race to 10")
    turns, taps = play(ann, bob)
    screenshot(ann, "generic-board-over")
    assert turns >= 4  # the total goes up by 3 at most a move
    for page in (ann, bob):
        page.wait_for_selector(".result h2")
        assert page.locator(".result .winners").count() == 1
        # Every move in the log, by its notation (the toy game's moves are public).
        moves = page.locator(".log li.log-action").all_inner_texts()
        assert len(moves) == turns
        assert all(move.split(": ", 1)[1] in ("+1", "+2", "card") for move in moves), moves
    width, height, what = taps.smallest()
    assert min(width, height) >= 44, what


def test_a_richer_view_on_the_generic_board_has_no_serious_violation(
    plain_server, new_page
) -> None:  # type: ignore[no-untyped-def]
    ann, bob = open_table(plain_server, new_page, "plain", "Plain CMYK")
    play(ann, bob, turns=6)
    # CMYK's view has nested objects and lists of objects: fields within fields.
    assert ann.locator(".board .generic-fields .generic-fields").count() > 0
    screenshot(ann, "generic-board")
    screenshot(bob, "generic-board-phone")
    spectator = new_page(locale="fr-FR")
    spectator.goto(ann.url)
    spectator.wait_for_selector(".board .game.generic")
    check_board(spectator, "fr")
    for viewport in (PHONE, DESKTOP):
        for who, page in (("player", ann), ("phone player", bob), ("spectator", spectator)):
            page.set_viewport_size(viewport)
            assert_clean(page, f"plain {who} {viewport['width']}px")
