"""The bots of a paced deal (chaodipi-live, Q7.3 (ii)) decide off the room's lock, once per round and each the same way
whatever it holds, and the tick only makes what they decided: when the next card comes cannot tell the table that a
bot could have declared. A room's real table and host are driven here with a pace far longer than the test, the
host's clock ticked by hand, so nothing waits on wall time."""

from __future__ import annotations

import asyncio
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from paiju.bots.trick_rule import RuleBot
from paiju.engine import new_session
from paiju.policy import policy_of
from paiju.server.effects import Schedule
from paiju.trick.events import DeclareEvent
from tests.server.lone import LoneRoom

#: Deals tried: the count of bots asked must not follow the cards.
SEEDS = range(1, 6)


class SpyBot:
    """The 炒地皮 rule bot, noting the round it is asked in and whether the room's lock was held then."""

    def __init__(self, room: LoneRoom, seat: int, asked: list[tuple[int | None, int, bool]]) -> None:
        self.room, self.seat, self.asked, self.inner = room, seat, asked, RuleBot(seat)

    def act(self, obs: Any) -> Any:
        game = self.room.table.game
        assert game is not None
        self.asked.append((policy_of(game).paced(game), self.seat, self.room.lock.locked()))
        return self.inner.act(obs)


async def _deal(seed: int) -> tuple[LoneRoom, list[tuple[int | None, int, bool]]]:
    """A paced deal of ``seed`` from its first round to its last, each round's bots asked before its tick; asserts
    that no tick asks a bot. Every seat is a bot's."""
    room = LoneRoom("chaodipi-live", bot="easy", pace=3600.0)  # the test ticks by hand
    table, asked = room.table, []
    table.session = new_session(room.variant, draw_seed=lambda: seed)
    table.bots = {seat: SpyBot(room, seat, asked) for seat in range(room.variant.players)}  # type: ignore[misc]
    game = table.game
    assert game is not None
    await room.apply([Schedule()])  # the first round's tick is armed and its bots asked
    while (step := policy_of(game).paced(game)) is not None:
        asking = room.clock._asking
        assert asking is not None and room.clock._handle is not None
        await asking  # the round's bots have decided
        before = len(asked)
        await room.clock.tick(game, step)
        assert len(asked) == before, f"the tick of round {step} asked a bot"
    room.close()
    assert room.recorded.writes and all(what == "append_events" for what, _ in room.recorded.writes)
    return room, asked


def _in_own_loop(seed: int) -> tuple[LoneRoom, list[tuple[int | None, int, bool]]]:
    """``_deal(seed)`` on an event loop of its own thread, whatever loop an earlier test left on this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, _deal(seed)).result()


@pytest.mark.parametrize("seed", SEEDS)
def test_the_paced_deals_bots_decide_off_the_lock_once_a_round_and_the_tick_asks_none(seed: int) -> None:
    """Every round asks every seat the server plays exactly once, whatever its cards, never under the room's lock."""
    room, asked = _in_own_loop(seed)
    per_round = Counter(step for step, _, _ in asked)
    players = room.variant.players
    assert per_round and set(per_round.values()) == {players}, per_round
    assert sorted(Counter((step, seat) for step, seat, _ in asked).values()) == [1] * len(asked)
    assert not any(locked for _, _, locked in asked), "a bot decided under the room's lock"


def test_what_the_paced_deals_bots_decide_is_made_at_the_tick() -> None:
    """The bots' declarations are not lost on the way: over a few deals they declare, as they did deciding at the
    tick."""
    declared = 0
    for seed in SEEDS:
        room, _ = _in_own_loop(seed)
        game = room.table.game
        assert game is not None
        declared += sum(isinstance(e, DeclareEvent) for e in game.typed_events)
    assert declared > 0
