"""The ``meeple`` command: play, simulate, replay, rules."""

import json
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

import meeple
from meeple.bots.review import DEFAULT_LIMIT, REVIEW_LEVEL
from meeple.cli import i18n
from meeple.cli.common import (
    at_least_one,
    bot_name,
    build_game,
    console,
    default_bot,
    fail,
    game_argument_help,
    game_title,
    games_help,
    games_titles,
    length_unit,
    parse_bot_list,
    parse_options,
    prose,
    renderer,
    round_renderer,
    split_specs,
)
from meeple.cli.explain import Teller
from meeple.cli.i18n import t
from meeple.cli.play import play_game
from meeple.cli.review import show_review
from meeple.cli.serve import botworker, serve
from meeple.engine.errors import InvalidOptionError, RecordError
from meeple.engine.options import OptionSpec
from meeple.engine.protocol import CHANCE, AnyGame, GameSpec
from meeple.engine.record import MatchRecord, parse_record, replay
from meeple.engine.registry import game_class, game_names
from meeple.sim.match import MatchTooLong
from meeple.sim.playthrough import generate, regenerate
from meeple.sim.simulate import simulate as run_simulation

app = typer.Typer(
    help=f"meeple: {games_titles()} in the terminal, with bots and simulation.",
    no_args_is_help=True,
    epilog="Exit codes: 0 done, 1 a game abandoned, 2 a mistake in the command, "
    "130 interrupted (Ctrl-C).",
)


def _show_version(value: bool) -> None:
    if value:
        console.print(f"meeple {meeple.__version__}", highlight=False)
        raise typer.Exit()


@app.callback()
def main(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="print the version and exit"
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            help="the language people read: en, fr or ja (default: MEEPLE_LANG, then the "
            "locale's, then English)"
        ),
    ] = None,
) -> None:
    """meeple: tabletop games in the terminal, with bots and simulation."""
    try:
        i18n.use(lang or i18n.language_from(os.environ))
    except ValueError as error:
        fail(error, "--lang")


GameArg = Annotated[str, typer.Argument(help=game_argument_help(), autocompletion=game_names)]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help="number of players")]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="a game option, key=value (repeat)")
]
SeedOpt = Annotated[int | None, typer.Option(help="seed (random when omitted)")]


@app.command()
def play(
    game_name: GameArg = "phase10",
    players: PlayersOpt = None,
    seat: Annotated[int, typer.Option(help="your seat (0 plays first)")] = 0,
    bots: Annotated[
        str | None, typer.Option(help="bot specs for the other seats, comma-separated")
    ] = None,
    humans: Annotated[
        str | None, typer.Option(help="several people at this terminal: their seats, e.g. 0,2")
    ] = None,
    option: OptionOpt = None,
    seed: SeedOpt = None,
    record: Annotated[Path | None, typer.Option(help="save the match record here")] = None,
    hints: Annotated[
        bool, typer.Option(help="allow the 'hint' command (the expert bot's move)")
    ] = True,
    review: Annotated[
        bool,
        typer.Option(help="after the game, mark the moves the expert bot would have changed"),
    ] = False,
) -> None:
    """Play a game in the terminal against bots (levels: easy, medium, hard, expert)."""
    game = build_game(game_name, players, option or [])
    human_seats = _seat_list(humans) if humans else [seat]
    if any(not 0 <= s < game.players for s in human_seats):
        fail(t("errors.seats", last=game.players - 1))
    bot_specs = parse_bot_list(bots, game.players, default_bot(game.spec.name))
    if bots:  # the listed bots fill the non-human seats in order
        others = [s for s in range(game.players) if s not in human_seats]
        named = len(split_specs(bots))
        if named > len(others):  # (fewer are cycled)
            fail(t("errors.tooManyBots", n=named, seats=len(others)))
        listed = parse_bot_list(bots, len(others), "random")
        for other, spec in zip(others, listed, strict=True):
            bot_specs[other] = spec
    play_game(game, human_seats, bot_specs, _seed(seed), record, hints, review)


