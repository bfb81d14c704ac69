"""The end of a turn and of a round: last turns, scoring, the end of the game."""

from typing import TYPE_CHECKING

from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.games.toquer.layout import DOWN, EMPTY, UP
from meeple.games.toquer.state import NOT_ASKED, Phase, RoundSummary, ToquerState, evolve

if TYPE_CHECKING:
    from meeple.games.toquer.rules import ToquerGame


def start_turn(game: "ToquerGame", state: ToquerState, seat: int) -> ToquerState:
    """``seat`` begins a turn, or skips it when none of their 15 slots holds a card."""
    if game.frame_cards(state.faces, seat) == 0:  # default (corner case): nothing to play
        state = evolve(state, active=seat)
        return end_turn(game, state, state.cards, state.faces, state.discard)
    return evolve(state, phase=Phase.DRAW, actor=seat, active=seat)


def end_turn(
    game: "ToquerGame",
    state: ToquerState,
    cards: tuple[int, ...],
    faces: str,
    discard: tuple[int, ...],
) -> ToquerState:
    """End the active seat's turn (the cards in play already placed or discarded): see
    whether the round ends, then pass the turn on. The state is built once."""
    n, active = game.players, state.active
    ender, last_turns = state.ender, state.last_turns
    if ender >= 0:
        last_turns = tuple(s for s in last_turns if s != active)
    else:
        g = game.geometry
        for k in range(n):  # the active seat first, then in turn order
            seat = (active + k) % n
            start, stop = g.own_range(seat)
            if DOWN not in faces[start:stop]:
                ender = seat
                order = ((active + j) % n for j in range(1, n + 1))
                last_turns = tuple(s for s in order if s != seat)
                break
    if ender >= 0:
        if not last_turns:
            over = evolve(state, cards=cards, faces=faces, discard=discard, ender=ender)
            return end_round(game, clean_turn(over, state.round_turns + 1, last_turns))
        following = last_turns[0]
    else:
        following = (active + 1) % n
    if game.frame_cards(faces, following) == 0:
        skipped = evolve(state, cards=cards, faces=faces, discard=discard, ender=ender)
        return start_turn(game, clean_turn(skipped, state.round_turns + 1, last_turns), following)
    return ToquerState(
        phase=Phase.DRAW,
        actor=following,
        round=state.round,
        dealer=state.dealer,
        active=following,
        cards=cards,
        faces=faces,
        stock=state.stock,
        discard=discard,
        drawn=None,
        from_stock=False,
        held=None,
        held_hidden=False,
        votes=NOT_ASKED * n,
        knocker=-1,
        taken_slot=-1,
        taken=None,
        setup_left=0,
        ender=ender,
        last_turns=last_turns,
        scores=state.scores,
        last_round=state.last_round,
        winners=(),
        round_turns=state.round_turns + 1,
        round_points=state.round_points,
    )


def end_round(game: "ToquerGame", state: ToquerState) -> ToquerState:
    """Reveal everything and score the round (default, from Skyjo)."""
    g, n = game.geometry, game.players
    points = []
    for seat in range(n):
        start, stop = g.own_range(seat)
        points.append(sum(state.cards[s] for s in range(start, stop) if state.faces[s] != EMPTY))
    ender = state.ender
    mine = points[ender]
    doubled = mine > 0 and any(points[s] <= mine for s in range(n) if s != ender)
    if doubled:
        points[ender] = 2 * mine
    scores = tuple(total + p for total, p in zip(state.scores, points, strict=True))
    faces = state.faces.replace(DOWN, UP)
    summary = RoundSummary(state.round, tuple(points), ender, doubled, state.cards, faces, scores)
    history = (*state.round_points, tuple(points))
    state = evolve(state, faces=faces, scores=scores, last_round=summary, round_points=history)
    if max(scores) >= game.config.end_score:
        best = min(scores)
        return game_over(state, tuple(s for s in range(n) if scores[s] == best))
    return evolve(
        state,
        phase=Phase.DEAL,
        actor=CHANCE,
        dealer=(state.dealer + 1) % n,  # seed: the starter deals the next round
    )


def cleared_seats(game: "ToquerGame", state: ToquerState) -> tuple[int, ...]:
    g = game.geometry
    found = []
    for seat in range(game.players):
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


def clean_turn(state: ToquerState, round_turns: int, last_turns: tuple[int, ...]) -> ToquerState:
    """``state`` with nothing left in play from the turn that ended."""
    return evolve(
        state,
        drawn=None,
        from_stock=False,
        held=None,
        held_hidden=False,
        votes=NOT_ASKED * len(state.scores),
        knocker=-1,
        taken_slot=-1,
        taken=None,
        last_turns=last_turns,
        round_turns=round_turns,
    )
