"""On a ``timeouts = "takeover"`` table the turn timer puts a seat on 托管 the first time it runs out, until the
player turns it off (the default, ``grace``: test_takeover_after_two_timeouts); auto_forced plays a lone legal pass."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from tests.server.wire import my_turn, seated_host, until


def test_a_turn_that_runs_out_is_played_by_the_bot_and_the_seat_goes_on_auto(client: TestClient) -> None:
    """``takeover``: 托管 at the first timeout (no turn of the seat's own comes first), and a move the person sends
    meanwhile leaves it on."""
    with seated_host(client, 0, turn_seconds=1, rules={"timeouts": "takeover"}) as (_, ws):
        ws.send_json({"type": "start"})
        turn = my_turn(ws)
        assert turn["deadline"] is not None and 0 < turn["deadline"] - time.time() <= 1.1
        started = time.time()
        seen: list[dict[str, Any]] = []
        while (frame := ws.receive_json())["type"] != "room" or not frame["seats"][0]["auto"]:
            seen.append(frame)
        assert 0.5 < time.time() - started < 5
        assert not any(f["type"] == "view" and f["view"]["legal"] and not f["auto_play"] for f in seen)
        ws.send_json({"type": "act", "action": "pass"})
        ws.send_json({"type": "ping"})
        until(ws, "pong", seen := [])
        assert all(f["seats"][0]["auto"] for f in seen if f["type"] == "room"), "an act took the seat off 托管"
        result = until(ws, "result")
        assert result["lines"][0]["name"] == "host"


def test_forced_passes_are_played_for_the_seat(client: TestClient) -> None:
    forced = 0
    with seated_host(client, 0, auto_forced=True) as (room, ws):
        for _ in range(4):
            ws.send_json({"type": "start"})
            sent_passes = 0
            while (frame := my_turn(ws))["type"] == "view":
                legal = frame["view"]["legal"]
                assert legal != ["pass"], "a lone pass was left to the player"
                action = legal[1] if len(legal) > 1 and frame["view"]["phase"] == "play" else legal[-1]
                sent_passes += action == "pass" and frame["view"]["phase"] == "play"
                ws.send_json({"type": "act", "action": action})
            until(ws, "room")
            log = client.get(f"/api/hands/{frame['log_id']}", headers={"X-Paiju-Token": room["token"]}).json()
            landlord_at = next(i for i, e in enumerate(log["events"]) if e["type"] == "landlord")
            passes = [e for e in log["events"][landlord_at:] if e["type"] == "pass" and e["seat"] == 0]
            forced += len(passes) - sent_passes
            if forced:
                return
    raise AssertionError("no hand needed a forced pass")
