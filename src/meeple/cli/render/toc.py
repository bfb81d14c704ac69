"""Toc in the terminal: the ring sector by sector, the shortcuts, the zones, the reserves.

Each ring row is one sector of ``cells_per_sector`` cells (the row's first cell number on
the left, each column's offset in the ruler above). A pawn shows as its seat's digit in
that seat's colour (reversed: protected on its Départ; underlined: may take a shortcut
this turn). Empty cells: ``D`` a Départ, ``e`` a zone entry, ``·`` plain.
"""

from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeple.cli.common import prose
from meeple.cli.i18n import join_names, t
from meeple.engine.protocol import AnyGame
from meeple.games.toc.board import Board
from meeple.games.toc.cards import card_name
from meeple.games.toc.rules import TocGame
from meeple.games.toc.state import Phase
from meeple.games.toc.view import TocView

STYLES = (
    "bold red",
    "bold blue",
    "bold green",
    "bold magenta",
    "bold cyan",
    "bold yellow",
    "bold bright_white",
    "bold dark_orange",
)
WIDTH = 3  # characters per cell


def card_words(game: AnyGame, rank: int) -> str:
    """A card as it is typed (``Q``, ``7``, ``Jo``), for "you drew Q"."""
    return card_name(rank)


def _occupants(view: TocView) -> dict[int, int]:
    return {cell: pawn for pawn, cell in enumerate(view.positions) if cell >= 0}


def _cell_text(board: Board, view: TocView, cell: int, occupants: dict[int, int]) -> Text:
    pawn = occupants.get(cell)
    if pawn is not None:
        seat = pawn // 4
        style = STYLES[seat % len(STYLES)]
        if view.protected >> pawn & 1:
            style += " reverse"
        if view.armed >> pawn & 1:
            style += " underline"
        return Text(f"{seat:^{WIDTH}}", style=style)
    if cell in board.depart:
        seat = board.depart.index(cell)
        return Text(f"{'D':^{WIDTH}}", style=STYLES[seat % len(STYLES)].replace("bold ", ""))
    if cell in board.entry:
        seat = board.entry.index(cell)
        return Text(f"{'e':^{WIDTH}}", style=STYLES[seat % len(STYLES)].replace("bold ", ""))
    return Text(f"{'·':^{WIDTH}}", style="dim")


def _board_text(board: Board, view: TocView) -> Text:
    occupants = _occupants(view)
    sector = board.sector
    out = Text()
    ruler = "".join(f"{offset:^{WIDTH}}" for offset in range(sector))
    out.append(f"{'':>5}{ruler}\n", style="dim")
    for k in range(board.seats):
        start = k * sector
        out.append(f"{start:>4} ")
        for cell in range(start, start + sector):
            out.append_text(_cell_text(board, view, cell, occupants))
        owner = board.homes.index(k) if k in board.homes else None
        label = (
            t("toc.startsOn", name=t("seat.n", n=owner), cell=start) if owner is not None else ""
        )
        out.append(label + "\n", style="dim")
        if board.has_shortcuts:
            length = board.shortcut_length
            out.append(f"{'':>5}", style="dim")
            out.append(f"{'↳':^{WIDTH}}", style="dim")
            base = board.chord_base + k * length
            for cell in range(base, base + length):
                out.append_text(_cell_text(board, view, cell, occupants))
            target = ((k + 1) % board.seats) * sector
            out.append(t("toc.shortcut", target=target, k=k, n=length) + "\n", style="dim")
    return out


def _seats_table(game: TocGame, view: TocView) -> Table:
    board = game.board
    table = Table(show_header=True, header_style="bold")
    table.add_column(t("tell.seat"))
    for column in ("reserve", "zone", "cards"):
        table.add_column(t(f"toc.{column}"))
    table.add_column("")
    for seat in range(view.players):
        style = STYLES[seat % len(STYLES)]
        cells = view.positions[seat * 4 : seat * 4 + 4]
        reserve = sum(1 for cell in cells if cell < 0)
        zone = Text()
        for index in range(4):
            filled = board.zone_cell(seat, index) in cells
            zone.append("●" if filled else "·", style=style if filled else "dim")
            zone.append(" ")
        notes = []
        if seat == view.turn and view.phase in (Phase.PLAY, Phase.EXCHANGE):
            notes.append(t("toc.toPlay"))
        if seat in view.winners:
            notes.append(t("toc.winner"))
        if game.config.teams != "off":
            notes.append(t("toc.team", n=game.config.team_of(seat)))
        known = view.known[seat]
        if known:
            notes.append(t("toc.known", cards=" ".join(card_name(card) for card in known)))
        name = Text(t("seat.youMark", n=seat) if seat == view.seat else str(seat), style=style)
        table.add_row(
            name,
            Text("● " * reserve, style=style) if reserve else Text("—", style="dim"),
            zone,
            str(view.hand_sizes[seat]),
            join_names(notes) if notes else "",
        )
    return table


def render_view(game: AnyGame, view: object) -> RenderableType:
    assert isinstance(game, TocGame) and isinstance(view, TocView)
    board = game.board
    parts: list[RenderableType] = [
        Text(t("toc.title", players=view.players, n=view.turns + 1), style="bold"),
        _board_text(board, view),
        _seats_table(game, view),
    ]
    info = Text()
    if view.seat is not None:
        info.append(t("toc.hand"), style="bold")
        info.append(" ".join(card_name(card) for card in view.hand) or "—")
        info.append("\n")
    last = card_name(view.played[-1]) if view.played else "—"
    talon = view.talon_size + len(view.talon_order)
    info.append(t("toc.last", card=last, n=talon))
    if view.talon_order:
        known = " ".join(card_name(c) for c in view.talon_order[:5])
        info.append(t("toc.orderMore" if len(view.talon_order) > 5 else "toc.order", cards=known))
    if view.pending is not None:
        info.append("\n" + t("toc.split", n=view.pending.remaining), style="bold")
    if view.phase == Phase.EXCHANGE:
        info.append("\n" + t("toc.exchange"))
        if view.set_aside:
            info.append(t("toc.setAside", card=card_name(view.set_aside)))
    if view.phase == Phase.OVER:
        winners = join_names([t("seat.n", n=w) for w in view.winners])
        info.append("\n" + t("tell.winners", names=winners), style="bold")
    info.append("\n" + t("toc.legend"), style="dim")
    info.append("\n" + t("toc.notation"), style="dim")
    parts.append(prose(info))
    return Group(*parts)


def illegal_facts(_game: AnyGame, details: Mapping[str, object]) -> dict[str, object]:
    """The facts of an illegal move's reason in words: a card and the legal plays as
    typed (the notation is the same in every language)."""
    facts = dict(details)
    card = details.get("card")
    if isinstance(card, int):
        facts["card"] = card_name(card)
    plays = details.get("plays")
    if isinstance(plays, tuple):
        facts["plays"] = t("list.separator").join(plays)
    return facts
