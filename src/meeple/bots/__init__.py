"""Bots: they see views and legal actions only, never states, and own their generators."""

from meeple.bots.base import Bot
from meeple.bots.registry import make_bot

__all__ = ["Bot", "make_bot"]
