"""Toquer in the terminal: every player's cards around the table (face down, revealed,
cleared), each with its "n" column, the neighbour's column it plays with (in
shared_column it is the same cards as the neighbour's d column), the discard pile, the
card in play, the knock, and the scores."""

from collections.abc import Callable

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.cli.common import about_seat, prose
from meeple.cli.i18n import t
from meeple.engine.protocol import AnyGame
from meeple.games.toquer.layout import COLUMN_LETTERS, DOWN, EMPTY, ROWS
from meeple.games.toquer.rules import ToquerGame
from meeple.games.toquer.state import HIDDEN_VOTE, KNOCKED, PASSED, Phase
from meeple.games.toquer.view import ToquerView


def slot_words(game: AnyGame, slot: int, name: Callable[[int], str], watcher: int | None) -> str:
    """A place of the layout as its owner names it ("b2"), said as the watcher's own
    ("your b2") or a seat's ("seat 1's d3"), for the knock's exchange."""
    assert isinstance(game, ToquerGame)
    geometry = game.geometry
    owner, within = divmod(slot, geometry.own_count)
    row, column = divmod(within, geometry.own_columns)
    position = f"{COLUMN_LETTERS[column + 1]}{row + 1}"
    if owner == watcher:
        return t("toquer.slotYours", pos=position)
    return t("toquer.slotOf", name=name(owner), pos=position)


def value_style(card: int) -> str:
    if card < 0:
        return "bold blue"
    if card == 0:
        return "bold cyan"
    if card <= 4:
        return "bold green"
    if card <= 8:
        return "bold yellow"
    return "bold red"


def card_cell(view: ToquerView, slot: int) -> Text:
    face = view.faces[slot]
    if face == EMPTY:
        return Text("  ·", style="dim")
    if face == DOWN:
        return Text(" ##", style="white on grey30")
    card = view.cards[slot]
    return Text(f"{card:>3}", style=value_style(card))


def seat_grid(game: ToquerGame, view: ToquerView, seat: int) -> Table:
    g = game.geometry
    grid = Table(show_header=True, header_style="bold", box=None, pad_edge=False, padding=(0, 1))
    neighbour = (seat + 1) % view.players
    grid.add_column("", style="dim")
    for column in range(g.width):
        letter = COLUMN_LETTERS[column]
        if column == 0:
            owner = f"d{neighbour}" if g.shared else f"e{neighbour}"
            grid.add_column(Text(f"n={owner}", style="dim italic"), justify="right")
        else:
            grid.add_column(f" {letter}", justify="right")
    frame = g.frames[seat]
    for row in range(ROWS):
        cells: list[Text] = [Text(str(row + 1))]
        for column in range(g.width):
            slot = frame[row * g.width + column]
            cell = card_cell(view, slot)
            if column == 0:
                cell.stylize("dim")
            if slot == view.taken_slot:
                cell = Text("  ?", style="reverse")
            cells.append(cell)
        grid.add_row(*cells)
    return grid


def seat_title(view: ToquerView, seat: int) -> Text:
    title = Text(t("seat.label", n=seat))
    if seat == view.seat:
        title.append(t("toquer.you"), style="bold green")
    if seat == view.active and view.phase is not Phase.OVER:
        title.append(t("toquer.toPlay"), style="bold")
    if seat == view.dealer:
        title.append(t("toquer.dealer"), style="dim")
    if seat == view.ender:
        title.append(t("toquer.ended"), style="magenta")
    elif view.ender is not None and seat in view.last_turns:
        title.append(t("toquer.lastTurn"), style="magenta")
    vote = view.votes[seat] if seat < len(view.votes) else "-"
    if vote == KNOCKED:
        title.append(t("toquer.knocked"), style="bold red")
    elif vote == PASSED and view.phase is not Phase.KNOCK:
        title.append(t("toquer.passed"), style="dim")
    elif vote == HIDDEN_VOTE:
        title.append(t("toquer.decided"), style="dim")
    elif vote == "?":
        title.append(t("toquer.toDecide"), style="dim")
    if seat in view.winners:
        title.append(t("toquer.winner"), style="bold green")
    return title


