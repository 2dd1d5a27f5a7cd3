"""A table alone: its moves return what its room is to send (``paiju.server.effects``), with no server, no socket and
no database (a recording stand-in takes the writes)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pytest

from paiju.server.bounds import build_variant
from paiju.server.config import ServerConfig
from paiju.server.effects import ArmDeadline, Broadcast, CancelDeadline, Effect, SendRoom, SendViews
from paiju.server.protocol import Act, RoomSettings
from paiju.server.rooms import new_player
from paiju.server.schema import PlayerRow, RoomRow
from paiju.server.table import Table
from paiju.server.thinking import BotPool

T = TypeVar("T")


@dataclass
class StoredHand:
    public_id: str


@dataclass
class RecordingStore:
    """Takes a table's writes and keeps them: what was stored, in order."""

    writes: list[tuple[str, Any]] = field(default_factory=list)

    def start_hand(self, room: RoomRow, events: list[dict[str, Any]]) -> None:
        self.writes.append(("start_hand", len(events)))

    def append_events(self, code: str, first: int, events: list[dict[str, Any]]) -> None:
        self.writes.append(("append_events", (first, len(events))))

    def finish_hand(self, room: RoomRow, number: int, log: dict[str, Any], scores: list[int]) -> StoredHand:
        self.writes.append(("finish_hand", number))
        room.last_hand_id, room.session_hands = number, [*room.session_hands, number]
        return StoredHand(public_id=f"hand-{number}")


class LoneRoom:
    """A room with people in every seat, no connection, and a store that records: what a table needs of its room."""

    def __init__(self, turn_seconds: int = 0) -> None:
        self.settings = RoomSettings(variant="classic", turn_seconds=turn_seconds)
        self.variant = build_variant(self.settings)
        now = time.time()
        self.row = RoomRow(
            code="TEST", settings=self.settings.model_dump(), host_id="", created_at=now, last_active=now,
            hand_number=0, session_hands=[], hand_header=None, last_hand_id=None, escapes=[],
        )  # fmt: skip
        self.store = RecordingStore()
        self.config = ServerConfig()
        self.bot_delay = 0.0
        self.lock = asyncio.Lock()
        self.pool = BotPool(1)
        people = [new_player("TEST", f"p{s}", seat=s) for s in range(self.variant.players)]
        self.players: dict[str, PlayerRow] = {p.id: p for p in people}
        self.sent: list[Effect] = []

    @property
    def code(self) -> str:
        return self.row.code

    def seat_holder(self, seat: int) -> PlayerRow | None:
        return next((p for p in self.players.values() if p.seat == seat), None)

    def names(self) -> list[str]:
        return [f"p{s}" for s in range(self.variant.players)]

    def hand_names(self) -> list[str]:
        return self.names()

    async def store_op(self, op: Callable[..., T], *args: Any) -> T:
        return op(*args)

    async def save_player(self, player: PlayerRow, **changes: Any) -> None:
        for key, value in changes.items():
            setattr(player, key, value)

    async def set_auto(self, player: PlayerRow, on: bool) -> None:
        await self.save_player(player, auto=on)

    async def apply(self, effects: list[Effect]) -> None:
        self.sent.extend(effects)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_a_deal_is_stored_then_returns_the_views_and_the_room_frame() -> None:
    room = LoneRoom()

    async def deal() -> list[Effect]:
        table = Table(room)
        effects = await table.start(new_session=True)
        table.close()
        return effects

    effects = run(deal())
    assert effects == [CancelDeadline(), SendViews(), SendRoom()]  # no turn timer: the room has none
    assert room.store.writes[0][0] == "start_hand"
    assert room.sent == []  # nothing is sent by the table itself: its room applies what it returns


def test_a_persons_move_returns_views_and_room_and_is_stored_as_one_more_event() -> None:
    room = LoneRoom()

    async def one_move() -> tuple[list[Effect], int]:
        table = Table(room)
        await table.start(new_session=True)
        game = table.game
        assert game is not None
        seat = min(game.actors())
        events = len(game.events)
        effects = await table.act(seat, Act(type="act", action="pass"))
        table.close()
        return effects, events

    effects, events = run(one_move())
    assert effects == [CancelDeadline(), SendViews(), SendRoom()]
    assert room.store.writes[-1] == ("append_events", (events, 1))


def test_the_move_that_ends_the_hand_returns_its_settlement_between_the_views_and_the_room() -> None:
    room = LoneRoom()

    async def play_out() -> tuple[list[Effect], Table]:
        table = Table(room)
        await table.start(new_session=True)
        game = table.game
        assert game is not None

        def to_the_end() -> None:
            while not game.is_over:
                seat = min(game.actors())
                game.apply(game.legal_actions(seat)[-1], seat)

        effects = await table.commit(to_the_end)
        table.close()
        return effects, table

    effects, table = run(play_out())
    assert effects[:2] == [CancelDeadline(), SendViews()] and effects[-1] == SendRoom() and len(effects) == 4
    settlement = effects[2]
    assert isinstance(settlement, Broadcast)
    assert settlement.frame == table.result()
    assert settlement.frame.log_id == "hand-1"
    assert room.store.writes[-1] == ("finish_hand", 1)


@pytest.mark.parametrize("to_act", [True, False])
def test_a_change_to_a_seat_sends_views_and_room_only_when_that_seat_is_to_act(to_act: bool) -> None:
    room = LoneRoom()

    async def change() -> list[Effect]:
        table = Table(room)
        await table.start(new_session=True)
        game = table.game
        assert game is not None
        actors = game.actors()
        seat = next(s for s in range(room.variant.players) if (s in actors) == to_act)
        effects = table.waiting_on(seat)
        table.close()
        return effects

    assert run(change()) == ([CancelDeadline(), SendViews(), SendRoom()] if to_act else [])


def test_a_timed_turn_returns_its_deadline_for_the_host_to_arm_and_running_out_puts_nobody_on_auto_at_once() -> None:
    room = LoneRoom(turn_seconds=20)

    async def time_out() -> tuple[list[Effect], list[Effect], float, int]:
        table = Table(room)
        before = time.time()
        dealt = await table.start(new_session=True)
        game = table.game
        assert game is not None
        late = min(game.actors())
        effects = await table.time_out()
        table.close()
        return dealt, effects, before, late

    dealt, effects, before, late = run(time_out())
    armed = dealt[0]
    assert isinstance(armed, ArmDeadline) and before + 20 <= armed.at <= time.time() + 20
    assert dealt[1:] == [SendViews(), SendRoom()]
    # A first time out is the seat's smallest move, played by the automatic turn: the seat keeps its person, and the
    # table asks for no new timer (the automatic move that follows arms the next turn's).
    assert effects == [CancelDeadline(), SendViews(), SendRoom()]
    holder = room.seat_holder(late)
    assert holder is not None and not holder.auto
    assert room.sent == []
