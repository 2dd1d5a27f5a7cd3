"""The levels at the server: a room seats ``easy``, ``normal``, ``hard`` or ``hard:1s`` bots, its search bots think in a
bounded process pool sent only what their seat sees, another room's pong and turn timer keep time meanwhile, and a
search that fails or runs out of time plays the easy bot's move."""

from __future__ import annotations

import asyncio
import logging
import pickle
import time
from pathlib import Path
from typing import Any, cast

import pytest
from fastapi.testclient import TestClient

from paiju.bots import make_bot
from paiju.cards import card_rank
from paiju.engine import AnyHand, family, open_hand
from paiju.server.thinking import Ask, BotPool, ask_of, decide, room_level
from paiju.variants import get_variant
from tests.server.outside import configured_app, live_game
from tests.server.wire import create_room, error, hello, my_turn, room_where, until

#: The easy bot's fallback, as the server logs it.
FALLBACK = "the easy bot's move is played"


def _app(tmp_path: Path, **config: Any) -> TestClient:
    """A server over a fresh SQLite file (``ServerConfig(**config)``, bots moving at once)."""
    return TestClient(configured_app(f"sqlite:///{tmp_path / 'paiju.sqlite3'}", **config))


@pytest.fixture
def no_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rooms that seat search bots start no worker ahead (a test where none thinks in one)."""
    monkeypatch.setattr(BotPool, "warm", lambda self: None)


def _at_play(seed: int = 3) -> AnyHand:
    """A classic hand in its play phase where seat 0 has a choice, reached by easy bots."""
    hand = open_hand(get_variant("classic"), seed)
    bots = [make_bot("easy", s) for s in range(3)]
    while not (0 in hand.actors() and len(hand.legal_actions(0)) > 1 and any(e["type"] == "play" for e in hand.events)):
        seat = min(hand.actors())
        hand.apply(bots[seat].act(family(hand.variant.family).observe(hand, seat)), seat)
    return hand


def _ask(hand: AnyHand, name: str = "hard", seed: int = 5) -> Ask:
    ask = ask_of(make_bot(name, seed), hand, 0)[1]
    assert ask is not None
    return ask


def test_a_worker_is_sent_its_seat_s_view_and_nothing_of_the_hidden_cards() -> None:
    """The payload the pool gets is byte for byte the same when the other seats' unseen cards are swapped: it cannot
    tell them."""
    hand = _at_play()
    sent = pickle.dumps(_ask(hand))
    worlds = family(hand.variant.family).worlds
    assert worlds is not None
    view = worlds(hand.variant).seat_view(hand, 0)
    a, b = cast(list[int], hand.hands[1]), cast(list[int], hand.hands[2])  # the real lists
    swapped = 0
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            if card_rank(x) != card_rank(y) and swapped < 3:
                a[i], b[j] = y, x
                if worlds(hand.variant).seat_view(hand, 0) == view:
                    swapped += 1
                else:
                    a[i], b[j] = x, y
    assert swapped == 3
    assert pickle.dumps(_ask(hand)) == sent
    assert ask_of(make_bot("easy", 5), hand, 0)[1] is None  # a rule-of-thumb bot is not sent anywhere


def test_the_pool_decides_a_failed_or_late_search_plays_the_easy_bot_s_move_and_its_workers_stop_with_it(
    caplog: pytest.LogCaptureFixture,
) -> None:
    pool = BotPool(1)
    hand = _at_play()
    good, broken = _ask(hand, "normal:200ms"), _ask(hand, "hard")
    broken = Ask("hard:fast", broken.seed, broken.family, broken.observation, broken.view)  # refused in the worker
    obs = good.observation
    easy = make_bot("easy", good.seed).act(obs)

    async def run() -> tuple[object, object, object]:
        searched = await decide(pool, make_bot("hard"), obs, good, 30.0, "T")
        failed = await decide(pool, make_bot("hard"), obs, broken, 30.0, "T")
        late = await decide(pool, make_bot("hard"), obs, good, 0.001, "T")
        return searched, failed, late

    with caplog.at_level(logging.WARNING, "paiju.server"):
        searched, failed, late = asyncio.run(run())
    assert searched in obs.legal
    assert failed == easy and late == easy
    assert sum(FALLBACK in r.getMessage() for r in caplog.records) == 2
    assert pool._executor is not None
    workers = list(pool._executor._processes.values())
    assert len(workers) == 1 and workers[0].is_alive()
    pool.close()
    assert not workers[0].is_alive()
    with pytest.raises(RuntimeError):  # a room's last task asking as the server stops starts no worker again
        asyncio.run(pool.decide(good, 30.0))
    assert pool._executor is None


@pytest.mark.usefixtures("no_workers")
def test_a_room_seats_the_levels_and_refuses_a_budget_it_cannot_keep(tmp_path: Path) -> None:
    with _app(tmp_path) as client:
        room = create_room(client)
        with client.websocket_connect(f"/ws/{room['code']}") as ws:
            hello(ws, "host", room["token"])
            ws.send_json({"type": "bots", "strength": "hard:1s", "seats": [0]})
            ws.send_json({"type": "bots", "strength": "easy", "seats": [1]})
            ws.send_json({"type": "bots", "strength": "normal", "seats": [2]})
            state = room_where(ws, lambda r: all(s["bot"] for s in r["seats"]))
            assert [s["bot"] for s in state["seats"]] == ["hard:1s", "easy", "normal"]
            assert error(ws, {"type": "bots", "strength": "hard:9s", "seats": [0]})["reason"] == "bot_budget"
            assert error(ws, {"type": "bots", "strength": "normal:200", "seats": [0]})["reason"] == "bot_budget"
            assert error(ws, {"type": "bots", "strength": "hard:0ms", "seats": [0]})["reason"] == "bot_level"
            ws.send_json({"type": "settings", "variant": "chaodipi"})
            room_where(ws, lambda r: r["variant"] == "chaodipi")
            ws.send_json({"type": "bots", "strength": "heuristic", "seats": [3]})  # a room's older name of easy
            ws.send_json({"type": "ping"})
            until(ws, "pong", seen := [])
            assert not [f for f in seen if f["type"] == "error"], seen
            assert [f["seats"][3]["bot"] for f in seen if f["type"] == "room"] == ["heuristic"]


def test_auto_play_plays_at_the_room_s_strongest_level() -> None:
    assert room_level(["random", "easy", "hard:300ms", "normal"]) == "hard:300ms"
    assert room_level(["heuristic", "random"]) == "easy"
    assert room_level(["random"]) == room_level([]) == "easy"


@pytest.mark.usefixtures("no_workers")
def test_a_room_whose_search_fails_plays_on_with_the_easy_bot_and_auto_play_searches_at_its_level(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Every search of the hand fails (the host's seat on 托管, ``hard:300ms`` as its bots, included): each move is
    the easy bot's, and the hand ends."""
    asked: list[tuple[str, int]] = []

    async def broken(self: BotPool, ask: Ask, budget: float) -> int:
        asked.append((ask.bot, ask.view.seat))
        raise RuntimeError("a worker died")

    monkeypatch.setattr(BotPool, "decide", broken)
    with caplog.at_level(logging.WARNING, "paiju.server"), _app(tmp_path) as client:
        room = create_room(client, seat=0)
        with client.websocket_connect(f"/ws/{room['code']}") as ws:
            hello(ws, "host", room["token"])
            ws.send_json({"type": "auto", "on": True})
            ws.send_json({"type": "bots", "strength": "hard:300ms"})
            room_where(ws, lambda r: all(s["name"] for s in r["seats"]) and r["seats"][0]["auto"])
            ws.send_json({"type": "start"})
            assert until(ws, "result")["lines"]
    assert {bot for bot, _ in asked} == {"hard:300ms"} and {seat for _, seat in asked} == {0, 1, 2}
    assert sum(FALLBACK in r.getMessage() for r in caplog.records) == len(asked)


