"""The end of a round and of the game: every card turned up and scored, the doubling of
the seat that ended the round, the winners (lowest total, or the race's first to clear)."""

from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.games.toquer.layout import DOWN, EMPTY, UP, Table
from meeple.games.toquer.state import Phase, RoundSummary, ToquerState, evolve


def end_round(table: Table, state: ToquerState) -> ToquerState:
    """Reveal everything and score the round (default, from Skyjo)."""
    g, n = table.geometry, table.config.players
    points = []
    for seat in range(n):
        start, stop = g.own_range(seat)
        points.append(sum(state.cards[s] for s in range(start, stop) if state.faces[s] != EMPTY))
    ender = state.ender
    assert ender is not None  # a round ends once a seat has ended it
    mine = points[ender]
    doubled = mine > 0 and any(points[s] <= mine for s in range(n) if s != ender)
    if doubled:
        points[ender] = 2 * mine
    scores = tuple(total + p for total, p in zip(state.scores, points, strict=True))
    faces = state.faces.replace(DOWN, UP)
    summary = RoundSummary(state.round, tuple(points), ender, doubled, state.cards, faces, scores)
    history = (*state.round_points, tuple(points))
    state = evolve(state, faces=faces, scores=scores, last_round=summary, round_points=history)
    if max(scores) >= table.config.end_score:
        best = min(scores)
        return game_over(state, tuple(s for s in range(n) if scores[s] == best))
    return evolve(
        state,
        phase=Phase.DEAL,
        actor=CHANCE,
        dealer=(state.dealer + 1) % n,  # seed: the starter deals the next round
    )


def cleared_seats(table: Table, state: ToquerState) -> tuple[int, ...]:
    g = table.geometry
    found = []
    for seat in range(table.config.players):
        start, stop = g.own_range(seat)
        if state.faces[start:stop].count(EMPTY) == g.own_count:
            found.append(seat)
    return tuple(found)


def game_over(state: ToquerState, winners: tuple[int, ...]) -> ToquerState:
    return evolve(
        state,
        phase=Phase.OVER,
        actor=TERMINAL,
        faces=state.faces.replace(DOWN, UP),
        winners=winners,
    )
