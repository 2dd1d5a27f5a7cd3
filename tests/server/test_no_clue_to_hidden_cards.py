"""Nothing a seat, a spectator or an outsider can fetch during a hand gives
away hidden cards: no seed that rebuilds the deal, no auto-play that singles out the small landlord, no
holder of the 7♣."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from paiju.bots import BOTS
from paiju.climbing import Game, Partner, action_text
from paiju.variants import get_variant
from tests.server.outside import first_deal, integers, live_game, member_get
from tests.server.wire import create_room, hello, my_turn, play_to_end, room_where, until


def _rebuilds(variant: str, seed: int, players: int, real: list[list[int]], viewer: int | None) -> int | None:
    """The first seat other than ``viewer`` whose dealt hand ``seed`` rebuilds (any dealer), else ``None``."""
    for dealer in range(players):
        try:
            rebuilt = first_deal(Game(get_variant(variant), seed, dealer))
        except (ValueError, TypeError, OverflowError):
            return None
        for seat in range(players):
            if seat != viewer and sorted(rebuilt[seat]) == sorted(real[seat]):
                return seat
    return None


@contextmanager
def host_and_watcher(client: TestClient, room: dict[str, Any]) -> Iterator[tuple[WebSocketTestSession, WebSocketTestSession, str]]:
    """The host seated at 0 with heuristic bots in the other seats, and a spectator; yields both sockets and the
    spectator's token."""
    code = room["code"]
    with client.websocket_connect(f"/ws/{code}") as ws, client.websocket_connect(f"/ws/{code}") as watcher:
        hello(ws, "host", room["token"])
        ws.send_json({"type": "sit", "seat": 0})
        until(ws, "room")
        ws.send_json({"type": "bots", "strength": "heuristic"})
        until(ws, "room")
        yield ws, watcher, hello(watcher, "watcher")["token"]


@pytest.mark.parametrize("variant", ["classic", "spec-4p1d", "spec-6p3d"])
def test_no_seed_in_seat_log(client: TestClient, variant: str) -> None:
    """Finding 1: "A seat's redacted log keeps the running hand's seed; a spectator with no seat can fetch it
    too" — no integer in anything a seat or spectator gets during a hand rebuilds another seat's cards."""
    room = create_room(client, variant=variant)
    code = room["code"]
    payloads: list[tuple[str, int | None, Any]] = []
    with host_and_watcher(client, room) as (ws, watcher, watcher_token):
        seat_frames: list[dict[str, Any]] = []
        ws.send_json({"type": "start"})
        turn = my_turn(ws, seat_frames)
        assert turn["type"] == "view", "the hand ended before the host's first turn"
        # The hand now waits for the host: everything below is fetched while it runs.
        watcher_frames: list[dict[str, Any]] = []
        ws.send_json({"type": "ping"})
        until(ws, "pong", seat_frames)
        watcher.send_json({"type": "ping"})
        until(watcher, "pong", watcher_frames)
        game = live_game(client, code)
        assert not game.is_over
        seat_log = member_get(client, f"/api/rooms/{code}/log", room["token"])
        watcher_log = member_get(client, f"/api/rooms/{code}/log", watcher_token)
        assert seat_log.status_code == 200 and watcher_log.status_code == 200, (seat_log.text, watcher_log.text)
        payloads += [("seat log", 0, seat_log.json()), ("spectator log", None, watcher_log.json())]
        payloads += [("seat frame", 0, f) for f in seat_frames] + [("spectator frame", None, f) for f in watcher_frames]
        payloads.append(("GET /api/rooms", None, client.get(f"/api/rooms/{code}").json()))
        payloads.append(
            ("GET /api/rooms/hands", None, member_get(client, f"/api/rooms/{code}/hands", watcher_token).json())
        )
        real = first_deal(game)
        players = len(real)
        tried: set[tuple[int, int | None]] = set()
        for where, viewer, payload in payloads:
            for n in integers(payload):
                if (n, viewer) in tried:
                    continue
                tried.add((n, viewer))
                seat = _rebuilds(variant, n, players, real, viewer)
                assert seat is None, f"{where}: the integer {n} rebuilds seat {seat}'s hidden hand ({variant})"
        for where, _, payload in payloads:
            assert '"seed"' not in json.dumps(payload), f"{where} carries a seed key"


