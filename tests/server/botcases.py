"""Misbehaving bots for the server tests (loaded in bot worker processes by spec)."""

import os
import time

from meeple.bots.base import Bot


class CrashBot(Bot):
    """Raises on every move."""

    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        raise RuntimeError("this bot always crashes")


class SlowBot(Bot):
    """Thinks for far too long."""

    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        time.sleep(30)
        return legal[0]


class ExitBot(Bot):
    """Takes its worker process down with it."""

    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        os._exit(3)
