"""Bots: the protocol, the registry, and the built-in players, each imported when it is first asked for by name
(``BOT_MODULES``; the search bot and the levels of every table, ``search``, with any other name): a table's start-up
loads the bots it seats. ``BOTS`` read from here is the whole registry, every built-in bot loaded (``load_bots``)."""

import importlib

from paiju.bots.base import (
    BOT_MODULES,
    MAKERS,
    AnyBot,
    Bot,
    LegalOnly,
    ViewReader,
    act_for,
    bot_maker,
    load_bots,
    make_bot,
    play_out,
)

__all__ = [
    "BOTS", "BOT_MODULES", "MAKERS", "AnyBot", "Bot", "LegalOnly", "ViewReader", "act_for", "bot_maker", "heuristic",
    "load_bots", "make_bot", "minimal", "play_out", "random_bot", "search",
]  # fmt: skip


def __getattr__(name: str) -> object:
    """``BOTS`` with every built-in bot registered, and a module of built-in bots (``heuristic``, ``search``),
    imported when first read."""
    if name == "BOTS":
        return load_bots()
    if name in ("heuristic", "minimal", "random_bot", "search", "trick_rule"):
        return importlib.import_module(f"paiju.bots.{name}")
    raise AttributeError(f"module 'paiju.bots' has no attribute {name!r}")
