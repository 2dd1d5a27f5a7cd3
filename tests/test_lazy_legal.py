"""Legal lists whose wild readings are made when read (``Lazy``, the compiled path): the same moves in the same order
as the pure-Python generator, behaving as an immutable list does, and a seat that reads one play and plays it makes
only what it read."""

from __future__ import annotations

import copy
import itertools
import operator
import pickle
import random
from typing import Any

import pytest

from paiju.bots.random_bot import RandomBot
from paiju.cards import Card, card_rank, deck_cards
from paiju.climbing.actions import Pass, Play, action_text
from paiju.climbing.holding import Holding
from paiju.climbing.observation import observe
from paiju.climbing.speculator import THREE
from paiju.engine import open_hand
from paiju.errors import IllegalMoveError
from paiju.patterns import Move
from paiju.patterns.compiled import fastgen
from paiju.patterns.generate import MoveGenerator, moves_of
from paiju.policy import policy_of
from paiju.server import frames
from paiju.variants import REGISTRY

pytestmark = pytest.mark.skipif(fastgen is None, reason="the compiled generator is not built")


def _four_threes(table: str, size: int, seed: int) -> Holding:
    """A speculator's holding of ``size`` cards, four of them its wild 3s and no other 3."""
    pack = deck_cards(REGISTRY[table].decks)
    rest = [c for c in pack if card_rank(c) != THREE]
    random.Random(seed).shuffle(rest)
    cards: list[Card] = [c for c in pack if card_rank(c) == THREE][:4] + rest[: size - 4]
    return Holding.of_cards(REGISTRY[table], cards, speculator=True)


@pytest.mark.parametrize(("table", "size"), [("spec-4p2d", 20), ("spec-5p3d", 30)])
def test_a_wild_lead_list_lists_what_the_pure_generator_lists_in_its_order(table: str, size: int) -> None:
    for seed in range(3):
        holding = _four_threes(table, size, seed)
        leads, may_pass = holding.moves(None)
        assert isinstance(leads, fastgen.Lazy) and not may_pass
        pure = MoveGenerator(REGISTRY[table].pattern_rules, compiled=False)
        expected = moves_of(pure, holding.natural_counts(), None, holding.wilds)
        assert len(leads) == len(expected) > 1000
        assert leads == expected and list(leads) == expected and not leads != expected


def test_a_lazy_list_makes_each_play_once_and_only_when_read() -> None:
    leads, _ = _four_threes("spec-5p3d", 30, 0).moves(None)
    assert isinstance(leads, fastgen.Lazy)
    before = leads.made
    assert before < 200 < len(leads)  # the natural moves exist; the thousands of readings do not yet
    walked = list(itertools.islice(leads, before + 3))  # an iterator makes each item as it reaches it
    assert leads.made == before + 3 and walked == leads[: before + 3]
    it = iter(leads)
    assert operator.length_hint(it) == len(leads) and next(it) is walked[0]
    assert operator.length_hint(it) == len(leads) - 1 and leads.made == before + 3
    before += 3
    last = leads[-1]
    assert leads.made == before + 1 and last.wilds
    assert leads[len(leads) - 1] is last and leads.made == before + 1
    assert last in leads and leads.made == before + 1  # found by identity, nothing else made
    items = list(leads)
    assert leads.made == len(leads) and items[-1] is last
    assert all(a is b for a, b in zip(leads, items, strict=True))


