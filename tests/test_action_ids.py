"""Action ids on every registered table: each legal action's id decodes back to it, is below the table's
``num_actions`` and differs from every other legal action's; the mask is exactly the legal ids it covers."""

from __future__ import annotations

import random
from typing import Any

import pytest

try:
    import numpy
except ImportError:  # the mask needs NumPy; the ids do not
    numpy = None  # type: ignore[assignment]

from paiju.cards import CARDS_PER_DECK, Suit, parse_cards
from paiju.climbing.action_ids import action_ids as climbing_ids
from paiju.climbing.actions import Play as ClimbingPlay
from paiju.climbing.hand import Hand
from paiju.engine import HandEngine, family, open_hand
from paiju.engine.action_ids import ActionSpace, LazyIds, multiset_code, multiset_of_code, multisets
from paiju.patterns import PatternKind, Wilds, classify_ranks
from paiju.patterns.compiled import fastgen
from paiju.patterns.move import NO_COLOUR
from paiju.trick.action_ids import action_ids as trick_ids
from paiju.trick.actions import Bury, Declare, Play
from paiju.trick.declare import make_declaration
from paiju.trick.hand import TrickHand
from paiju.variants import REGISTRY, get_variant

TABLES = sorted(REGISTRY)


def space_of(hand: HandEngine) -> ActionSpace[Any, Any]:
    """The hand's table's action ids, as its family's hooks give them."""
    ids = family(hand.variant.family).action_ids
    assert ids is not None
    return ids(hand.variant)


def check_position(space: ActionSpace[Any, Any], hand: HandEngine, seat: int) -> list[int]:
    """Every legal action of ``seat`` round-trips through a distinct id below ``num_actions``, and the mask's set
    bits are exactly the legal ids below ``dense_actions``; the legal ids, for the walk to pick from."""
    legal = hand.legal_actions(seat)
    ids = list(space.legal_ids(hand, seat))
    assert len(ids) == len(legal)
    for action, action_id in zip(legal, ids, strict=True):
        assert action_id == space.encode(action)
        assert 0 <= action_id < space.num_actions
        assert space.decode(action_id, hand, seat) == action, (action, action_id)
    assert len(set(ids)) == len(ids), "two legal actions share an id"
    if numpy is not None:
        mask = space.mask(hand, seat)
        assert mask.shape == (space.dense_actions,)
        assert set(numpy.flatnonzero(mask).tolist()) == {i for i in ids if i < space.dense_actions}
    return ids


def walk(name: str, seeds: range, steps: int) -> int:
    """Random play at table ``name`` from each seed, every position checked; how many actions were checked."""
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        hand = open_hand(get_variant(name), seed)
        space = space_of(hand)
        for _ in range(steps):
            if hand.is_over:
                break
            seat = rng.choice(sorted(hand.actors()))
            ids = check_position(space, hand, seat)
            checked += len(ids)
            hand.apply(space.decode(rng.choice(ids), hand, seat), seat)  # a decoded action is one the hand takes
    return checked


@pytest.mark.parametrize("name", TABLES)
def test_every_legal_action_has_its_own_id_that_decodes_back(name: str) -> None:
    assert walk(name, range(2), 120) > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", TABLES)
def test_every_legal_action_has_its_own_id_deep_sweep(name: str) -> None:
    assert walk(name, range(2, 14), 400) > 0


def test_the_id_count_comes_from_the_table() -> None:
    # More decks hold more plays; a two-colour table numbers each natural play once per colour.
    sizes = [climbing_ids(get_variant(f"spec-5p{d}d")).dense_actions for d in (1, 2, 3)]
    assert sizes == sorted(sizes) and len(set(sizes)) == 3
    plain, coloured = climbing_ids(get_variant("spec-5p3d")), climbing_ids(get_variant("spec-5p3d-2c"))
    assert coloured.dense_actions > 2 * plain.dense_actions
    for name in TABLES:
        ids = family(REGISTRY[name].family).action_ids
        assert ids is not None and ids(REGISTRY[name]).num_actions >= ids(REGISTRY[name]).dense_actions > 0


