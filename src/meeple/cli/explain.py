"""The terminal tells what happened: announcements as lines, runs of chance steps and
secret decisions as one line each, a round's summary and the game's end as tables."""

from collections import Counter
from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeple.cli.common import prose
from meeple.cli.i18n import has, join_names, t
from meeple.engine.protocol import Announcement, AnyGame, GameResult
from meeple.engine.registry import piece

Namer = Callable[[int], str]

# The announcements the terminal tells, each a key of ``says`` in the catalogue, with
# variants for the watching seat: ``You`` (it concerns them), ``By`` (they did it),
# ``Own`` (a seat did it to itself).
TOLD = frozenset(
    (
        "skipped",
        "phase_laid",
        "captured",
        "swapped",
        "pawn_home",
        "cards_won",
        "pile_closed",
        "pile_busted",
        "knocked",
        "nobody_knocked",
        "knock_exchange",
        "shared_swap",
        "shared_reveal",
        "shared_clear",
    )
)


def seat_namer(watcher: int | None) -> Namer:
    """``you`` for the watching seat, ``seat N`` for the others."""
    return lambda seat: t("seat.you") if seat == watcher else t("seat.n", n=seat)


def _variant(kind: str, seat: int, by: int | None, watcher: int | None) -> str:
    """The catalogue key for an announcement as the watcher hears it."""
    candidates = []
    if by is not None and by == seat:
        candidates.append(f"{kind}Own" + ("You" if seat == watcher else ""))
    if watcher is not None and seat == watcher:
        candidates.append(f"{kind}You")
    if watcher is not None and by == watcher:
        candidates.append(f"{kind}By")
    return next((key for key in candidates if has(f"says.{key}")), kind)


def announcement_text(
    note: Announcement,
    name: Namer,
    cell: Callable[[int], str],
    watcher: int | None = None,
    slot: Callable[[int], str] = str,
) -> str:
    """One announcement in words (empty for a round's end: its table says it)."""
    if note.kind not in TOLD:
        return ""
    detail = dict(note.detail)
    by = detail.get("by")
    words: dict[str, object] = {**detail, "name": name(note.seat) if note.seat >= 0 else ""}
    if by is not None:
        words["by"] = name(by)
    for key in ("cell", "to"):
        if key in detail:
            words[key] = cell(detail[key])
    for key in ("from_slot", "to_slot", "slot"):
        if key in detail:
            words[key] = slot(detail[key])
    if "colour" in detail:
        words["colour"] = t(f"cmyk.colours.{detail['colour']}")
    text = t(f"says.{_variant(note.kind, note.seat, by, watcher)}", **words)
    return text[0].upper() + text[1:]


def cell_namer(game: AnyGame) -> Callable[[int], str]:
    """How the game names a cell of its board (Toc), or the number itself."""
    board = getattr(game, "board", None)
    namer = getattr(board, "cell_name", None)
    return namer if callable(namer) else str


def slot_namer(game: AnyGame, name: Namer, watcher: int | None) -> Callable[[int], str]:
    """How the game names a place of its layout to the watcher (Toquer's "your b2",
    "seat 1's d3": its renderer's ``slot_words``), or the number itself."""
    words = getattr(piece(game.spec.name, "renderer"), "slot_words", None)
    if not callable(words):
        return str
    return lambda slot: str(words(game, slot, name, watcher))


