"""A 斗帝主 room over the socket (other-games.md §6.1–§6.2, Q6.2): the emperor's bottom choice as an action, refused
with a reason when it names cards not from the bottom or too many, and the bottom in no other seat's frame."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from paiju.cards import format_card, parse_cards
from paiju.climbing import Bid, Game, PhaseName, action_text
from paiju.server.acts import chosen_action
from paiju.server.protocol import Act
from paiju.variants import get_variant
from tests.server.wire import error, my_turn, play_to_end, seated_host, until

#: Hands dealt at most before the host gets to bid 3 and so becomes the emperor.
MOST_HANDS = 8


def _host_becomes_emperor(ws: WebSocketTestSession, seen: list[dict[str, Any]]) -> dict[str, Any]:
    """Deal hands until the host may bid: it bids 3 and its next view is the bottom choice; a hand where a bot bid 3
    first is played out (its frames kept in ``seen``)."""
    for _ in range(MOST_HANDS):
        ws.send_json({"type": "start"})
        frame = my_turn(ws, seen)
        if frame["view"]["phase"] == "bid":
            ws.send_json({"type": "act", "action": "bid 3"})
            choice = my_turn(ws, seen)
            assert choice["view"]["phase"] == "choose"
            return choice
        ws.send_json({"type": "act", "action": frame["view"]["legal"][-1]})
        play_to_end(ws, seen)
    raise AssertionError(f"the host never bid in {MOST_HANDS} hands")


def test_the_emperor_puts_back_bottom_cards_and_bad_choices_are_refused_with_a_reason(client: TestClient) -> None:
    """§6.1 「帝主從6張底牌中挑自己需要的牌，也可全不要」: `return` names cards of the bottom; a card not from it, or a
    choice that keeps more cards than the bottom holds, is refused in one line and the choice stays open."""
    seen: list[dict[str, Any]] = []
    with seated_host(client, 0, variant="dou-dizhu-emperor") as (_, ws):
        view = _host_becomes_emperor(ws, seen)["view"]
        bottom = view["bottom"].split()
        assert len(bottom) == 6 and len(parse_cards(view["hand"], 2)) == 40
        assert view["legal"][0] == "pass" and all(a.startswith("return ") for a in view["legal"][1:])
        stranger = next(c for c in view["hand"].split() if c not in bottom)
        refused = error(ws, {"type": "act", "cards": f"return {stranger}"})
        assert refused["code"] == "illegal_move" and refused["message"] == f"you may return only bottom cards: {stranger} is not one of them"
        seven = " ".join(view["hand"].split()[:7])
        refused = error(ws, {"type": "act", "cards": f"keep {seven}"})
        assert refused["message"] == "the bottom has 6 cards: you cannot keep 7"
        assert error(ws, {"type": "act", "action": f"return {stranger}"})["code"] == "illegal_move"
        ws.send_json({"type": "act", "cards": f"return {bottom[0]} {bottom[1]}"})
        after = until(ws, "view")["view"]
        assert after["phase"] == "play" and after["cards_left"][0] == 38 and after["to_act"] == 0  # 「帝主首先出牌」
        ws.send_json({"type": "act", "action": after["legal"][-1]})
        play_to_end(ws, seen)


def test_no_rebel_frame_shows_the_bottom(client: TestClient) -> None:
    """Q6.2 (c): 「The rebels do not see the bottom」 — the host passes in the auction, so a bot is the emperor: no view
    the host gets names the bottom, and the emperor's count is all it learns of the choice."""
    seen: list[dict[str, Any]] = []
    with seated_host(client, 0, variant="dou-dizhu-emperor") as (_, ws):
        ws.send_json({"type": "start"})
        while (frame := my_turn(ws, seen))["type"] == "view":
            view = frame["view"]
            ws.send_json({"type": "act", "action": "pass" if view["phase"] == "bid" else view["legal"][-1]})
        views = [f["view"] for f in seen if f["type"] == "view"]
        landlord = views[-1]["landlord"]
        assert landlord != 0 and all(v["bottom"] == "" for v in views)
        choosing = [v for v in views if v["phase"] == "choose"]
        assert choosing and {v["cards_left"][landlord] for v in choosing} == {40}


def test_a_bottom_with_one_card_twice_takes_a_typed_choice_in_one_go() -> None:
    """§6.1 from two decks: a bottom that holds both copies of a card lists each choice once, so the emperor's typed
    `return` of it is one action, not "those cards can be played 2 ways" between two alike."""
    for seed in range(500):
        game = Game.new(get_variant("dou-dizhu-emperor"), seed=seed)
        game.apply(Bid(3), game.to_act)
        faces = [format_card(c) for c in sorted(game.state.bottom)]  # a card's copies lie a deck apart
        twice = next((f for f in faces if faces.count(f) == 2), None)
        between = None if twice is None else faces[faces.index(twice) + 1]
        if between is not None and between != twice:
            break
    else:
        raise AssertionError("no bottom with a card twice and another between its copies in 500 hands")
    assert game.phase is PhaseName.CHOOSE
    named = f"{between} {twice}"
    chosen = chosen_action(game, game.to_act, Act(type="act", cards=f"return {named}"))
    listed = [a for a in game.legal_actions() if action_text(a) == action_text(chosen)]
    assert listed == [chosen] and chosen_action(game, game.to_act, Act(type="act", action=action_text(chosen))) is listed[0]
    assert chosen_action(game, game.to_act, Act(type="act", cards=action_text(chosen))) is listed[0]  # typed as the list names it
    game.apply(chosen, game.to_act)
    assert sorted(format_card(c) for c in game.state.returned) == sorted(named.split())

