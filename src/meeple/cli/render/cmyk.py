"""The CMYK board in the terminal: the four piles with their percentages in colour, the
mix in play, the seat's hand (in the notation it types), and the cards won."""

from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeple.cli.common import prose
from meeple.cli.i18n import join_names, t
from meeple.engine.protocol import AnyGame
from meeple.games.cmyk.cards import (
    COLOURS,
    FIRST_JOKER,
    FIRST_MIX,
    SWEEP,
    WHITE,
    card_token,
)
from meeple.games.cmyk.rules import CmykGame
from meeple.games.cmyk.view import CmykView

STYLES = ("bold cyan", "bold magenta", "bold yellow", "bold white on grey30")
BAR = 10  # characters for 100%


def card_text(card: int, mixes: tuple[tuple[int, int, int, int], ...]) -> Text:
    """One card in its colour, as typed in notation (a mix shows its percentages)."""
    token = card_token(card)
    if card < WHITE:
        return Text(token, style=STYLES[card // 9])
    if card == WHITE:
        return Text(token, style="bold black on white")
    if card < SWEEP:
        return Text(token, style=STYLES[card - FIRST_JOKER] + " underline")
    if card == SWEEP:
        return Text(token + t("cmyk.sweepMark"), style="bold red")
    index = card - FIRST_MIX
    values = "/".join(map(str, mixes[index])) if index < len(mixes) else "?"
    return Text(f"{token}({values})", style="bold green")


def card_words(game: AnyGame, card: int) -> str:
    """A card as the hand shows it (``C30``, ``X2(50/0/50/30)``), for "you drew C30"."""
    assert isinstance(game, CmykGame)
    return card_text(card, game.config.mixes).plain


def cards_text(cards: tuple[int, ...], mixes: tuple[tuple[int, int, int, int], ...]) -> Text:
    return Text(" ").join(card_text(card, mixes) for card in cards) if cards else Text("-")


def render_view(game: AnyGame, view: object) -> RenderableType:
    assert isinstance(game, CmykGame) and isinstance(view, CmykView)
    mixes = game.config.mixes
    parts: list[RenderableType] = [_header(view, mixes), _piles(view, mixes), _seats(view)]
    if view.reserve:
        parts.append(Text(t("cmyk.reserve")).append(cards_text(view.reserve, mixes)))
    if view.seat is not None:
        parts.append(Text(t("cmyk.hand"), style="bold").append(cards_text(view.hand, mixes)))
        parts.append(prose(Text(t("cmyk.notation"), style="dim")))
    return Group(*parts)


def _header(view: CmykView, mixes: tuple[tuple[int, int, int, int], ...]) -> Text:
    board = view.board
    title = t("cmyk.turn", n=view.turn + 1)
    if view.stage == "over":
        title = t("cmyk.over", n=view.turn)
    header = Text(title, style="bold")
    header.append(t("cmyk.counts", stock=view.stock_size, reserve=len(view.reserve)))
    if board.opening:
        header.append(t("cmyk.opening"), style="italic")
    if board.mix is not None:
        header.append(t("cmyk.mixInPlay"))
        header.append(card_text(board.mix, mixes))
    return header


def _piles(view: CmykView, mixes: tuple[tuple[int, int, int, int], ...]) -> Table:
    board = view.board
    piles = Table(show_header=True, header_style="bold", expand=False)
    for colour in range(4):
        piles.add_column(f"{COLOURS[colour]} {t(f'cmyk.colours.{colour}')}", style=STYLES[colour])
    percents: list[Text] = []
    laid: list[Text] = []
    for colour in range(4):
        total = board.totals[colour]
        started = bool(board.piles[colour]) or board.mix is not None
        if board.closed[colour]:
            percents.append(Text(t("cmyk.closed"), style=STYLES[colour]))
        elif not started:
            percents.append(Text("--", style="dim"))
        else:
            filled = total * BAR // 100
            line = Text(f"{total:>3}% ", style=STYLES[colour])
            line.append("#" * filled, style=STYLES[colour])
            line.append("." * (BAR - filled), style="dim")
            line.append(t("cmyk.needs", n=100 - total), style="dim")
            percents.append(line)
        pile = cards_text(board.piles[colour], mixes)
        if board.mix is not None:
            pile = Text(t("cmyk.mixPart", n=mixes[board.mix - FIRST_MIX][colour])).append(pile)
        laid.append(pile)
    piles.add_row(*percents)
    piles.add_row(*laid)
    return piles


def _seats(view: CmykView) -> Table:
    seats = Table(show_header=True, header_style="bold", expand=False)
    seats.add_column(t("tell.seat"))
    for column in ("hand_col", "won", "piles"):
        seats.add_column(t(f"cmyk.{column}"))
    for seat, size in enumerate(view.hand_sizes):
        marker = "> " if seat == view.to_act and view.stage != "over" else "  "
        name = marker + (t("seat.youMark", n=seat) if seat == view.seat else str(seat))
        seats.add_row(name, str(size), str(view.won_counts[seat]), str(view.completions[seat]))
    return seats


def illegal_facts(game: AnyGame, details: Mapping[str, object]) -> dict[str, object]:
    """The facts of an illegal move's reason in words: a card as typed, colours by name
    (as the reasons' sentences name them: "la pile noire")."""
    assert isinstance(game, CmykGame)
    facts = dict(details)
    card = details.get("card")
    if isinstance(card, int):
        facts["card"] = card_text(card, game.config.mixes).plain
    colour = details.get("colour")
    if isinstance(colour, int):
        facts["colour"] = t(f"illegal.cmyk.colours.{colour}")
    colours = details.get("colours")
    if isinstance(colours, tuple):
        facts["colours"] = join_names([t(f"illegal.cmyk.colours.{c}") for c in colours])
    return facts