@app.command()
def simulate(
    game_name: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", help="how many games")] = 100,
    players: PlayersOpt = None,
    bots: Annotated[
        str, typer.Option(help="comma-separated bot specs, rotated over seats")
    ] = "random",
    option: OptionOpt = None,
    seed: Annotated[int, typer.Option(help="the run's seed: each game's derives from it")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="worker processes")] = 1,
    records: Annotated[Path | None, typer.Option(help="write every game's record here")] = None,
) -> None:
    """Play many bot games and print win rates with 95% intervals."""
    at_least_one(games=games, jobs=jobs)
    game = build_game(game_name, players, option or [])
    # The listed bots are the entrants, cycled to fill the seats; seats rotate every game.
    listed = split_specs(bots)
    specs = parse_bot_list(bots, max(game.players, len(listed)), "random")
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(game_title(game), total=games)
        try:
            report = run_simulation(
                game.spec.name,
                game.players,
                game.options,
                specs,
                games,
                seed,
                workers=jobs,
                records_dir=None if records is None else str(records),
                progress=lambda _summary: progress.advance(task),
            )
        except (InvalidOptionError, MatchTooLong) as error:
            fail(error)
        except KeyboardInterrupt:
            done = int(progress.tasks[0].completed)
            progress.stop()
            console.print(t("sim.interrupted", done=done, games=games))
            raise typer.Exit(code=130) from None
    unit = length_unit(game.spec.length_unit)
    title = game_title(game)
    table = Table(
        title=t("sim.title", title=title, players=game.players, games=report.games, seed=seed)
    )
    for column in ("bot", "games", "wins", "winRate", "interval", "meanScore"):
        table.add_column(t(f"sim.{column}"), justify="left" if column == "bot" else "right")
    for entrant in report.entrants:
        low, high = entrant.interval
        table.add_row(
            entrant.label,
            str(entrant.games),
            f"{entrant.wins:g}",
            f"{entrant.win_rate:.1%}",
            f"{low:.1%} – {high:.1%}",
            f"{entrant.score.mean:.1f}",
        )
    console.print(table)
    mean, steps = f"{report.length.mean:.1f}", f"{report.steps.mean:.0f}"
    console.print(t("sim.length", mean=mean, unit=unit, steps=steps))


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="a match record (.jsonl)")],
    seat: Annotated[int | None, typer.Option(help="show what this seat saw (default: all)")] = None,
    step: Annotated[
        bool, typer.Option("--step/--no-step", help="wait for Enter between moves")
    ] = sys.stdin.isatty(),
) -> None:
    """Step through a saved match record."""
    game, record = _load_record(file, seat)
    render = renderer(game)
    seats = i18n.join_names([bot_name(spec) for spec in record.seats])
    console.print(t("replay.title", title=game_title(game), players=record.players, seats=seats))
    teller = Teller(game, seat, console.print, round_renderer(game))
    previous: object = None
    try:
        for state, recorded in replay(game, record):
            if recorded is not None and recorded.seat == CHANCE:
                teller.step(previous, None, state, told=False)
            if recorded is not None and recorded.seat != CHANCE:
                action = game.decode_action(recorded.data)
                visible = game.action_visibility(previous, action)
                told = seat is None or visible is None or seat in visible
                if told:
                    teller.runs.flush()
                    move = game.format_action(previous, action)
                    line = t("play.move", name=t("seat.n", n=recorded.seat), move=move)
                    console.print(Text(line[0].upper() + line[1:], style="cyan"))
                teller.step(previous, action, state, told)
                if step and recorded.seat == (seat if seat is not None else recorded.seat):
                    console.print(render(game, game.view(state, seat)))
                    if console.input(Text(t("replay.next") + " ", style="dim")).strip() == "q":
                        return
            previous = state
    except RecordError as error:
        fail(error, str(file))
    console.print(render(game, game.view(previous, seat)))
    if game.is_terminal(previous):
        teller.finish(previous)


def _load_record(file: Path, seat: int | None) -> tuple[AnyGame, MatchRecord]:
    """The game and the record saved in ``file`` (a mistake ends the command)."""
    try:
        lines = file.read_text(encoding="utf-8").splitlines()
        header = parse_record(lines)
        cls = game_class(header.game)
        record = parse_record(lines, expected_version=cls.spec.version)
        game = cls(record.players, record.options)
    except (OSError, RecordError, InvalidOptionError) as error:
        fail(error, str(file))
    if seat is not None and not 0 <= seat < game.players:
        fail(t("errors.seats", last=game.players - 1), f"--seat {seat}")
    return game, record


@app.command()
def review(
    file: Annotated[Path, typer.Argument(help="a match record (.jsonl)")],
    seat: Annotated[int | None, typer.Option(help="review this seat (default: every seat)")] = None,
    level: Annotated[
        str, typer.Option(help="the bot that judges (a level or any bot spec)")
    ] = REVIEW_LEVEL,
    limit: Annotated[int, typer.Option(help="decisions judged at most")] = DEFAULT_LIMIT,
    seed: Annotated[int, typer.Option(help="the judging bots' seed")] = 0,
) -> None:
    """Mark the moves where the expert bot, from that seat's view, would have played
    otherwise, and by how much its estimate of the seat's chances differs."""
    at_least_one(limit=limit)
    game, record = _load_record(file, seat)
    try:
        show_review(game, record, seat, level, seed, limit)
    except (RecordError, InvalidOptionError) as error:
        fail(error, str(file))


