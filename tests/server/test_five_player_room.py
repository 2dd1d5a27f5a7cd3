"""A 五人斗地主 room over the socket (other-games.md §5.2, Q5.13): the sealed identity step looks the same to every
person whatever its role — who acts, the deadline, 托管 — and names nobody who has answered; reveal and double are
actions, refused with a reason out of turn or by a seat that may not take them."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tests.server.wire import error, two_people_and_a_bot, until


def five_seats(client: TestClient) -> AbstractContextManager[tuple[WebSocketTestSession, WebSocketTestSession]]:
    """A five-player room with a long turn timer: the host at seat 0, a guest at seat 1, heuristic bots at 2–4."""
    return two_people_and_a_bot(client, "heuristic", (2, 3, 4), variant="five-player", turn_seconds=600)


def _identity_view(ws: WebSocketTestSession) -> dict[str, Any]:
    """The first view frame of the identity step."""
    while True:
        frame = until(ws, "view")
        if frame["view"]["phase"] == "identity":
            return frame


def test_the_sealed_step_looks_the_same_to_every_person_and_names_nobody_who_answered(client: TestClient) -> None:
    """Q5.13 (ii): 「One simultaneous, sealed step, whose visible course is the same with or without L2」 — both persons
    act at once with one deadline and no auto-play; once one answers, the other still sees every seat acting, and
    the one that answered is told only that the others act, not which of them has answered."""
    with five_seats(client) as (host, guest):
        host.send_json({"type": "start"})
        mine, theirs = _identity_view(host), _identity_view(guest)
        for frame in (mine, theirs):
            assert frame["view"]["actors"] == [0, 1, 2, 3, 4] and frame["auto_play"] is False
            assert frame["view"]["parts"]["five"]["identity"] == "deciding" and frame["view"]["legal"] in (["pass"], ["reveal", "pass"])
        assert mine["deadline"] == theirs["deadline"] is not None
        host.send_json({"type": "act", "action": "pass"})
        again = error(host, {"type": "act", "action": "pass"})
        assert again["code"] == "not_your_turn" and "1, 2, 3, 4" in again["message"]
        later = until(guest, "view")
        assert later["view"]["phase"] == "identity" and later["view"]["actors"] == [0, 1, 2, 3, 4]
        assert later["deadline"] == theirs["deadline"]


def test_reveal_and_double_are_refused_with_a_reason_where_they_are_not_the_seats_to_take(client: TestClient) -> None:
    """Bad input: a farmer's 亮出身份, 加倍 during the identity step, and a double out of turn — refused in one line,
    nothing changed (the identity step still waits on the seat)."""
    with five_seats(client) as (host, guest):
        host.send_json({"type": "start"})
        mine = _identity_view(host)
        farmer = mine["view"]["legal"] == ["pass"]
        ws = host if farmer else guest
        refused = error(ws, {"type": "act", "action": "double"})
        assert refused["code"] == "illegal_move" and refused["message"] == "'double' is not one of your legal actions now"
        if farmer:
            typed = error(host, {"type": "act", "cards": "reveal"})
            assert typed["code"] == "illegal_move" and "landlord" in typed["message"]
        for person in (host, guest):
            person.send_json({"type": "act", "action": "pass"})
        while True:
            view = until(host, "view")["view"]
            if view["phase"] != "identity":
                break
        assert view["phase"] in ("double", "play")
        if view["phase"] == "double":
            # on to the guest's turn, which waits on it for good (the bots act at once, so a bot's turn may pass to
            # the host before its double arrives)
            passed = False
            while view["to_act"] != 1:
                if view["to_act"] == 0 and not passed:
                    host.send_json({"type": "act", "action": "pass"})
                    passed = True
                view = until(host, "view")["view"]
                assert view["phase"] == "double"
            refused = error(host, {"type": "act", "action": "double"})
            assert refused["code"] == "not_your_turn"
