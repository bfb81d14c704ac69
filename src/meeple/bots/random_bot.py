"""The random bot: uniform over the legal actions, with its own seeded generator."""

from meeple.bots.base import Bot


class RandomBot(Bot):
    name = "random"

    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        return legal[self.rng.randrange(len(legal))]
