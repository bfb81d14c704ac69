"""Builders of hand-made CMYK states for rule tests."""

from collections import Counter

from meeple.games.cmyk.cards import FIRST_MIX, FULL, card_value, is_joker
from meeple.games.cmyk.notation import parse_card
from meeple.games.cmyk.rules import CmykGame
from meeple.games.cmyk.state import Board, CmykState, Stage, Tally


def card(text: str) -> int:
    """A card kind from its notation: C30, W, C*, S, X1."""
    return parse_card(text.upper(), text, 20)


def cards(text: str) -> tuple[int, ...]:
    """Sorted card kinds from ``"C30 W K*"``."""
    return tuple(sorted(card(t) for t in text.split()))


def pile(text: str) -> tuple[int, ...]:
    """Cards laid on a pile, in order."""
    return tuple(card(t) for t in text.split())


def make_state(
    game: CmykGame,
    hands: list[str],
    *,
    piles: tuple[str, str, str, str] = ("", "", "", ""),
    mix: str = "",
    opening: bool = False,
    stock: str | None = None,
    reserve: str = "",
    won: str = "",
    won_counts: tuple[int, ...] | None = None,
    completions: tuple[int, ...] | None = None,
    seat: int = 0,
    stage: Stage = "play",
    to_draw: int = 0,
    turn: int = 10,
    stalled: int = 0,
    completed: bool = False,
) -> CmykState:
    """A state with these hands and piles; the stock is the rest of the deck unless given
    (then the rest goes to the won cards, so the components are still conserved)."""
    laid = tuple(pile(text) for text in piles)
    mix_card = card(mix) if mix else None
    totals = []
    closed = []
    for colour, cards_laid in enumerate(laid):
        total = game.config.mixes[mix_card - FIRST_MIX][colour] if mix_card is not None else 0
        for kind in cards_laid:
            if is_joker(kind):
                total = FULL  # a joker always completes its pile
            else:
                total += card_value(kind)
        totals.append(total)
        closed.append(total == FULL)
    board = Board(laid, tuple(totals), tuple(closed), mix_card, opening)
    hand_cards = tuple(cards(text) for text in hands)
    used = Counter(cards(reserve))
    used.update(cards(won))
    for cards_laid in laid:
        used.update(cards_laid)
    if mix_card is not None:
        used[mix_card] += 1
    for hand in hand_cards:
        used.update(hand)
    rest = Counter(game.deck)
    rest.subtract(used)
    assert all(v >= 0 for v in rest.values()), f"more cards than the deck holds: {rest}"
    won_cards = cards(won)
    if stock is None:
        stock_cards = tuple(sorted(rest.elements()))
    else:
        stock_cards = cards(stock)
        rest.subtract(stock_cards)
        assert all(v >= 0 for v in rest.values()), "the stock holds cards the deck lacks"
        won_cards = tuple(sorted(won_cards + tuple(rest.elements())))
    players = game.players
    return CmykState(
        stage=stage,
        seat=seat,
        to_draw=to_draw,
        hands=hand_cards,
        stock=stock_cards,
        reserve=cards(reserve),
        board=board,
        tally=Tally(
            won_cards,
            won_counts if won_counts is not None else (0,) * players,
            completions if completions is not None else (0,) * players,
        ),
        turn=turn,
        stalled_passes=stalled,
        completed_this_pass=completed,
    )


def run(game: CmykGame, state: CmykState, *moves: str) -> CmykState:
    """Apply moves in notation; a move ``draw C30`` is the chance outcome of drawing C30."""
    for move in moves:
        if move.startswith("draw "):
            state = game.apply_chance(
                state, game.decode_outcome({"type": "Draw", "card": card(move[5:])})
            )
        else:
            state = game.apply_action(state, game.parse_action(state, move))
    return state


def legal(game: CmykGame, state: CmykState) -> list[str]:
    return [game.format_action(state, action) for action in game.legal_actions(state)]