def _two_finished_hands(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two hands the bots played in one room (its host watching); their logs as a member reads them."""
    room = create_room(client)
    code = room["code"]
    with client.websocket_connect(f"/ws/{code}") as ws:
        hello(ws, "host", room["token"])
        ws.send_json({"type": "bots", "strength": "random"})
        until(ws, "room")
        for _ in range(2):
            ws.send_json({"type": "start"})
            until(ws, "result")
    hands = member_get(client, f"/api/rooms/{code}/hands", room["token"]).json()
    assert len(hands) == 2, hands
    logs = [member_get(client, f"/api/hands/{h['hand_id']}", room["token"]).json() for h in hands]
    return logs[0], logs[1]


def test_hand_seeds_are_unrelated(client: TestClient) -> None:
    """Finding 1: "hand i of a session is seeded session_seed * 1_000_003 + i, so an outsider predicted hand 2
    from hand 1's log; the session seed is 31 bits" — hand 1's seed predicts nothing of hand 2."""
    first, second = _two_finished_hands(client)
    s1, s2 = int(first["seed"]), int(second["seed"])
    real = first_deal(Game(get_variant("classic"), s2, int(second["dealer"])))
    assert real == [list(h) for h in next(e for e in second["events"] if e["type"] == "deal")["hands"]]
    session = s1 // 1_000_003
    guesses = {s1 + k for k in range(-3, 4)} | {session * 1_000_003 + i for i in range(6)} | {s1 * 1_000_003 + 1}
    for guess in sorted(guesses - {s1}):
        assert _rebuilds("classic", guess, 3, real, None) is None, f"hand 1's seed {s1} predicts hand 2 (seed {guess})"
    assert s1 >= 2**64 and s2 >= 2**64, f"seeds {s1} and {s2} are too small to be 128-bit secrets"


def test_bot_seeds_are_not_the_hand_seed(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 1: "Bots are seeded seed*31+seat" — every bot gets its own secret seed."""
    seeds: list[int] = []
    for name in ("random", "heuristic"):
        factory = BOTS[name]

        def spy(seed: int, factory: Any = factory) -> Any:
            seeds.append(seed)
            return factory(seed)

        monkeypatch.setitem(BOTS, name, spy)
    hands = _two_finished_hands(client)
    hand_seeds = {int(log["seed"]) for log in hands}
    assert seeds, "no bot was made"
    derived = {s * 31 + seat for s in hand_seeds for seat in range(3)}
    assert not derived & set(seeds), f"bots seeded from the hand's seed: {sorted(derived & set(seeds))}"
    assert all(s >= 2**32 for s in seeds), f"bot seeds too small to be secret: {sorted(seeds)[:5]}"


# ---------------------------------------------------------------------- the declare round's auto-play
def _choose(game: Game) -> str:
    """A human's choice that reaches the declaration round: bid low, name a partner, pass the declaration."""
    legal = game.legal_actions()
    if game.phase == "bid":
        return action_text(legal[1] if len(legal) > 1 else legal[0])
    if game.phase == "partner":
        return action_text(next((a for a in legal if isinstance(a, Partner)), legal[0]))
    if game.phase == "declare":
        return "pass"
    return action_text(legal[0])


def _human_turns(
    client: TestClient,
    code: str,
    watcher: WebSocketTestSession,
    seats: dict[int, WebSocketTestSession],
    choose: Callable[[Game], str],
) -> Iterator[dict[str, Any]]:
    """Yield every frame the spectator gets until the result; each time its view shows a new state that
    waits for a person (``auto_play`` false), yield the frame, then play that seat with ``choose``."""
    last: str | None = None
    while True:
        frame = watcher.receive_json()
        yield frame
        if frame["type"] == "result":
            return
        if frame["type"] != "view" or frame["auto_play"] or frame["view"]["phase"] == "over":
            continue
        key = json.dumps([frame["hand_number"], frame["view"]], sort_keys=True)
        if key == last:
            continue
        last = key
        game = live_game(client, code)
        seat = frame["view"]["to_act"]
        assert game.to_act == seat, "the spectator's view and the hand disagree"
        seats[seat].send_json({"type": "act", "action": choose(game)})


def test_declare_round_auto_play_is_the_same_for_every_farmer(client: TestClient) -> None:
    """Finding 2: "the server auto-passes every farmer who has only pass, so auto_play, deadline (in views,
    room frames and GET /api/rooms/CODE) single out the small landlord" — a spectator sees every farmer's
    declaration turn alike: not auto-played (a person sits there), with a deadline."""
    room = create_room(client, variant="spec-6p3d", auto_forced=True, turn_seconds=600)
    code = room["code"]
    rounds = 0
    with ExitStack() as stack:
        watcher = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
        hello(watcher, "watcher")
        seats: dict[int, WebSocketTestSession] = {}
        for seat in range(6):
            ws = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
            hello(ws, f"p{seat}", room["token"] if seat == 0 else None)
            ws.send_json({"type": "sit", "seat": seat})
            seats[seat] = ws
        room_where(watcher, lambda f: all(s["name"] for s in f["seats"]))
        for hand in range(1, 4):
            seats[0].send_json({"type": "start"})
            declare_views: list[dict[str, Any]] = []
            declare_rooms: list[dict[str, Any]] = []
            polled: list[dict[str, Any]] = []
            in_round = over = False
            for frame in _human_turns(client, code, watcher, seats, _choose):
                if frame["type"] == "result":
                    over = True
                    break
                if frame["type"] == "room" and in_round:
                    declare_rooms.append(frame)
                if frame["type"] != "view":
                    continue
                phase = frame["view"]["phase"]
                if phase == "declare":
                    in_round = True
                    declare_views.append(frame)
                    if not frame["auto_play"]:
                        polled.append(client.get(f"/api/rooms/{code}").json())
                elif phase in ("play", "over"):
                    break
            if declare_views:
                rounds += 1
                looks = {(f["view"]["to_act"], f["auto_play"], f["deadline"] is None) for f in declare_views}
                assert all(not f["auto_play"] and f["deadline"] is not None for f in declare_views), (
                    f"hand {hand}: declaration turns (seat, auto_play, no deadline) = {sorted(looks)}"
                )
                assert len({(a, d) for _, a, d in looks}) == 1
                assert all(r["deadline"] is not None for r in declare_rooms), (
                    f"hand {hand}: a room frame lost its deadline"
                )
                assert all(p["deadline"] is not None for p in polled)
            if not over:  # the rest of the hand on 托管
                for ws in seats.values():
                    ws.send_json({"type": "auto", "on": True})
                until(watcher, "result")
            for ws in seats.values():
                ws.send_json({"type": "auto", "on": False})
            room_where(watcher, lambda f: not any(s["auto"] for s in f["seats"]))
    assert rounds >= 2, f"only {rounds} of 3 hands had a declaration round"


# ---------------------------------------------------------------------- the 7♣ holder
def test_speculator_event_hides_the_7c_holder(client: TestClient) -> None:
    """Finding 12: "spec-3p1d: when the speculator comes from the previous hand, the redacted log's speculator
    event still names who holds the 7♣ (holder)" — only the holder may learn it."""
    room = create_room(client, variant="spec-3p1d")
    code = room["code"]
    checked = 0
    with host_and_watcher(client, room) as (ws, watcher, watcher_token):
        ws.send_json({"type": "start"})
        play_to_end(ws)
        for _ in range(6):
            ws.send_json({"type": "start"})
            turn = my_turn(ws)
            if turn["type"] == "view":
                game = live_game(client, code)
                truth = next(e for e in game.events if e["type"] == "speculator")
                if game.state.previous is not None and truth["holder"] is not None:
                    readers = [(None, watcher_token)] + ([(0, room["token"])] if truth["holder"] != 0 else [])
                    for seat, token in readers:
                        log = member_get(client, f"/api/rooms/{code}/log", token).json()
                        event = next(e for e in log["events"] if e["type"] == "speculator")
                        who = "the spectator" if seat is None else f"seat {seat}"
                        assert event.get("holder") is None, f"{who} learns that seat {event['holder']} holds the 7c"
                    checked += 1
                ws.send_json({"type": "act", "action": turn["view"]["legal"][-1]})
                play_to_end(ws)
            else:
                until(ws, "room")
            if checked >= 2:
                break
    assert checked, "no hand had its speculator from the previous hand and the 7c in a hand"
