"""Refusals carry the engine's own reason (speculator.md §14 on the two-colour tables among them), a seat to act
always has a legal action, and the cards the server gives for each legal play (the browser's Hint lifts them) are
accepted when sent back; §7's partner choices that name the landlord itself come last and are told to it alone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import part_view

from paiju.bots import make_bot
from paiju.cards import card_colour, card_rank, format_cards
from paiju.climbing import Game, Partner, PhaseName, Play, observe
from paiju.climbing.views import PartnerView
from paiju.engine import family, new_session
from paiju.policy import table_policy
from paiju.server.acts import chosen_action
from paiju.server.errors import RoomError
from paiju.server.protocol import Act
from paiju.trick.actions import Declare
from paiju.trick.order import trick_text
from paiju.variants import get_variant

TWO_COLOUR = ("spec-4p3d-2c", "spec-5p3d-2c")
CLIMBING = family("climbing")
#: The refusal words of both families (``{en: {…}, zh: {…}}`` each).
LABELS = [Path(__file__).resolve().parent.parent / "paiju" / "web" / "js" / f for f in ("i18n_refusals.js", "i18n_trick_refusals.js")]


def _refused(game: Any, seat: int, **act: str) -> RoomError:
    with pytest.raises(RoomError) as caught:
        chosen_action(game, seat, Act(type="act", **act))
    return caught.value


def _decisions(name: str, seed: int) -> Iterator[tuple[Game, int]]:
    """Every decision of a seeded hand of heuristic bots, as (game, seat to decide) before it is taken."""
    game = Game.new(get_variant(name), seed=seed)
    bots = [make_bot("heuristic", seed + s) for s in range(game.players)]
    while game.actors():
        seat = min(game.actors())
        yield game, seat
        game.apply(bots[seat].act(observe(game, seat)), seat)


def _first_lead(name: str, seed: int) -> Game:
    """A seeded hand at the landlord's first lead."""
    return next(g for g, s in _decisions(name, seed) if g.phase == PhaseName.PLAY and g.state.is_leading())


@pytest.mark.parametrize("name", TWO_COLOUR)
def test_a_colour_mixed_play_on_a_two_colour_table_is_refused_with_the_colour_rule(name: str) -> None:
    """§14: a combination is one colour. Two copies of one rank in both colours, lifted together, are refused with
    that rule's reason (``rule.one_colour…``, the cards and the engine's words), never a generic line."""
    game = _first_lead(name, 3)
    seat = game.state.to_act
    hand = game.hands[seat]
    pair = next(
        (a, b) for a in hand for b in hand
        if card_rank(a) == card_rank(b) and card_colour(a) != card_colour(b) and a % 54 < 52
    )  # fmt: skip
    refusal = _refused(game, seat, cards=format_cards(pair))
    assert refusal.code == "illegal_move"
    assert refusal.reason.startswith("rule.one_colour"), refusal.reason
    assert "one colour" in str(refusal.params["detail"]) and refusal.params["cards"]


def test_a_leader_passing_and_cards_not_held_are_refused_with_the_rule() -> None:
    """The leader may not pass (and says so); cards it does not hold, or that make no combination, name the rule."""
    game = _first_lead("spec-4p3d-2c", 3)
    seat = game.state.to_act
    assert _refused(game, seat, action="pass").reason == "rule.must_lead"
    missing = next(c for c in range(54) if c not in game.hands[seat] and c + 54 not in game.hands[seat] and c < 52)
    assert _refused(game, seat, cards=format_cards([missing])).reason == "rule.dont_hold"
    assert _refused(game, seat, action="bid 9").reason.startswith("rule")


@pytest.mark.parametrize("name", TWO_COLOUR)
def test_a_seat_to_act_always_has_a_legal_action_and_every_listed_play_s_cards_are_accepted(name: str) -> None:
    """At every decision of a seeded hand the seat has something to do (a leader a play, never only a pass); the
    cards the server gives for a legal play (what Hint lifts), sent back as the page sends them, are that play."""
    for game, seat in _decisions(name, 1):
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} has nothing to do in {game.phase}"
        if game.phase != PhaseName.PLAY:
            continue
        plays = [a for a in legal if isinstance(a, Play)]
        if game.state.is_leading():
            assert plays and len(plays) == len(legal)
        for play in plays[:4] + plays[-4:]:
            text = CLIMBING.action_text(play)
            cards = table_policy("climbing").play_cards(game, seat, play)
            assert cards is not None
            taken = chosen_action(game, seat, Act(type="act", cards=cards, action=text))
            assert CLIMBING.action_text(taken) == text


def test_every_rule_reason_the_engine_gives_has_words_in_english_and_chinese() -> None:
    """Each ``Reason`` code of both families' engines has a ``refusal.rule.<code>`` label in both languages (and
    each 炒地皮 step a refusal names, its words)."""
    root = Path(__file__).resolve().parent.parent
    source = "\n".join(p.read_text(encoding="utf-8") for family in ("climbing", "trick") for p in root.glob(f"paiju/{family}/**/*.py"))
    codes = set(re.findall(r'Reason\(\s*"([a-z0-9_]+)"', source))
    codes |= {f"colour_does_not_beat.{b}.{r}" for b in ("same", "higher") for r in ("any", "equal")}
    codes |= {f"partner_show.{rule}" for rule in ("single", "flip-rank", "pair-or-bottom")}
    codes |= {f"not_now.{verb}" for verb in ("pass", "declare", "bury", "play")}
    codes |= {f"{kind}.{verb}" for kind in ("bottom_size", "not_bottom") for verb in ("keep", "return")}
    assert len(codes) > 50
    halves = [path.read_text(encoding="utf-8").split("\n  zh: {") for path in LABELS]
    english, chinese = (" ".join(half[i] for half in halves) for i in (0, 1))
    for code in sorted(codes):
        assert f"'refusal.rule.{code}':" in english, code
        assert f"'refusal.rule.{code}':" in chinese, code
    for step in ("declare", "chaodi", "bury", "play", "over"):
        assert f"'refusal.step.{step}':" in english and f"'refusal.step.{step}':" in chinese, step


