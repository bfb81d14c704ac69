"""Toquer in the terminal: every player's cards around the table (face down, revealed,
cleared), each with its "n" column, the neighbour's column it plays with (in
shared_column it is the same cards as the neighbour's d column), the discard pile, the
card in play, the knock, and the scores."""

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.engine.protocol import AnyGame
from meeple.games.toquer.layout import COLUMN_LETTERS, DOWN, EMPTY, ROWS
from meeple.games.toquer.rules import ToquerGame
from meeple.games.toquer.state import HIDDEN_VOTE, KNOCKED, PASSED, Phase
from meeple.games.toquer.view import ToquerView

PHASE_TEXT = {
    Phase.DEAL: "dealing",
    Phase.SETUP: "set-up: reveal two of your own cards",
    Phase.DRAW: "draw from the stock or the discard pile",
    Phase.STOCK_DRAW: "drawing from the stock",
    Phase.KNOCK: "the others decide, in secret, whether to knock",
    Phase.ANSWER: "give the card to a knocker or refuse",
    Phase.PLACE: "swap the card in, or discard it and reveal a card",
    Phase.CLEAR: "clear a triple or stop",
    Phase.KNOCK_SWAP: "the knocker swaps the card in",
    Phase.KNOCK_TAKE: "the active player takes one of the knocker's cards",
    Phase.KNOCK_PLACE: "the active player swaps the taken card in",
    Phase.OVER: "game over",
}


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
    title = Text(f"seat {seat}")
    if seat == view.seat:
        title.append(" (you)", style="bold green")
    if seat == view.active and view.phase is not Phase.OVER:
        title.append(" ▶ to play", style="bold")
    if seat == view.dealer:
        title.append(" dealer", style="dim")
    if seat == view.ender:
        title.append(" ended the round", style="magenta")
    elif view.ender is not None and seat in view.last_turns:
        title.append(" last turn due", style="magenta")
    vote = view.votes[seat] if seat < len(view.votes) else "-"
    if vote == KNOCKED:
        title.append(" KNOCKED", style="bold red")
    elif vote == PASSED and view.phase is not Phase.KNOCK:
        title.append(" passed", style="dim")
    elif vote == HIDDEN_VOTE:
        title.append(" decided", style="dim")
    elif vote == "?":
        title.append(" to decide", style="dim")
    if seat in view.winners:
        title.append(" WINNER", style="bold green")
    return title


def render_view(game: AnyGame, view: object) -> RenderableType:
    assert isinstance(game, ToquerGame) and isinstance(view, ToquerView)
    header = Text(f"Toquer, round {view.round}", style="bold")
    doing = PHASE_TEXT[view.phase]
    if view.phase is Phase.KNOCK and view.seat == view.actor:
        doing = f"knock to ask seat {view.active} for the {view.drawn}? (in secret)"
    header.append(f"   {doing}", style="italic")
    header.append(f"   layout {view.layout}", style="dim")
    order = range(view.players)
    if view.seat is not None:
        order = range(view.seat, view.seat + view.players)
    panels = [
        Panel(seat_grid(game, view, s % view.players), title=seat_title(view, s % view.players))
        for s in order
    ]
    neighbour = (
        "your fifth column, which you play as your own"
        if view.layout == "shared_column"
        else "it counts in your rows only; your own 15 cards are a-e"
    )
    note = Text(
        f"## face down, · cleared; n = your left neighbour's right-hand column ({neighbour}); "
        "clockwise: seat s+1 is on s's left",
        style="dim",
    )
    return Group(header, _table_line(view), Columns(panels), _scores(view), note)


def _table_line(view: ToquerView) -> Text:
    """The stock, the discard pile, the card drawn and the knock, in one line."""
    table = Text("stock ")
    table.append(str(view.stock_size), style="bold")
    table.append("   discard ")
    if view.discard:
        top = view.discard[-1]
        table.append(f"{top}", style=value_style(top) + " reverse")
        size = len(view.discard)
        below = ", ".join(map(str, view.discard[-4:-1][::-1]))
        table.append(f" on top ({size} card{'s' if size > 1 else ''}")
        table.append(f"; below: {below})" if below else ")")
    else:
        table.append("empty", style="dim")
    if view.drawn is not None:
        source = "the stock" if view.from_stock else "the discard pile"
        table.append("   drawn from " + source + ": ")
        table.append(f"{view.drawn}", style=value_style(view.drawn) + " reverse")
    if view.knocker is not None:
        table.append(f"   seat {view.knocker} knocked and got the card", style="bold red")
        if view.held is not None:
            table.append(f"; its hand card: {view.held}")
        elif view.held_hidden:
            table.append("; its hand card: hidden")
    elif view.held is not None:
        table.append(f"   card taken out (to the discard): {view.held}")
    if view.taken is not None:
        table.append(f"   taken from the knocker: {view.taken}")
    return table


def _scores(view: ToquerView) -> Table:
    scores = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    scores.add_column("scores")
    for seat in range(view.players):
        scores.add_column(f"seat {seat}", justify="right")
    scores.add_row("total", *(str(s) for s in view.scores))
    if view.last_round is not None:
        last = view.last_round
        cells = []
        for seat, points in enumerate(last.points):
            mark = " (x2)" if last.doubled and seat == last.ender else ""
            cells.append(f"{points}{mark}")
        scores.add_row(f"round {last.round}", *cells)
    return scores


def render_round(game: AnyGame, view: object) -> RenderableType:
    """The round just finished: every grid revealed, the points (the ender's doubling
    explained) and the totals."""
    assert isinstance(game, ToquerGame) and isinstance(view, ToquerView)
    summary = view.last_round
    assert summary is not None
    geometry = game.geometry
    table = Table(title=f"Round {summary.round} is over", show_header=True, header_style="bold")
    for column in ("seat", "cards (row by row)", "points", "total"):
        table.add_column(column)
    for seat, points in enumerate(summary.points):
        start, stop = geometry.own_range(seat)
        values = [
            "·" if summary.faces[slot] == EMPTY else str(summary.cards[slot])
            for slot in range(start, stop)
        ]
        width = geometry.own_columns
        grid = " / ".join(" ".join(values[i : i + width]) for i in range(0, len(values), width))
        mark = " (x2)" if summary.doubled and seat == summary.ender else ""
        total = summary.totals[seat] if summary.totals else view.scores[seat]
        name = f"{seat} (you)" if seat == view.seat else str(seat)
        table.add_row(name, grid, f"{points}{mark}", str(total))
    own = summary.points[summary.ender]
    if summary.doubled:
        why = (
            f"seat {summary.ender} ended the round with {own // 2}, not strictly the lowest: "
            f"doubled to {own}"
        )
    elif own > 0:
        why = f"seat {summary.ender} ended the round with the strictly lowest score: not doubled"
    else:
        why = f"seat {summary.ender} ended the round with {own}: not positive, not doubled"
    return Group(table, Text(f"Each player scores their own cards; {why}.", style="dim"))
