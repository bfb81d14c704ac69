"""The post-game review in the terminal: the moves the expert bot would have changed."""

from rich.progress import Progress
from rich.table import Table

from meeple.bots.review import DEFAULT_LIMIT, REVIEW_LEVEL, review_record
from meeple.cli.common import bot_name as _bot_name
from meeple.cli.common import console, prose
from meeple.cli.i18n import t
from meeple.engine.protocol import AnyGame
from meeple.engine.record import MatchRecord


def show_review(
    game: AnyGame,
    record: MatchRecord,
    seat: int | None,
    spec: str = REVIEW_LEVEL,
    seed: int = 0,
    limit: int = DEFAULT_LIMIT,
) -> None:
    """Review ``seat``'s decisions (every seat: None) and print the marked moves."""
    who = t("review.everySeat") if seat is None else t("seat.n", n=seat)
    bot = _bot_name(spec)
    with Progress(console=console, transient=True) as progress:
        progress.add_task(t("review.progress", who=who, bot=bot), total=None)
        review = review_record(game, record, seat, spec, seed, limit)
    header = "review.headerFirst" if review.truncated else "review.header"
    console.print(t(header, who=who, bot=bot, n=review.reviewed, total=review.total))
    if not review.marks:
        console.print(t("review.none"))
        return
    table = Table(title=t("review.title"))
    for column in ("move", "seat", "played", "better", "chance", "lost"):
        table.add_column(
            t(f"review.{column}"), justify="left" if column in ("played", "better") else "right"
        )
    for flagged, before in review.marks:
        chance = "?"
        lost = "?"
        if flagged.played_share is not None and flagged.better_share is not None:
            chance = f"{flagged.played_share:.0%} → {flagged.better_share:.0%}"
        if flagged.loss is not None:
            lost = f"{flagged.loss:.0%}"
        table.add_row(
            str(flagged.step + 1),
            str(flagged.seat),
            game.format_action(before, flagged.played),
            game.format_action(before, flagged.better),
            chance,
            lost,
        )
    console.print(table)
    console.print(prose(t("review.legend")))