@app.command()
def rules(game_name: GameArg) -> None:
    """Print a game's rules summary and every option with its default."""
    try:
        spec = game_class(game_name).spec
    except InvalidOptionError as error:
        fail(error)
    words = _rule_words(spec)
    console.print(
        Text(t("rules.title", title=words("title", spec.title), version=spec.version), style="bold")
    )
    console.print()
    console.print(prose(words("summary", spec.summary)))
    table = Table(title=t("rules.options"))
    for column in ("option", "default", "allowed", "meaning"):
        table.add_column(t(f"rules.{column}"), overflow="fold")
    for option in spec.options:
        default = json.dumps(option.default)
        if len(default) > 40:
            default = default[:37] + "..."
        meaning = words(f"options.{option.name}.doc", option.doc)
        for value, said in option.choices_in_words():
            meaning += (
                f"\n  {json.dumps(value)}: {words(f'options.{option.name}.choices.{value}', said)}"
            )
        if option.advanced:
            meaning += "\n  " + t("rules.advanced")
        table.add_row(option.name, default, _allowed(option), Text(meaning))
    console.print(table)
    counts = ", ".join(map(str, spec.player_counts))
    console.print(t("rules.players", counts=counts, games=games_help()), highlight=False)


def _rule_words(spec: GameSpec) -> Callable[[str, str], str]:
    """A game's words in the current language: its catalogue entry, else the spec's own
    English (a game the catalogues lack)."""

    def said(key: str, english: str) -> str:
        full = f"games.{spec.name}.{key}"
        return t(full) if i18n.has(full) else english

    return said


def _allowed(option: OptionSpec) -> str:
    """The values an option takes, in words."""
    if option.choices is not None:
        return t("rules.oneOf", values=", ".join(json.dumps(c) for c in option.choices))
    if isinstance(option.default, bool):
        return t("rules.bool")
    if isinstance(option.default, int):
        bounds = []
        if option.minimum is not None:
            bounds.append(t("rules.atLeast", n=option.minimum))
        if option.maximum is not None:
            bounds.append(t("rules.atMost", n=option.maximum))
        return " ".join([t("rules.integer"), ", ".join(bounds)]).strip()
    return t("rules.json")


@app.command("playthrough")
def playthrough_command(
    game_name: Annotated[
        str | None, typer.Argument(help=game_argument_help(), autocompletion=game_names)
    ] = None,
    players: PlayersOpt = None,
    option: OptionOpt = None,
    seed: Annotated[int, typer.Option(help="the match's seed")] = 0,
    bots: Annotated[str, typer.Option(help="bot specs, cycled over the seats")] = "random",
    update: Annotated[
        list[Path] | None,
        typer.Option(help="rewrite this playthrough file from its own header (repeat)"),
    ] = None,
) -> None:
    """Print a seeded match step by step (actor, legal count, action, view digests,
    returns) in the one playthrough format; --update rewrites golden files."""
    try:
        if update:
            for path in update:
                lines = path.read_text(encoding="utf-8").splitlines()
                path.write_text("\n".join(regenerate(lines)) + "\n", encoding="utf-8")
                console.print(f"{path}: written", highlight=False)
            return
        if game_name is None:
            fail(t("errors.nameAGame"))
        lines = generate(game_name, players, parse_options(option or []), split_specs(bots), seed)
    except (OSError, RecordError, InvalidOptionError, MatchTooLong) as error:
        fail(error)
    sys.stdout.write("\n".join(lines) + "\n")


app.command("serve")(serve)
app.command("botworker")(botworker)


def _seat_list(text: str) -> list[int]:
    """``--humans 0,2`` as seats; a clean exit for anything else."""
    try:
        seats = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        fail(t("errors.humansList"), f"--humans {text}")
    if not seats or len(set(seats)) != len(seats):
        fail(t("errors.humansTwice"), f"--humans {text}")
    return seats


def _seed(seed: int | None) -> int:
    return random.SystemRandom().randrange(2**31) if seed is None else seed


from meeple.cli.tournament import tournament  # noqa: E402

app.command("tournament")(tournament)


if __name__ == "__main__":
    app()