def test_a_lazy_list_reads_as_an_immutable_list() -> None:
    leads, _ = _four_threes("spec-4p2d", 20, 1).moves(None)
    assert isinstance(leads, fastgen.Lazy)
    items = leads.list()
    n = len(items)
    assert leads[0] == items[0] and leads[-n] == items[0] and leads[-1] == items[-1]
    for bad in (n, -n - 1):
        with pytest.raises(IndexError, match="out of range"):
            leads[bad]
    with pytest.raises(TypeError, match="integers or slices"):
        leads["1"]  # type: ignore[call-overload]
    for cut in (slice(None), slice(5, 40, 3), slice(-10, None), slice(None, None, -7), slice(n + 5, n + 9)):
        assert leads[cut] == items[cut]
    assert leads == tuple(items) and leads == items[:] and not leads == items[:-1] and leads != "moves"
    again, _ = _four_threes("spec-4p2d", 20, 1).moves(None)
    assert again == leads
    assert Move(*items[-1]) in leads  # an equal move, not the listed object
    assert items[-1]._replace(key=99) not in leads
    with pytest.raises(TypeError, match="unhashable"):
        hash(leads)
    assert pickle.loads(pickle.dumps(leads)) == items and copy.deepcopy(leads) == items
    assert repr(leads).startswith("Lazy([Move(")
    assert leads + items[:2] == items + items[:2] and items[:2] + leads == items[:2] + items
    assert leads + again == items + items
    assert list(reversed(leads)) == items[::-1] and leads.index(items[7]) == 7 and leads.count(items[7]) == 1


def _wild_lead(table: str, seed: int) -> tuple[Any, int]:
    """A hand of ``table`` played at random from ``seed`` until a seat leads with its wild 3s (a Lazy legal list)."""
    game = open_hand(REGISTRY[table], seed)
    rng = random.Random(seed)
    while game.actors():
        seat = min(game.actors())
        legal = game.legal_actions(seat)
        if isinstance(legal, fastgen.Lazy) and len(legal) > 100:
            return game, seat
        game.apply(rng.choice(legal), seat)
    raise AssertionError("no seat led with wild 3s")


def test_a_seat_that_plays_a_wild_reading_makes_only_what_it_read() -> None:
    game, seat = _wild_lead("spec-4p2d", 2)
    legal = game.legal_actions(seat)
    obs = observe(game, seat)
    assert obs.legal is legal  # the observation keeps the list as it is, not a tuple of every play
    action = RandomBot(5).act(obs)
    assert isinstance(action, Play) and action.cards is None
    assert legal.made <= 2  # a random pick reads one play
    assert Pass() not in legal and legal.made <= 2  # a leader's pass is nowhere, and no play is made to say so
    game.apply(action, seat)
    assert legal.made <= 2  # taking it finds the object itself among the plays made
    assert game.state.play.trick.move == action.move


def test_a_typed_wild_reading_is_legal_and_a_wrong_one_is_refused() -> None:
    game, seat = _wild_lead("spec-4p2d", 2)
    legal = game.legal_actions(seat)
    wild = next(a for a in reversed(legal) if isinstance(a, Play) and a.move.wilds)
    assert game.is_legal(Play(Move(*wild.move)), seat)
    wrong = Play(wild.move._replace(key=wild.move.key + 20))
    assert not game.is_legal(wrong, seat)
    with pytest.raises(IllegalMoveError):
        game.apply(wrong, seat)
    assert game.legal_actions(seat) is legal  # refused: nothing changed, the list still stands
    game.apply(Play(Move(*wild.move)), seat)
    assert game.state.play.trick.move == wild.move


def test_a_view_frame_names_only_the_actions_it_sends(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's view frame is cut to ``LEGAL_CAP`` before the actions are written: past the cap a Lazy list makes
    nothing, and the frame still counts them all (``legal_total``) and lists the first ones in the list's order."""
    game, seat = _wild_lead("spec-4p2d", 2)
    legal = game.legal_actions(seat)
    monkeypatch.setattr(frames, "LEGAL_CAP", 40)
    fields = policy_of(game).frame_fields(game)
    frame = frames.view_message(game, seat, fields, deadline=None, counter=False, hand_number=1)
    assert frame.legal_total == len(legal) > 40 and legal.made <= 40
    assert frame.view["legal"] == [action_text(a) for a in legal[:40]]
