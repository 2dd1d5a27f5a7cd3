"""A 炒地皮 room over the socket (other-games.md §7): the host plays whole hands against the family's rule bots,
declaring, burying and following through the protocol; the next hand carries the match on; bad input is refused
with the rule's reason and the seat keeps its turn."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tests.server.wire import error, my_turn, seated_host, until


def _choice(view: dict[str, Any]) -> str:
    """The host's move: pass while declaring and in 抄底, else the first listed burial or play."""
    return "pass" if "pass" in view["legal"] else str(view["legal"][0])


def _play_hand(ws: WebSocketTestSession, seen: list[dict[str, Any]]) -> dict[str, Any]:
    """Take the host's turns until the result frame (and the room frame after it)."""
    while True:
        frame = my_turn(ws, seen)
        if frame["type"] == "result":
            until(ws, "room", seen)
            return frame
        ws.send_json({"type": "act", "action": _choice(frame["view"])})


def test_a_chaodipi_match_is_played_over_the_socket(client: TestClient) -> None:
    """Two hands: the first declares from the first-dealt seat and ends with the level table's verdict and zero-sum
    match points; the second starts with the 庄家 and the levels that verdict named (§7.12), the 庄家 receiving the
    first card (§7.1)."""
    seen: list[dict[str, Any]] = []
    with seated_host(client, 0, variant="chaodipi") as (_, ws):
        ws.send_json({"type": "start"})
        result = _play_hand(ws, seen)
        views = [f["view"] for f in seen if f["type"] == "view"]
        assert {"declare", "play"} <= {v["phase"] for v in views}
        assert all(v["seat"] == 0 for v in views) and sum(result["scores"]) == 0
        verdict = result["summary"][-1]
        next_dealer = re.search(r"Seat (\d), .* is the next 庄家", " ".join(result["summary"]))
        ws.send_json({"type": "start"})
        second = until(ws, "view")["view"]
        levels = re.findall(r": (\w+)(?: 扛旗)?(?: ·|\.$)", verdict)
        assert [side["level"] for side in second["levels"]] == levels
        if next_dealer is not None:
            assert second["dealer"] == second["first"] == int(next_dealer.group(1))


def test_bad_trick_input_is_refused_with_the_rules_reason(client: TestClient) -> None:
    """A declaration the cards do not make, a card without its suit and cards not held are refused in one line, and
    the host still has its turn (its next act is taken)."""
    with seated_host(client, 0, variant="chaodipi") as (_, ws):
        ws.send_json({"type": "start"})
        frame = my_turn(ws)
        while frame["type"] == "view" and frame["view"]["phase"] != "play":
            if frame["view"]["phase"] == "declare":
                refused = error(ws, {"type": "act", "cards": "declare B R"})
                assert refused["code"] == "illegal_move" and "BR is not a declaration" in refused["message"]
            ws.send_json({"type": "act", "action": _choice(frame["view"])})
            frame = my_turn(ws)
        assert frame["type"] == "view"
        refused = error(ws, {"type": "act", "cards": "A"})
        assert refused["code"] == "illegal_move" and "suit" in refused["message"]
        held = frame["view"]["hand"].split()
        missing = next(c for c in ("Ah", "Kd", "7c", "3s") if held.count(c) < 2)
        refused = error(ws, {"type": "act", "cards": f"{missing} {missing}"})
        short = " ".join([missing] * (2 - held.count(missing)))
        assert refused["code"] == "illegal_move" and refused["message"] == f"you do not hold {short}"
        ws.send_json({"type": "act", "action": frame["view"]["legal"][0]})
        after = until(ws, "view")["view"]
        assert after["cards_left"][0] == len(held) - len(frame["view"]["legal"][0].split())
