"""Hidden cards never leave the server except to their owner: every frame sent to every seat and to a
spectator through whole hands is read, and every card it names must be one that connection may know."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paiju.cards import format_card
from paiju.climbing import Game
from paiju.climbing.speculator import marked_card
from tests.helpers import public_cards, strings_of
from tests.server.wire import create_room, hello, until

#: A single named card as the server writes it: rank and suit, or a joker.
CARD = re.compile(r"^(?:[3-9TJQKA2][shdc]\*?|[BR])$")


def named_cards(frame: Any) -> Iterator[str]:
    """Every card a frame names: suited cards and jokers among the words of its strings."""
    for text in strings_of(frame):
        yield from (w for w in re.split(r"[\s,]+", text) if CARD.match(w))


def _names(cards: Any, game: Game) -> set[str]:
    """The cards as frames write them (the table's marked card with its mark, ``7c*``)."""
    marked = marked_card(game.variant)
    return {format_card(c, marked=marked) for c in cards}


def public_names(game: Game) -> set[str]:
    """What every seat may know now, as frames write the cards."""
    return _names(public_cards(game), game)


class Table:
    """Every seat played from the test side over its own socket, plus a spectator; all frames kept."""

    def __init__(self, client: TestClient, variant: str, seed: int) -> None:
        self.client = client
        self.room = create_room(client, variant=variant, card_counter=True)
        self.rng = random.Random(seed)
        self.players = len(client.get(f"/api/rooms/{self.room['code']}").json()["seats"])
        self.frames: dict[int | None, list[dict[str, Any]]] = {s: [] for s in [*range(self.players), None]}
        self.held: dict[int, set[str]] = {s: set() for s in range(self.players)}

    @property
    def game(self) -> Game:
        game = self.client.app.state.server.rooms[self.room["code"]].game  # type: ignore[attr-defined]
        assert game is not None
        return game  # type: ignore[no-any-return]

    def leaks(self, who: int | None, frames: list[dict[str, Any]]) -> set[str]:
        """The cards these frames name that ``who`` may not know at this point of the hand."""
        allowed = public_names(self.game) | (self.held[who] if who is not None else set())
        return {card for frame in frames for card in named_cards(frame)} - allowed

    def check(self, who: int | None, frames: list[dict[str, Any]]) -> None:
        leaked = self.leaks(who, frames)
        assert not leaked, f"{'the spectator' if who is None else f'seat {who}'} was sent {sorted(leaked)}"
        game = self.game
        if game.state.small_landlord is not None and who != game.state.small_landlord and not game.state.partner_known and not game.is_over:
            # speculator.md §7: nobody else learns who the small landlord is until it is known.
            for frame in frames:
                if frame["type"] == "view":
                    parts = frame["view"]["parts"]
                    named = parts["partner"]["small_landlord"] if "partner" in parts else parts["five"]["hidden"]
                    assert named is None
                    assert "small_landlord" not in frame["view"]["roles"]

    def play(self) -> dict[str, Any]:
        """Play one hand with random legal actions, checking every frame; returns the result frame."""
        code = self.room["code"]
        with ExitStack() as stack:
            spectator = stack.enter_context(self.client.websocket_connect(f"/ws/{code}"))
            sockets = {}
            hello(spectator, "watcher")
            for seat in range(self.players):
                ws = stack.enter_context(self.client.websocket_connect(f"/ws/{code}"))
                hello(ws, f"p{seat}", self.room["token"] if seat == 0 else None)
                ws.send_json({"type": "sit", "seat": seat})
                sockets[seat] = ws
            sockets[0].send_json({"type": "start"})
            conns: dict[int | None, Any] = {**sockets, None: spectator}
            views: dict[int | None, dict[str, Any]] = {}
            first = True
            while True:
                batch: dict[int | None, list[dict[str, Any]]] = {who: [] for who in conns}
                for who, ws in conns.items():
                    views[who] = until(ws, "view", batch[who])
                for seat, hand in enumerate(self.game.hands):  # the change is done: every view has come
                    self.held[seat] |= _names(hand, self.game)
                for who, new in batch.items():
                    self.frames[who] += new
                    self.check(who, new)
                if first:
                    # The check can fail: a seat's first view, sent to the next seat, would leak.
                    for seat in range(self.players):
                        assert set(views[seat]["view"]["hand"].split()) <= set(named_cards(views[seat]))
                        assert self.leaks((seat + 1) % self.players, [views[seat]])
                        assert self.leaks(None, [views[seat]])
                    first = False
                if self.game.is_over:
                    break
                mover = self.game.to_act
                legal = views[mover]["view"]["legal"]
                assert legal and all(not views[s]["view"]["legal"] for s in conns if s != mover)
                sockets[mover].send_json({"type": "act", "action": self.rng.choice(legal)})
            for who, ws in conns.items():
                new = []
                result = until(ws, "result", new)
                self.frames[who] += new
                self.check(who, new)
            return result


@pytest.mark.parametrize(
    ("variant", "seed"),
    [("classic", 1), ("spec-4p1d", 2), ("spec-5p1d", 3), ("spec-6p3d", 4), ("spec-7p3d", 5), ("spec-4p3d-2c", 6)],
)
def test_no_frame_names_a_card_its_connection_may_not_know(client: TestClient, variant: str, seed: int) -> None:
    table = Table(client, variant, seed)
    result = table.play()
    assert result["log_id"] is not None and len(result["lines"]) == table.players
    for who, frames in table.frames.items():
        kinds = {f["type"] for f in frames}
        assert {"room", "view", "result"} <= kinds, who
        views = [f for f in frames if f["type"] == "view"]
        assert all(v["seat"] == who for v in views)
        if who is None:
            assert all(v["view"]["hand"] == "" and v["counter"] is None for v in views)
        else:
            assert all(v["counter"] is not None for v in views)
