"""A table alone: its moves return what its host is to do (``paiju.server.effects``: the writes, the next turn to arm,
the frames to send), with no server, no socket and no database; and its host (``RoomHost``) applying them, where a
write that fails takes the move back whole."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from types import SimpleNamespace
from typing import Any

import pytest

from paiju.engine import AnyHand, game_log
from paiju.server.effects import (
    ArmDeadline,
    CancelDeadline,
    Schedule,
    SendResult,
    SendRoom,
    SendViews,
    StoreEvents,
    StoreFinish,
    StoreHand,
    TakeOver,
)
from paiju.server.errors import RoomError
from paiju.server.protocol import Act
from paiju.server.room_leases import give_up
from paiju.server.table import Table
from paiju.variants import Timeouts
from tests.server.lone import LoneRoom

#: What any change of the hand asks next: arm the next turn, send the views, the settlement (once over), the room.
CHANGED = [Schedule(), SendViews(), SendResult(), SendRoom()]


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def _dealt(**room: Any) -> tuple[LoneRoom, Table, AnyHand]:
    """A room of ``room``'s settings, its table and the hand it dealt (nothing stored: no host applied the deal)."""
    lone = LoneRoom(**room)
    lone.table.start(new_session=True)
    game = lone.table.game
    assert game is not None
    return lone, lone.table, game


def _to_the_end(game: AnyHand) -> None:
    """Play ``game`` to its end, each seat its last legal action (a bid, a play rather than a pass)."""
    while not game.is_over:
        seat = min(game.actors())
        game.apply(game.legal_actions(seat)[-1], seat)


def test_a_deal_returns_its_storing_before_the_next_turn_and_the_frames() -> None:
    room = LoneRoom()
    table = room.table
    effects = table.start(new_session=True)
    game = table.game
    assert game is not None
    stored, *rest = effects
    assert isinstance(stored, StoreHand) and rest == CHANGED
    assert stored.changes["hand_number"] == 1 and stored.changes["hand_header"]["seats"] == room.names()
    assert stored.events == list(game.events)
    assert table.schedule() == [CancelDeadline()]  # no turn timer: the room has none; persons act
    assert room.recorded.writes == [] and room.row.hand_number == 0  # the table wrote nothing: its host stores


def test_a_persons_move_returns_its_one_new_event_to_store_and_what_follows() -> None:
    room, table, game = _dealt()
    seat = min(game.actors())
    events = len(game.events)
    effects = run(table.act(seat, Act(type="act", action="pass")))
    assert effects == [StoreEvents(events, game.events[events:], lambda: None), *CHANGED]
    assert len(game.events) == events + 1 and room.recorded.writes == []


def test_the_move_that_ends_the_hand_returns_the_finished_hand_to_store() -> None:
    room, table, game = _dealt()
    effects = run(table.commit(lambda: _to_the_end(game)))
    assert game.result is not None
    assert isinstance(effects[0], StoreEvents) and effects[2:] == CHANGED
    assert effects[1] == StoreFinish(game_log(game, room.hand_names()), list(game.result.scores))


@pytest.mark.parametrize("to_act", [True, False])
def test_a_change_to_a_seat_rearms_and_sends_only_when_that_seat_is_to_act(to_act: bool) -> None:
    room, table, game = _dealt()
    actors = game.actors()
    seat = next(s for s in range(room.variant.players) if (s in actors) == to_act)
    assert table.waiting_on(seat) == ([Schedule(), SendViews(), SendRoom()] if to_act else [])


def test_a_timed_turn_arms_its_deadline_and_running_out_puts_nobody_on_auto_at_once() -> None:
    room = LoneRoom(turn_seconds=20)
    table = room.table
    before = time.time()
    table.start(new_session=True)
    [armed] = table.schedule()
    assert isinstance(armed, ArmDeadline) and before + 20 <= armed.at <= time.time() + 20
    game = table.game
    assert game is not None
    late = min(game.actors())
    # A first time out is the seat's smallest move, played by the automatic turn: the seat keeps its person.
    assert table.time_out() == [Schedule(), SendViews(), SendRoom()]
    assert late in table.lateness.late
    holder = room.seat_holder(late)
    assert holder is not None and not holder.auto


def test_a_seat_out_of_time_too_often_is_put_on_auto_by_its_host() -> None:
    room = LoneRoom(turn_seconds=20)
    room.variant = dataclasses.replace(room.variant, timeouts=Timeouts.TAKEOVER)  # 托管 at the first timeout
    table = room.table
    table.start(new_session=True)
    table.schedule()
    game = table.game
    assert game is not None
    holder = room.seat_holder(min(game.actors()))
    assert holder is not None
    assert table.time_out() == [TakeOver(holder), Schedule(), SendViews(), SendRoom()] and not holder.auto

    async def time_out() -> None:
        await room.apply([TakeOver(holder)])
        room.close()

    run(time_out())
    assert holder.auto and room.recorded.writes[-1] == ("save_player", (holder.seat, True))


