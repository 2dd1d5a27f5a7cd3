"""A 癞子 room over the socket (other-games.md §1.2): 明牌开始 offered to every seat at once with one deadline,
open hands public in every frame, grabs and the landlord's 明牌 as actions, bad input refused with a reason."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tests.server.wire import error, two_people_and_a_bot, until


def laizi_room(client: TestClient) -> AbstractContextManager[tuple[WebSocketTestSession, WebSocketTestSession]]:
    """Two people (seats 0 and 1) and a heuristic bot (seat 2) at a 癞子 table with a long turn timer."""
    return two_people_and_a_bot(client, "heuristic", variant="laizi", turn_seconds=600)


def _view(ws: WebSocketTestSession, phase: str) -> dict[str, Any]:
    """Read until a view frame of ``phase``."""
    while True:
        frame = until(ws, "view")
        if frame["view"]["phase"] == phase:
            return frame


def test_open_start_is_offered_to_both_people_at_once_and_an_open_hand_reaches_every_frame(client: TestClient) -> None:
    """明牌开始: both persons may open before the deal, with one deadline; the guest's open hand is then in the
    host's frames (and its own), while the host's stays hidden from the guest."""
    with laizi_room(client) as (host, guest):
        host.send_json({"type": "start"})
        mine, theirs = _view(host, "open_start"), _view(guest, "open_start")
        assert mine["view"]["legal"] == ["open", "pass"] == theirs["view"]["legal"]
        assert mine["deadline"] == theirs["deadline"] and mine["view"]["hand"] == ""
        guest.send_json({"type": "act", "action": "open"})
        refused = error(guest, {"type": "act", "action": "pass"})
        assert refused["code"] == "not_your_turn"
        host.send_json({"type": "act", "action": "pass"})
        dealt = _view(host, "bid")
        opened = dealt["view"]["parts"]["open"]["open_hands"]
        assert [o["seat"] for o in opened] == [1] and len(opened[0]["cards"].split()) == 17
        guest_view = _view(guest, "bid")["view"]
        assert guest_view["parts"]["open"]["open_hands"] == opened and guest_view["hand"] == opened[0]["cards"]


def test_grab_and_open_out_of_their_phase_are_refused_with_a_reason(client: TestClient) -> None:
    """A grab during 明牌开始 and an open once the cards are dealt are refused and change nothing; typed words
    are read by the phase, which says what may be typed."""
    with laizi_room(client) as (host, guest):
        host.send_json({"type": "start"})
        _view(host, "open_start")
        refused = error(host, {"type": "act", "action": "grab"})
        assert refused["message"] == "'grab' is not one of your legal actions now"
        host.send_json({"type": "act", "action": "pass"})
        guest.send_json({"type": "act", "action": "pass"})
        view = _host_decides_after_the_deal(host, guest)
        refused = error(host, {"type": "act", "action": "open"})
        assert refused["message"] == "'open' is not one of your legal actions now"
        typed = error(host, {"type": "act", "cards": "open"})
        assert view["phase"] in typed["message"], typed


def _host_decides_after_the_deal(host: WebSocketTestSession, guest: WebSocketTestSession) -> dict[str, Any]:
    """The host's first view with a decision after the deal (a bid, or a grab when someone bid 3 before its turn);
    the guest passes whenever it is asked first."""
    while True:
        view = until(host, "view")["view"]
        if view["phase"] in ("bid", "grab") and view["legal"]:
            return view
        if view["to_act"] == 1 and view["phase"] in ("bid", "grab"):
            guest.send_json({"type": "act", "action": "pass"})
