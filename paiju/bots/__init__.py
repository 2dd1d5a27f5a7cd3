"""Bots: the protocol, the registry, and the built-in players (炒地皮's, ``trick_rule``, loaded with its first use:
``FAMILY_BOTS``), with the search bot and the levels of every table (``search``)."""

from paiju.bots import heuristic, minimal, random_bot, search
from paiju.bots.base import (
    BOTS,
    FAMILY_BOTS,
    MAKERS,
    AnyBot,
    Bot,
    LegalOnly,
    ViewReader,
    act_for,
    bot_maker,
    make_bot,
    play_out,
)

__all__ = [
    "BOTS", "FAMILY_BOTS", "MAKERS", "AnyBot", "Bot", "LegalOnly", "ViewReader", "act_for", "bot_maker", "heuristic",
    "make_bot", "minimal", "play_out", "random_bot", "search",
]  # fmt: skip
