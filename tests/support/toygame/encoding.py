"""A small RL encoder for the toy game, registered from the test (the optional piece)."""

from meeple.rl.encoding.base import ActionBlock, Blocks, Encoder, Layout
from support.toygame.actions import Add, PlayCard, RaceAction
from support.toygame.rules import RaceGame
from support.toygame.state import RaceState
from support.toygame.view import RaceView


class RaceEncoder(Encoder[RaceState, RaceAction, RaceView]):
    seat_relative_actions = False

    def _build_layout(self, layout: Layout) -> None:
        self.o_total = layout.add("total", 1, "1", "the total over the target")
        self.o_hand = layout.add("hand", 3, "3", "the own card, one-hot (none: all 0)")
        self.o_holding = layout.add("holding", self.players, "n", "who holds a card")

    def _action_blocks(self, seat: int) -> list[ActionBlock[RaceAction]]:
        return [
            ActionBlock("add", "2", "add 1 or 2 to the total", [Add(1), Add(2)]),
            ActionBlock("card", "1", "play the hidden card", [PlayCard()]),
        ]

    def _fill(
        self,
        view: RaceView,
        seat: int,
        ones: list[int],
        values: list[tuple[int, float]],
        blocks: Blocks,
    ) -> None:
        assert isinstance(self.game, RaceGame)
        values.append((self.o_total, view.total / self.game.config.target))
        if view.hand is not None:
            ones.append(self.o_hand + view.hand - 1)
        ones.extend(self.o_holding + s for s, holds in enumerate(view.holding) if holds)


ENCODER = RaceEncoder
