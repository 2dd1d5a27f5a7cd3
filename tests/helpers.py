"""Checks shared by several test modules."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from scenario import fill_from

from paiju.bots import Bot
from paiju.cards import Card
from paiju.climbing import Action, Game, Play, Result, game_log, observe, replay
from paiju.variants import Variant

#: A check run before each action: (game, seat, action) -> None, asserting what it must.
StepCheck = Callable[[Game, int, Action], None]


def checked_play(
    g: Game, bots: Sequence[Bot], check: StepCheck | None = None, most: int = 5000
) -> tuple[Result, int]:
    """Play ``g`` out, checking every action is legal (and ``check``) before it is applied;
    returns (result, number of actions)."""
    actions = 0
    while g.result is None:
        seat = g.to_act
        obs = observe(g, seat)
        action = bots[seat].act(obs)
        assert action in g.legal_actions(), f"seat {seat} ({bots[seat].name}) chose {action!r}, not legal"
        assert action in obs.legal
        if isinstance(action, Play) and action.cards is not None:
            assert set(action.cards) <= set(g.hands[seat])
        if check is not None:
            check(g, seat, action)
        g.apply(action, seat)
        actions += 1
        assert actions < most, "the hand does not end"
    return g.result, actions


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


def fill_hands(v: Variant, fixed: dict[int, list[Card]], pool: list[Card]) -> tuple[tuple[Card, ...], ...]:
    """Every seat's scripted cards topped up to the table's hand size from ``pool``, which must run out."""
    return fill_from(v, fixed, pool)


def assert_play_start_sizes(g: Game, landlord: int, farmer: int, speculator: int, total: int) -> None:
    """speculator.md §15: the hand sizes when play starts (landlord / each farmer seat / speculator)."""
    assert g.landlord is not None and g.speculator is not None
    sizes = [len(h) for h in g.hands]
    assert sizes[g.landlord] == landlord and sizes[g.speculator] == speculator
    assert all(sizes[s] == farmer for s in range(g.players) if s not in (g.landlord, g.speculator))
    assert sum(sizes) == total


def strings_of(value: Any) -> Iterator[str]:
    """Every string in a JSON value (a view, a frame, a log), however deeply nested."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_of(item)
