"""Phone, touch, keyboard and accessibility helpers for the browser tests and the
screenshot script: a page is played only through what a person sees, by tapping (each
target measured first) or by the keyboard alone (Tab to a thing, Enter to choose it)."""

import contextlib
from dataclasses import dataclass, field

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from web.helpers import version, wait_my_turn

PHONE = {"width": 390, "height": 844}
PHONE_LANDSCAPE = {"width": 844, "height": 390}
DESKTOP = {"width": 1360, "height": 1000}
MIN_TARGET = 44  # CSS px, WCAG 2.5.5
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

# Short games (options the lobby form offers) so that a whole game stays quick in CI.
SHORT = {
    "phase10": {"phases": '["run4"]'},
    "toc": {"cells_per_sector": "8", "shortcut_length": "1"},
    "cmyk": {},
    "toquer": {"end_score": "1"},
}

# What a hurried player taps next, first match wins: the lay-down button, the move
# picker (Toc), a highlighted target, a button under the board, then any choosable thing.
NEXT = [
    '.action-bar button[data-key="btn:lay"]',
    '.board [data-keys="pile:stock"].choosable',
    ".picker button.pick",
    ".board .target.choosable",
    ".action-bar button[data-key]",
    ".action-bar button.primary",
    ".board .choosable:not(.chosen)",
]


@dataclass
class Taps:
    """Every target tapped, with its size: the smallest is the figure that matters."""

    sizes: list[tuple[float, float, str]] = field(default_factory=list)

    def record(self, box: dict[str, float], what: str) -> None:
        self.sizes.append((box["width"], box["height"], what))

    def smallest(self) -> tuple[float, float, str]:
        return min(self.sizes, key=lambda size: min(size[0], size[1]))


def open_folds(page: Page, selector: str) -> None:
    """Open every fold (the lobby's options, its advanced settings) around ``selector``."""
    page.locator(selector).evaluate(
        "el => { for (let d = el.closest('details'); d; d = d.parentElement.closest('details'))"
        " d.open = true; }"
    )


def create_table(
    page: Page,
    base: str,
    game: str,
    players: int,
    humans: tuple[int, ...] = (0,),
    options: dict[str, str] | None = None,
    name: str = "Ann",
) -> None:
    """Create a table in the lobby form (people at ``humans``, quick bots elsewhere: the
    medium level, the heuristic, at the fastest pace; ``options`` typed into the option
    fields) and wait for its board."""
    page.goto(base + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    page.fill("#your-name", name)
    for seat in range(players):
        choices = page.eval_on_selector_all(f"#seat-{seat} option", "els => els.map(e => e.value)")
        if seat in humans:
            page.select_option(f"#seat-{seat}", "human")
        else:
            fast = [bot for bot in ("bot:medium", "bot:heuristic", "bot:random") if bot in choices]
            bot = fast[0] if fast else choices[-1]
            page.select_option(f"#seat-{seat}", bot)
    for option, value in (options or {}).items():
        open_folds(page, f"#opt-{option}")
        page.fill(f"#opt-{option}", value)
    page.select_option("#bot-pace", "0")
    page.click("#create-button")
    page.wait_for_selector(".board .game")


def _react(page: Page, before_version: int, before_chosen: str) -> None:
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            """([v, c]) => {
                const board = document.querySelector('.board');
                return board && (board.dataset.version !== String(v) || board.dataset.chosen !== c);
            }""",
            arg=[before_version, before_chosen],
            timeout=5_000,
        )


