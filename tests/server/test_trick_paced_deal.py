"""A chaodipi-live room over the socket (other-games.md Q7.3 (ii)): the cards come a round at a time on the
server's clock, a person declares the moment it holds the cards for it, its own pass is refused, and every person
sees the same deadline, actors and auto-play whatever anyone holds."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paiju.bots.trick_rule import RuleBot
from paiju.server import create_app
from paiju.server.config import ServerConfig
from tests.server.wire import error, seated_host, two_people_and_a_bot, until

PACE = 0.05


@pytest.fixture
def paced(tmp_path: Path) -> Iterator[TestClient]:
    """A server whose paced deals move on every ``PACE`` seconds."""
    app = create_app(f"sqlite:///{tmp_path / 'paiju.sqlite3'}", bot_delay=0, burst=10_000, config=ServerConfig(deal_pace=PACE))
    with TestClient(app) as c:
        yield c


def _dealing(frame: dict[str, Any]) -> bool:
    return frame["type"] == "view" and frame["view"]["parts"]["dealing"]["live"]


def test_a_person_declares_while_the_cards_are_dealt_and_cannot_hurry_the_deal(paced: TestClient) -> None:
    """Q7.3 (ii) 「declaring during the deal (common in 升级)」: every round the host holds one card more and every
    seat acts; a pass is the clock's, not the person's; a declaration is taken at once; the hand then goes on to
    the kitty and play as after D2."""
    with seated_host(paced, 0, variant="chaodipi-live") as (_, ws):
        ws.send_json({"type": "start"})
        declared, rounds = None, []
        while True:
            frame = until(ws, "view")
            if not _dealing(frame):
                break
            view = frame["view"]
            assert view["actors"] == [0, 1, 2, 3] and frame["auto_play"] is False and frame["deadline"] is not None
            assert len(view["hand"].split()) == view["parts"]["dealing"]["round"]
            rounds.append(view["parts"]["dealing"]["round"])
            if len(rounds) == 1:
                between: list[dict[str, Any]] = []
                refused = error(ws, {"type": "act", "action": "pass"}, between)
                assert refused["code"] == "illegal_move" and "fixed pace" in refused["message"]
                # A round's view may come before the refusal (a busy machine): it counts as the round shown.
                rounds += [f["view"]["parts"]["dealing"]["round"] for f in between if _dealing(f)]
            offers = [a for a in view["legal"] if a != "pass"]
            if declared is None and offers and view["declaration"] is None:
                declared = offers[0]
                ws.send_json({"type": "act", "action": declared})
        assert sorted(set(rounds)) == list(range(1, rounds[-1] + 1))
        assert rounds[-1] == 25 or frame["view"]["strength"] == 8  # a ♥5 pair deals the rest at once
        assert frame["view"]["phase"] in ("bury", "chaodi", "play")
        assert len(frame["view"]["hand"].split()) in (25, 33)
        if declared is not None:
            seen = frame["view"]["declaration"]
            assert seen is not None  # the host's, or a stronger pair's that overturned it


def test_every_person_sees_the_same_clock_whatever_it_holds(paced: TestClient) -> None:
    """Q7.3 (ii), no leak: for each round both persons' frames name the same deadline, the same actors and the same
    auto-play — the round moves on at the tick whether or not either could declare."""
    with two_people_and_a_bot(paced, "heuristic", (2, 3), variant="chaodipi-live") as (host, guest):
        host.send_json({"type": "start"})
        clocks: list[dict[int, tuple[Any, ...]]] = [{}, {}]
        for i, ws in enumerate((host, guest)):
            while True:
                frame = until(ws, "view")
                if not _dealing(frame):
                    break
                view = frame["view"]
                clocks[i][view["parts"]["dealing"]["round"]] = (frame["deadline"], tuple(view["actors"]), frame["auto_play"])
        assert clocks[0] == clocks[1] and sorted(clocks[0]) == list(range(1, len(clocks[0]) + 1))


def test_a_bot_still_deciding_holds_up_no_round(paced: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots decide off the room's lock, within their round: while one bot is still deciding round 1, rounds 2 and
    3 are dealt and sent on the clock (it lets round 1 go by). Deciding at the tick, under the lock, it held up every
    frame of the room until it answered — the delay that told the table a bot had something to weigh."""
    asked, returned, release = count(), threading.Event(), threading.Event()
    decide = RuleBot.act

    def slow_first(bot: RuleBot, obs: Any) -> Any:
        if next(asked) == 0:
            release.wait(30)  # until the test has seen round 3 (a tick waiting on the bot would wait all of it)
            returned.set()
        return decide(bot, obs)

    monkeypatch.setattr(RuleBot, "act", slow_first)
    monkeypatch.setattr("paiju.server.table.secret_seed", lambda: 1)  # a deal with no ♥5 pair in its first 3 rounds
    try:
        with seated_host(paced, 0, variant="chaodipi-live") as (_, ws):
            ws.send_json({"type": "start"})
            while not _dealing(frame := until(ws, "view")) or frame["view"]["parts"]["dealing"]["round"] < 3:
                pass
            assert not returned.is_set(), "round 3 came only once the first bot had answered"
    finally:
        release.set()
