"""The start and the end of a Phase 10 round: the state before a deal, scoring a
finished round, moving the players on, the end of the game and the tie-break.

Sources are tagged as in the README: seed (the Japanese rule text), official (Mattel's
sheet), default (our choice, an option).
"""

from meeple.games.phase10.cards import deck_counts, points
from meeple.games.phase10.config import Config
from meeple.games.phase10.state import Phase10State, RoundSummary, Stage, evolve


def initial_state(players: int) -> Phase10State:
    """Before the first deal: everyone at phase 1 with no points; the last seat deals
    first, so seat 0 plays first (default)."""
    return _round_start(
        1, players - 1, 0, (0,) * players, (0,) * players, (True,) * players, False, None, ()
    )


def _round_start(
    round_number: int,
    dealer: int,
    turn: int,
    phase_index: tuple[int, ...],
    scores: tuple[int, ...],
    active: tuple[bool, ...],
    tiebreak: bool,
    last_round: RoundSummary | None,
    round_points: tuple[tuple[int, ...], ...],
) -> Phase10State:
    """A round before its deal: the whole deck in the draw pile, nothing on the table."""
    n = len(active)
    return Phase10State(
        round=round_number,
        dealer=dealer,
        stage=Stage.DEAL,
        turn=turn,
        hands=((),) * n,
        known=((),) * n,
        draw_pile=deck_counts(),
        discard=(),
        table=(),
        building=(),
        phase_index=phase_index,
        laid=(False,) * n,
        scores=scores,
        skipped=(False,) * n,
        immune=(False,) * n,
        active=active,
        tiebreak=tiebreak,
        winners=(),
        last_round=last_round,
        round_points=round_points,
    )


def next_active(state: Phase10State, seat: int) -> int:
    """The next seat to the left of ``seat`` that plays this round."""
    players = len(state.active)
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if state.active[candidate]:
            return candidate
    raise AssertionError("no active seat")


def round_summary(state: Phase10State, went_out: int | None) -> RoundSummary:
    """The round's points (every card left in the hand of a seat that did not go out,
    seed), who moves on (whoever laid their phase) and the new totals."""
    n = len(state.active)
    round_points = tuple(
        0 if seat == went_out or not state.active[seat] else sum(map(points, state.hands[seat]))
        for seat in range(n)
    )
    scores = tuple(a + b for a, b in zip(state.scores, round_points, strict=True))
    advanced = tuple(state.laid[seat] and state.active[seat] for seat in range(n))
    return RoundSummary(state.round, went_out, round_points, advanced, state.hands, scores)


def end_round(config: Config, state: Phase10State, went_out: int | None) -> Phase10State:
    """Score the round; then the game ends, a tie-break starts or the next round is dealt."""
    summary = round_summary(state, went_out)
    scores = summary.totals
    over = evolve(
        state,
        stage=Stage.OVER,
        scores=scores,
        last_round=summary,
        round_points=(*state.round_points, summary.points),
    )
    last = len(config.phases)
    if state.tiebreak:
        if went_out is not None:  # option first_out: the first tied player to go out wins
            return evolve(over, winners=(went_out,))
        phase_index = state.phase_index
    else:
        phase_index = tuple(
            min(last, index + 1) if summary.advanced[seat] else index
            for seat, index in enumerate(state.phase_index)
        )
    players = range(len(state.active))
    finished = [seat for seat in players if phase_index[seat] >= last and state.active[seat]]
    active, tiebreak = state.active, state.tiebreak
    if finished:
        best = min(scores[seat] for seat in finished)
        leaders = tuple(seat for seat in finished if scores[seat] == best)
        if len(leaders) == 1:
            return evolve(over, phase_index=phase_index, winners=leaders)
        # Still tied: only the tied players play the last phase again (seed).
        active = tuple(seat in leaders for seat in players)
        tiebreak = True
    return _next_round(over, phase_index, active, tiebreak)


def _next_round(
    over: Phase10State, phase_index: tuple[int, ...], active: tuple[bool, ...], tiebreak: bool
) -> Phase10State:
    """The next round before its deal, dealt by the next seat to play (left of the last)."""
    base = evolve(over, active=active)
    dealer = next_active(base, over.dealer)
    turn = next_active(base, dealer)
    return _round_start(
        over.round + 1,
        dealer,
        turn,
        phase_index,
        over.scores,
        active,
        tiebreak,
        over.last_round,
        over.round_points,
    )
