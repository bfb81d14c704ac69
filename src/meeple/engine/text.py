"""Reading typed notation: numbers as people type them.

``str.isdigit`` is true of characters ``int`` refuses (superscripts such as "²"), and
``int`` refuses more than 4,300 digits, so a notation that tests ``isdigit`` and then
calls ``int`` raises a ``ValueError`` on hostile text instead of saying what was wrong.
"""

MAX_DIGITS = 18  # more than any count, seat or cell a game has; an int64 still holds it


def number(text: str) -> int | None:
    """The whole number ``text`` writes in decimal digits (any script's, so the full-width
    digits a Japanese keyboard types count), or None when it writes none or is longer
    than ``MAX_DIGITS``."""
    if not text.isdecimal() or len(text) > MAX_DIGITS:
        return None
    return int(text)
