"""Bots: the protocol, the registry, and the built-in players."""

from paiju.bots import heuristic, minimal, random_bot, trick_rule
from paiju.bots.base import BOTS, Bot, LegalOnly, bot_maker, make_bot, play_out

__all__ = [
    "BOTS", "Bot", "LegalOnly", "bot_maker", "heuristic", "make_bot", "minimal", "play_out", "random_bot", "trick_rule",
]  # fmt: skip
