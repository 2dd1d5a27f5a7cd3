"""The speculator's retreat (speculator.md §8), on a house table that enables it (V = 9, or 6 jokers)."""

from __future__ import annotations

import pytest
from helpers import part_view, replays_identically
from rich.console import Console

from paiju.bots import make_bot, play_out
from paiju.cards import BLACK_JOKER, Suit, card_rank, deck_cards, make_card
from paiju.climbing import Deal, Game, observe
from paiju.climbing import speculator as sp
from paiju.climbing.views import SpeculatorView
from paiju.terminal_views.climbing import ClimbingView
from paiju.variants import Variant
from paiju.variants.files import load_variant_toml

HOUSE: Variant = load_variant_toml(
    'inherits = "spec-5p3d"\nname = "house-5p3d"\n[speculator]\nretreat = 9\nretreat_jokers = 6\n'
)
MARKED_7C = make_card(4, Suit.CLUBS, 0)


def _deal(speculator_cards: list[int]) -> Deal:
    """Seat 1 is the speculator (it holds the marked 7c) with ``speculator_cards``; the rest is dealt in order."""
    chosen = [MARKED_7C] + speculator_cards
    rest = [c for c in deck_cards(3) if c not in chosen]
    spec_hand = chosen + rest[: 31 - len(chosen)]
    rest = rest[31 - len(chosen) :]
    hands = [rest[0:31], spec_hand] + [rest[31 * (i + 1) : 31 * (i + 2)] for i in range(3)]
    return Deal(tuple(tuple(h) for h in hands), tuple(rest[124:]), None, (), (), (0, 1, 2))


def _nines(n: int) -> list[int]:
    return [c for c in deck_cards(3) if card_rank(c) == 6][:n]


def _play(deal: Deal) -> Game:
    g = Game(HOUSE, 5, deals=[deal])
    play_out(g, [make_bot("heuristic", s) for s in range(HOUSE.players)])
    return g


def test_speculator_retreats_with_nine_of_a_rank() -> None:
    """§8 'if the speculator holds V or more cards of one rank … it plays no further part'."""
    g = _play(_deal(_nines(9)))
    assert g.state.spec.retreated and g.result is not None and g.result.retreat
    assert {"type": "retreat", "seat": 1, "hand": sorted(g.state.deal.hands[1])} in g.events
    assert all(e["seat"] != 1 for e in g.events if e["type"] == "play")


def test_speculator_with_eight_of_a_rank_does_not_retreat() -> None:
    """§8: fewer than V cards of a rank is an ordinary hand."""
    g = Game(HOUSE, 5, deals=[_deal(_nines(8))])
    assert not g.state.spec.retreated


def test_speculator_retreats_with_all_six_jokers() -> None:
    """§8 '(or the joker count in §15)': all 6 jokers on a three-deck table."""
    jokers = [c for c in deck_cards(3) if card_rank(c) >= BLACK_JOKER]
    g = Game(HOUSE, 5, deals=[_deal(jokers)])
    assert g.state.spec.retreated


def test_retreated_speculator_still_gives_and_takes_so_hands_keep_their_size() -> None:
    """§8 'it still gives its gifts … and takes the bottom, so every other hand has its table size'."""
    g = Game(HOUSE, 5, deals=[_deal(_nines(9))])
    bots = [make_bot("heuristic", s) for s in range(HOUSE.players)]
    while g.phase != "play" and g.result is None:
        g.apply(bots[g.to_act].act(observe(g, g.to_act)), g.to_act)
    landlord, farmer, speculator = HOUSE.final_hand_sizes
    assert g.landlord is not None
    sizes = [len(h) for h in g.hands]
    assert sizes[g.landlord] == landlord and sizes[1] == speculator
    assert all(sizes[s] == farmer for s in range(HOUSE.players) if s not in (1, g.landlord))
    assert 1 in g.state.play.out and g.to_act == g.landlord


def test_retreated_speculator_hand_is_shown() -> None:
    """§8 [R] 'its hand is shown': every seat sees it once the speculator sits out."""
    g = Game(HOUSE, 5, deals=[_deal(_nines(9))])
    bots = [make_bot("heuristic", s) for s in range(HOUSE.players)]
    while g.phase != "play":
        g.apply(bots[g.to_act].act(observe(g, g.to_act)), g.to_act)
    for seat in range(HOUSE.players):
        assert part_view(g, seat, SpeculatorView).retreated_hand == tuple(sorted(g.hands[1]))


def test_retreat_settles_on_the_winning_side_times_three() -> None:
    """§8 'settlement uses the row that puts the speculator on the winning side, ×3 on top of the other multipliers'."""
    g = _play(_deal(_nines(9)))
    r = g.result
    assert r is not None and g.landlord is not None
    assert r.speculator_side == ("landlord" if r.landlord_won else "farmers")
    rules = sp.rule_of(HOUSE)
    unit = r.bid * 2**r.doublings * 3
    expected = sp.speculator_scores(HOUSE.players, (g.landlord,), 1, r.landlord_won, r.speculator_side, unit, rules.stake)
    assert list(r.scores) == expected and sum(r.scores) == 0


@pytest.mark.parametrize("seed", range(5))
def test_retreat_hands_replay(seed: int) -> None:
    """A hand with a retreat replays from its log to the same state."""
    g = Game(HOUSE, seed, deals=[_deal(_nines(9))])
    play_out(g, [make_bot("random", seed * 5 + s) for s in range(HOUSE.players)])
    replays_identically(g)


def test_the_terminal_chooses_a_retreated_speculators_gifts() -> None:
    """§8: a retreated speculator plays no further part, so the terminal gives its gifts for its person; a
    speculator that did not retreat chooses its own."""
    view = ClimbingView(Console(), [f"seat {s}" for s in range(HOUSE.players)], 1)
    retreated = Game(HOUSE, 5, deals=[_deal(_nines(9))])
    assert view.chosen_for(retreated) == make_bot("heuristic").act(observe(retreated, 1))
    assert view.chosen_for(Game(HOUSE, 5, deals=[_deal(_nines(8))])) is None
