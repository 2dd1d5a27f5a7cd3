"""A decision open to several seats at once: every acting seat is told so with one shared deadline, persons
act in any order while the others are pending, bots among them act on their own, and a timeout plays them all.

The hand is of a made-up family (``tests/vote_family.py``): every seat votes yes or no, all at once."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from paiju.engine import FAMILY_MODULES
from paiju.policy import POLICY_MODULES
from tests.server.wire import error, room_where, two_people_and_a_bot, until
from tests.vote_family import VOTES


@pytest.fixture(autouse=True)
def _vote_family(monkeypatch: pytest.MonkeyPatch) -> None:
    """The made-up family is known to the kernel and its table policy to the apps, for these tests only."""
    monkeypatch.setitem(FAMILY_MODULES, "vote", "tests.vote_family")
    monkeypatch.setitem(POLICY_MODULES, "vote", "tests.vote_family")


def voting_room(
    client: TestClient, rules: dict[str, Any] | None = None, **settings: Any
) -> AbstractContextManager[tuple[WebSocketTestSession, WebSocketTestSession]]:
    """A three-seat voting room (``rules`` beside the family's): the host at seat 0, a second person at seat 1, a
    random bot at seat 2."""
    return two_people_and_a_bot(client, "random", rules={"family": "vote", **(rules or {})}, **settings)


def _view_where(ws: WebSocketTestSession, check: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Read until a view frame for which ``check`` holds."""
    while True:
        frame = until(ws, "view")
        if check(frame):
            return frame


def _persons_pending(frame: dict[str, Any]) -> bool:
    return bool(frame["view"]["actors"] == [0, 1])


def test_every_acting_seat_is_told_its_turn_with_one_deadline_and_acts_in_any_order(client: TestClient) -> None:
    """Both persons see their turn (legal votes, not played for them) with the same deadline, once the bot among
    the actors has voted on its own; the later seat votes first, a seat that has voted is refused, and the
    hand ends when the last person votes."""
    with voting_room(client, turn_seconds=600) as (host, guest):
        host.send_json({"type": "start"})
        mine, theirs = _view_where(host, _persons_pending), _view_where(guest, _persons_pending)
        for frame in (mine, theirs):
            assert frame["view"]["legal"] == list(VOTES) and not frame["auto_play"]
        assert mine["deadline"] is not None and mine["deadline"] == theirs["deadline"]
        assert [seat for seat, _ in mine["view"]["votes"]] == [2]
        guest.send_json({"type": "act", "action": "yes"})
        after = _view_where(guest, lambda f: f["view"]["actors"] == [0])
        assert after["view"]["legal"] == [] and after["auto_play"] is False
        refused = error(guest, {"type": "act", "action": "no"})
        assert refused["code"] == "not_your_turn" and refused["message"] == "it is host's turn (seat 0)"
        host.send_json({"type": "act", "cards": "no"})
        result = until(host, "result")
        assert result["scores"][:2] == [0, 1] and result["lines"][1]["text"] == "guest scores 1"


def test_a_refusal_names_every_seat_still_to_act(client: TestClient) -> None:
    """A seat outside the decision is told which seats act now, all of them."""
    with voting_room(client, turn_seconds=600) as (host, guest):
        host.send_json({"type": "start"})
        _view_where(host, _persons_pending)
        host.send_json({"type": "act", "action": "yes"})
        _view_where(host, lambda f: f["view"]["actors"] == [1])
        refused = error(host, {"type": "act", "action": "yes"})
        assert refused["message"] == "it is guest's turn (seat 1)"


def test_a_timeout_plays_every_person_still_to_act(client: TestClient) -> None:
    """When the shared deadline passes on a ``takeover`` table, both persons go on 托管 together and the server votes
    for them."""
    with voting_room(client, {"timeouts": "takeover"}, turn_seconds=1) as (host, guest):
        host.send_json({"type": "start"})
        mine, theirs = _view_where(host, _persons_pending), _view_where(guest, _persons_pending)
        assert mine["deadline"] == theirs["deadline"] is not None
        state = room_where(host, lambda r: r["seats"][0]["auto"] and r["seats"][1]["auto"])
        assert not state["seats"][2]["auto"]
        result = until(host, "result")
        assert len(result["scores"]) == 3


def test_a_first_timeout_plays_every_person_still_to_act_once_and_puts_none_on_takeover(client: TestClient) -> None:
    """The default (``grace``): when the shared deadline passes, the server votes once for each person still to act
    (its table policy's ``timeout_bot``), and neither goes on 托管."""
    with voting_room(client, turn_seconds=1) as (host, guest):
        host.send_json({"type": "start"})
        _view_where(host, _persons_pending), _view_where(guest, _persons_pending)
        seen: list[dict[str, Any]] = []
        result = until(host, "result", seen)
        assert len(result["scores"]) == 3
        assert not any(s["auto"] for f in seen if f["type"] == "room" for s in f["seats"])
