"""Moves in text: ``+1``, ``+2``, ``card``."""

from meeple.engine.errors import InvalidActionError
from support.toygame.actions import Add, PlayCard, RaceAction


def format_action(action: RaceAction) -> str:
    match action:
        case Add(amount):
            return f"+{amount}"
        case PlayCard():
            return "card"


def parse_action(text: str) -> RaceAction:
    word = text.strip().lower()
    if word == "card":
        return PlayCard()
    if word in ("+1", "+2", "1", "2"):
        return Add(int(word.lstrip("+")))
    raise InvalidActionError(f"{text!r}: type +1, +2 or card")
