"""``meeple play``: a person against bots (or several people at one terminal)."""

from collections.abc import Sequence
from pathlib import Path

import typer
from rich.rule import Rule
from rich.text import Text

from meeple.bots.base import Bot
from meeple.bots.hints import hint
from meeple.bots.levels import HINT_LEVEL
from meeple.cli.common import (
    Listed,
    Renderer,
    bot_name,
    console,
    fail,
    game_title,
    length_unit,
    mistake_words,
    prose,
    renderer,
    round_renderer,
)
from meeple.cli.explain import Teller
from meeple.cli.i18n import current, join_names, t, words
from meeple.cli.review import show_review
from meeple.engine import rng as rng_streams
from meeple.engine.errors import IllegalActionError, InvalidActionError, InvalidOptionError
from meeple.engine.protocol import CHANCE, TERMINAL, AnyGame
from meeple.engine.record import MatchRecord, Step, new_record
from meeple.engine.text import typed
from meeple.sim.match import make_bots


def _help() -> str:
    names = {name: words(f"commands.{name}")[0] for name in ("moves", "hint", "help", "quit")}
    return t("play.help", **names)


def _seat_name(seat: int, humans: Sequence[int]) -> str:
    return t("seat.you") if len(humans) == 1 and seat in humans else t("seat.n", n=seat)


class Abandoned(Exception):
    """A person typed quit, or the input ended, before the game was over."""


def play_game(
    game: AnyGame,
    humans: Sequence[int],
    bot_specs: Sequence[str],
    seed: int,
    record_path: Path | None = None,
    hints: bool = True,
    review: bool = False,
) -> object:
    """Run a game in the terminal; human seats type moves, the others are bots. With
    ``review``, a finished game's human seats are then reviewed (``meeple review``).

    Every way out saves the record (``record_path``): the end of the game, ``quit``, the
    end of the input (then exit code 1: abandoned) and Ctrl-C (exit code 130).
    """
    specs = ["human" if seat in humans else bot_specs[seat] for seat in range(game.players)]
    try:
        bots: list[Bot | None] = [
            None if seat in humans else bot
            for seat, bot in enumerate(
                make_bots(game, [s if s != "human" else "random" for s in specs], seed)
            )
        ]
    except InvalidOptionError as error:
        fail(error)
    record = new_record(game, specs, seed)
    console.print(Rule(t("play.title", title=game_title(game), players=game.players, seed=seed)))
    try:
        final = _play(game, humans, bots, specs, seed, record, hints)
        if review:
            for seat in humans:
                show_review(game, record, seat, seed=seed)
        return final
    except Abandoned:
        console.print(t("play.abandoned"))
        raise typer.Exit(code=1) from None
    except KeyboardInterrupt:
        console.print("\n" + t("play.interrupted"))
        raise typer.Exit(code=130) from None
    finally:
        if record_path is not None:
            record_path.write_text("\n".join(record.to_lines()) + "\n", encoding="utf-8")
            console.print(t("play.saved", path=record_path))


def _play(
    game: AnyGame,
    humans: Sequence[int],
    bots: Sequence[Bot | None],
    specs: Sequence[str],
    seed: int,
    record: MatchRecord,
    hints: bool,
) -> object:
    """The game loop; Abandoned when a person quits."""
    render = renderer(game)
    chance_rng = rng_streams.stream(seed, "chance")
    state = game.initial_state()
    watcher = humans[0] if len(humans) == 1 else None
    screen = HotSeat(humans)
    teller = Teller(game, watcher, console.print, round_renderer(game))
    while (actor := game.current_player(state)) != TERMINAL:
        if actor == CHANCE:
            outcome = game.sample_chance(state, chance_rng)
            record.steps.append(Step(CHANCE, game.encode_outcome(outcome)))
            before, state = state, game.apply_chance(state, outcome)
            teller.step(before, None, state, told=False)
            continue
        bot = bots[actor]
        if bot is None:
            screen.hand_over(actor)
            teller.runs.flush()
            before = state
            state, actions = _human_turn(game, state, actor, humans, render, record, hints)
            for action in actions:
                after = game.apply_action(before, action)
                teller.step(before, action, after, told=True)
                before = after
            continue
        screen.hide()
        action = bot.choose(game.view(state, actor), game.legal_actions(state))
        visible = game.action_visibility(state, action)
        told = visible is None or (watcher is not None and watcher in visible)
        if told:
            teller.runs.flush()
            move = game.format_action(state, action)
            line = t(
                "play.botMove", name=t("seat.n", n=actor), bot=bot_name(specs[actor]), move=move
            )
            console.print(Text(line[0].upper() + line[1:], style="cyan"))
        record.steps.append(Step(actor, game.encode_action(action)))
        before, state = state, game.apply_action(state, action)
        teller.step(before, action, state, told)
    screen.hide()
    result = game.result(state)
    console.print(render(game, game.view(state, watcher)))
    teller.finish(state)
    names = join_names([_seat_name(w, humans) for w in result.winners])
    unit = length_unit(game.spec.length_unit, result.length)
    console.print(Rule(t("play.gameOver", n=result.length, unit=unit, names=names)))
    record.finished = True
    record.returns = game.returns(state)
    return state


