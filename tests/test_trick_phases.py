"""The 炒地皮 hand on the engine's phase machine: ``pipeline`` chooses the phases (the paced deal, a 扛旗 hand's),
the driver checks each action once (a capped legal list still takes any action the rules allow), and
``push``/``pop`` put back the phase a hand rests in as well as its state."""

from __future__ import annotations

import dataclasses

import pytest
from test_trick_hand import CHAODIPI, later_hand

from paiju.engine.driver import Driver
from paiju.trick.actions import Bury, Declare, Pass, Play
from paiju.trick.declare import Declaration
from paiju.trick.hand import LIST_CAP, TrickHand
from paiju.trick.phases import declare as declare_phase
from paiju.trick.phases import pipeline
from paiju.trick.phases import play as play_phase
from paiju.trick.phases.deal import DealCards
from paiju.trick.phases.declare import Declaring
from paiju.trick.phases.kitty import Burying, Chaodi, TakeKitty
from paiju.trick.phases.paced import PacedDeclaring
from paiju.trick.phases.play import Playing
from paiju.trick.state import Phase
from paiju.variants import Variant, get_variant
from paiju.variants.trick_rules import DeclarationWindow


def _kinds(variant: Variant, kangqi: bool = False) -> list[type]:
    return [type(p) for p in pipeline(variant, kangqi).phases]


def test_the_table_switch_alone_chooses_declaring_during_the_deal_or_after_it() -> None:
    """A ``during_deal`` table declares in the paced, many-actor phase; an ``after_deal`` table in turns."""
    live = get_variant("chaodipi-live")
    assert live.trick is not None and live.trick.declaration_window is DeclarationWindow.DURING_DEAL
    after_deal = dataclasses.replace(live.trick, declaration_window=DeclarationWindow.AFTER_DEAL)
    after = dataclasses.replace(live, trick=after_deal)
    assert _kinds(live) == [DealCards, PacedDeclaring, TakeKitty, Burying, Chaodi, Playing]
    assert _kinds(after) == [DealCards, Declaring, TakeKitty, Burying, Chaodi, Playing]


def test_a_kangqi_hand_deals_and_plays_with_no_declaring_and_no_kitty() -> None:
    """扛旗 (G2, §7.13): every card is dealt and the 庄家 leads at once."""
    assert _kinds(CHAODIPI, kangqi=True) == [DealCards, Playing]


def test_both_families_run_on_the_engine_driver() -> None:
    """The 炒地皮 hand is the kernel's driver over its own state, as the climbing hand is."""
    from paiju.climbing.hand import Hand

    assert isinstance(TrickHand(CHAODIPI, 1), Driver) and isinstance(Hand(get_variant("classic"), 1), Driver)


def test_a_burial_past_the_listed_ones_is_legal_and_taken() -> None:
    """The burials listed stop at ``LIST_CAP``; one not listed is still legal (the rules answer ``in``), and the
    holder buries it."""
    hand = later_hand(0)
    for _ in range(4):
        hand.apply(Pass(), hand.state.to_act)
    assert hand.phase is Phase.BURY
    holder = hand.state.to_act
    listed = hand.legal_actions(holder)
    assert len(listed) == LIST_CAP
    cards = sorted(hand.hands[holder])
    burials = (Bury(tuple(cards[i : i + 8])) for i in range(len(cards) - 8, -1, -1))
    unlisted = next(b for b in burials if b not in list(listed))
    assert hand.is_legal(unlisted, holder)
    hand.apply(unlisted, holder)
    assert hand.state.kitty == list(unlisted.cards)


