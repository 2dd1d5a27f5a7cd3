"""Conformance over the registry (ARCHITECTURE.md "Habits that keep it honest"): every registered table is
played to the end by random and by heuristic bots, as OpenSpiel's random-sim test does, and at every step
the cards are conserved, the seat to act has a legal action and takes one, and no view names a hidden
card; at the end the log replays to the same result, hands, bottom and speculator. Zero-sum scores and the
replay's identical events and views are the kernel's properties, checked over every table in
``test_kernel_conformance.py``.

Registering a table in ``paiju.variants.REGISTRY`` is enough to have it tested here (a trick-taking table in
``test_trick_conformance.py``).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

import pytest
from helpers import CLIMBING_TABLES, leaks, named_cards, public_cards

from paiju.bots import Bot, make_bot
from paiju.cards import Card, deck_cards, format_card
from paiju.climbing import Game, Pass, Play, game_log, observe, replay
from paiju.climbing.phase_name import PhaseName
from paiju.variants import REGISTRY, Variant

#: The climbing tables; the trick-taking ones have their own conformance suite (``test_trick_conformance.py``).
TABLES = sorted(CLIMBING_TABLES)
#: Every seat random, every seat heuristic, or the two mixed (seat by seat, from the seed's bits).
BOTS = ("random", "heuristic", "mixed")
#: Seeds per table and bot kind: in the fast suite, and in the slow sweep.
FAST_SEEDS = 2
SLOW_SEEDS = 15


def bots_for(kind: str, players: int, seed: int) -> list[Bot]:
    """One bot of ``kind`` per seat, seeded apart (``mixed``: heuristic where the seed's bit for the seat is set)."""
    names = (
        [kind] * players if kind != "mixed" else ["heuristic" if (seed >> s) & 1 else "random" for s in range(players)]
    )
    return [make_bot(name, seed * 31 + s) for s, name in enumerate(names)]


def card_places(game: Game) -> Counter[Card]:
    """Every card of the pack where it lies now: the hands, the cards played, and whatever is still set
    aside (the bottom before anyone takes it, the gifts before the reveal, the face-up cards before they
    are handed over, the speculator's extra cards before it is found)."""
    if game.phase is PhaseName.OPEN_START:  # 明牌开始 comes before the deal: the pack is whole, nothing dealt
        return Counter(deck_cards(game.variant.decks, game.variant.removed_rank_indices))
    places: Counter[Card] = Counter(c for hand in game.hands for c in hand)
    places.update(c for record in game.state.play.plays for c in record.cards)
    taken = game.landlord is not None and game.phase not in (PhaseName.GIFT, PhaseName.BID, PhaseName.GRAB)
    if not taken:
        places.update(game.state.bottom)
        places.update(game.state.deal.flipped)
        if game.state.spec is not None:
            places.update(c for gift in game.state.spec.gifts for c in gift)
    if game.variant.speculator is not None and game.speculator is None:
        places.update(game.state.deal.extra)
    places.update(game.state.deal.dead)  # 二人斗地主's dead cards stay aside the whole hand
    places.update(game.state.returned)  # 斗帝主: the bottom cards the emperor put back
    return places


def check_cards_conserved(game: Game) -> None:
    """other-games.md §3.1 / speculator.md §6: the cards add up — every card of the pack lies in exactly one
    place (a hand, the bottom, a gift being made, the face-up cards, the plays, the cards out of play)."""
    v = game.variant
    pack = Counter(deck_cards(v.decks, v.removed_rank_indices))
    places = card_places(game)
    assert places == pack, f"missing {sorted((pack - places).elements())}, extra {sorted((places - pack).elements())}"


def check_views(game: Game, held: dict[int, set[Card]]) -> None:
    """other-games.md §3.1 "hands are private" / speculator.md §4, §8: no view names a card its seat may not
    know — its own hand (now or earlier: the speculator knows the gifts it made) or a public card; with
    several decks a string may name a card no more often than the seat may know copies of it."""
    for seat, hand in enumerate(game.hands):
        held[seat] |= set(hand)
    if game.landlord is not None and game.phase not in (PhaseName.GIFT, PhaseName.BID, PhaseName.GRAB):
        held[game.landlord] |= set(game.state.bottom)  # the landlord takes the bottom even when it is not shown
    five = game.state.five
    if five is not None and five.known and five.hidden is not None and game.landlord is not None:
        # other-games.md Q5.5: once the team is known the two landlords see each other's hands
        held[game.landlord] |= set(game.hands[five.hidden])
        held[five.hidden] |= set(game.hands[game.landlord])
    public = public_cards(game)
    for seat in [*range(game.players), None]:
        view = observe(game, seat).to_json()
        if seat is not None:
            assert named_cards(view["hand"]) == Counter(format_card(c) for c in game.hands[seat])
        leaked = leaks(view, public | (held[seat] if seat is not None else set()))
        who = "the spectator" if seat is None else f"seat {seat}"
        assert not leaked, f"{who} is shown {leaked} in {game.phase.value}"


def check_replay(game: Game) -> None:
    """ARCHITECTURE.md "The event log is the truth: … replaying it rebuilds the identical state": the log,
    through JSON, replays to the same result, the same copies of each card in every hand, the same bottom and the
    same speculator (the events and every view: ``test_kernel_conformance.py``)."""
    log: dict[str, Any] = json.loads(json.dumps(game_log(game)))
    again = replay(log)
    assert again.result == game.result
    assert again.hands == game.hands and again.state.bottom == game.state.bottom and again.state.spec == game.state.spec


def play_checked(v: Variant, kind: str, seed: int, views: bool = True) -> Game:
    """Play one hand of ``v`` to the end with ``kind`` bots, checking every step; returns the finished hand."""
    game = Game.new(v, seed)
    bots = bots_for(kind, v.players, seed)
    held: dict[int, set[Card]] = {s: set() for s in range(v.players)}
    for _ in range(5000):
        check_cards_conserved(game)
        if views:
            check_views(game, held)
        if game.result is not None:
            assert game.is_over and game.legal_actions() == []
            break
        legal = game.legal_actions()
        assert legal, f"{v.name} seed {seed}: no legal action for seat {game.to_act} in {game.phase.value}"
        seat = game.to_act
        action = bots[seat].act(observe(game, seat))
        assert action in legal, f"{v.name} seed {seed}: seat {seat} chose {action!r}, not legal"
        if isinstance(action, Play) and action.cards is not None:
            assert Counter(action.cards) <= Counter(game.hands[seat])
        game.apply(action, seat)
    else:
        raise AssertionError(f"{v.name} seed {seed}: the hand did not end in 5000 actions")
    check_replay(game)
    return game


@pytest.mark.parametrize("kind", BOTS)
@pytest.mark.parametrize("name", TABLES)
def test_bots_play_every_table_to_a_conserved_replayable_end(name: str, kind: str) -> None:
    """ARCHITECTURE.md conformance: cards conserved, a legal action until the end, no leaked card and a replay
    to the same hands, for a few seeds of every registered table."""
    for seed in range(1, FAST_SEEDS + 1):
        play_checked(REGISTRY[name], kind, seed)


@pytest.mark.slow
@pytest.mark.parametrize("kind", BOTS)
@pytest.mark.parametrize("name", TABLES)
def test_bots_play_many_hands_of_every_table(name: str, kind: str) -> None:
    """ARCHITECTURE.md conformance, swept: the same checks over many more seeded hands of every table."""
    started = time.process_time()  # the work itself: other test workers share the cores
    for seed in range(1000, 1000 + SLOW_SEEDS):
        play_checked(REGISTRY[name], kind, seed)
    assert time.process_time() - started < 120, "the sweep outgrew its budget: lower SLOW_SEEDS"


@pytest.mark.parametrize("name", TABLES)
def test_the_checks_can_fail(name: str) -> None:
    """The checks are not vacuous: seat 0's view read as seat 1's leaks, a lost card breaks conservation."""
    game = Game.new(REGISTRY[name], 0)
    while not any(game.hands):  # 明牌开始 comes before the deal: every seat keeps its cards hidden
        game.apply(Pass(), min(game.actors()))
    check_views(game, {s: set() for s in range(game.players)})
    public = public_cards(game)
    assert leaks(observe(game, 0).to_json(), public | set(game.hands[1]))
    assert leaks(observe(game, 0).to_json(), public)
    game.hands[1].pop()
    with pytest.raises(AssertionError, match="missing"):
        check_cards_conserved(game)