class Teller:
    """Everything the terminal says about a step beyond the move itself: announcements,
    grouped chance steps and secret decisions, and a round's table when one ends."""

    def __init__(
        self,
        game: AnyGame,
        watcher: int | None,
        show: Callable[[RenderableType], None],
        round_table: Callable[[AnyGame, object], RenderableType] | None,
    ) -> None:
        self.game = game
        self.watcher = watcher
        self.show = show
        self.round_table = round_table
        self.name = seat_namer(watcher)
        self.cell = cell_namer(game)
        self.slot = slot_namer(game, self.name, watcher)
        self.card_words = getattr(piece(game.spec.name, "renderer"), "card_words", None)
        self.runs = Narrator(lambda line: show(prose(line, "dim")))

    def drawn(self, before: object, after: object) -> str | None:
        """The card a chance step put in the watcher's hand, in words (its renderer's
        ``card_words``), when it put one there: a draw, not a deal, which the hand shown
        next says whole."""
        if self.watcher is None or not callable(self.card_words):
            return None
        old = getattr(self.game.view(before, self.watcher), "hand", None) or ()
        new = getattr(self.game.view(after, self.watcher), "hand", None) or ()
        gained = list((Counter(new) - Counter(old)).elements())
        if len(gained) != 1 or not old:
            return None
        return str(self.card_words(self.game, gained[0]))

    def step(self, before: object, action: object | None, after: object, told: bool) -> None:
        """After a step: ``told`` when its move was printed (else it was a chance step,
        or a decision this watcher may not see)."""
        drawn = self.drawn(before, after) if action is None else None
        if drawn is not None:
            self.runs.flush()
            self.show(prose(t("tell.youDrew", card=drawn), "dim"))
        elif action is None:
            self.runs.chance_step()
        elif not told:
            self.runs.secret_step(self.game.current_player(before))
        notes = self.game.announcements(before, action, after)
        lines = [
            announcement_text(note, self.name, self.cell, self.watcher, self.slot) for note in notes
        ]
        if any(lines) or any(note.kind == "round_over" for note in notes):
            self.runs.flush()
        for line in filter(None, lines):
            self.show(prose(f"» {line}", "bold yellow"))
        if self.round_table is not None and any(n.kind == "round_over" for n in notes):
            self.show(self.round_table(self.game, self.game.view(after, self.watcher)))

    def finish(self, state: object) -> None:
        self.runs.flush()
        self.show(final_table(self.game, self.game.result(state), self.name))


class Narrator:
    """Collects runs of steps a person need not read one by one, and prints them as one
    line when something worth reading comes (``print`` gets each finished line)."""

    def __init__(self, print_line: Callable[[str], None]) -> None:
        self.print_line = print_line
        self.chance = 0
        self.secret: set[int] = set()

    def chance_step(self) -> None:
        self.flush_secret()
        self.chance += 1

    def secret_step(self, seat: int) -> None:
        self.flush_chance()
        self.secret.add(seat)

    def flush_chance(self) -> None:
        if self.chance:
            self.print_line(
                t("tell.dealtOne") if self.chance == 1 else t("tell.dealt", n=self.chance)
            )
            self.chance = 0

    def flush_secret(self) -> None:
        if self.secret:
            seats = join_names([t("seat.n", n=s) for s in sorted(self.secret)])
            self.print_line(t("tell.secret", names=seats))
            self.secret = set()

    def flush(self) -> None:
        self.flush_chance()
        self.flush_secret()


def winners_line(winners: Sequence[int], name: Namer) -> str:
    """One wording for one winner or several."""
    return t("tell.winners", names=join_names([name(w) for w in winners]))


def final_table(game: AnyGame, result: GameResult, name: Namer) -> RenderableType:
    """The game's end: every seat's score (and each round's points), the winners, and
    why it ended."""
    table = Table(title=t("tell.finalTitle"), show_header=True, header_style="bold")
    table.add_column(t("tell.seat"))
    table.add_column(t("tell.score"), justify="right")
    for number in range(1, len(result.rounds) + 1):
        table.add_column(t("tell.roundShort", n=number), justify="right")
    table.add_column("")
    for seat in range(game.players):
        rounds = [_number(points[seat]) for points in result.rounds]
        mark = t("tell.winnerMark") if seat in result.winners else ""
        table.add_row(name(seat), _number(result.scores[seat]), *rounds, mark)
    parts: list[RenderableType] = [table, Text(winners_line(result.winners, name), style="bold")]
    key = f"reasons.{result.reason}"
    reason = t(key) if has(key) else dict(game.spec.end_reasons).get(result.reason, "")
    if reason:
        parts.append(Text(t("tell.why", reason=reason)))
    return Group(*parts)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
