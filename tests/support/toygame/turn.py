"""Pure rule functions: legal actions, applying an action or a card dealt, the end."""

from support.toygame.actions import Add, PlayCard, RaceAction
from support.toygame.cards import Card, build_deck
from support.toygame.config import Config
from support.toygame.state import RaceState, evolve


def initial_state(config: Config) -> RaceState:
    hands: tuple[Card | None, ...] = (None,) * config.players
    return RaceState("deal", 0, 0, 0, hands, build_deck(config.copies), (), None)


def legal_actions(config: Config, state: RaceState) -> tuple[RaceAction, ...]:
    room = config.target - state.total
    legal: list[RaceAction] = [Add(amount) for amount in (1, 2) if amount <= room]
    hand = state.hands[state.seat]
    if hand is not None and hand <= room:
        legal.append(PlayCard())
    return tuple(legal)


def apply_action(config: Config, state: RaceState, action: RaceAction) -> RaceState:
    seat = state.seat
    match action:
        case Add(amount):
            state = evolve(state, total=state.total + amount)
        case PlayCard():
            card = state.hands[seat]
            assert card is not None
            hands = (*state.hands[:seat], None, *state.hands[seat + 1 :])
            state = evolve(
                state, total=state.total + card, hands=hands, played=(*state.played, card)
            )
    state = evolve(state, turns=state.turns + 1)
    if state.total == config.target:
        return evolve(state, stage="over", winner=seat)
    if state.hands[seat] is None and state.deck:
        return evolve(state, stage="deal")
    return evolve(state, seat=(seat + 1) % config.players)


def apply_deal(config: Config, state: RaceState, card: Card) -> RaceState:
    """The seat waiting for a card gets it; the deal goes on, or play does."""
    seat = state.seat
    deck = list(state.deck)
    deck.remove(card)
    hands = (*state.hands[:seat], card, *state.hands[seat + 1 :])
    state = evolve(state, hands=hands, deck=tuple(deck))
    if state.turns == 0 and seat + 1 < config.players:
        return evolve(state, seat=seat + 1)
    next_seat = 0 if state.turns == 0 else (seat + 1) % config.players
    return evolve(state, stage="play", seat=next_seat)
