"""Sampled worlds on every registered table: a world drawn for a seat gives that seat the very view it was drawn from,
is a real hand (it replays, every card dealt once), never reads the real hidden cards, spreads the unseen cards
evenly, and keeps the voids a 炒地皮 seat showed."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from paiju.bots import act_for, make_bot
from paiju.cards import deck_cards, face
from paiju.climbing.hand import Hand
from paiju.engine import HandEngine, family, game_log, open_hand, replay
from paiju.engine import worlds as engine_worlds
from paiju.engine.worlds import SeatView, Worlds
from paiju.trick.hand import TrickHand
from paiju.variants import REGISTRY, get_variant

TABLES = sorted(REGISTRY)


def worlds_of(hand: HandEngine) -> Worlds[Any]:
    """The hand's family's sampled worlds, as its hooks name them."""
    worlds = family(hand.variant.family).worlds
    assert worlds is not None
    return worlds(hand.variant)


def played_to(name: str, seed: int, steps: int | None = None) -> HandEngine:
    """A hand of table ``name`` played by random choices to a random point (or ``steps`` actions)."""
    rng = random.Random(seed)
    hand = open_hand(get_variant(name), seed)
    for _ in range(rng.randrange(1, 160) if steps is None else steps):
        if hand.is_over:
            break
        seat = rng.choice(sorted(hand.actors()))
        hand.apply(rng.choice(list(hand.legal_actions(seat))), seat)
    return hand


def dealt_cards(world: HandEngine) -> Counter[int]:
    """Every card the world's last deal placed (climbing's dead cards, which its log never holds, counted aside)."""
    deal = [e for e in game_log(world)["events"] if e["type"] == "deal"][-1]
    parts = [*deal["hands"], deal.get("bottom") or (), deal.get("kitty") or (), deal.get("flipped", ()), deal.get("extra") or ()]
    dead = world.state.deal.dead if isinstance(world, Hand) else ()
    return Counter(c for part in [*parts, dead] for c in part)


def check_world(hand: HandEngine, seat: int, seed: int) -> None:
    """A world drawn for ``seat`` gives it the same view, is a hand that replays, conserves the cards and plays on."""
    worlds = worlds_of(hand)
    view = worlds.seat_view(hand, seat)
    world = worlds.sample_world(view, random.Random(seed), None)
    assert worlds.seat_view(world, seat) == view
    v = hand.variant
    assert dealt_cards(world) == Counter(deck_cards(v.decks, v.removed_rank_indices))
    assert [len(h) for h in world.hands] == [len(h) for h in hand.hands]
    assert replay(game_log(world)).events == world.events
    if not world.is_over:
        actor = min(world.actors())
        twin = world.clone()
        twin.apply(list(twin.legal_actions(actor))[0], actor)


@pytest.mark.parametrize("name", TABLES)
def test_a_sampled_world_gives_the_seat_the_view_it_was_drawn_from(name: str) -> None:
    hand = played_to(name, 1)
    check_world(hand, 1 % hand.variant.players, 1)


@pytest.mark.slow
@pytest.mark.parametrize("name", TABLES)
def test_sampled_worlds_agree_with_every_seat_at_many_points(name: str) -> None:
    for seed in range(8):
        hand = played_to(name, 100 + seed)
        for seat in range(hand.variant.players):
            check_world(hand, seat, seed)


@pytest.mark.parametrize("name", ["spec-5p2d", "dou-dizhu-emperor", "chaodipi"])
def test_a_sampled_world_never_reads_the_real_hidden_cards(name: str) -> None:
    hand = played_to(name, 3, 60)
    worlds, seat = worlds_of(hand), 0
    view = worlds.seat_view(hand, seat)
    assert "seed" not in view.log
    deals = [e for e in view.log["events"] if e["type"] == "deal"]
    assert all(h is None for d in deals for s, h in enumerate(d["hands"]) if s != seat)
    before = game_log(worlds.sample_world(view, random.Random(7), None))
    others = [s for s in range(hand.variant.players) if s != seat]
    hidden = [c for s in others for c in hand.hands[s]]
    random.Random(0).shuffle(hidden)
    for s in others:  # the real hidden cards, dealt again among the other seats: the view stays the same
        hand.hands[s][:], hidden = hidden[: len(hand.hands[s])], hidden[len(hand.hands[s]) :]
    after = game_log(worlds.sample_world(view, random.Random(7), None))
    assert after == before


def share_at(view_hand: HandEngine, seat: int, other: int, samples: int) -> tuple[Counter[int], set[int]]:
    """How often each card the seat has not seen lies with ``other`` at the start, over ``samples`` worlds."""
    worlds = worlds_of(view_hand)
    view: SeatView = worlds.seat_view(view_hand, seat)
    rng = random.Random(11)
    counts: Counter[int] = Counter()
    for _ in range(samples):
        counts.update(worlds.sample_world(view, rng, None).hands[other])
    own = set(view_hand.hands[seat])
    return counts, own


@pytest.mark.parametrize(("name", "share"), [("classic", 17 / 37), ("chaodipi", 25 / 83)])
def test_each_unseen_card_lies_with_a_seat_as_often_as_its_share(name: str, share: float) -> None:
    hand = open_hand(get_variant(name), 5)
    samples = 300
    counts, own = share_at(hand, 0, 1, samples)
    marker = hand.state.deal.marker if isinstance(hand, Hand) else None  # face up: with the first bidder
    unseen = [c for c in deck_cards(hand.variant.decks) if c not in own and c != marker]
    assert len(unseen) >= 36
    for card in unseen:
        assert abs(counts[card] / samples - share) < 0.15, (card, counts[card])


def shown_voids(hand: TrickHand) -> list[tuple[int, int]]:
    """Each (seat, category) a seat showed it no longer held by not following the lead."""
    trumps, voids, lead = hand.state.trumps, [], None
    for e in hand.events:
        if e["type"] == "trick":
            lead = None
        elif e["type"] == "throw_failed":
            lead = e["forced"]
        elif e["type"] == "play" and lead is None:
            lead = e["cards"]
        elif e["type"] == "play":
            category = trumps.category(lead[0])
            if any(trumps.category(c) != category for c in e["cards"]):
                voids.append((e["seat"], category))
    return voids


def test_a_sampled_world_keeps_the_voids_a_seat_showed() -> None:
    hand = next(
        h for s in range(40) if isinstance(h := played_to("chaodipi", s, 120), TrickHand) and len(shown_voids(h)) >= 2
    )
    voids = shown_voids(hand)
    worlds, seat = worlds_of(hand), next(s for s in range(4) if all(v[0] != s for v in shown_voids(hand)))
    view = worlds.seat_view(hand, seat)
    rng = random.Random(2)
    for _ in range(20):
        world = worlds.sample_world(view, rng, None)
        for void_seat, category in voids:
            assert not any(world.state.trumps.category(c) == category for c in world.hands[void_seat])


def test_a_weighting_draws_the_worlds_it_favours() -> None:
    hand = open_hand(get_variant("classic"), 6)
    assert isinstance(hand, Hand)
    unseen = [c for c in deck_cards(1, ()) if c not in hand.hands[0] and c != hand.state.deal.marker]
    pair = set(unseen[-2:])  # with seat 1 in about one deal in five
    worlds = worlds_of(hand)
    view = worlds.seat_view(hand, 0)
    rng = random.Random(3)
    drawn = [worlds.sample_world(view, rng, lambda w: 1.0 if pair <= set(w.hands[1]) else 0.01) for _ in range(20)]
    assert sum(pair <= set(w.hands[1]) for w in drawn) >= 15


def drawn_within(hand: HandEngine, seat: int, tries: int, worlds_wanted: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """``worlds_wanted`` worlds for ``seat``, each within ``tries`` deals: a search with little time gets its worlds."""
    monkeypatch.setattr(engine_worlds, "TRIES", tries)
    worlds = worlds_of(hand)
    view, rng = worlds.seat_view(hand, seat), random.Random(4)
    for _ in range(worlds_wanted):
        assert worlds.seat_view(worlds.sample_world(view, rng, None), seat) == view


def test_a_redealt_hand_reads_each_hidden_gift_against_its_own_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """spec-4p1d dealt again after the speculator's hidden gifts: the first deal's gifts are drawn against that deal,
    not against the reveal of the deal in play (which fits them one draw in fifty)."""
    hand = played_to("spec-4p1d", 39, 200)
    events = game_log(hand)["events"]
    deals = [i for i, e in enumerate(events) if e["type"] == "deal"]
    assert len(deals) == 2 and any(e["type"] == "give" for e in events[: deals[1]])
    assert any(e["type"] == "reveal" for e in events[deals[1] :])
    speculator = next(e["seat"] for e in events[deals[1] :] if e["type"] == "speculator")
    for seat in range(4):
        if seat != speculator:
            drawn_within(hand, seat, 20, 10, monkeypatch)


def test_a_5p1d_seat_seen_playing_its_wild_card_is_dealt_nothing_higher_of_its_suit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§15 5p1d (a): a seat's wild card is its highest of the flipped suit, so a world gives a seat seen playing one
    no higher card of that suit (dealt freely, the wild plays read otherwise in up to eleven draws of twelve)."""
    hand = played_to("spec-5p1d", 4, 45)
    events = game_log(hand)["events"]
    speculator = next(e["seat"] for e in events if e["type"] == "speculator")
    wild = [e for e in events if e["type"] == "play" and e.get("wilds") and e["seat"] != speculator]
    assert len({e["seat"] for e in wild}) >= 2 and not hand.is_over
    for seat in range(5):
        drawn_within(hand, seat, 8, 10, monkeypatch)


