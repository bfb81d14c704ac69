"""Positions the browser tests start from, built with the engine (derived, not hoped for).

Each function returns the game's first steps as record lines, for ``start_steps`` of a
table on a server started with ``--test-positions``; it checks the position it promises.
"""

from collections.abc import Callable

from meeple.engine.codec import JSON
from meeple.engine.protocol import CHANCE
from meeple.games.toc import TocGame
from meeple.games.toc.actions import Deal, Discard, Draw, Enter, Move, TocAction
from meeple.games.toc.cards import ACE, KING, SEVEN

RING = 72  # 4 seats of 18 cells (default options)


def chance_step(game, state, lines: list[dict[str, JSON]], outcome):  # type: ignore[no-untyped-def]
    """``state`` after the chance ``outcome``, recorded in ``lines``."""
    lines.append({"chance": game.encode_outcome(outcome)})
    return game.apply_chance(state, outcome)


def toc_split_seven_steps() -> list[dict[str, JSON]]:
    """Toc, 4 players: seat 0 to play with two pawns on the ring and a 7 in hand.

    Seat 0 is dealt A, 2, 3, 7, K; the others only cards that cannot bring a pawn out, so
    they discard. Seat 0 enters with the Ace, moves it 2, enters with the King; every
    draw is an 8, 9, 10 or Queen, so no one else ever has a pawn out.
    """
    game = TocGame(4, {})
    state = game.initial_state()
    lines: list[dict[str, JSON]] = []
    deal = Deal(((ACE, 2, 3, SEVEN, KING), (2, 3, 4, 5, 6), (2, 3, 4, 5, 6), (4, 5, 6, 8, 9)))
    draws = iter([8, 9, 10, 12] * 4)
    seat_0_plan: list[Callable[[TocAction], bool]] = [
        lambda a: isinstance(a, Enter) and a.card == ACE,
        lambda a: isinstance(a, Move) and a.card == 2,
        lambda a: isinstance(a, Enter) and a.card == KING,
    ]
    while seat_0_plan or game.current_player(state) != 0:
        seat = game.current_player(state)
        if seat == CHANCE:
            outcome = deal if state.deals == 0 else Draw(next(draws))
            lines.append({"chance": game.encode_outcome(outcome)})
            state = game.apply_chance(state, outcome)
            continue
        if seat == 0:
            wanted = seat_0_plan.pop(0)
            action = next(a for a in game.legal_actions(state) if wanted(a))
        else:
            action = Discard(state.hands[seat][0])
            assert action in game.legal_actions(state), "a bot seat could do more than discard"
        lines.append({"seat": seat, "action": game.encode_action(action)})
        state = game.apply_action(state, action)
    on_ring = [p for p in range(4) if 0 <= state.positions[p] < RING]
    assert len(on_ring) == 2 and SEVEN in state.hands[0]
    assert any(  # a part of the 7: fewer than 7 cells for one pawn
        isinstance(a, Move)
        and a.card == SEVEN
        and 0 < (a.dest - state.positions[a.pawn]) % RING < 7
        for a in game.legal_actions(state)
    )
    assert all(position < 0 for position in state.positions[4:]), "another seat has a pawn out"
    return lines


def last_move_steps(
    game_name: str = "cmyk", players: int = 2, last_seat: int = 0
) -> list[dict[str, JSON]]:
    """A seeded random game of ``game_name`` but its last move: ``last_seat`` is to act
    and every move it has ends the game (a rated game that ends at once)."""
    import random

    from meeple.engine.protocol import TERMINAL
    from meeple.engine.registry import load_game

    game = load_game(game_name, players)
    for seed in range(200):
        rng = random.Random(seed)
        state = game.initial_state()
        lines: list[dict[str, JSON]] = []
        while True:
            seat = game.current_player(state)
            if seat == CHANCE:
                state = chance_step(game, state, lines, game.sample_chance(state, rng))
                continue
            legal = game.legal_actions(state)
            ends = all(game.current_player(game.apply_action(state, a)) == TERMINAL for a in legal)
            if ends and seat == last_seat:
                return lines
            if ends:
                break
            action = rng.choice(legal)
            lines.append({"seat": seat, "action": game.encode_action(action)})
            state = game.apply_action(state, action)
    raise AssertionError(f"no seed in 200 ends {game_name} with seat {last_seat} to move")


def toc_only_discards_steps() -> list[dict[str, JSON]]:
    """Toc, 4 players: seat 0 to play first, every pawn in reserve and no card that
    brings one out (2, 3, 4, 5, 6): discarding is all seat 0 may do."""
    game = TocGame(4, {})
    state = game.initial_state()
    deal = Deal(((2, 3, 4, 5, 6), (2, 3, 4, 5, 6), (2, 3, 4, 5, 6), (2, 8, 9, 10, 12)))
    state = game.apply_chance(state, deal)
    assert game.current_player(state) == 0
    assert all(isinstance(action, Discard) for action in game.legal_actions(state))
    return [{"chance": game.encode_outcome(deal)}]


