"""癞子's online rules as the server's 托管 layer (other-games.md §1.2, Q1.19): on a table whose ``timeouts`` is
``minimal`` a timed-out seat makes its smallest move, goes on 托管 after three timeouts in a row, at once in the
auction, and when it disconnects during a hand; elsewhere a timeout puts the seat on 托管 at once (test_timer)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from paiju.cards import card_rank, parse_cards
from tests.server.wire import my_turn, room_where, seated_host, two_people_and_a_bot, until

#: The turn's time: long enough that the test answers the turns before the one it lets run out, on a loaded machine.
TURN_SECONDS = 2
#: The seed of the deal and of every bot where the host gets a bid, and its three timeouts in play come long before
#: the hand can end.
LONG_HAND_SEED = 1


def _auto(ws: WebSocketTestSession) -> bool:
    """Whether seat 0 is on 托管 in the next room frame."""
    return bool(until(ws, "room")["seats"][0]["auto"])


def _act_until_play(ws: WebSocketTestSession) -> dict[str, Any]:
    """Decide the host's turns before play (pass, but bid the most to lead) until its first turn in play."""
    while True:
        frame = my_turn(ws)
        view = frame["view"]
        if view["phase"] == "play":
            return frame
        ws.send_json({"type": "act", "action": view["legal"][-1] if view["phase"] == "bid" else "pass"})


def _next_own_turn(ws: WebSocketTestSession, seen: int) -> dict[str, Any]:
    """The first view whose history has grown past ``seen`` records with a record of seat 0 (its timed-out move)."""
    while True:
        view = until(ws, "view")["view"]
        mine = [r for r in view["history"][seen:] if r["seat"] == 0]
        if mine:
            return dict(mine[0])


def test_a_timeout_in_the_auction_counts_as_no_bid_and_puts_the_seat_on_takeover(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """§1.2 step 5: 「A timeout counts as 不叫 and puts the player into 托管」 (「超时不叫分则视为不叫分且托管」). The deal and
    the bots are seeded: on some deals a bot bids 3 before the host's turn, and the host never bids."""
    monkeypatch.setattr("paiju.server.table.secret_seed", lambda: LONG_HAND_SEED)
    monkeypatch.setattr("paiju.server.table.secrets.randbits", lambda bits: LONG_HAND_SEED)
    with seated_host(client, 0, variant="laizi", turn_seconds=TURN_SECONDS) as (room, ws):
        ws.send_json({"type": "start"})
        while (frame := my_turn(ws))["type"] == "view" and frame["view"]["phase"] != "bid":
            ws.send_json({"type": "act", "action": "pass"})
        assert frame["type"] == "view", "the hand ended before the host's bid"
        assert room_where(ws, lambda r: r["seats"][0]["auto"])["seats"][0]["auto"]
        result = until(ws, "result")
        log = client.get(f"/api/hands/{result['log_id']}", headers={"X-Paiju-Token": room["token"]}).json()
        dealt = next(i for i, e in enumerate(log["events"]) if e["type"] == "deal")
        first = next(e for e in log["events"][dealt:] if e.get("seat") == 0)
        assert first["type"] == "pass" and frame["view"]["legal"][0] == "pass"


def test_timed_out_plays_are_the_smallest_move_and_the_third_in_a_row_puts_the_seat_on_takeover(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """§1.2: 「If the leader times out, the lowest single card is played automatically」; 「If a follower times out,
    that counts as a pass」 (a last card that beats is played); 「Three consecutive timeouts … put the player into
    托管」 — and not the first two. The deal and the bots are seeded: a deal a bot could win before the host's third
    turn would end the hand first."""
    monkeypatch.setattr("paiju.server.table.secret_seed", lambda: LONG_HAND_SEED)
    monkeypatch.setattr("paiju.server.table.secrets.randbits", lambda bits: LONG_HAND_SEED)
    with seated_host(client, 0, variant="laizi", turn_seconds=TURN_SECONDS) as (_, ws):
        ws.send_json({"type": "start"})
        frame = _act_until_play(ws)
        for timeout in range(1, 4):
            view = frame["view"]
            hand = parse_cards(view["hand"])
            move = _next_own_turn(ws, len(view["history"]))
            if view["trick"] is None:
                played = parse_cards(move["cards"])
                assert len(played) == 1 and card_rank(played[0]) == min(card_rank(c) for c in hand)
            elif len(hand) > 1:
                assert move["cards"] == "pass"
            if timeout < 3:
                assert not _auto(ws), f"托管 after {timeout} timeout(s)"
                frame = my_turn(ws)
                assert frame["type"] == "view", "the hand ended before three timeouts"
        assert room_where(ws, lambda r: r["seats"][0]["auto"])["seats"][0]["auto"]


def test_a_seat_that_disconnects_during_a_hand_goes_on_takeover(client: TestClient) -> None:
    """§1.2: 「Three consecutive timeouts, or a disconnect, put the player into 托管」 (「连续超时3次或断线者将自动进入
    系统自动托管」); leaving it (解除托管) is the player's at any time (Q1.19)."""
    with two_people_and_a_bot(client, "heuristic", variant="laizi", turn_seconds=600) as (host, guest):
        host.send_json({"type": "start"})
        until(host, "view")
        guest.close()
        state = room_where(host, lambda r: r["seats"][1]["auto"])
        assert state["seats"][1]["auto"] and not state["seats"][1]["connected"]
        assert not state["seats"][0]["auto"]
