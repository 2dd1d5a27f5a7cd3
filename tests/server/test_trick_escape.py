"""A 炒地皮 room knows its match (other-games.md §7.14): the hands dealt in it, each side's level, and what leaving
costs. A seat whose person stands up while the match is under way loses 15 points and the others gain nothing
(Escape, Q7.29); before the first hand, or on a table whose hands stand alone, standing up costs nothing."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from paiju.engine import new_session
from paiju.policy.trick import POLICY
from paiju.variants import get_variant
from tests.server.wire import room_where, seated_host, until


def _hand_played_by_autoplay(ws: WebSocketTestSession) -> dict[str, Any]:
    """Deal, put the host's seat on 托管 and wait for the hand to end; returns the room frame between hands."""
    ws.send_json({"type": "start"})
    ws.send_json({"type": "auto", "on": True})
    until(ws, "result")
    return room_where(ws, lambda r: r["status"] == "between")


def test_a_seat_that_leaves_a_running_match_loses_15_and_the_others_gain_nothing(client: TestClient) -> None:
    with seated_host(client, 0, variant="chaodipi") as (room, ws):
        # No hand dealt yet: no match to leave, and standing up is free.
        ws.send_json({"type": "stand"})
        free = room_where(ws, lambda r: r["seats"][0]["player_id"] is None)
        assert (free["match"], free["escapes"], free["scores"]) == (None, [], [0, 0, 0, 0])
        ws.send_json({"type": "sit", "seat": 0})
        room_where(ws, lambda r: r["seats"][0]["player_id"] == room["player_id"])
        between = _hand_played_by_autoplay(ws)
        # One hand cannot pass 扛旗 (both sides start at 2): the match is under way, and the room says what leaving costs.
        match = between["match"]
        assert (match["hands"], match["running"], match["escape_points"]) == (1, True, 15)
        assert len(match["levels"]) == 2
        ws.send_json({"type": "stand"})
        after = room_where(ws, lambda r: r["seats"][0]["player_id"] is None)
        assert after["escapes"] == [{"seat": 0, "name": "host", "points": -15}]
        assert after["scores"] == [between["scores"][0] - 15, *between["scores"][1:]]
        # The settlement is sent again with the escape and the new totals.
        result = until(ws, "result")
        assert result["escapes"] == after["escapes"] and result["totals"] == after["scores"]
        assert [line["total"] for line in result["lines"]] == after["scores"]
        # A new table is a new session: no escapes, no match yet.
        ws.send_json({"type": "settings", "rules": {"trick": {"match_room": "round"}}})
        fresh = room_where(ws, lambda r: r["settings"]["rules"] is not None)
        assert (fresh["match"], fresh["escapes"], fresh["scores"]) == (None, [], [0, 0, 0, 0])


def test_a_climbing_room_has_no_match_and_standing_up_between_hands_costs_nothing(client: TestClient) -> None:
    with seated_host(client, 0, variant="classic") as (room, ws):
        between = _hand_played_by_autoplay(ws)
        assert between["match"] is None
        ws.send_json({"type": "stand"})
        after = room_where(ws, lambda r: r["seats"][0]["player_id"] is None)
        assert after["escapes"] == [] and after["scores"] == between["scores"]


def test_a_matchs_first_hand_is_under_way_at_level_2_for_both_sides() -> None:
    session = new_session(get_variant("chaodipi"), seed=3)
    standing = POLICY.match(session)
    assert standing is not None
    assert (standing.hands, standing.levels, standing.running, standing.escape_points) == (1, ("2", "2"), True, 15)
