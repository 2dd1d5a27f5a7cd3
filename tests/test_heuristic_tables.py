"""The rule-of-thumb bot (``heuristic``, the ``easy`` level and the search's rollout policy) plays each table by its
own rules: 斗帝主's hand cost knows its 16 patterns (other-games.md §6.3), two players call rather than deal again
(§2.2), 癞子's wild cards are weighed as wild (§1.3) and its grabs and 明牌 follow the hand's strength (§1.2), and
the speculator picks its side by what its hand can do (speculator.md §12).

Each gain was measured against the bot as it was with ``paiju arena`` (docs/bots.md, "The rule of thumb on each
table"); these tests hold the behaviour that made it."""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from paiju.bots import make_bot, play_out
from paiju.bots.hand_cost import CLASSIC_SHAPES, WILD_CREDIT, Shapes, hand_strength, plan_cost, wild_cost
from paiju.bots.heuristic import HeuristicBot
from paiju.cards import card_rank, parse_cards, rank_counts
from paiju.climbing import Grab, Observation, PhaseName
from paiju.climbing.hand import Hand
from paiju.engine import family, game_log, open_hand
from paiju.variants import get_variant
from paiju.variants.emperor import EMPEROR_PATTERNS

EMPEROR = Shapes.of(EMPEROR_PATTERNS)


def cost(cards: str, shapes: Shapes) -> float:
    """``plan_cost`` of the hand written ``cards``."""
    return plan_cost(rank_counts(parse_cards(cards, decks=2)), shapes)


def played(table: str, hands: int) -> list[tuple[Hand, list[dict[str, Any]]]]:
    """``hands`` hands of ``table`` played out by the rule of thumb in every seat: each hand and its log's events."""
    v = get_variant(table)
    out = []
    for seed in range(hands):
        hand = open_hand(v, seed)
        play_out(hand, [make_bot("heuristic", seed * 8 + s, v.family) for s in range(v.players)])
        out.append((cast(Hand, hand), game_log(hand)["events"]))
    return out


def test_the_emperor_hand_cost_knows_its_sixteen_patterns() -> None:
    """§6.3: four of a kind is a play (no bomb) that carries a trio; a pair chain needs 4 pairs, a trio chain 3
    trios; a trio carries a pair, never a single; five of a rank bomb; BBRR is the joker bomb, BB a pair."""
    assert cost("7777999", EMPEROR) == 1.0  # 四带三: one play
    assert cost("7777999", CLASSIC_SHAPES) == 0.5  # classic: a bomb kept, the trio a play
    assert cost("334455", EMPEROR) == 3.0 and cost("33445566", EMPEROR) == 1.0
    assert cost("555666", EMPEROR) == 2.0 and cost("555666777", EMPEROR) == 1.0
    assert cost("5558", EMPEROR) == 2.0 and cost("55588", EMPEROR) == 1.0  # no three-with-one, three-with-two
    assert cost("55555", EMPEROR) == -0.5 and cost("5555", EMPEROR) == 1.0  # a bomb of five; four is no bomb
    assert cost("33334444666999", EMPEROR) == 1.0  # 航母: a quad chain carrying two trios
    assert cost("BBRR", EMPEROR) == -1.0 and cost("BB", EMPEROR) == 0.5  # 天王; BB a pair, high
    assert cost("BR", EMPEROR) == 1.0 and cost("BR", CLASSIC_SHAPES) == -1.0  # two high singles here, no rocket


def test_the_rule_of_thumb_reads_the_shapes_of_the_table_it_sits_at() -> None:
    bot = HeuristicBot()
    for table, shapes in (("dou-dizhu-emperor", EMPEROR), ("classic", Shapes.of(get_variant("classic").pattern_rules))):
        hand = open_hand(get_variant(table), 1)
        bot.act(cast(Observation, family("climbing").observe(hand, min(hand.actors()))))
        assert bot.shapes is shapes


def test_the_emperor_wins_about_two_hands_in_three_among_rules_of_thumb() -> None:
    """Knowing its patterns, the emperor (34 cards and the bottom it keeps) wins most hands; it won 27 % when the
    bot costed its hand by classic's shapes (300 hands: 27 % then, 66 % now)."""
    hands = played("dou-dizhu-emperor", 40)
    wins = sum(hand.result is not None and hand.result.scores[cast(int, hand.state.landlord)] > 0 for hand, _ in hands)
    assert wins >= 22


def test_two_players_call_rather_than_deal_again() -> None:
    """§2.2: where both pass the cards are dealt again; the landlord wins more than half the hands of nearly any
    strength, so a seat calls unless its hand is very weak (there were 2.1 redeals a hand, now almost none)."""
    events = Counter(e["type"] for _, log in played("two-player", 40) for e in log)
    assert events["redeal"] <= 4


def test_a_wild_card_is_weighed_by_what_it_completes() -> None:
    """§1.3: a wild card stands for any rank 3…2: beside 3456 it is worth one play saved wherever it goes (there,
    the straight 34567), not a fifth single of its own rank."""
    counts = rank_counts(parse_cards("34569"))
    nine = card_rank(parse_cards("9")[0])
    assert plan_cost(counts) == 5.0
    assert wild_cost(counts, (nine,)) == 4.0 - WILD_CREDIT
    assert wild_cost(counts, ()) == plan_cost(counts)  # no wild card: the hand as it is
    # spending the wild card as the 7 of 34567 leaves nothing: better than keeping it beside four singles
    assert wild_cost([0] * len(counts), (nine,)) < wild_cost(counts, (nine,))


def test_the_laizi_landlord_shows_its_hand_when_it_is_strong() -> None:
    """§1.2 明牌 doubles the stake with the hand face up: the landlord shows a hand whose strength, its wild cards
    counted as wild, won nine hands in ten (about one hand in nine; it was one in 140)."""
    shown = sum(e["type"] == "open" for _, log in played("laizi", 60) for e in log)
    assert shown >= 3


def test_the_speculator_aims_for_the_landlords_side() -> None:
    """speculator.md §12: the landlord's side wins most hands, and the speculator that aimed for it whatever its
    hand scored best; it used to aim for the farmers' side with a hand hard to shed."""
    v = get_variant("spec-4p1d")
    aims = set()
    for seed in range(30):
        hand = open_hand(v, seed)
        spec = cast(Hand, hand).state.spec
        assert spec is not None
        bot = HeuristicBot()
        obs = cast(Observation, family("climbing").observe(hand, spec.seat))
        bot.act(obs)
        aims.add(bot._target(obs))
    assert aims == {"landlord"}


def test_a_laizi_seat_grabs_a_hand_the_landlord_wins_half_the_time() -> None:
    """§1.2 抢地主 doubles the stake and makes the grabber the landlord, who settles with both farmers: worth it from
    a hand the landlord wins about half the time (strength 2.5 per 17 cards). Seed 134's seat 1 may grab with
    strength 2.7: it grabs (it passed below 3.0)."""
    hand = open_hand(get_variant("laizi"), 134)
    bots = [make_bot("heuristic", s) for s in range(3)]
    observe_seat = family("climbing").observe
    while (obs := cast(Observation, observe_seat(hand, seat := min(hand.actors())))).phase != PhaseName.GRAB:
        hand.apply(bots[seat].act(obs), seat)
    assert seat == 1 and 2.5 <= hand_strength(rank_counts(obs.hand)) < 3.0
    assert bots[seat].act(obs) == Grab()