def _partner_step(seed_from: int = 0) -> Game:
    """A seeded spec-6p3d hand at the landlord's partner step, where one of its choices names itself."""
    for seed in range(seed_from, seed_from + 80):
        for game, _seat in _decisions("spec-6p3d", seed):
            if game.phase == PhaseName.PARTNER:
                if part_view(game, game.state.landlord, PartnerView).names_self:
                    return game
                break
            if game.phase == PhaseName.PLAY:
                break
    raise AssertionError("no seeded spec-6p3d hand names the landlord itself")


def test_partner_choices_that_name_the_landlord_itself_come_last_and_are_told_to_it_alone() -> None:
    """§7 6p3d: a card whose remaining copy is the landlord's own names nobody (it plays alone). Such choices are
    listed after every real partner choice, the landlord's view names them (from its own cards), no other seat's
    does, and taking one makes the landlord play alone in secret."""
    game = _partner_step()
    landlord = game.state.landlord
    assert landlord is not None
    view = observe(game, landlord)
    alone = set(part_view(game, landlord, PartnerView).names_self)
    partners = [a for a in view.legal if isinstance(a, Partner)]
    assert alone and len(alone) < len(partners)
    assert partners[len(partners) - len(alone):] == [a for a in partners if a in alone]
    for action in partners:  # played out on a copy of the hand: the choices named are exactly those that name itself
        trial = game.clone()
        trial.apply(action, landlord)
        named_itself = trial.state.partner is not None and trial.state.partner.partnership == "self"
        assert named_itself == (action in alone), CLIMBING.action_text(action)
    assert view.to_json()["parts"]["partner"]["names_self"] == [CLIMBING.action_text(a) for a in partners if a in alone]
    for seat in range(game.players):
        if seat != landlord:
            assert part_view(game, seat, PartnerView).names_self == ()
            assert observe(game, seat).to_json()["parts"]["partner"]["names_self"] == []


def test_a_chaodipi_follow_that_keeps_back_the_led_suit_is_refused_with_its_rule() -> None:
    """炒地皮 F2: a follower still holding the led category who plays another is refused with ``rule.follow_suit``
    and the category as a letter (``s``…) or ``trump`` for the page to word, not a generic line."""
    trick = family("trick")
    session = new_session(get_variant("chaodipi"), 4)
    game = session.game
    bots = [make_bot("rule", 4 + s, trick.name) for s in range(game.variant.players)]
    while game.actors():
        seat = min(game.actors())
        state = game.state
        if state.phase.value == "play" and state.play.trick and len(state.play.trick[0][1]) == 1:
            led = state.trumps.category(state.play.trick[0][1][0])
            hand = state.hands[seat]
            other = [c for c in hand if state.trumps.category(c) != led]
            if other and len(other) < len(hand):
                refusal = _refused(game, seat, cards=trick_text([other[0]]))
                assert refusal.reason == "rule.follow_suit", refusal.reason
                assert refusal.params["category"] in ("s", "h", "d", "c", "trump") and refusal.params["detail"]
                return
        game.apply(bots[seat].act(trick.observe(game, seat)), seat)
    raise AssertionError("no single-card lead with a follower short of nothing")


def test_a_chaodipi_declaration_refused_names_its_rule_and_cards_for_the_page_to_word() -> None:
    """炒地皮 declaring (D2, §7.7): two cards that are no pair, a level pair the seat does not hold, and a single level
    card shown over a standing declaration are refused with their rule's code (``rule.decl_not_pair``,
    ``rule.dont_hold``, ``rule.overturn_pair``) and the cards, not only in the engine's English words."""
    for seed in range(40):
        game = new_session(get_variant("chaodipi"), seed).game
        state = game.state
        first = state.to_act
        singles = [a for a in game.legal_actions(first) if isinstance(a, Declare) and not a.declaration.is_pair]
        if state.phase.value != "declare" or not singles:
            continue
        refusal = _refused(game, first, action="declare 3s 4h")
        assert refusal.reason == "rule.decl_not_pair" and refusal.params["cards"] == "3s 4h", refusal.params
        level = trick_text([singles[0].declaration.cards[0]])[0]
        missing = next(
            f"{level}{suit} {level}{suit}" for suit in "shdc"
            if not any(trick_text([c]) == f"{level}{suit}" for c in state.hands[first])
        )  # fmt: skip
        refusal = _refused(game, first, action=f"declare {missing}")
        assert refusal.reason == "rule.dont_hold" and refusal.params["cards"] == missing
        game.apply(singles[0], first)
        second = game.state.to_act
        single = next((c for c in game.state.hands[second] if trick_text([c])[0] == level), None)
        if single is None:
            continue
        refusal = _refused(game, second, action=f"declare {trick_text([single])}")
        assert refusal.reason == "rule.overturn_pair", refusal.reason
        return
    raise AssertionError("no seeded 炒地皮 hand where a single level card may be declared and then overturned")
