"""Reading typed notation as people type it.

- ``typed(text)``: the text in Unicode's compatibility form (NFKC). A Japanese keyboard
  in full-width mode types "Ｃ３０＋Ｍ＊" or "ｄｒａｗ"; the notation reads them as
  "C30+M*" and "draw", as a person means them.
- ``number(text)``: a whole number. ``str.isdigit`` is true of characters ``int``
  refuses (Ethiopic "፩", superscripts), and ``int`` refuses more than 4,300 digits, so
  a notation that tests ``isdigit`` and then calls ``int`` raises a ``ValueError`` on
  such text instead of saying what was wrong.
"""

import unicodedata


def typed(text: str) -> str:
    """``text`` in NFKC form, without the spaces around it: full-width letters, digits
    and signs as their usual forms, an ideographic space as a space."""
    return unicodedata.normalize("NFKC", text).strip()


MAX_DIGITS = 18  # more than any count, seat or cell a game has; an int64 still holds it


def number(text: str) -> int | None:
    """The whole number ``text`` writes in decimal digits (of any script), or None when it
    writes none or is longer than ``MAX_DIGITS``."""
    if not text.isdecimal() or len(text) > MAX_DIGITS:
        return None
    return int(text)
