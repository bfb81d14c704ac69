"""Helpers shared by the commands: building games from options, renderers, errors."""

import json
from collections.abc import Callable, Sequence
from typing import NoReturn

import typer
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.pretty import Pretty
from rich.text import Text

from meeple.cli.i18n import current, has, t
from meeple.engine.errors import (
    ENGINE_REASONS,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
)
from meeple.engine.options import OptionValue, parse_option_text
from meeple.engine.protocol import AnyGame
from meeple.engine.registry import default_players, game_class, game_names, load_game, piece

console = Console()
Renderer = Callable[[AnyGame, object], RenderableType]


def parse_options(texts: Sequence[str]) -> dict[str, OptionValue]:
    options: dict[str, OptionValue] = {}
    for text in texts:
        key, value = parse_option_text(text)
        options[key] = value
    return options


def build_game(name: str, players: int | None, option_texts: Sequence[str]) -> AnyGame:
    """The configured game, or a clean exit with the engine's message."""
    try:
        return load_game(name, players, **parse_options(option_texts))
    except InvalidOptionError as error:
        fail(error)


def fail(problem: str | Exception, where: str = "") -> NoReturn:
    """End the command (exit code 2) with what was wrong, in the reader's language where
    the mistake is one the terminal knows (``say_error``); ``where`` leads the message
    (a file, an option)."""
    message = (f"{where}: " if where else "") + say_error(problem)
    lead, _, rest = t("errors.line", message="\0").partition("\0")
    console.print(Text.assemble((lead, "bold red"), message, rest))
    raise typer.Exit(code=2)


def say_error(problem: str | Exception) -> str:
    """An error in words: an option mistake the engine names (``InvalidOptionError.reason``)
    and a missing file in the current language, anything else as its own (English)
    message."""
    if isinstance(problem, FileNotFoundError):
        return t("errors.noFile")
    if not isinstance(problem, InvalidOptionError) or not problem.reason:
        return str(problem)
    key, details = f"errors.{problem.reason}", problem.details
    if problem.reason == "badOption" and not details["allowed"]:
        key, details = "errors.badStructured", {**details, "detail": str(problem)}
    return t(key, **details) if has(key) else str(problem)


def at_least_one(**counts: int) -> None:
    """A clean exit (code 2) when a count option such as ``--games`` is below 1."""
    for name, count in counts.items():
        if count < 1:
            fail(t("errors.atLeastOne", name=name, count=count))


def parse_bot_list(text: str | None, count: int, default: str) -> list[str]:
    """A comma-separated list of bot specs, cycled to ``count`` entries."""
    specs = split_specs(text) if text else [default]
    return [specs[i % len(specs)] for i in range(count)]


def split_specs(text: str) -> list[str]:
    """Split on commas that start a new spec (``ismcts:iterations=5,c=1.4`` stays whole)."""
    specs: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        elif part:
            specs.append(part)
    return specs


def renderer(game: AnyGame) -> Renderer:
    """The game's terminal renderer, or a generic one (the view's fields, plainly)."""
    module = piece(game.spec.name, "renderer")
    render: Renderer | None = getattr(module, "render_view", None)
    return generic_render if render is None else render


def mistake_words(game: AnyGame, error: IllegalActionError | InvalidActionError) -> str | None:
    """What was wrong with a move, said in the reader's language from the reason and
    facts the game gave (None: it gave none, or the catalogue has no words for it).

    An illegal move's reason has its words under ``illegal``; the game's renderer may word
    its facts (``illegal_facts(game, details)``: a card as typed, a colour by name),
    others are shown as they are. Typed text the notation cannot read has its words under
    ``notation``; its facts are what was typed, and lists (the moves, the columns) are
    joined as the language joins them."""
    reason = error.reason
    name = game.spec.name
    if isinstance(error, InvalidActionError):
        key = f"notation.{name}.{reason}"
        separator = t("illegal.listSeparator")
        facts = {
            fact: separator.join(map(str, value)) if isinstance(value, tuple) else value
            for fact, value in error.details.items()
        }
    else:
        key = f"illegal.{reason}" if reason in ENGINE_REASONS else f"illegal.{name}.{reason}"
        words = getattr(piece(name, "renderer"), "illegal_facts", None)
        facts = words(game, error.details) if callable(words) else dict(error.details)
    if not reason or not has(key):
        return None
    return t(key, **facts)


def generic_render(_game: AnyGame, view: object) -> RenderableType:
    """The view of a game with no renderer of its own: its fields as a tree."""
    return Pretty(view)


def round_renderer(game: AnyGame) -> Renderer | None:
    """The game's table of a finished round (round-based games), or None."""
    module = piece(game.spec.name, "renderer")
    render: Renderer | None = getattr(module, "render_round", None)
    return render


