"""A Phase 10 bot that plays the way a sensible person does.

It builds toward its phase (keeps the cards that bring it closest, measured by how many
cards are still missing), takes the discard only when that card helps, lays down as soon
as it can using numbered cards before Wilds, hits everything it can, discards its least
useful and costliest card while not feeding a neighbour who has laid down, and aims
Skips at the player closest to winning.
"""

from meeple.bots.base import Bot
from meeple.games.phase10.actions import BeginPhase, Discard, DrawStock, Hit, Place, TakeDiscard
from meeple.games.phase10.cards import SKIP, WILD, points, remove_one
from meeple.games.phase10.phases import Phase, missing_cards
from meeple.games.phase10.rules import Phase10Game, fits
from meeple.games.phase10.state import Stage
from meeple.games.phase10.view import Phase10View


class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        assert isinstance(view, Phase10View) and view.hand is not None
        game = self.game
        assert isinstance(game, Phase10Game)
        phases = game.config.phases
        seat = self.seat
        phase = (
            phases[-1] if view.tiebreak else phases[min(view.phase_index[seat], len(phases) - 1)]
        )
        hand = view.hand

        if view.stage == Stage.DRAW:
            if TakeDiscard() in legal:
                top = view.discard[-1]
                if top == WILD:
                    return TakeDiscard()
                if view.laid[seat]:
                    if any(fits(group, top) for group in view.table):
                        return TakeDiscard()
                elif missing_cards((*hand, top), phase) < missing_cards(hand, phase):
                    return TakeDiscard()
            return DrawStock() if DrawStock() in legal else legal[0]

        if BeginPhase() in legal:
            return BeginPhase()
        places = [a for a in legal if isinstance(a, Place)]
        if places:
            # Numbered cards first: Wilds kept in hand can still be hit anywhere later.
            natural = [p for p in places if p.card != WILD]
            return (natural or places)[0]
        hits = [a for a in legal if isinstance(a, Hit)]
        if hits:
            natural_hits = [h for h in hits if h.card != WILD]
            return (natural_hits or hits)[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        skips = [d for d in discards if d.card == SKIP]
        if skips:
            return max(skips, key=lambda d: self._threat(view, d.target))
        return min(discards, key=lambda d: self._discard_cost(view, d.card, phase))

    def _threat(self, view: Phase10View, seat: int) -> tuple[int, int, int]:
        """How close ``seat`` is to winning: phase, phase down, fewest cards."""
        if seat < 0:
            return (0, 0, 0)
        return (view.phase_index[seat], int(view.laid[seat]), -view.hand_sizes[seat])

    def _discard_cost(self, view: Phase10View, code: int, phase: Phase) -> tuple[int, int, int]:
        """Lower is a better discard: keep progress, don't feed the next player, shed points."""
        assert view.hand is not None
        rest = remove_one(view.hand, code)
        if view.laid[self.seat]:
            progress = 1 if any(fits(group, code) for group in view.table) else 0
        else:
            progress = missing_cards(rest, phase)
        following = (self.seat + 1) % len(view.hand_sizes)
        feeds = int(
            code == WILD
            or (view.laid[following] and any(fits(group, code) for group in view.table))
        )
        return (progress, feeds, -points(code))
