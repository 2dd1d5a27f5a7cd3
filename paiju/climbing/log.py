"""The event log: a versioned JSON record of a hand that replays to the identical state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from paiju.climbing.hand import Hand
from paiju.climbing.hand import Hand as Game
from paiju.climbing.state import Deal
from paiju.engine import CLIMBING, AnyHand, family_header
from paiju.engine import log as engine_log
from paiju.engine.log import (
    LOG_FORMAT,
    LOG_VERSION,
    LogError,
    load_log,
    log_rules,
    log_seed,
    log_variant,
    save_log,
)

__all__ = ["LOG_FORMAT", "LOG_VERSION", "LogError", "game_log", "load_log", "replay", "save_log", "start"]


def game_log(game: Game, seats: list[str] | None = None) -> dict[str, Any]:
    """The JSON-ready log of a hand (finished or not)."""
    return {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        **family_header(CLIMBING),
        "variant": game.variant.name,
        "rules": log_rules(game.variant),
        "seed": str(game.seed),
        "dealer": game.state.dealer,
        "previous": game.state.previous,
        "seats": seats or [f"seat {i}" for i in range(game.players)],
        "events": game.events,
    }


def start(log: dict[str, Any]) -> Hand:
    """The hand a log's deals begin (every deal it records, the dealer and the previous hand's winner), before any
    action: replay's first hook."""
    deals = [
        Deal(
            tuple(tuple(h) for h in e["hands"]),
            tuple(e["bottom"]),
            e["marker"],
            tuple(e.get("flipped", ())),
            tuple(e.get("extra", ())),
            tuple(e.get("gift_order", ())),
            e.get("wild"),
        )
        for e in log["events"]
        if e["type"] == "deal"
    ]
    return Hand(log_variant(log), log_seed(log), int(log.get("dealer", 0)), deals, log.get("previous"))


def replay(log: dict[str, Any], stop: int | None = None, each: Callable[[int, Hand], None] | None = None) -> Hand:
    """Rebuild a hand from its log (up to ``stop`` events), checking every step (``paiju.engine.log.replay``)."""

    def seen(n: int, at: AnyHand) -> None:
        assert each is not None and isinstance(at, Hand)
        each(n, at)

    hand = engine_log.replay(log, stop, None if each is None else seen)
    assert isinstance(hand, Hand)
    return hand
