"""Issue 34: several server processes on one PostgreSQL database, their rooms leased through Redis; a process
killed, paused past its lease, Redis and PostgreSQL restarted. Real processes on loopback ports, real sockets."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import redis
from sqlalchemy import create_engine, select
from websockets.exceptions import ConnectionClosed

from paiju.server.relay_state import room_channel
from paiju.server.room_leases import ELSEWHERE
from paiju.server.schema import EventRow, PlayerRow

from .cluster import Player, ServerProcess
from .conftest import Postgres, RedisServer

#: Seconds a room's lease lasts in these tests (renewed every third of that).
LEASE = 1.2


@pytest.fixture(scope="module")
def cluster(postgres: Postgres, redis_server: RedisServer) -> Iterator[list[ServerProcess]]:
    """Two server processes on one fresh database and the session's Redis."""
    database = postgres.fresh()
    servers = [ServerProcess(database, redis_server.url, LEASE) for _ in range(2)]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


class Table:
    """A room made on one process with three people seated and a hand dealt (no bot; no timer unless asked)."""

    def __init__(self, owner: ServerProcess, **settings: Any) -> None:
        made = httpx.post(
            f"{owner.url}/api/rooms", json={"name": "host", **settings}, headers={"origin": owner.url}, timeout=10
        )
        assert made.status_code == 200, made.text
        self.code = made.json()["code"]
        self.database = owner.database
        self.people = [Player(owner, self.code, "host", made.json()["token"])]
        self.people += [Player(owner, self.code, f"p{seat}") for seat in (1, 2)]
        for seat, person in enumerate(self.people):
            person.send({"type": "sit", "seat": seat})
        host = self.people[0]
        while not all(s["name"] for s in host.until("room")["seats"]):
            pass
        host.send({"type": "start"})
        self.views: list[dict[str, Any]] = [p.until("view") for p in self.people]

    def drain(self) -> None:
        """Read what each socket has now; each one's latest view is kept."""
        for seat, person in enumerate(self.people):
            while True:
                try:
                    frame = json.loads(person.ws.recv(timeout=0.3))
                except TimeoutError:
                    break
                if frame["type"] == "view":
                    self.views[seat] = frame

    def to_act(self) -> int:
        """The seat whose turn it is (its view has legal actions the server does not play for it)."""
        self.drain()
        seats = [s for s, v in enumerate(self.views) if v["view"]["legal"] and not v["auto_play"]]
        assert len(seats) == 1, seats
        return seats[0]

    def move(self) -> None:
        """The seat to act plays its first legal action; waits until it is stored."""
        seat = self.to_act()
        before = len(self.events())
        self.people[seat].send({"type": "act", "action": self.views[seat]["view"]["legal"][0]})
        deadline = time.monotonic() + 10
        while len(self.events()) == before:
            assert time.monotonic() < deadline, "the move was not stored"
            time.sleep(0.05)

    def move_to(self, where: ServerProcess) -> None:
        """Everyone reconnects to ``where`` (which takes the room once nobody else holds it) and reads its view."""
        for person in self.people:
            person.reconnect(where)
        self.views = [p.until("view") for p in self.people]

    def events(self) -> list[dict[str, Any]]:
        """The running hand's stored events."""
        engine = create_engine(self.database)
        with engine.connect() as conn:
            rows = conn.execute(select(EventRow.data).where(EventRow.room == self.code).order_by(EventRow.seq))
            events = [row.data for row in rows]
        engine.dispose()
        return events

    def close(self) -> None:
        for person in self.people:
            person.close()


def _stored_auto(database: str, token: str | None) -> bool:
    """The 托管 switch of the player with this token, as stored."""
    engine = create_engine(database)
    with engine.connect() as conn:
        auto = conn.scalar(select(PlayerRow.auto).where(PlayerRow.token == token))
    engine.dispose()
    return bool(auto)


def _owner_pid(redis_server: RedisServer, code: str) -> int | None:
    """The process id of the server holding room ``code``'s lease (its owner name is ``host:pid:random``)."""
    client = redis.Redis.from_url(redis_server.url)
    holder = client.get(f"paiju:room:{code}")
    client.close()
    return None if holder is None else int(holder.decode().split(":")[1])


def _pid(server: ServerProcess) -> int:
    assert server.process is not None
    return server.process.pid


def test_people_on_two_processes_play_in_one_room_through_its_owner(
    cluster: list[ServerProcess], redis_server: RedisServer
) -> None:
    """The seat to act reconnects to the other process: its socket is relayed to the room's owner through Redis,
    its move is made there and everyone's views follow; the room's state over HTTP is the owner's, asked of either
    process (the other asks the owner through Redis), seats' connections and scores included."""
    owner, other = cluster
    table = Table(owner)
    seat = table.to_act()
    table.people[seat].reconnect(other)
    table.views[seat] = table.people[seat].until("view")
    before = len(table.events())
    table.move()
    assert len(table.events()) == before + 1 and _owner_pid(redis_server, table.code) == _pid(owner)
    assert table.to_act() != seat  # the relayed socket got the view after its move
    answer = httpx.get(f"{other.url}/api/rooms/{table.code.lower()}", timeout=5)
    owners = httpx.get(f"{owner.url}/api/rooms/{table.code}", timeout=5)
    assert answer.status_code == owners.status_code == 200
    assert answer.content == owners.content and answer.json()["hand_number"] == 1
    table.move()
    table.close()


