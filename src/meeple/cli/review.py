"""The post-game review in the terminal: the moves the expert bot would have changed."""

from rich.progress import Progress
from rich.table import Table

from meeple.bots.review import DEFAULT_LIMIT, REVIEW_LEVEL, review_record
from meeple.cli.common import console
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
    who = "every seat" if seat is None else f"seat {seat}"
    with Progress(console=console, transient=True) as progress:
        progress.add_task(f"Reviewing {who}'s moves with the {spec} bot", total=None)
        review = review_record(game, record, seat, spec, seed, limit)
    console.print(
        f"Review of {who} by the {spec} bot: {review.reviewed} of {review.total} decisions "
        "with a choice judged" + (" (the first ones)" if review.truncated else "")
    )
    if not review.marks:
        console.print("No move marked: the bot would have played the same, or close to it.")
        return
    table = Table(title="Moves the bot would have played otherwise")
    for column in ("move", "seat", "played", "the bot's move", "win chance", "lost"):
        table.add_column(
            column, justify="left" if column in ("played", "the bot's move") else "right"
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
    console.print(
        "'move' counts the record's steps (chance included); 'win chance' is the bot's "
        "estimate for the seat after the move played and after its own."
    )
