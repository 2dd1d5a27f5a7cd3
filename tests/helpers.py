"""Checks shared by several test modules."""

from __future__ import annotations

import json
from typing import Any

from paiju.climbing import Game, game_log, observe, replay


def replays_identically(g: Game) -> None:
    """The hand's log, through JSON, replays to the same events, result, hands, gifts, wild cards and
    views, and a replay stopped halfway agrees with the hand so far."""
    log: dict[str, Any] = json.loads(json.dumps(game_log(g)))
    again = replay(log)
    assert again.events == g.events
    assert again.result == g.result
    assert again.hands == g.hands and again.bottom == g.bottom and again.gifts == g.gifts
    assert again.speculator == g.speculator and again.landlord == g.landlord
    assert again.wild_cards == g.wild_cards and again.promoted == g.promoted
    for seat in range(g.players):
        assert observe(again, seat) == observe(g, seat)
    half = len(g.events) // 2
    partial = replay(log, stop=half)
    assert partial.events[:half] == g.events[:half]
