"""A Phase 10 bot that plays the way a sensible person does.

It builds toward its phase (keeps the cards that bring it closest, measured by how many
cards are still missing), takes the discard only when that card helps, lays down as soon
as it can using numbered cards before Wilds, hits everything it can, discards its least
useful and costliest card while not feeding a neighbour who has laid down, and aims
Skips at the player closest to winning.
"""

import math

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

    # --------------------------------------------------------------- ISMCTS's hooks
    def settled(self, view: object, legal: tuple[object, ...]) -> object | None:
        """Every choice but which card to discard follows these rules unsearched: the
        draw, laying down at once, placing and hitting, aiming a Skip."""
        choice = self.choose(view, legal)
        if isinstance(choice, Discard) and choice.card != SKIP:
            return None
        return choice

    # ------------------------------------------------------- evaluation (for ISMCTS)
    @staticmethod
    def ismcts_iterations(players: int) -> int:
        """ISMCTS's default budget with this bot as its guide: under a second a move
        (a rollout step and a cut-off valuation cost more with more players)."""
        return 200 if players <= 2 else 150 if players <= 4 else 120

    # Leave this bot's discard only on evidence: by two standard errors of the difference.
    ismcts_confidence = 2.0

    def position_value(self, view: object) -> float:
        """How well this seat stands, from its view: larger is better (ISMCTS's hook).

        Progress counts phases: those done, plus this round's (1 once laid down, else a
        chance that falls with the cards still missing and when someone else has laid
        down and may soon go out), plus a little for a laid-down hand close to going
        out; fewer penalty points break ties. The value grows exponentially with it.
        """
        assert isinstance(view, Phase10View) and view.hand is not None
        game = self.game
        assert isinstance(game, Phase10Game)
        seat = self.seat
        if view.winners:
            return 1.0 if seat in view.winners else 0.0
        phases = game.config.phases
        index = view.phase_index[seat]
        if not view.active[seat]:
            return 0.0  # out of a tie-break
        progress = float(index)
        if index < len(phases) or view.tiebreak:
            if view.laid[seat]:
                progress += 1.0 + 0.3 * (1.0 - len(view.hand) / 11.0)
            else:
                phase = phases[-1] if view.tiebreak else phases[index]
                chance = LAY_CHANCE[min(missing_cards(view.hand, phase), len(LAY_CHANCE) - 1)]
                others_down = [
                    view.hand_sizes[other]
                    for other in range(len(view.laid))
                    if other != seat and view.laid[other]
                ]
                if others_down:
                    chance *= min(1.0, 0.4 + 0.1 * min(others_down))
                progress += chance
        progress -= view.scores[seat] / 400.0
        return math.exp(1.2 * progress)


# Chance to lay the phase down this round with so many cards still missing (rough).
LAY_CHANCE = (0.95, 0.7, 0.45, 0.28, 0.16, 0.08, 0.04, 0.02)