def test_messages_on_a_rooms_channel_that_are_not_the_relays_stop_no_relayed_socket(
    cluster: list[ServerProcess], redis_server: RedisServer
) -> None:
    """Anyone who can reach Redis can publish on a room's channel: text that is not JSON, JSON without a connection,
    a frame for no socket. The owner logs each one and goes on relaying the room's sockets."""
    owner, other = cluster
    table = Table(owner)
    client = redis.Redis.from_url(redis_server.url)
    for junk in ("not json", "{}", "[1, 2]", json.dumps({"conn": "nobody", "text": "{}"})):
        client.publish(room_channel(table.code), junk)
    client.close()
    seat = table.to_act()
    table.people[seat].reconnect(other)
    table.views[seat] = table.people[seat].until("view")
    table.move()
    assert _owner_pid(redis_server, table.code) == _pid(owner)
    table.close()


def test_a_restarted_redis_leaves_every_room_with_its_owner(
    cluster: list[ServerProcess], redis_server: RedisServer
) -> None:
    """Redis forgets every lease; the owner's next renewal sets it again before anyone else can take it."""
    owner, other = cluster
    table = Table(owner)
    redis_server.restart()
    time.sleep(LEASE / 2)  # a renewal (every LEASE / 3) has run
    assert _owner_pid(redis_server, table.code) == _pid(owner)
    table.people[0].reconnect(other)  # relayed to the owner again (its subscription came back with Redis)
    table.views[0] = table.people[0].until("view")
    table.move()
    assert _owner_pid(redis_server, table.code) == _pid(owner)
    table.close()


def test_a_restarted_postgresql_lets_no_second_process_take_a_room(
    cluster: list[ServerProcess], postgres: Postgres, redis_server: RedisServer
) -> None:
    """The owner's pool reconnects and the lease never left Redis: a socket to the other process is relayed."""
    if postgres.data is None:
        pytest.skip("$PAIJU_TEST_POSTGRES names a server this session cannot restart")
    owner, other = cluster
    table = Table(owner)
    postgres.restart()
    table.people[1].reconnect(other)
    table.views[1] = table.people[1].until("view")
    table.move()
    assert _owner_pid(redis_server, table.code) == _pid(owner)
    table.close()


def test_an_owner_paused_past_its_lease_has_its_moves_refused_and_gives_the_room_up(
    cluster: list[ServerProcess],
) -> None:
    """SIGSTOP past the lease: the other process takes the room (its epoch raised) and plays on; after SIGCONT the
    paused one's write is refused by the database and it closes the room's sockets to reconnect."""
    owner, other = cluster
    table = Table(owner)
    stale = Player(owner, table.code, "host", table.people[0].token)  # a socket left on the paused process
    stale.until("view")
    owner.signal(signal.SIGSTOP)
    try:
        time.sleep(LEASE + 0.3)
        table.move_to(other)
        table.move()
    finally:
        owner.signal(signal.SIGCONT)
    stored = table.events()
    refusals = []
    with pytest.raises(ConnectionClosed) as closed:
        stale.send({"type": "auto", "on": True})  # a write of the room: refused, unless the room was given up first
        while True:
            frame = json.loads(stale.ws.recv(timeout=5))
            refusals += [frame["reason"]] if frame["type"] == "error" else []
    assert closed.value.rcvd is not None and closed.value.rcvd.code == ELSEWHERE
    assert set(refusals) <= {"database_taken"}
    assert table.events() == stored and not _stored_auto(table.database, table.people[0].token)
    table.move()
    table.close()


def test_killing_the_owner_mid_hand_continues_the_hand_on_another_process_with_the_same_events(
    cluster: list[ServerProcess],
) -> None:
    """kill -9: the lease runs out, the next process a socket reaches rebuilds the hand from the event log, runs
    the turn timer out at the deadline the dead process set, and the hand goes on with every stored event kept,
    none doubled."""
    owner, other = cluster
    table = Table(owner, turn_seconds=60)
    table.move()
    seat = table.to_act()
    deadline = table.views[seat]["deadline"]
    time.sleep(LEASE / 2)  # the owner stores its rooms' deadlines at each renewal (every LEASE / 3)
    before = table.events()
    owner.signal(signal.SIGKILL)
    table.move_to(other)
    assert table.events() == before
    assert table.to_act() == seat and table.views[seat]["deadline"] == pytest.approx(deadline, abs=1e-3)
    table.move()
    after = table.events()
    assert after[: len(before)] == before and len(after) == len(before) + 1
    table.close()
