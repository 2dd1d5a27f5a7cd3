"""The bots of a paced deal (chaodipi-live, Q7.3 (ii)) decide off the room's lock, once per round and each the same way
whatever it holds, and the tick only makes what they decided: when the next card comes cannot tell the table that a
bot could have declared. The clock is driven by hand here (a pace far longer than the test), so nothing waits on
wall time."""

from __future__ import annotations

import asyncio
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from paiju.bots.trick_rule import RuleBot
from paiju.engine import HandEngine, family_of, open_hand
from paiju.policy import policy_of
from paiju.server.clock import DealClock
from paiju.server.effects import Effect
from paiju.trick.events import DeclareEvent
from paiju.variants import REGISTRY

#: Deals tried: the count of bots asked must not follow the cards.
SEEDS = range(1, 6)


class SpyBot:
    """The 炒地皮 rule bot, noting the round it is asked in and whether the room's lock was held then."""

    def __init__(self, table: FakeTable, seat: int) -> None:
        self.table, self.seat, self.inner = table, seat, RuleBot(seat)

    def act(self, obs: Any) -> Any:
        game = self.table.game
        self.table.asked.append((policy_of(game).paced(game), self.seat, self.table.lock.locked()))
        return self.inner.act(obs)


class FakeTable:
    """A table whose every seat the server plays with a ``SpyBot``; storing a move arms the clock again, as the
    room's table does."""

    def __init__(self, game: HandEngine) -> None:
        self.game = game
        self.pace = 3600.0  # the test ticks by hand
        self.think_budget = 5.0
        self.lock = asyncio.Lock()
        self.asked: list[tuple[int | None, int, bool]] = []
        self.bots = {seat: SpyBot(self, seat) for seat in range(game.variant.players)}
        self.clock = DealClock(self)

    def automatic(self, game: HandEngine, seat: int) -> bool:
        return True

    def played_for(self, game: HandEngine, seat: int) -> SpyBot:
        return self.bots[seat]

    async def commit(self, play: Any) -> list[Effect]:
        await asyncio.to_thread(play)
        self.clock.arm(self.game)
        return []

    async def send(self, effects: list[Effect]) -> None:
        """Nothing to send: no room, no socket."""

    async def think(self, bot: SpyBot, game: HandEngine, seat: int, budget: float) -> Any:
        """The bot's action on its own view of the copy ``game``, in a worker thread (as the room's table thinks)."""
        return await asyncio.wait_for(asyncio.to_thread(lambda: bot.act(family_of(game).observe(game, seat))), budget)


async def _deal(seed: int) -> FakeTable:
    """A paced deal of ``seed`` from its first round to its last, each round's bots asked before its tick; asserts
    that no tick asks a bot."""
    table = FakeTable(open_hand(REGISTRY["chaodipi-live"], seed))
    game, clock = table.game, table.clock
    assert clock.arm(game)
    while (step := policy_of(game).paced(game)) is not None:
        assert clock._asking is not None
        await clock._asking  # the round's bots have decided
        asked = len(table.asked)
        await clock._tick(game, step)
        assert len(table.asked) == asked, f"the tick of round {step} asked a bot"
    clock.stop()
    return table


@pytest.mark.parametrize("seed", SEEDS)
def test_the_paced_deals_bots_decide_off_the_lock_once_a_round_and_the_tick_asks_none(seed: int) -> None:
    """Every round asks every seat the server plays exactly once, whatever its cards, never under the room's lock."""
    table = _in_own_loop(seed)
    per_round = Counter(step for step, _, _ in table.asked)
    players = table.game.variant.players
    assert per_round and set(per_round.values()) == {players}, per_round
    assert sorted(Counter((step, seat) for step, seat, _ in table.asked).values()) == [1] * len(table.asked)
    assert not any(locked for _, _, locked in table.asked), "a bot decided under the room's lock"

def _in_own_loop(seed: int) -> Any:
    """``_deal(seed)`` on an event loop of its own thread, whatever loop an earlier test left on this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, _deal(seed)).result()



def test_what_the_paced_deals_bots_decide_is_made_at_the_tick() -> None:
    """The bots' declarations are not lost on the way: over a few deals they declare, as they did deciding at the
    tick."""
    declared = 0
    for seed in SEEDS:
        table = _in_own_loop(seed)
        declared += sum(isinstance(e, DeclareEvent) for e in table.game.typed_events)
    assert declared > 0