def test_hard_bots_in_more_rooms_than_workers_all_play_while_another_room_keeps_time(tmp_path: Path) -> None:
    """Two rooms of ``hard`` bots share one worker, searching all the while: both progress, and a third room's pongs
    come at once and its turn timer runs out on time; the worker stops with the server."""
    with _app(tmp_path, bot_workers=1) as client:
        busy = []
        for _ in range(2):
            room = create_room(client)
            with client.websocket_connect(f"/ws/{room['code']}") as ws:
                hello(ws, "host", room["token"])
                ws.send_json({"type": "bots", "strength": "hard"})
                room_where(ws, lambda r: all(s["bot"] for s in r["seats"]))
                ws.send_json({"type": "start"})
                until(ws, "view")
            busy.append(room["code"])
        _progress(client, busy, [1, 1])  # the workers have started and think
        other = create_room(client, turn_seconds=1, rules={"timeouts": "takeover"})
        with client.websocket_connect(f"/ws/{other['code']}") as ws:
            hello(ws, "host", other["token"])
            ws.send_json({"type": "sit", "seat": 0})
            until(ws, "room")
            ws.send_json({"type": "bots", "strength": "easy"})
            room_where(ws, lambda r: all(s["name"] for s in r["seats"]))
            ws.send_json({"type": "start"})
            deadline = my_turn(ws)["deadline"]
            pongs = []
            while time.time() < deadline - 0.3:
                sent = time.perf_counter()
                ws.send_json({"type": "ping"})
                until(ws, "pong")
                pongs.append(time.perf_counter() - sent)
                time.sleep(0.05)
            room_where(ws, lambda r: r["seats"][0]["auto"])
            late = time.time() - deadline
        assert pongs and max(pongs) < 0.25, pongs
        assert late < 0.5, f"the turn timer ran out {late:.2f} s late"
        _progress(client, busy, [len(live_game(client, code).events) for code in busy])
        executor = client.app.state.server.pool._executor  # type: ignore[attr-defined]
        workers = list(executor._processes.values())
        assert len(workers) == 1  # the pool's bound
    assert not any(p.is_alive() for p in workers), "a bot worker outlived the server"


def _progress(client: TestClient, codes: list[str], moves: list[int], wait: float = 20.0) -> None:
    """Wait until every room in ``codes`` has more events than ``moves`` says (at most ``wait`` seconds)."""
    until_time = time.monotonic() + wait
    while (now := [len(live_game(client, code).events) for code in codes]) and not all(
        n > m for n, m in zip(now, moves, strict=True)
    ):
        assert time.monotonic() < until_time, f"rooms of hard bots stuck at {now} events"
        time.sleep(0.1)