class HotSeat:
    """Several people at one terminal: a hand stays on screen only while its owner plays.

    When another seat is to act the screen is cleared; the next person's hand is shown
    only after "pass to <name>, press Enter" has been answered.
    """

    def __init__(self, humans: Sequence[int]) -> None:
        self.shared = len(humans) > 1
        self.shown: int | None = None  # the seat whose hand is on the screen

    def hide(self) -> None:
        if self.shared and self.shown is not None:
            _wipe()
            console.print(t("play.hidden", name=t("seat.n", n=self.shown)))
            self.shown = None

    def hand_over(self, seat: int) -> None:
        if not self.shared or self.shown == seat:
            return
        self.hide()
        try:
            console.input(Text(t("play.passTo", name=t("seat.label", n=seat)) + " ", style="bold"))
        except EOFError:
            console.print()  # (the prompt's line is left open)
            raise Abandoned from None
        _wipe()
        self.shown = seat


def _wipe() -> None:
    """Clear the screen and, in a terminal, its scrollback too: the hand that was on it
    must not be a scroll away for the next person at the keyboard."""
    console.clear()
    if console.is_terminal:
        console.file.write("\x1b[3J")
        console.file.flush()


def _human_turn(
    game: AnyGame,
    state: object,
    actor: int,
    humans: Sequence[int],
    render: Renderer,
    record: MatchRecord,
    hints: bool = True,
) -> tuple[object, list[object]]:
    """Read moves until one (or a ';' sequence) is legal: the state after them and the
    actions; Abandoned when the person quits."""
    view = game.view(state, actor)
    console.print(Rule(t("play.toPlay", name=_seat_name(actor, humans))))
    console.print(render(game, view))
    legal = game.legal_actions(state)
    moves = [game.format_action(state, a) for a in legal]
    console.print(Listed(Text(t("play.moves"), style="bold"), moves))
    while True:
        try:
            line = typed(console.input("[bold]> [/]"))
        except EOFError:
            console.print()  # (the prompt's line is left open)
            raise Abandoned from None
        if line in words("commands.quit"):
            raise Abandoned
        if line in words("commands.help"):
            console.print(prose(_help()))
            continue
        if line in words("commands.hint"):
            _show_hint(game, state, actor, record, hints)
            continue
        if line in ("", *words("commands.moves")):
            console.print(Listed(Text(), [game.format_action(state, a) for a in legal]))
            continue
        try:
            actions = game.parse_moves(state, line)  # a whole turn may be typed on one line
        except (InvalidActionError, IllegalActionError) as error:
            said = Text(_mistake(game, error, error.part or line), style="red")
            said.append(" " + t("play.notPlayed", moves=words("commands.moves")[0]))
            console.print(prose(said))  # (Japanese breaks as Japanese does, a typed move whole)
            continue
        for action in actions:
            record.steps.append(Step(actor, game.encode_action(action)))
            state = game.apply_action(state, action)
        return state, actions


def _show_hint(
    game: AnyGame, state: object, actor: int, record: MatchRecord, allowed: bool
) -> None:
    """The expert bot's move for this seat, from its own view; seeded by the game's seed
    and the move number, so the same position in the same game gives the same hint."""
    if not allowed:
        console.print(t("play.hintsOff"))
        return
    with console.status(t("play.thinking")):
        action = hint(
            game, state, actor, rng_streams.stream(record.seed or 0, "hint", len(record.steps))
        )
    level = bot_name(HINT_LEVEL)
    console.print(t("play.hint", level=level, move=game.format_action(state, action)))


def _mistake(game: AnyGame, error: Exception, move: str) -> str:
    """What was wrong with the typed ``move``, in the reader's language: why an illegal
    move is not allowed, or what the notation could not read, from the reason the game gave.
    A mistake without one the engine explains in English; in another language the
    terminal says which kind of mistake it was, as the browser does."""
    if isinstance(error, (IllegalActionError, InvalidActionError)):
        why = mistake_words(game, error)
        if why is not None:
            return t("play.whyNot", move=repr(move), why=why)
    if current() == "en":
        return str(error)
    kind = "malformed" if isinstance(error, InvalidActionError) else "illegal"
    return t(f"play.{kind}", move=repr(move))