def test_two_readings_of_the_same_wild_cards_get_different_ids() -> None:
    laizi = get_variant("laizi")
    hand = Hand(laizi, 1)
    space = climbing_ids(laizi)
    # 3 3 with two wild 9s: a soft bomb of four 3s, or a trio of 3s carrying a 9 as itself.
    readings = classify_ranks(laizi, [0, 0, 6, 6], Wilds((6, 6)))
    assert len(readings) == 2 and readings[0].ranks == readings[1].ranks
    ids = [space.encode(ClimbingPlay(m)) for m in readings]
    assert len(set(ids)) == len(ids)
    assert [space.decode(i, hand, 0) for i in ids] == [ClimbingPlay(m) for m in readings]


def test_two_colour_plays_of_the_same_cards_are_told_apart_by_colour() -> None:
    table = get_variant("spec-4p3d-2c")
    hand = Hand(table, 1)
    space = climbing_ids(table)
    pair = next(m for m in classify_ranks(table, [5, 5]) if m.kind == PatternKind.PAIR)._replace(colour=NO_COLOUR)
    black, red = (ClimbingPlay(pair._replace(colour=c)) for c in (0, 1))
    ids = [space.encode(black), space.encode(red)]
    assert ids[0] != ids[1] and max(ids) < space.dense_actions
    assert [space.decode(i, hand, 0) for i in ids] == [black, red]


@pytest.mark.skipif(fastgen is None, reason="lists are lazy on the compiled path only")
def test_a_lazy_list_of_wild_readings_gives_its_ids_lazily() -> None:
    laizi = get_variant("laizi")
    space = climbing_ids(laizi)
    for seed in range(40):
        rng, hand = random.Random(seed), Hand(laizi, seed)
        while not hand.is_over:
            seat = min(hand.actors())
            legal = hand.legal_actions(seat)
            if not isinstance(legal, list):
                ids = space.legal_ids(hand, seat)
                assert isinstance(ids, LazyIds) and len(ids) == len(legal)
                last = len(legal) - 1
                assert ids[last] == space.encode(legal[last])
                return
            hand.apply(legal[rng.randrange(len(legal))], seat)
    pytest.fail("no laizi position listed its plays lazily")


def test_a_trick_play_is_numbered_by_its_faces_and_decodes_to_the_seats_own_copies() -> None:
    table = get_variant("chaodipi")
    hand = TrickHand(table, 3)
    space = trick_ids(table)
    seat = 0
    card = hand.hands[seat][0]
    other_copy = (card + CARDS_PER_DECK) % (CARDS_PER_DECK * table.decks)
    assert space.encode(Play((card,))) == space.encode(Play((other_copy,)))
    assert space.decode(space.encode(Play((other_copy,))), hand, seat) == Play((card,))


def test_a_burial_too_many_to_list_still_has_its_id() -> None:
    table = get_variant("chaodipi")
    space = trick_ids(table)
    burials = [Bury(tuple(parse_cards(t, table.decks))) for t in ("3s 3s 4h 5d 6c 7s 8h 9d", "3s 4s 4h 5d 6c 7s 8h 9d")]
    ids = [space.encode(b) for b in burials]
    assert len(set(ids)) == 2 and all(space.dense_actions <= i < space.num_actions for i in ids)


def test_a_red_five_pair_names_each_trump_by_its_own_id() -> None:
    table = get_variant("chaodipi")
    space = trick_ids(table)
    fives = parse_cards("5h 5h", table.decks)
    ids = {space.encode(Declare(make_declaration(0, fives, 0, trump))) for trump in (*Suit, None)}
    assert len(ids) == 5 and max(ids) < space.dense_actions


def test_multiset_codes_are_dense_and_invertible() -> None:
    for size in range(4):
        codes = set()
        for items in _multisets(6, size):
            code = multiset_code(items, 6)
            assert multiset_of_code(code, 6, size) == list(items)
            codes.add(code)
        assert codes == set(range(multisets(6, size)))


def _multisets(kinds: int, size: int) -> list[tuple[int, ...]]:
    """Every sorted tuple of ``size`` items below ``kinds``."""
    if size == 0:
        return [()]
    return [(*rest, last) for rest in _multisets(kinds, size - 1) for last in range(rest[-1] if rest else 0, kinds)]