def _unpaired_follows(hand: HandEngine) -> int:
    """How many follows of a hand answered a led pair (or more) in its category with fewer pairs than were led."""
    assert isinstance(hand, TrickHand)
    trumps, count, lead = hand.state.trumps, 0, []
    for e in game_log(hand)["events"]:
        if e["type"] == "trick":
            lead = []
        elif e["type"] == "play" and not lead:
            lead = e["cards"]
        elif e["type"] == "play" and len(lead) == 2 and face(lead[0]) == face(lead[1]):
            category = trumps.category(lead[0])
            singles = face(e["cards"][0]) != face(e["cards"][1])
            count += all(trumps.category(c) == category for c in e["cards"]) and singles
    return count


def test_the_real_deal_keeps_every_void_and_every_pair_a_seat_showed_it_lacked(monkeypatch: pytest.MonkeyPatch) -> None:
    """炒地皮 F2/F4 read back: a seat that did not follow a category holds none of it, one that answered a led pair
    with two singles of its category held no other pair of it. The draw's bars and cards kept apart must never rule
    out the real deal: over hands played to many points, every seat's draw is checked against the real cards of each
    seat that never took the kitty."""
    drawn: list[tuple[engine_worlds.Places, set[int]]] = []
    fill = engine_worlds.Places.fill

    def recorded(places: engine_worlds.Places, pack: list[int], rng: random.Random) -> bool:
        drawn.append((places, set(places.placed())))  # what a bar or a set kept apart can still reach: the rest
        return fill(places, pack, rng)

    monkeypatch.setattr(engine_worlds.Places, "fill", recorded)
    apart = barred = 0
    for seed in range(80):
        hand = played_to("chaodipi", seed, 60 + seed * 2)
        events = game_log(hand)["events"]
        deals = [e for e in events if e["type"] == "deal"]
        if len(deals) != 1 or not _unpaired_follows(hand):
            continue
        holders = {e["seat"] for e in events if e["type"] == "bury"}
        worlds = worlds_of(hand)
        for seat in range(4):
            drawn.clear()
            worlds.sample_world(worlds.seat_view(hand, seat), random.Random(seed), None)
            for places, placed in drawn:
                for other in set(range(4)) - holders - {seat}:
                    group, real = places.group[f"h{other}"], set(deals[0]["hands"][other]) - placed
                    assert not places.barred.get(group, set()) & real, (seed, seat, other)
                    barred += bool(places.barred.get(group))
                    for kept in places.apart.get(group, []):
                        assert len(kept & real) <= 1, (seed, seat, other, kept)
                        apart += 1
    assert apart >= 20 and barred >= 20, (apart, barred)


def test_a_seat_that_answered_pairs_with_singles_is_drawn_no_other_pair_of_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """炒地皮 F4 read back: 80 actions of a hand the rule-of-thumb bots play (seed 6), where five follows answered a
    led pair with two singles. Each world is drawn within three deals for every seat (dealt without the pairs those
    seats showed they lacked, one deal in forty replayed for seat 1)."""
    v = get_variant("chaodipi")
    hand = open_hand(v, 6)
    bots = [make_bot("easy", 6 * 16 + s, "trick") for s in range(4)]
    for _ in range(80):
        seat = min(hand.actors())
        hand.apply(act_for(bots[seat], hand, seat), seat)
    assert _unpaired_follows(hand) == 5 and not hand.is_over
    for seat in range(4):
        drawn_within(hand, seat, 3, 10, monkeypatch)