def default_bot(game_name: str) -> str:
    """The bot for seats nobody named: the game's heuristic bot, else the random bot."""
    return "heuristic" if piece(game_name, "heuristic_bot") is not None else "random"


# Japanese line breaking (kinsoku): no line starts with a closing mark, a small kana or
# the long vowel mark, and none ends with an opening bracket.
NO_LINE_START = frozenset(
    "、。，．・：；？！ー）」』】〕〉》”’)]}%…ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
)
NO_LINE_END = frozenset("（「『【〔〈《“‘([{")


def may_break(plain: str, index: int) -> bool:
    """Whether Japanese text may break into a new line at ``index``: not against the
    marks above, not before a space (after it instead), and not inside ASCII (a move as
    typed, "put W g2=6", or a number stays whole, its spaces too)."""
    before, after = plain[index - 1], plain[index]
    if after in NO_LINE_START or before in NO_LINE_END or after.isspace():
        return False
    if not (before.isascii() and after.isascii()):
        return True
    if not before.isspace():
        return False
    ahead = plain[index - 2] if index >= 2 else " "
    return ahead.isspace() or not ahead.isascii()


def fold_points(plain: str, width: int) -> list[int]:
    """Where to break ``plain`` into lines of at most ``width`` cells: at the last place
    each line may break (``may_break``), or where it is full when it has none."""
    breaks: list[int] = []
    start, used, last = 0, 0, 0
    for index, char in enumerate(plain):
        if index > start and may_break(plain, index):
            last = index
        size = cell_len(char)
        if used + size > width and index > start:
            cut = last if last > start else index
            breaks.append(cut)
            start, last = cut, 0
            used = cell_len(plain[cut:index])
            for later in range(cut + 1, index + 1):
                if may_break(plain, later):
                    last = later
        used += size
    return breaks


class Folded:
    """Text broken into lines as Japanese breaks them (``fold_points``): rich breaks lines
    only at spaces, and puts a long run without one on a line of its own."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.text.split(allow_blank=True):
            yield from line.divide(fold_points(line.plain, options.max_width))


class Listed:
    """A heading and items (moves as typed, "discard b2") on lines that break only between
    items, after their separator: rich breaks at any space, inside a move too."""

    def __init__(self, head: Text, items: Sequence[str], separator: str = ", ") -> None:
        self.head = head
        self.items = items
        self.separator = separator

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = self.head.copy()
        last = len(self.items) - 1
        for index, item in enumerate(self.items):
            piece = item if index == last else item + self.separator
            if line.plain.strip() and line.cell_len + cell_len(piece.rstrip()) > width:
                line.rstrip()
                yield line
                line = Text()
            line.append(piece)
        yield line


def prose(text: str | Text, style: str = "") -> RenderableType:
    """A sentence or a paragraph for the screen, broken into lines as its language
    breaks them."""
    said = Text(text, style=style) if isinstance(text, str) else text
    return Folded(said) if current() == "ja" else said


def about_seat(
    key: str, seat: int, viewer: int | None, name: str = "name", **params: object
) -> str:
    """The sentence ``key`` about ``seat``: its ``You`` form when the reader sits there
    (French conjugates: "vous avez fini", not "vous a fini"), else with the seat's name."""
    if seat == viewer and has(f"{key}You"):
        return t(f"{key}You", **params)
    return t(key, **{name: t("seat.n", n=seat)}, **params)


def bot_name(spec: str) -> str:
    """A level's or a bot's name in words (a person's seat: ``human``); any other spec
    as it was typed."""
    if spec == "human":
        return t("seat.person")
    for key in (f"levels.{spec}", f"bots.{spec}"):
        if has(key):
            return t(key)
    return spec


def game_title(game: AnyGame) -> str:
    """A game's title in the current language (its spec's for a game the catalogues
    lack)."""
    return title_of(game.spec.name, game.spec.title)


def title_of(name: str, title: str) -> str:
    """The title of the game ``name`` in the current language, else ``title``."""
    key = f"games.{name}.title"
    return t(key) if has(key) else title


def length_unit(unit: str, count: int = 2) -> str:
    """A game's unit of length ("rounds", "turns") in words, for ``count`` of them."""
    key = f"units.{unit}" + ("One" if count == 1 else "")
    return t(key) if has(key) else unit


def games_help() -> str:
    """The registered games' names, for help texts and messages."""
    return ", ".join(game_names())


def games_titles() -> str:
    """The registered games' titles in words: "A, B and C"."""
    titles = [game_class(name).spec.title for name in game_names()]
    return " and ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 1 else titles)


def game_argument_help() -> str:
    return f"the game: {games_help()}"


def players_or_default(name: str, players: int | None) -> int:
    try:
        return default_players(name) if players is None else players
    except InvalidOptionError as error:
        fail(error)


def dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)