def _host_deal(room: LoneRoom) -> None:
    async def deal() -> None:
        await room.apply(room.table.start(new_session=True))
        room.close()

    run(deal())


def test_the_host_stores_a_deal_and_a_move_in_order_and_keeps_the_rooms_row() -> None:
    room = LoneRoom()
    _host_deal(room)
    game = room.table.game
    assert game is not None
    assert room.recorded.writes == [("start_hand", (1, len(game.events)))] and room.row.hand_number == 1
    seat, events = min(game.actors()), len(game.events)

    async def move() -> None:
        await room.apply(await room.table.act(seat, Act(type="act", action="pass")))
        room.close()

    run(move())
    assert room.recorded.writes[-1] == ("append_events", (events, 1))


def test_a_move_its_host_cannot_store_is_taken_back_whole() -> None:
    room = LoneRoom()
    _host_deal(room)
    game = room.table.game
    assert game is not None
    events, seat = list(game.events), min(game.actors())
    room.table.lateness.late.add(seat)
    room.recorded.refuse.add("append_events")

    async def move() -> None:
        with pytest.raises(RoomError) as refused:
            await room.apply(await room.table.act(seat, Act(type="act", action="pass")))
        assert refused.value.reason == "not_saved"
        room.close()

    run(move())
    rebuilt = room.table.game
    assert rebuilt is not None and list(rebuilt.events) == events and seat in rebuilt.actors()
    assert seat in room.table.lateness.late  # the seat's lateness is as it was too


def test_a_room_given_up_to_another_process_writes_nothing_more_and_takes_a_late_move_back() -> None:
    """A move (or a 托管 switch) read before the room was given up and carried out after: refused as the database
    would, with nothing written; the process may claim the room again, but with a new host, never this one."""
    room = LoneRoom()
    _host_deal(room)
    game = room.table.game
    assert game is not None
    events, seat = list(game.events), min(game.actors())
    give_up(SimpleNamespace(rooms={room.code: room}, store=room.recorded), room.code)  # type: ignore[arg-type]
    written = list(room.recorded.writes)
    person = room.seat_holder(seat)
    assert person is not None

    async def late() -> None:
        with pytest.raises(RoomError) as moved:
            await room.apply(await room.table.act(seat, Act(type="act", action="pass")))
        with pytest.raises(RoomError) as switched:
            await room.save_player(person, auto=True)
        assert moved.value.reason == switched.value.reason == "database_taken"

    run(late())
    assert room.recorded.writes == written == [("start_hand", (1, len(events))), ("forget", room.code)]
    rebuilt = room.table.game
    assert rebuilt is not None and list(rebuilt.events) == events and not person.auto


def test_a_deal_its_host_cannot_store_leaves_the_last_hand_and_the_rooms_row(caplog: pytest.LogCaptureFixture) -> None:
    """The log says a hand was dealt only once it is stored."""
    room = LoneRoom()
    with caplog.at_level(logging.INFO, logger="paiju.server"):
        _host_deal(room)
    assert [r.getMessage() for r in caplog.records if "dealt" in r.getMessage()] == [
        "room TEST: hand 1 dealt and stored (classic)"
    ]
    caplog.clear()
    _host_play_out(room)
    first = room.table.game
    assert first is not None and first.is_over
    room.recorded.refuse.add("start_hand")

    async def deal_again() -> None:
        with pytest.raises(RoomError):
            await room.apply(room.table.start(new_session=False))
        room.close()

    with caplog.at_level(logging.INFO, logger="paiju.server"):
        run(deal_again())
    assert room.table.game is first and room.row.hand_number == 1 and room.table.result() is not None
    assert not [r for r in caplog.records if "dealt" in r.getMessage()]


def _host_play_out(room: LoneRoom) -> None:
    """Play the dealt hand to its end (each seat its last legal action) and have the host store it."""
    table = room.table
    game = table.game
    assert game is not None

    async def finish() -> None:
        await room.apply(await table.commit(lambda: _to_the_end(game)))
        room.close()

    run(finish())


def test_the_hosts_settlement_names_the_stored_hand() -> None:
    room = LoneRoom()
    _host_deal(room)
    _host_play_out(room)
    result = room.table.result()
    assert result is not None and result.log_id == "hand-1" and room.recorded.writes[-1] == ("finish_hand", 1)
    assert room.row.last_hand_id == 1
