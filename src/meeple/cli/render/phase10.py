"""Phase 10 in the terminal: hand, discard, the laid phases, everyone's phase and score."""

from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeple.cli.common import about_seat, prose
from meeple.cli.i18n import join_names, t
from meeple.engine.protocol import AnyGame
from meeple.games.phase10.cards import SKIP, WILD, card_name, colour_of
from meeple.games.phase10.config import GroupKind, Phase
from meeple.games.phase10.rules import Phase10Game
from meeple.games.phase10.state import LaidGroup, Stage
from meeple.games.phase10.view import Phase10View

STYLES = ("bold red", "bold blue", "bold yellow", "bold green")
KINDS = {GroupKind.SET: "set", GroupKind.RUN: "run", GroupKind.COLOUR: "colour"}


def card_text(code: int) -> Text:
    if code == WILD:
        return Text(" W ", style="bold black on white")
    if code == SKIP:
        return Text(" S ", style="bold white on black")
    return Text(f"{card_name(code):>3}", style=STYLES[colour_of(code)])


def card_words(game: AnyGame, code: int) -> str:
    """A card as it is typed (``7b``, ``W``), for "you drew 7b"."""
    return card_text(code).plain


def cards_text(codes: tuple[int, ...]) -> Text:
    return Text(" ").join(card_text(code) for code in codes) if codes else Text("—", style="dim")


def group_label(group: LaidGroup) -> str:
    if group.kind == GroupKind.RUN:
        return t("phase10.laid.run", **{"from": group.key, "to": group.key + len(group.cards) - 1})
    if group.kind == GroupKind.SET:
        return t("phase10.laid.set", n=group.key)
    return t("phase10.laid.colour", colour=t(f"phase10.colours.{group.key}"))


def phase_words(phase: Phase) -> str:
    """A phase's groups in words: "set of 3 + run of 4"."""
    return " + ".join(t(f"phase10.group.{KINDS[g.kind]}", n=g.size) for g in phase)


def render_view(game: AnyGame, view: object) -> RenderableType:
    assert isinstance(game, Phase10Game) and isinstance(view, Phase10View)
    parts: list[RenderableType] = [_players(view, game.config.phases)]
    if view.table:
        parts.append(_groups(view))
    top = view.discard[-1:] if view.discard else ()
    parts.append(
        Text(t("phase10.discard"))
        + (card_text(top[0]) if top else Text(t("phase10.empty"), style="dim"))
        + Text(t("phase10.drawPile", n=view.draw_pile_size))
    )
    if view.building:
        build = Text(t("phase10.layingDown"))
        for number, building in enumerate(view.building, start=1):
            words = t(f"phase10.group.{KINDS[building.kind]}", n=building.size)
            build += Text(t("phase10.building", g=number, group=words))
            build += cards_text(building.cards)
        parts.append(build)
    if view.hand is not None:
        parts.append(Text(t("phase10.hand")) + cards_text(view.hand))
    if view.last_round is not None and view.stage != Stage.OVER:
        summary = view.last_round
        points = join_names(
            [
                t("phase10.seatPoints", name=t("seat.label", n=seat), points=p)
                for seat, p in enumerate(summary.points)
            ]
        )
        line = (
            t("phase10.lastRound", round=summary.round, who=t("seat.nobody"), points=points)
            if summary.went_out is None
            else about_seat(
                "phase10.lastRound",
                summary.went_out,
                view.seat,
                name="who",
                round=summary.round,
                points=points,
            )
        )
        parts.append(Text(line, style="dim"))
    if view.winners:
        winners = join_names([t("seat.n", n=w) for w in view.winners])
        parts.append(Text(t("tell.winners", names=winners), style="bold"))
    return Group(*parts)


def _players(view: Phase10View, phases: tuple[Phase, ...]) -> Table:
    """One row per seat: its phase, cards in hand, score and what is true of it now."""
    players = Table(title=t("phase10.tiebreak" if view.tiebreak else "phase10.round", n=view.round))
    players.add_column(t("tell.seat"))
    for column in ("phase", "cards", "score"):
        players.add_column(t(f"phase10.{column}"))
    players.add_column("")
    for seat in range(len(view.hand_sizes)):
        if not view.active[seat]:
            players.add_row(str(seat), "—", "", str(view.scores[seat]), t("phase10.sitsOut"))
            continue
        index = view.phase_index[seat]
        phase = phases[-1] if view.tiebreak else phases[index] if index < len(phases) else None
        phase_text = (
            t("phase10.done")
            if phase is None
            else f"{len(phases) if view.tiebreak else index + 1}: {phase_words(phase)}"
        )
        notes = []
        if seat == view.turn and view.stage not in (Stage.DEAL, Stage.OVER):
            notes.append(t("phase10.toPlay"))
        if view.laid[seat]:
            notes.append(t("phase10.phaseDown"))
        if view.skipped[seat]:
            notes.append(t("phase10.skippedNext"))
        if seat == view.dealer:
            notes.append(t("phase10.dealer"))
        name = t("seat.youMark", n=seat) if seat == view.seat else str(seat)
        players.add_row(
            name,
            phase_text,
            str(view.hand_sizes[seat]),
            str(view.scores[seat]),
            join_names(notes) if notes else "",
        )
    return players


def _groups(view: Phase10View) -> Table:
    table = Table(title=t("phase10.onTable"), show_header=True)
    table.add_column("#")
    table.add_column(t("phase10.owner"))
    table.add_column(t("phase10.groupCol"))
    table.add_column(t("phase10.groupCards"))
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
        out = t("phase10.wentOut") if seat == summary.went_out else "—"
        left = cards_text(hand) if hand else Text(out)
        total = summary.totals[seat] if summary.totals else view.scores[seat]
        advanced = t("phase10.yes" if summary.advanced[seat] else "phase10.no")
        rows.append([left, str(points), str(total), advanced])
    title = t("phase10.roundOver", n=summary.round)
    table = Table(title=title, show_header=True, header_style="bold")
    table.add_column(t("tell.seat"))
    for column in ("cardsLeft", "points", "total", "nextPhase"):
        table.add_column(t(f"phase10.{column}"))
    for seat, row in enumerate(rows):
        table.add_row(t("seat.youMark", n=seat) if seat == view.seat else str(seat), *row)
    if summary.went_out is None:
        out = t("phase10.nobodyOut")
    else:
        out = about_seat("phase10.someoneOut", summary.went_out, view.seat)
    note = prose(f"{out[0].upper()}{out[1:]} {t('phase10.counting')}", "dim")
    return Group(table, note)


def illegal_facts(_game: AnyGame, details: Mapping[str, object]) -> dict[str, object]:
    """The facts of an illegal move's reason in words: a card as typed, a phase's groups."""
    facts = dict(details)
    card = details.get("card")
    if isinstance(card, int):
        facts["card"] = card_text(card).plain.strip()
    phase = details.get("phase")
    if isinstance(phase, tuple):
        facts["phase"] = phase_words(phase)
    return facts
