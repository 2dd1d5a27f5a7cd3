"""Whole hands played by bots through the real app, one per registered table, watched by a spectator."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from paiju.engine import replay
from paiju.variants import REGISTRY
from tests.server.wire import create_room, hello


@pytest.mark.parametrize("variant", list(REGISTRY))
def test_bots_play_a_hand_to_the_settlement(client: TestClient, variant: str) -> None:
    room = create_room(client, variant=variant, card_counter=True)
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        hello(ws, "host", room["token"])
        ws.send_json({"type": "bots", "strength": "heuristic"})
        ws.send_json({"type": "start"})
        views = []
        while (frame := ws.receive_json())["type"] != "result":
            if frame["type"] == "view":
                views.append(frame)
        result = frame
    players = REGISTRY[variant].players
    assert views and all(v["seat"] is None and v["view"]["hand"] == "" and v["counter"] is None for v in views)
    assert views[-1]["view"]["phase"] == "over"
    assert len(result["lines"]) == players and sum(result["scores"]) == 0
    assert [line["score"] for line in result["lines"]] == result["scores"] == result["totals"]
    roles = ("landlord", "small_landlord", "hidden_landlord", "lone_landlord", "farmer", "speculator")
    roles += ("dealer", "dealer_partner", "attacker")
    assert all(line["text"] and line["role"] in roles for line in result["lines"])
    log = client.get(f"/api/hands/{result['log_id']}", headers={"X-Paiju-Token": room["token"]}).json()
    game = replay(log)
    assert game.result is not None and list(game.result.scores) == result["scores"]
    state = client.get(f"/api/rooms/{room['code']}").json()
    assert state["status"] == "between" and state["scores"] == result["scores"] and state["session_hands"] == 1
