"""The terminal tells what happened: announcements as lines, runs of chance steps and
secret decisions as one line each, a round's summary and the game's end as tables."""

from collections.abc import Callable, Mapping, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeple.engine.protocol import Announcement, AnyGame, GameResult

Namer = Callable[[int], str]

# What each announcement says; {name} the seat it concerns, the others its details.
SAYS: Mapping[str, str] = {
    "skipped": "{name} {is} skipped: the turn passes over {them}",
    "phase_laid": "{name} laid down {their} phase",
    "captured": "{by} captured {name_s} pawn on {cell}: back to the reserve",
    "swapped": "{by} swapped with a Jack: {name_s} pawn on {cell} is now on {to}",
    "pawn_home": "{name_s} pawn reached the Safety Zone: {home} of 4 home",
    "cards_won": "{name} {wins} {cards} cards",
    "pile_closed": "{name} completed the {colour} pile under the mix: it closes and wins "
    "no cards until the fourth pile is completed",
    "pile_busted": "the {colour} pile went over 100%: its cards go to the reserve",
    "knocked": "{name} knocked",
    "nobody_knocked": "nobody knocked",
    "knock_exchange": "knock: {by} took {taken} from {name_s} grid (slot {from_slot}) and put "
    "it in slot {to_slot}, discarding {discarded}; {name_s} hand card {given} fills the gap",
}
COLOURS = ("cyan", "magenta", "yellow", "black")


def seat_namer(watcher: int | None) -> Namer:
    """``you`` for the watching seat, ``seat N`` for the others."""
    return lambda seat: "you" if seat == watcher else f"seat {seat}"


def announcement_text(note: Announcement, name: Namer, cell: Callable[[int], str]) -> str:
    """One announcement in words (empty for a round's end: its table says it)."""
    template = SAYS.get(note.kind)
    if template is None:
        return ""
    detail = dict(note.detail)
    who = name(note.seat) if note.seat >= 0 else ""
    you = who == "you"
    words: dict[str, object] = {
        **detail,
        "name": who,
        "name_s": "your" if you else f"{who}'s",
        "is": "are" if you else "is",
        "them": "you" if you else "them",
        "their": "your" if you else "their",
        "wins": "win" if you else "wins",
    }
    if "by" in detail:
        words["by"] = name(detail["by"])
    for key in ("cell", "to"):
        if key in detail:
            words[key] = cell(detail[key])
    if "colour" in detail:
        words["colour"] = COLOURS[detail["colour"]]
    text = template.format(**words)
    return text[0].upper() + text[1:]


def cell_namer(game: AnyGame) -> Callable[[int], str]:
    """How the game names a cell of its board (Toc), or the number itself."""
    board = getattr(game, "board", None)
    namer = getattr(board, "cell_name", None)
    return namer if callable(namer) else str


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
        self.runs = Narrator(lambda line: show(Text(line, style="dim")))

    def step(self, before: object, action: object | None, after: object, told: bool) -> None:
        """After a step: ``told`` when its move was printed (else it was a chance step,
        or a decision this watcher may not see)."""
        if action is None:
            self.runs.chance_step()
        elif not told:
            self.runs.secret_step(self.game.current_player(before))
        notes = self.game.announcements(before, action, after)
        lines = [announcement_text(note, self.name, self.cell) for note in notes]
        if any(lines) or any(note.kind == "round_over" for note in notes):
            self.runs.flush()
        for line in filter(None, lines):
            self.show(Text(f"» {line}", style="bold yellow"))
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
            self.print_line(f"({self.chance} cards dealt or drawn)")
            self.chance = 0

    def flush_secret(self) -> None:
        if self.secret:
            seats = ", ".join(f"seat {s}" for s in sorted(self.secret))
            self.print_line(f"({seats} decided in secret)")
            self.secret = set()

    def flush(self) -> None:
        self.flush_chance()
        self.flush_secret()


def winners_line(winners: Sequence[int], name: Namer) -> str:
    """One wording for one winner or several."""
    return f"Winner(s): {', '.join(name(w) for w in winners) or 'nobody'}"


def final_table(game: AnyGame, result: GameResult, name: Namer) -> RenderableType:
    """The game's end: every seat's score (and each round's points), the winners, and
    why it ended."""
    table = Table(title="Final result", show_header=True, header_style="bold")
    table.add_column("seat")
    table.add_column("score", justify="right")
    for number in range(1, len(result.rounds) + 1):
        table.add_column(f"R{number}", justify="right")
    table.add_column("")
    for seat in range(game.players):
        rounds = [_number(points[seat]) for points in result.rounds]
        mark = "winner" if seat in result.winners else ""
        table.add_row(name(seat), _number(result.scores[seat]), *rounds, mark)
    reason = dict(game.spec.end_reasons).get(result.reason, "")
    parts: list[RenderableType] = [table, Text(winners_line(result.winners, name), style="bold")]
    if reason:
        parts.append(Text(f"Why it ended: {reason}."))
    return Group(*parts)


def points_table(
    title: str, columns: Sequence[str], rows: Sequence[Sequence[str]], name: Namer
) -> Table:
    """A round's table: one row per seat."""
    table = Table(title=title, show_header=True, header_style="bold")
    table.add_column("seat")
    for column in columns:
        table.add_column(column)
    for seat, row in enumerate(rows):
        table.add_row(name(seat), *row)
    return table


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
