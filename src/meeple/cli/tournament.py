"""``meeple tournament``: seat-rotated series between bots, with a report and ratings."""

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from meeple.bots.registry import bot_class, parse_bot_spec
from meeple.cli.common import (
    at_least_one,
    fail,
    game_argument_help,
    game_title,
    length_unit,
    parse_options,
    split_specs,
    title_of,
)
from meeple.cli.i18n import t
from meeple.engine.errors import InvalidOptionError
from meeple.engine.protocol import AnyGame
from meeple.engine.registry import default_players, game_class, game_names, load_game
from meeple.sim.tournament import (
    TournamentInterrupted,
    TournamentReport,
    cycle_length,
    run_tournament,
)


def tournament(
    game_name: Annotated[str, typer.Argument(help=game_argument_help(), autocompletion=game_names)],
    bots: Annotated[
        str,
        typer.Option(
            help="comma-separated bot specs (random, heuristic, ismcts:iterations=500, "
            "package.module:Class); repeat a spec to enter several copies"
        ),
    ],
    games: Annotated[int, typer.Option("--games", "-n", help="how many games")] = 100,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="seats per game (default: one per bot)"),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="a game option, key=value (repeat)")
    ] = None,
    seed: Annotated[
        int, typer.Option(help="the tournament's seed: each game's derives from it")
    ] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="worker processes")] = 1,
    out: Annotated[
        Path | None,
        typer.Option(help="report directory (default: tournament-GAME-Np-seedS)"),
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray",
            help="play on Ray: a cluster address, auto (this machine's cluster) or local "
            "(a fresh local instance); needs the ray extra",
        ),
    ] = None,
) -> None:
    """Play a seat-rotated tournament between bots; report win rates, pairs and ratings."""
    specs = split_specs(bots)
    game = _tournament_game(game_name, specs, players, option or [])
    at_least_one(games=games, jobs=jobs)
    directory = out or Path(f"tournament-{game.spec.name}-{game.players}p-seed{seed}")
    started = time.perf_counter()
    report = _run_with_progress(game, specs, games, seed, jobs, ray, directory)
    _print_report(report, time.perf_counter() - started)
    _write(report, directory)


def _tournament_game(
    game_name: str, specs: list[str], players: int | None, option_texts: list[str]
) -> AnyGame:
    """The configured game, its bot specs checked (a mistake ends the command)."""
    if not specs:
        fail(t("errors.noBots"), "--bots")
    try:
        cls = game_class(game_name)
        if players is None:
            players = _default_players(game_name, len(specs), cls.spec.player_counts)
        game = load_game(game_name, players, **parse_options(option_texts))
        for spec in specs:
            bot_class(parse_bot_spec(spec), game.spec.name)
    except InvalidOptionError as error:
        fail(error)
    return game


def _run_with_progress(
    game: AnyGame,
    specs: list[str],
    games: int,
    seed: int,
    jobs: int,
    ray: str | None,
    directory: Path,
) -> TournamentReport:
    """The tournament, played under a progress bar; Ctrl-C writes what was finished."""
    from meeple.cli.common import console

    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    started = time.perf_counter()
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(t("sim.tournament", title=game_title(game)), total=games, rate="")

        def advance(_summary: object) -> None:
            done = progress.tasks[0].completed + 1
            elapsed = max(1e-9, time.perf_counter() - started)
            progress.update(task, advance=1, rate=t("sim.perSecond", rate=f"{done / elapsed:.1f}"))

        try:
            return run_tournament(
                game.spec.name,
                game.players,
                game.options,
                specs,
                games,
                seed,
                workers=jobs,
                ray_address=ray,
                progress=advance,
            )
        except (InvalidOptionError, RuntimeError) as error:
            fail(error)
        except TournamentInterrupted as interrupted:
            progress.stop()
            _write_partial(interrupted.report, directory)
            raise typer.Exit(code=130) from None


def _print_report(report: TournamentReport, elapsed: float) -> None:
    from meeple.cli.common import console

    for renderable in report_tables(report):
        console.print(renderable)
    console.print(
        t(
            "sim.lengthTimed",
            mean=f"{report.length.mean:.1f}",
            unit=length_unit(report.length_unit),
            sd=f"{report.length.stdev:.1f}",
            steps=f"{report.steps.mean:.0f}",
            games=report.games,
            seconds=f"{elapsed:.1f}",
        )
    )
    if not report.balanced:
        cycle = cycle_length(len(report.specs), report.players)
        console.print(t("sim.unbalanced", games=report.games, cycle=cycle), style="yellow")


def _write(report: TournamentReport, directory: Path) -> None:
    from meeple.cli.common import console
    from meeple.sim.report import write_report

    written = write_report(report, directory)
    names = ", ".join(path.name for path in written)
    console.print(t("sim.written", directory=directory, names=names))
    if not any(path.suffix == ".png" for path in written):
        console.print(t("sim.noPlots"), style="yellow")


def _write_partial(report: TournamentReport, directory: Path) -> None:
    """After Ctrl-C: the report of the games finished, if any."""
    from meeple.cli.common import console

    console.print(t("sim.interruptedReport", done=report.games, games=report.planned))
    if report.games:
        _write(report, directory)
    else:
        console.print(t("sim.nothingFinished"))


def _default_players(name: str, bots: int, counts: tuple[int, ...]) -> int:
    """One seat per bot when the game allows it; else the nearest count."""
    if bots in counts:
        return bots
    if bots < min(counts):
        return min(counts)
    fitting = [count for count in counts if count <= bots]
    preferred = default_players(name)
    return preferred if preferred in fitting else max(fitting)


def report_tables(report: TournamentReport) -> list[Table]:
    """The standings and the pairwise matrix, for the terminal."""
    ratings = report.ratings.ratings
    standings = Table(
        title=t(
            "sim.title",
            title=title_of(report.game, report.title),
            players=report.players,
            games=report.games,
            seed=report.seed,
        )
    )
    standings.add_column("#", justify="right")
    standings.add_column(t("sim.bot"), no_wrap=True)
    for column in ("games", "winRate", "ci", "rating", "ordinal", "score"):
        standings.add_column(t(f"sim.{column}"), justify="right")
    for rank, entrant in enumerate(report.standings(), start=1):
        stats = report.entrants[entrant]
        low, high = stats.interval
        rating = ratings[entrant]
        standings.add_row(
            str(rank),
            stats.label,
            str(stats.games),
            f"{stats.win_rate:.1%}",
            f"{low:.0%}–{high:.0%}",
            f"{rating.mu:.1f} ± {rating.sigma:.1f}",
            f"{rating.ordinal:.1f}",
            f"{stats.score.mean:.1f}",
        )
    standings.caption = t("sim.caption")
    matrix = Table(title=t("sim.headToHead"))
    matrix.add_column("", no_wrap=True)
    for label in report.labels:
        matrix.add_column(label, justify="right")
    for a, label in enumerate(report.labels):
        cells = []
        for b in range(len(report.labels)):
            rate = report.pairwise(a, b)
            cells.append("–" if rate is None else f"{rate:.0%} ({report.pair_games[a][b]})")
        matrix.add_row(label, *cells)
    return [standings, matrix]
