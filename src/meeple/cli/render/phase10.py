"""Phase 10 in the terminal: hand, discard, the laid phases, everyone's phase and score."""

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeple.engine.protocol import AnyGame
from meeple.games.phase10.cards import SKIP, WILD, card_name, colour_of
from meeple.games.phase10.config import GroupKind, Phase, describe_phase
from meeple.games.phase10.rules import Phase10Game
from meeple.games.phase10.state import LaidGroup, Stage
from meeple.games.phase10.view import Phase10View

STYLES = ("bold red", "bold blue", "bold yellow", "bold green")


def card_text(code: int) -> Text:
    if code == WILD:
        return Text(" W ", style="bold black on white")
    if code == SKIP:
        return Text(" S ", style="bold white on black")
    return Text(f"{card_name(code):>3}", style=STYLES[colour_of(code)])


def cards_text(codes: tuple[int, ...]) -> Text:
    return Text(" ").join(card_text(code) for code in codes) if codes else Text("—", style="dim")


def group_label(group: LaidGroup) -> str:
    if group.kind == GroupKind.RUN:
        return f"run {group.key}-{group.key + len(group.cards) - 1}"
    if group.kind == GroupKind.SET:
        return f"set of {group.key}s"
    return f"{('red', 'blue', 'yellow', 'green')[group.key]} group"


def render_view(game: AnyGame, view: object) -> RenderableType:
    assert isinstance(game, Phase10Game) and isinstance(view, Phase10View)
    parts: list[RenderableType] = [_players(view, game.config.phases)]
    if view.table:
        parts.append(_groups(view))
    top = view.discard[-1:] if view.discard else ()
    parts.append(
        Text("Discard: ")
        + (card_text(top[0]) if top else Text("empty", style="dim"))
        + Text(f"   Draw pile: {view.draw_pile_size} cards")
    )
    if view.building:
        build = Text("Laying down: ")
        for number, building in enumerate(view.building, start=1):
            build += Text(f" g{number} ({building.kind.name.lower()} of {building.size}): ")
            build += cards_text(building.cards)
        parts.append(build)
    if view.hand is not None:
        parts.append(Text("Your hand: ") + cards_text(view.hand))
    if view.last_round is not None and view.stage != Stage.OVER:
        summary = view.last_round
        who = "nobody" if summary.went_out is None else f"seat {summary.went_out}"
        points = ", ".join(f"seat {seat} {p}" for seat, p in enumerate(summary.points))
        parts.append(Text(f"Round {summary.round}: {who} went out; points: {points}", style="dim"))
    if view.winners:
        winners = ", ".join(f"seat {w}" for w in view.winners)
        parts.append(Text(f"Winner(s): {winners}", style="bold"))
    return Group(*parts)


def _players(view: Phase10View, phases: tuple[Phase, ...]) -> Table:
    """One row per seat: its phase, cards in hand, score and what is true of it now."""
    players = Table(title=f"Round {view.round}" + (" (tie-break)" if view.tiebreak else ""))
    for column in ("seat", "phase", "cards", "score", ""):
        players.add_column(column)
    for seat in range(len(view.hand_sizes)):
        if not view.active[seat]:
            players.add_row(str(seat), "—", "", str(view.scores[seat]), "sits out")
            continue
        index = view.phase_index[seat]
        phase = phases[-1] if view.tiebreak else phases[index] if index < len(phases) else None
        phase_text = (
            "done"
            if phase is None
            else f"{len(phases) if view.tiebreak else index + 1}: {describe_phase(phase)}"
        )
        notes = []
        if seat == view.turn and view.stage not in (Stage.DEAL, Stage.OVER):
            notes.append("◀ to play")
        if view.laid[seat]:
            notes.append("phase down")
        if view.skipped[seat]:
            notes.append("skipped next")
        if seat == view.dealer:
            notes.append("dealer")
        name = f"{seat} (you)" if seat == view.seat else str(seat)
        players.add_row(
            name, phase_text, str(view.hand_sizes[seat]), str(view.scores[seat]), ", ".join(notes)
        )
    return players


def _groups(view: Phase10View) -> Table:
    table = Table(title="On the table", show_header=True)
    table.add_column("#")
    table.add_column("owner")
    table.add_column("group")
    table.add_column("cards")
    for number, group in enumerate(view.table, start=1):
        table.add_row(str(number), str(group.owner), group_label(group), cards_text(group.cards))
    return table


def render_round(game: AnyGame, view: object) -> RenderableType:
    """The round just finished: each seat's cards left (laid open to be counted), the
    points, the totals and who advances to the next phase."""
    assert isinstance(view, Phase10View) and view.last_round is not None
    summary = view.last_round
    rows: list[list[Text | str]] = []
    for seat, points in enumerate(summary.points):
        hand = summary.hands[seat] if summary.hands else ()
        left = cards_text(hand) if hand else Text("went out" if seat == summary.went_out else "—")
        total = summary.totals[seat] if summary.totals else view.scores[seat]
        rows.append([left, str(points), str(total), "yes" if summary.advanced[seat] else "no"])
    table = Table(title=f"Round {summary.round} is over", show_header=True, header_style="bold")
    for column in ("seat", "cards left", "points", "total", "next phase"):
        table.add_column(column)
    for seat, row in enumerate(rows):
        table.add_row(f"{seat} (you)" if seat == view.seat else str(seat), *row)
    out = "nobody went out" if summary.went_out is None else f"seat {summary.went_out} went out"
    note = Text(
        f"{out.capitalize()}. Cards left count 5 (1-9), 10 (10-12), 15 (Skip), 25 (Wild); "
        "whoever laid down their phase goes on to the next one.",
        style="dim",
    )
    return Group(table, note)