def test_a_play_picked_from_the_list_is_not_checked_again_and_a_typed_one_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot (or a rollout) plays one of the listed actions itself: the listing made only legal ones, so the rules
    are not asked again; the same cards typed anew, or a play past the list, are checked (and refused with why)."""
    hand = later_hand(0)
    for _ in range(4):
        hand.apply(Pass(), hand.state.to_act)
    while hand.phase is not Phase.PLAY:  # the burial, then 抄底 passed round
        seat = hand.state.to_act
        hand.apply(Pass() if hand.phase is Phase.CHAODI else hand.legal_actions(seat)[0], seat)
    asked: list[Play] = []
    problem = play_phase._problem
    monkeypatch.setattr(play_phase, "_problem", lambda state, seat, a: asked.append(a) or problem(state, seat, a))
    seat = hand.state.to_act
    picked = hand.legal_actions(seat)[0]
    hand.apply(picked, seat)
    assert asked == []
    seat = hand.state.to_act
    typed = Play(tuple(hand.legal_actions(seat)[0].cards))
    assert hand.is_legal(typed, seat) and asked == [typed]
    other = Play((hand.hands[(seat + 1) % 4][0],))
    assert not hand.is_legal(other, seat) and asked == [typed, other]
    assert hand.explain(other, seat).startswith("you do not hold")
    hand.apply(typed, seat)


def test_a_pass_while_declaring_is_taken_without_listing_the_declarations(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every round of a paced deal asks each seat to declare or pass, and most pass: a pass is legal without the
    seat's declarations being listed, and a declaration is still checked against them (and refused with why)."""
    hand = TrickHand(get_variant("chaodipi-live"), 3)
    listed: list[int] = []
    found = declare_phase.declarations
    monkeypatch.setattr(declare_phase, "declarations", lambda *a, **k: listed.append(1) or found(*a, **k))
    for _ in range(12):
        for seat in sorted(hand.actors()):
            hand.apply(Pass(), seat)
    assert listed == [] and hand.state.dealing.rounds_dealt == 13
    seat = min(hand.actors())
    wrong = Declare(Declaration(seat, (hand.hands[(seat + 1) % 4][0],), 1, None))
    assert not hand.is_legal(wrong, seat) and listed
    assert hand.is_legal(Pass(), seat)


def test_a_refusal_is_explained_and_a_legal_action_is_not_asked_about() -> None:
    """One contract in both families: ``is_legal`` says whether an action is taken, ``explain`` (asked for a refused
    one) always gives the reason in words."""
    hand = later_hand(0)
    seat = hand.state.to_act
    assert hand.is_legal(Pass(), seat)
    other = (seat + 1) % 4
    assert not hand.is_legal(Pass(), other)
    assert hand.explain(Pass(), other) == f"it is seat {seat}'s turn, not seat {other}'s"
    assert hand.explain(Bury(()), seat).code == "not_now.bury"  # type: ignore[attr-defined]


def test_pop_puts_back_the_phase_the_hand_rested_in() -> None:
    """The last pass closes declaring (the 庄家 takes the kitty and buries); popping it brings declaring back, with
    the same seat to act and the same choices."""
    hand = later_hand(0)
    for _ in range(3):
        hand.apply(Pass(), hand.state.to_act)
    seat, before = hand.state.to_act, list(hand.legal_actions(hand.state.to_act))
    hand.push(Pass(), seat)
    assert hand.phase is Phase.BURY
    hand.pop()
    assert hand.phase is Phase.DECLARE and hand.actors() == {seat}
    assert list(hand.legal_actions(seat)) == before
    hand.apply(Pass(), seat)
    assert hand.phase is Phase.BURY


def test_a_clone_shares_no_part_of_the_state_with_its_hand() -> None:
    """The state is grouped by stage (the paced deal, the call, the tricks); a clone copies each part, so acting on
    the clone's parts leaves the hand's as they were."""
    hand = TrickHand(get_variant("chaodipi-live"), 3)
    twin = hand.clone()
    for seat in sorted(twin.actors()):
        twin.apply(Pass(), seat)
    twin.state.play.trick.append((0, ()))
    twin.state.play.side_points[0] += 5
    twin.state.call.passes += 1
    assert hand.state.dealing.answered == set() and hand.state.dealing.rounds_dealt == 1
    assert twin.state.dealing.rounds_dealt == 2
    assert hand.state.play.trick == [] and hand.state.play.side_points == [0, 0] and hand.state.call.passes == 0