def toc_turned_over_talon_steps() -> tuple[list[dict[str, JSON]], int]:
    """Toc, 4 players, option reshuffle off: played until the played cards have been
    turned over as the new draw pile (its order known, its shuffled part empty) and seat 0
    is to play. Every seat plays its first legal move; each draw is the first possible
    card. Returns the steps and how many cards that draw pile holds."""
    game = TocGame(4, {"reshuffle": False})
    state = game.initial_state()
    lines: list[dict[str, JSON]] = []
    deal = Deal(((2, 3, 4, 5, 6), (2, 3, 4, 5, 6), (2, 3, 4, 5, 6), (7, 8, 9, 10, 12)))
    for _ in range(2_000):
        seat = game.current_player(state)
        if seat == CHANCE:
            outcomes = game.chance_outcomes(state)
            state = chance_step(game, state, lines, deal if outcomes is None else outcomes[0][0])
            continue
        if state.talon_order and seat == 0:
            break
        assert not game.is_terminal(state), "the game ended before the talon was turned over"
        action = game.legal_actions(state)[0]
        lines.append({"seat": seat, "action": game.encode_action(action)})
        state = game.apply_action(state, action)
    view = game.view(state, 0)
    assert view.talon_size == 0 and len(view.talon_order) > 0, "not a turned-over talon"
    return lines, len(view.talon_order)


def phase10_empty_draw_pile_steps() -> tuple[list[dict[str, JSON]], int]:
    """Phase 10, 2 players: drawn and discarded (never laid) until the draw pile is empty
    and seat 0 is to draw; the discards wait to be shuffled in. Returns the steps and
    how many discards lie under the top."""
    import random

    from meeple.games.phase10.actions import Discard as Phase10Discard
    from meeple.games.phase10.actions import DrawStock
    from meeple.games.phase10.rules import Phase10Game
    from meeple.games.phase10.state import Stage

    game = Phase10Game(2, {})
    rng = random.Random(7)
    state = game.initial_state()
    lines: list[dict[str, JSON]] = []
    for _ in range(1_000):
        seat = game.current_player(state)
        if seat == CHANCE:
            state = chance_step(game, state, lines, game.sample_chance(state, rng))
            continue
        if seat == 0 and state.stage == Stage.DRAW and not any(state.draw_pile):
            break
        legal = game.legal_actions(state)
        draws = [a for a in legal if isinstance(a, DrawStock)]
        action = draws[0] if draws else next(a for a in legal if isinstance(a, Phase10Discard))
        lines.append({"seat": seat, "action": game.encode_action(action)})
        state = game.apply_action(state, action)
    assert not any(state.draw_pile) and len(state.discard) > 1, "the draw pile is not empty"
    assert game.current_player(state) == 0 and state.round == 1
    return lines, len(state.discard) - 1


def seeded_steps(
    name: str,
    players: int,
    options: dict[str, JSON],
    stop: Callable[[object, object], bool],
    seed: int = 0,
) -> list[dict[str, JSON]]:
    """The first steps of a game of seeded heuristic bots (the same every time), up to
    the first state where ``stop(game, state)`` holds; it must come before the end."""
    import random

    from meeple.bots.registry import make_bot
    from meeple.engine.protocol import TERMINAL
    from meeple.engine.registry import game_class

    game = game_class(name)(players, options)
    bots = [make_bot("heuristic", game, s, random.Random(seed * 31 + s)) for s in range(players)]
    chance = random.Random(seed)
    state = game.initial_state()
    lines: list[dict[str, JSON]] = []
    while not stop(game, state):
        seat = game.current_player(state)
        assert seat != TERMINAL, f"{name} seed {seed}: the game ended before the position"
        if seat == CHANCE:
            outcome = game.sample_chance(state, chance)
            lines.append({"chance": game.encode_outcome(outcome)})
            state = game.apply_chance(state, outcome)
        else:
            action = bots[seat].choose(game.view(state, seat), game.legal_actions(state))
            lines.append({"seat": seat, "action": game.encode_action(action)})
            state = game.apply_action(state, action)
    return lines


def to_the_end(game: object, state: object) -> bool:
    """``stop`` for :func:`seeded_steps`: the game is over."""
    return game.is_terminal(state)  # type: ignore[attr-defined, no-any-return]


def next_round_at_seat_0(game: object, state: object) -> bool:
    """``stop``: a round is over (its summary is in the view) and seat 0 is to act."""
    summary = getattr(state, "last_round", None)
    return summary is not None and game.current_player(state) == 0  # type: ignore[attr-defined]


def toc_captured_steps(options: dict[str, JSON]) -> list[dict[str, JSON]]:
    """Toc, 2 players: a seeded random game up to the step where seat 1 captures a pawn
    of seat 0's (sent back to its reserve), found by the game's own announcements."""
    import random

    game = TocGame(2, options)
    for seed in range(300):
        rng = random.Random(seed)
        state = game.initial_state()
        lines: list[dict[str, JSON]] = []
        while not game.is_terminal(state):
            seat = game.current_player(state)
            if seat == CHANCE:
                state = chance_step(game, state, lines, game.sample_chance(state, rng))
                continue
            action = rng.choice(game.legal_actions(state))
            lines.append({"seat": seat, "action": game.encode_action(action)})
            before, state = state, game.apply_action(state, action)
            notes = game.announcements(before, action, state)
            if seat == 1 and any(n.kind == "captured" and n.seat == 0 for n in notes):
                return lines
    raise AssertionError("no seed in 300 has seat 1 capture a pawn of seat 0")