def tap(page: Page, target: Locator, taps: Taps, what: str, touch: bool = True) -> None:
    """Tap ``target`` after checking it is at least 44 x 44 CSS px, then wait for the page
    to react (a new choice or a new state). ``touch=False`` clicks instead (desktop)."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None, f"{what} has no box"
    taps.record(box, what)
    assert box["width"] >= MIN_TARGET and box["height"] >= MIN_TARGET, (
        f"{what} is {box['width']:.0f} x {box['height']:.0f} px, under {MIN_TARGET} x {MIN_TARGET}"
    )
    before_version = version(page)
    before_chosen = page.get_attribute(".board", "data-chosen") or ""
    if touch:
        target.tap()
    else:
        target.click()
    _react(page, before_version, before_chosen)


def next_target(page: Page) -> tuple[Locator, str] | None:
    """What to choose next (the first visible match of NEXT), None when this page may
    not act now or nothing may be chosen."""
    if page.get_attribute(".board", "data-my-turn") != "true":
        return None
    for selector in NEXT:
        found = page.locator(selector).filter(visible=True)
        if found.count():
            return found.first, selector
    return None


def tap_step(page: Page, taps: Taps, touch: bool = True) -> bool:
    """One tap if this page may act now; False when there was nothing to tap."""
    found = next_target(page)
    if found is None:
        return False
    target, selector = found
    tap(page, target, taps, selector, touch)
    return True


def finished(page: Page) -> bool:
    return bool(
        page.evaluate(
            "() => !!window.__meeple.state && window.__meeple.state.status === 'finished'"
        )
    )


def play_to_end(page: Page, step, limit: int = 3000) -> int:  # type: ignore[no-untyped-def]
    """Call ``step(page)`` on each of this page's turns until the game ends; returns the
    number of steps taken."""
    steps = 0
    while wait_my_turn(page, timeout=90_000):
        step(page)
        steps += 1
        assert steps < limit, "the game should have ended"
    assert finished(page)
    return steps


def play_short_game(page: Page, base: str, game: str, players: int, step, deals: int = 5) -> int:  # type: ignore[no-untyped-def]
    """Create a short table of ``game`` (person at seat 0, quick bots elsewhere) and play
    it to the end through ``step``; returns the steps this page took. The server deals at
    random, and in a short game the bots may finish before the person's first turn (in
    one-phase Phase 10, bots that skip the person and go out): such a game tests nothing
    on this page, so it is dealt again, at most ``deals`` times."""
    for _ in range(deals):
        create_table(page, base, game, players, options=SHORT[game])
        steps = play_to_end(page, step)
        if steps:
            return steps
    raise AssertionError(f"{deals} {game} games ended before this page's first turn")


FOCUS_STATE = """
(selectors) => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  for (const selector of selectors) if (el.matches(selector)) return selector;
  return '';
}
"""


def key_step(page: Page) -> bool:
    """One choice by the keyboard alone: the thing a player would want (as for tapping,
    the first kind in NEXT present) is reached with Tab, then Enter."""
    found = next_target(page)
    if found is None:
        return False
    _, wanted = found
    before_version = version(page)
    before_chosen = page.get_attribute(".board", "data-chosen") or ""
    for _ in range(250):
        where = page.evaluate(FOCUS_STATE, [wanted])
        if where == wanted:
            page.keyboard.press("Enter")
            _react(page, before_version, before_chosen)
            return True
        if page.evaluate("() => window.__meeple.state.version") != before_version:
            return True  # the position moved on while tabbing: look again
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {wanted}")


def axe_violations(page: Page) -> list[dict[str, object]]:
    """Serious and critical axe-core violations under the WCAG 2.2 AA tags, once the
    page's animations have ended: a card gliding from the pile to the hand overlaps its
    neighbours for 450 ms, which axe's target-size rule would count against the page."""
    from axe_playwright_python.sync_playwright import Axe

    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")

    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG_TAGS}})
    return [
        violation
        for violation in results.response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


def describe_violations(violations: list[dict[str, object]]) -> str:
    lines = []
    for violation in violations:
        nodes = violation["nodes"]
        assert isinstance(nodes, list)
        targets = [", ".join(node["target"]) for node in nodes[:4]]
        lines.append(f"{violation['id']} ({violation['impact']}, {len(nodes)}): {targets}")
    return "\n".join(lines)


def target_sizes(page: Page) -> list[tuple[float, float, str]]:
    """The sizes of everything that may be tapped now on the table (for the report)."""
    sizes: list[tuple[float, float, str]] = page.evaluate(
        """() => [...document.querySelectorAll(
            '.board .choosable, .action-bar button, .picker button, .hand-tools button')]
            .filter((el) => el.getClientRects().length)
            .map((el) => {
              const r = el.getBoundingClientRect();
              const name = el.dataset.keys || el.dataset.key || el.textContent.trim();
              return [r.width, r.height, name];
            })"""
    )
    return sizes