def render_view(game: AnyGame, view: object) -> RenderableType:
    assert isinstance(game, ToquerGame) and isinstance(view, ToquerView)
    header = Text(t("toquer.round", n=view.round), style="bold")
    doing = t(f"toquer.phases.{view.phase.name.lower()}")
    if view.phase is Phase.KNOCK and view.seat == view.actor:
        doing = t("toquer.knockAsk", name=t("seat.n", n=view.active), card=view.drawn)
    header.append(f"   {doing}", style="italic")
    layout = t(f"games.toquer.options.layout.choices.{view.layout}")
    header.append(t("toquer.layout", layout=layout), style="dim")
    order = range(view.players)
    if view.seat is not None:
        order = range(view.seat, view.seat + view.players)
    panels = [
        Panel(seat_grid(game, view, s % view.players), title=seat_title(view, s % view.players))
        for s in order
    ]
    neighbour = t("toquer.shared" if view.layout == "shared_column" else "toquer.ownGrid")
    note = prose(t("toquer.note", neighbour=neighbour), "dim")
    return Group(header, _table_line(view), Columns(panels), _scores(view), note)


def _table_line(view: ToquerView) -> Text:
    """The stock, the discard pile, the card drawn and the knock, in one line."""
    table = Text(t("toquer.stock"))
    table.append(str(view.stock_size), style="bold")
    table.append(t("toquer.discard"))
    if view.discard:
        top = view.discard[-1]
        table.append(f"{top}", style=value_style(top) + " reverse")
        below = ", ".join(map(str, view.discard[-4:-1][::-1]))
        table.append(t("toquer.onTop", n=len(view.discard)))
        table.append(t("toquer.below", cards=below) if below else t("toquer.close"))
    else:
        table.append(t("toquer.empty"), style="dim")
    if view.drawn is not None:
        table.append(t("toquer.drawnStock" if view.from_stock else "toquer.drawnPile"))
        table.append(f"{view.drawn}", style=value_style(view.drawn) + " reverse")
    if view.knocker is not None:
        table.append(about_seat("toquer.knockerGot", view.knocker, view.seat), style="bold red")
        if view.held is not None:
            table.append(t("toquer.heldCard", card=view.held))
        elif view.held_hidden:
            table.append(t("toquer.heldHidden"))
    elif view.held is not None:
        table.append(t("toquer.takenOut", card=view.held))
    if view.taken is not None:
        table.append(t("toquer.taken", card=view.taken))
    return table


def _scores(view: ToquerView) -> Table:
    scores = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    scores.add_column(t("toquer.scores"))
    for seat in range(view.players):
        scores.add_column(t("seat.label", n=seat), justify="right")
    scores.add_row(t("toquer.total"), *(str(s) for s in view.scores))
    if view.last_round is not None:
        last = view.last_round
        cells = []
        for seat, points in enumerate(last.points):
            mark = t("toquer.doubledMark") if last.doubled and seat == last.ender else ""
            cells.append(f"{points}{mark}")
        scores.add_row(t("toquer.roundN", n=last.round), *cells)
    return scores


def render_round(game: AnyGame, view: object) -> RenderableType:
    """The round just finished: every grid revealed, the points (the ender's doubling
    explained) and the totals."""
    assert isinstance(game, ToquerGame) and isinstance(view, ToquerView)
    summary = view.last_round
    assert summary is not None
    geometry = game.geometry
    title = t("toquer.roundOver", n=summary.round)
    table = Table(title=title, show_header=True, header_style="bold")
    table.add_column(t("tell.seat"))
    for column in ("cardsCol", "points", "total"):
        table.add_column(t(f"toquer.{column}"))
    for seat, points in enumerate(summary.points):
        start, stop = geometry.own_range(seat)
        values = [
            "·" if summary.faces[slot] == EMPTY else str(summary.cards[slot])
            for slot in range(start, stop)
        ]
        width = geometry.own_columns
        grid = " / ".join(" ".join(values[i : i + width]) for i in range(0, len(values), width))
        mark = t("toquer.doubledMark") if summary.doubled and seat == summary.ender else ""
        total = summary.totals[seat] if summary.totals else view.scores[seat]
        name = t("seat.youMark", n=seat) if seat == view.seat else str(seat)
        table.add_row(name, grid, f"{points}{mark}", str(total))
    own = summary.points[summary.ender]
    ender, reader = summary.ender, view.seat
    if summary.doubled:
        why = about_seat("toquer.doubled", ender, reader, raw=own // 2, points=own)
    elif own > 0:
        why = about_seat("toquer.lowest", ender, reader)
    else:
        why = about_seat("toquer.notPositive", ender, reader, points=own)
    return Group(table, prose(t("toquer.counting", why=why), "dim"))
