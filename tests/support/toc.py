"""Hand-built Toc positions for the rules tests."""

from meeple.games.toc import TocGame
from meeple.games.toc.actions import TocAction
from meeple.games.toc.cards import DECK_COUNTS
from meeple.games.toc.state import PLAY, Pending, Phase, TocState


def game(players: int = 4, **options: object) -> TocGame:
    return TocGame(players, options)  # type: ignore[arg-type]


def position(
    g: TocGame,
    pawns: dict[int, int] | None = None,
    hand: tuple[int, ...] = (),
    *,
    turn: int = 0,
    protected: tuple[int, ...] = (),
    armed: tuple[int, ...] = (),
    pending: Pending | None = None,
    phase: Phase = PLAY,
    hands: dict[int, tuple[int, ...]] | None = None,
    played: tuple[int, ...] = (),
) -> TocState:
    """Pawn ``i`` (seat ``i // 4``) on ``pawns[i]``, every other pawn in its reserve;
    ``hand`` for the seat to play; the rest of the deck in the talon."""
    positions = [-1] * (4 * g.players)
    for pawn, cell in (pawns or {}).items():
        positions[pawn] = cell
    all_hands = [() for _ in range(g.players)]
    all_hands[turn] = tuple(sorted(hand))
    for seat, cards in (hands or {}).items():
        all_hands[seat] = tuple(sorted(cards))
    talon = list(DECK_COUNTS)
    for cards in [*all_hands, played]:
        for rank in cards:
            talon[rank - 1] -= 1
    assert min(talon) >= 0
    mask = 0
    for pawn in protected:
        mask |= 1 << pawn
    armed_mask = 0
    for pawn in armed:
        armed_mask |= 1 << pawn
    n = g.players
    return TocState(
        phase=phase,
        turn=turn,
        positions=tuple(positions),
        protected=mask,
        armed=armed_mask,
        hands=tuple(all_hands),
        talon=tuple(talon),
        talon_order=(),
        played=played,
        pending=pending,
        gifts=(0,) * n,
        known=((),) * n,
        gift_known=(0,) * n,
        deals=1,
        starter=0,
        turns=0,
        winners=(),
    )


def texts(g: TocGame, state: TocState) -> list[str]:
    """The legal actions in notation, in the engine's order."""
    return [g.format_action(state, action) for action in g.legal_actions(state)]


def play(g: TocGame, state: TocState, text: str) -> TocState:
    return g.apply_action(state, g.parse_action(state, text))


def act(g: TocGame, state: TocState, action: TocAction) -> TocState:
    return g.apply_action(state, action)
