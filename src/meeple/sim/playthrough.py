"""Making playthroughs: a seeded match between bots, written in the engine's format.

``generate`` plays the match (``sim.match.play_match``: every stream from the seed) and
writes it; ``regenerate`` does it again from a playthrough's own header, which is how
the golden files are checked (tests/test_playthroughs.py) and rewritten
(``meeple playthrough --update FILE``, ``make playthroughs``).
"""

from collections.abc import Iterable, Mapping, Sequence

from meeple.engine.options import OptionValue
from meeple.engine.playthrough import Header, parse_header, playthrough_lines
from meeple.engine.registry import load_game
from meeple.sim.match import play_match


def generate(
    name: str,
    players: int | None,
    options: Mapping[str, OptionValue],
    bots: Sequence[str],
    seed: int,
) -> list[str]:
    """The playthrough of one seeded match; ``bots`` are cycled over the seats."""
    game = load_game(name, players, **options)
    seats = tuple(bots[seat % len(bots)] for seat in range(game.players))
    outcome = play_match(game, seats, seed)
    assert outcome.record is not None
    header = Header(name, game.spec.version, game.players, dict(options), seats, seed)
    return list(playthrough_lines(game, outcome.record, header))


def regenerate(lines: Iterable[str]) -> list[str]:
    """The playthrough made afresh from the header of ``lines`` (with today's rules)."""
    header = parse_header(lines)
    return generate(header.game, header.players, header.options, header.seats, header.seed)
