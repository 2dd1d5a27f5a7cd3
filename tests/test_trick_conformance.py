"""Conformance over the registry's trick-taking tables (ARCHITECTURE.md "Habits that keep it honest"): every such
table is played to the end by random and by rule bots, and at every step the cards are conserved, the seat to act
has a legal action and takes one, and no view names a card its seat may not know; at the end the match points sum
to zero and the log replays to the identical hand.  Registering a trick-taking table is enough to have it tested.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from functools import cache
from typing import Any

import pytest
from helpers import leaks, named_cards

from paiju.bots import Bot, make_bot
from paiju.cards import Card, deck_cards, format_card
from paiju.engine import game_log, replay
from paiju.errors import IllegalMoveError
from paiju.trick import Play, TrickHand, observe
from paiju.trick.events import DeclareEvent, FlipEvent, KittyEvent, PlayEvent, ThrowFailedEvent
from paiju.trick.levels import MatchState, SideLevel
from paiju.trick.state import Phase
from paiju.variants import REGISTRY, Variant

TABLES = sorted(name for name, v in REGISTRY.items() if v.family == "trick")
BOTS = ("random", "rule", "mixed")
FAST_SEEDS = 2
#: The slow sweep: 1,000 seeded hands per table (issue: "1,000 seeded bot hands without an illegal move"), played
#: in chunks of consecutive seeds that parallel test workers share out.
SLOW_HANDS = 1000
SLOW_CHUNKS = 4


def bots_for(kind: str, seed: int) -> list[Bot]:
    """One bot of ``kind`` per seat (``mixed``: rule where the seed's bit for the seat is set)."""
    names = [kind] * 4 if kind != "mixed" else ["rule" if (seed >> s) & 1 else "random" for s in range(4)]
    return [make_bot(name, seed * 31 + s, "trick") for s, name in enumerate(names)]


def match_for(seed: int) -> MatchState:
    """A match's first hand, a later hand, or a 扛旗 hand, by seed, so every kind of hand is swept."""
    kind = seed % 3
    if kind == 0:
        return MatchState()
    if kind == 1:
        return MatchState(sides=(SideLevel(seed % 12), SideLevel((seed // 3) % 12)), dealer=seed % 4)
    return MatchState(sides=(SideLevel(11, kangqi=True), SideLevel(5)), dealer=2 * (seed % 2))


def card_places(hand: TrickHand) -> list[Card]:
    """Every card where it lies: the hands, the cards still to be dealt, the kitty, the cards played to tricks."""
    places = [c for cards in hand.hands for c in cards]
    places += (c for cards in hand.state.dealing.undealt for c in cards)
    places += hand.state.kitty
    places += (c for e in hand.typed_events if isinstance(e, PlayEvent) for c in e.cards)
    return places


@cache
def sorted_pack(decks: int) -> list[Card]:
    """Every card of ``decks`` decks, sorted (made once: the sweeps check every step against it)."""
    return sorted(deck_cards(decks))


def check_cards_conserved(hand: TrickHand) -> None:
    """§7.1: 108 cards, each in exactly one place (the sorted lists compared first: the check runs at every step)."""
    places = card_places(hand)
    if sorted(places) != sorted_pack(hand.variant.decks):
        pack, found = Counter(deck_cards(hand.variant.decks)), Counter(places)
        raise AssertionError(f"missing {sorted((pack - found).elements())}, extra {sorted((found - pack).elements())}")


def public_cards(hand: TrickHand) -> set[Card]:
    """What every seat may know: the cards played, shown to declare (by face), a failed throw, the kitty turned up
    or revealed at the end."""
    seen: set[Card] = set()
    for e in hand.typed_events:
        if isinstance(e, PlayEvent | DeclareEvent):
            seen |= set(e.cards)
        elif isinstance(e, ThrowFailedEvent):
            seen |= set(e.attempted)
        elif isinstance(e, FlipEvent | KittyEvent):
            seen |= set(e.kitty if isinstance(e, FlipEvent) else e.cards)
    return seen


def check_views(hand: TrickHand, held: dict[int, set[Card]]) -> None:
    """A seat's view names its own cards (now or earlier: the kitty it took and buried) and public cards only; a
    spectator's, public cards only."""
    for seat, cards in enumerate(hand.hands):
        held[seat] |= set(cards)
    public = public_cards(hand)
    for seat in [*range(4), None]:
        view = observe(hand, seat).to_json()
        if seat is not None:
            assert named_cards(view["hand"]) == Counter(format_card(c) for c in hand.hands[seat])
        leaked = leaks(view, public | (held[seat] if seat is not None else set()))
        assert not leaked, f"{'the spectator' if seat is None else f'seat {seat}'} is shown {leaked} in {hand.phase}"


def check_events(hand: TrickHand, held: dict[int, set[Card]]) -> None:
    """What each seat (and a spectator) is shown of every event names only cards it held or public ones: the deal
    shows a seat its own hand, a burial only the seat that buried."""
    public = public_cards(hand)
    for seat in [*range(4), None]:
        known = public | (held[seat] if seat is not None else set())
        for event in hand.typed_events:
            assert not leaks({"event": _card_names(event.visible_to(seat, None).to_json())}, known), (seat, event)


#: The keys under which a logged event holds cards (as numbers).
CARD_KEYS = frozenset({"cards", "hands", "kitty", "attempted", "forced"})


def _card_names(value: Any, cards: bool = False) -> Any:
    """A logged event with each list of card numbers written as one string of card names, which ``leaks`` reads
    (the same card named in two lists, e.g. a failed throw and what was led instead, counts once per list)."""
    if isinstance(value, dict):
        return {k: _card_names(v, k in CARD_KEYS) for k, v in value.items()}
    if isinstance(value, list) and cards and all(isinstance(v, int | None) for v in value):
        return " ".join(format_card(v) for v in value if v is not None)
    if isinstance(value, list):
        return [_card_names(v, cards) for v in value]
    return value


def play_checked(variant: Variant, kind: str, seed: int, views: bool = True) -> TrickHand:
    """Play one seeded hand with every check at every step."""
    hand = TrickHand(variant, seed, match_for(seed))
    bots = bots_for(kind, seed)
    held: dict[int, set[Card]] = {s: set() for s in range(4)}
    for _ in range(2000):
        check_cards_conserved(hand)
        if views:
            check_views(hand, held)
        if hand.is_over:
            break
        seat = min(hand.actors())  # during a paced deal every seat acts (Q7.3 (ii)): the lowest first
        legal = hand.legal_actions(seat)
        assert legal, f"seat {seat} has no legal action in {hand.phase}"
        action = bots[seat].act(observe(hand, seat))
        assert hand.is_legal(action, seat), f"seed {seed}: {action} refused: {hand.explain(action, seat)}"
        hand.apply(action, seat)
    else:
        raise AssertionError(f"seed {seed}: the hand did not end in 2000 actions")
    assert hand.result is not None and sum(hand.result.scores) == 0
    if views:
        check_events(hand, held)
    log = json.loads(json.dumps(game_log(hand)))
    again = replay(log)
    assert again.events == hand.events and again.result == hand.result
    return hand


@pytest.mark.parametrize("kind", BOTS)
@pytest.mark.parametrize("name", TABLES)
def test_bots_play_every_trick_table_to_a_conserved_zero_sum_replayable_end(name: str, kind: str) -> None:
    """Cards conserved, a legal action until the end, no leaked card, zero-sum match points and an identical
    replay, for a first hand, a later hand and a 扛旗 hand of every trick-taking table."""
    for seed in range(FAST_SEEDS * 3):
        play_checked(REGISTRY[name], kind, seed)


def chunk_seeds(chunk: int) -> range:
    """The seeds of one chunk of the slow sweep: the chunks together play seeds 0 … ``SLOW_HANDS`` - 1, each once."""
    size = -(-SLOW_HANDS // SLOW_CHUNKS)
    return range(chunk * size, min(SLOW_HANDS, (chunk + 1) * size))


def test_the_slow_sweep_chunks_play_every_seed_once() -> None:
    """Cut into chunks, the slow sweep still plays its 1,000 hands per table, each seed once."""
    seeds = [seed for chunk in range(SLOW_CHUNKS) for seed in chunk_seeds(chunk)]
    assert seeds == list(range(SLOW_HANDS))


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(SLOW_CHUNKS))
@pytest.mark.parametrize("name", TABLES)
def test_a_thousand_seeded_bot_hands_play_without_an_illegal_move(name: str, chunk: int) -> None:
    """Issue: 1,000 seeded bot hands (rule, random and mixed) without an illegal move or an exception, each
    conserving the cards, zero-sum and replaying identically (the views are checked in the fast sweep); this is
    one chunk of them."""
    started = time.process_time()  # the work itself: other test workers share the cores
    for seed in chunk_seeds(chunk):
        play_checked(REGISTRY[name], BOTS[seed % 3], 10_000 + seed, views=False)
    assert time.process_time() - started < 900 / SLOW_CHUNKS, "the sweep outgrew its budget: lower SLOW_HANDS"


@pytest.mark.parametrize("name", TABLES)
def test_the_trick_checks_can_fail(name: str) -> None:
    """The checks are not vacuous: seat 1's cards shown to seat 0 leak, a lost card breaks conservation, a card
    not held is refused."""
    hand = TrickHand(REGISTRY[name], 0)
    public = public_cards(hand)
    assert leaks(observe(hand, 0).to_json(), public | set(hand.hands[0]) | {hand.hands[1][0]}) == []
    assert leaks({"hand": " ".join(format_card(c) for c in hand.hands[1])}, set(hand.hands[0]) | public)
    with pytest.raises(IllegalMoveError):
        hand.apply(Play((hand.hands[1][0],)), hand.state.to_act)
    hand.hands[1].pop()
    with pytest.raises(AssertionError, match="missing"):
        check_cards_conserved(hand)
    assert hand.phase is Phase.DECLARE
