"""二人斗地主, two-player Dou Dizhu: the deal with 11 dead cards, 叫地主 / 不叫, the bottom, play and scoring.

Rules: other-games.md §2 (2.1 setup, 2.2 hand state machine, 2.3 patterns, 2.4 test cases 1-12,
Q2.1-Q2.5), on top of §3's patterns and §0.3 (C2 trick loop, C7 multipliers).
Seat 0 bids first in the scripted deals; ``next(p) = (p + 1) % 2``.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from scenario import Scenario

from paiju.bots import make_bot
from paiju.cards import BLACK_JOKER, RED_JOKER, Card, card_rank, deck_cards, format_card, parse_ranks
from paiju.cli import main
from paiju.climbing import Bid, Deal, Game, Pass, Play, game_log, observe, replay
from paiju.climbing.phases import check_deal
from paiju.patterns import Move, beats, classify_ranks
from paiju.policy import policy_of
from paiju.server.frames import view_message
from paiju.server.history import card_counter, redacted_log, step_views
from paiju.variants import Variant, VariantError, get_variant
from paiju.variants.files import load_variant_toml, variant_to_toml
from tests.server.test_leaks import named_cards

V: Variant = get_variant("two-player")
PACK = deck_cards(1)
#: Keys of a log's events that hold cards (card ids).
CARD_KEYS = {"hands", "bottom", "cards", "marker", "extra", "flipped"}


# --------------------------------------------------------------------------- helpers


def deal_of(*hands: str, bottom: str = "", dead: str = "", first: int = 0) -> Deal:
    """A deal with the named cards where the test puts them (``dead``: among the 11 set aside), the rest of the
    pack filled in order; ``first`` bids first."""
    built = Scenario(V).hands(*hands).bottom(bottom).extra(dead).first_bidder(first).build(seed=None)
    return replace(built, extra=(), dead=tuple(sorted(built.extra)))


def scripted(*deals: Deal, variant: Variant = V) -> Game:
    """A hand dealt as scripted (one deal per redeal)."""
    return Game(variant, seed=0, dealer=0, deals=list(deals))


def move_of(text: str) -> Move:
    """The one move these ranks make (``ranks:kind`` picks one reading of several)."""
    ranks, _, kind = text.partition(":")
    moves = [m for m in classify_ranks(V, tuple(sorted(parse_ranks(ranks)))) if not kind or m.kind == kind]
    assert len(moves) == 1, f"{text!r} reads as {moves}"
    return moves[0]


def act(g: Game, *steps: str | None) -> None:
    """Actions in turn order: ``call`` (叫地主), ranks to play, ``None`` to pass (不叫 in the auction)."""
    for step in steps:
        action = Pass() if step is None else Bid(1) if step == "call" else Play(move_of(step))
        g.apply(action, seat=g.to_act)


def log_cards(value: Any, key: str = "") -> set[Card]:
    """Every card a log (or part of one) names under a card-holding key."""
    if isinstance(value, dict):
        return {c for k, v in value.items() for c in log_cards(v, k)}
    if isinstance(value, list):
        return {c for v in value for c in log_cards(v, key)}
    return {value} if key in CARD_KEYS and isinstance(value, int) else set()


def frame_cards(value: Any) -> set[Card]:
    """Every card a view or frame names, as card ids (one deck: a written card is one card)."""
    written = set(named_cards(value))
    return {c for c in PACK if format_card(c) in written}


# --------------------------------------------------------------------------- §2.1 setup and the deal


@pytest.mark.parametrize("seed", range(12))
def test_two_player_deal_is_twenty_and_twenty_a_bottom_of_three_and_eleven_dead_cards(seed: int) -> None:
    """§2.4 case 1: 「一人 20 張，留 3 張做底牌，11 張蓋牌作廢」 — hands of 20 and 20, bottom 3, dead 11; total 54."""
    g = Game(V, seed)
    deal = g.state.deal
    parts = [*deal.hands, deal.bottom, deal.dead]
    assert [len(p) for p in parts] == [20, 20, 3, 11]
    assert sorted(c for p in parts for c in p) == sorted(PACK) and len(PACK) == 54


def test_the_table_adds_up_to_fifty_four_cards_with_the_dead_cards() -> None:
    """§2.1: 「20 + 20 + 3 + 11 = 54」; a table whose dead cards do not make the pack up is refused."""
    assert V.players * V.hand_size + V.bottom_size + V.dead_cards == V.cards_in_play == 54
    with pytest.raises(VariantError, match="11 dead") as err:
        V.with_changes(dead_cards=11, hand_size=19)
    assert err.value.problems[0].code == "cards_dont_add_up"
    with pytest.raises(VariantError) as err:
        V.with_changes(dead_cards=-1, hand_size=26)
    assert "dead_cards_negative" in {p.code for p in err.value.problems}


def test_dead_cards_survive_json_and_toml() -> None:
    """The dead-card count is a table key like the others: JSON (logs) and TOML (table files) keep it."""
    assert V.to_json()["dead_cards"] == 11 and get_variant("classic").to_json()["dead_cards"] == 0
    assert Variant.from_json(json.loads(json.dumps(V.to_json()))) == V
    assert "dead_cards = 11" in variant_to_toml(V) and load_variant_toml(variant_to_toml(V)) == V


def test_a_scripted_deal_without_its_eleven_dead_cards_is_refused() -> None:
    """A replayed deal must set exactly the table's dead cards aside."""
    deal = deal_of()
    check_deal(V, deal)
    with pytest.raises(ValueError, match="11 dead cards"):
        check_deal(V, replace(deal, dead=deal.dead[1:]))


# --------------------------------------------------------------------------- §2.2 bidding


def test_first_bidder_calls_the_landlord_and_takes_twenty_three_cards_the_other_never_asked() -> None:
    """§2.4 case 2: 「如果有玩家選擇“叫地主”則立即結束叫牌，該玩家為地主」 — P1 is landlord with 23 cards."""
    g = scripted(deal_of())
    assert g.legal_actions() == [Pass(), Bid(1)]
    act(g, "call")
    assert g.landlord == 0 and len(g.hands[0]) == 23 and len(g.hands[1]) == 20
    assert g.state.auction.history == [(0, 1)] and g.phase == "play" and g.to_act == 0


def test_pass_then_call_makes_the_second_bidder_landlord() -> None:
    """§2.4 case 3: P1 不叫, P2 叫地主 → P2 is landlord."""
    g = scripted(deal_of())
    act(g, None, "call")
    assert g.landlord == 1 and len(g.hands[1]) == 23 and g.to_act == 1


def test_both_pass_redeals_and_the_new_deal_has_its_own_first_bidder() -> None:
    """§2.4 case 4 and Q2.2: 「如果都“不叫”，則重新發牌，重新叫牌」 with a new random first bidder."""
    g = scripted(deal_of(first=0), deal_of(first=1))
    act(g, None, None)
    assert g.state.deal_count == 2 and any(e["type"] == "redeal" for e in g.events)
    assert g.phase == "bid" and g.landlord is None and g.to_act == 1
    assert [len(h) for h in g.hands] == [20, 20]


def test_the_first_bidder_is_random_on_every_deal_redeals_included() -> None:
    """Q2.2: 「叫牌按出牌的順序輪流進行」 read as a random first bidder on every deal, including redeals."""
    pairs: Counter[tuple[int, int]] = Counter()
    for seed in range(400):
        g = Game(V, seed)
        first = g.to_act
        act(g, None, None)
        pairs[first, g.to_act] += 1
    assert set(pairs) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert all(60 <= n <= 140 for n in pairs.values()), pairs  # 100 each expected


# --------------------------------------------------------------------------- §2.2 steps 3-4: the bottom and play


def test_the_bottom_is_shown_to_the_opponent() -> None:
    """Q2.3: 「地主拿到的3張底牌要亮出給兩個農民看」 — the landlord's bottom is face up to the other seat."""
    g = scripted(deal_of(bottom="2 A K"))
    assert observe(g, 1).bottom == ()
    act(g, "call")
    assert sorted(observe(g, 1).bottom) == sorted(g.state.bottom) and len(g.state.bottom) == 3


def test_the_landlord_leads_and_a_trick_ends_after_one_pass() -> None:
    """§2.4 case 5: the landlord leads 33 and the opponent passes → trick over; the landlord leads again."""
    g = scripted(deal_of("33"))
    act(g, "call", "33", None)
    assert g.to_act == 0 and g.state.is_leading() and Pass() not in g.legal_actions()


# --------------------------------------------------------------------------- §2.3 patterns (classic, Q2.1)


@pytest.mark.parametrize(
    ("higher", "lower", "case"),
    [
        ("JJJ9", "TTTA", "case 6: three-with-one, the trio rank decides"),
        ("3333", "666689", "case 7: any bomb beats four-with-two"),
        ("BR", "2222", "case 8: the rocket beats every bomb"),
    ],
)
def test_classic_comparisons_hold_at_two_players(higher: str, lower: str, case: str) -> None:
    """§2.4 cases 6-8: 「出牌規則與斗地主規則基本一致」, so §3's comparisons apply."""
    assert beats(move_of(higher), move_of(lower)) and not beats(move_of(lower), move_of(higher)), case


@pytest.mark.parametrize(
    ("cards", "legal", "case"),
    [
        ("3456", False, "case 9: a straight needs at least 5 cards"),
        ("777888BR", True, "case 10: an airplane with the single wings B and R (K3)"),
        ("777888366", False, "case 11: single and pair wings are never mixed"),
    ],
)
def test_classic_patterns_hold_at_two_players(cards: str, legal: bool, case: str) -> None:
    """§2.4 cases 9-11: §3's 13 patterns and kicker policy K1-K5."""
    assert bool(classify_ranks(V, tuple(sorted(parse_ranks(cards))))) is legal, case


def test_a_dead_black_joker_leaves_no_rocket_and_the_red_joker_is_a_single_that_beats_a_two() -> None:
    """§2.4 case 12: 「B is among the dead cards: then no rocket exists, and R can only be played as a single」."""
    g = scripted(deal_of("3 R", "2", dead="B"))
    assert any(card_rank(c) == BLACK_JOKER for c in g.state.deal.dead)
    act(g, "call")
    assert not [a for a in g.legal_actions() if isinstance(a, Play) and a.move.kind == "joker-bomb"]
    act(g, "3", "2")
    answers = [a for a in g.legal_actions() if isinstance(a, Play)]
    assert [a.move.kind for a in answers if RED_JOKER in a.move.ranks] == ["single"]
    act(g, "R")
    assert g.state.play.trick is not None and g.state.play.trick.seat == 0


# --------------------------------------------------------------------------- Q2.4: the dead cards stay hidden


def _seen_by(g: Game, seat: int | None) -> set[Card]:
    """Every card ``seat`` (``None``: a spectator) is shown of this deal: its view frame with the card counter
    and its copy of the log from the deal on (a seat's hand of a deal before a redeal tells nothing now)."""
    fields = policy_of(g).frame_fields(g)
    frame = view_message(g, seat, fields, deadline=None, counter=seat is not None, hand_number=1)
    names = [f"p{s}" for s in range(g.players)]
    events = redacted_log(g, seat, names)["events"]
    this_deal = max(i for i, e in enumerate(events) if e["type"] == "deal")
    return frame_cards(frame.model_dump()) | log_cards(events[this_deal:])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_seat_or_spectator_ever_sees_or_can_derive_the_dead_cards(seed: int) -> None:
    """Q2.4: the 11 dead cards 「are never seen during the hand」: at every step, no view, frame or seat's log
    names one, and what a seat has seen plus its own hand leaves more unknown cards than the dead ones."""
    g = Game(V, seed)
    bots = [make_bot("heuristic", s) for s in range(V.players)]
    steps = 0
    while not g.is_over:
        dead = set(g.state.deal.dead)  # a redeal sets new cards aside
        for seat in (0, 1, None):
            own = set(g.hands[seat]) if seat is not None else set()
            seen = _seen_by(g, seat)
            assert not seen & dead, f"{seat} was shown dead cards {sorted(seen & dead)}"
            unknown = set(PACK) - seen - own
            assert dead <= unknown and len(unknown) > len(dead)
        g.apply(bots[g.to_act].act(observe(g, g.to_act)))
        steps += 1
    assert steps > 2
    log = game_log(g)
    for seat in (0, 1, None):
        steps_seen = step_views(log, seat, everything=False)
        this_deal = max((i for i, step in enumerate(steps_seen) if step["redeals"]), default=0)
        for step in steps_seen[this_deal:]:
            assert not frame_cards(step["view"]) & dead and not log_cards(step["event"]) & dead


def test_after_the_hand_the_dead_cards_are_what_the_complete_log_leaves_out() -> None:
    """Q2.4: 「The engine may reveal them after the hand」: the finished log names every other card, and its
    replay sets the same cards aside."""
    g = Game(V, 5)
    bots = [make_bot("heuristic", s) for s in range(V.players)]
    while not g.is_over:
        g.apply(bots[g.to_act].act(observe(g, g.to_act)))
    log = json.loads(json.dumps(game_log(g)))
    deal = [e for e in log["events"] if e["type"] == "deal"][-1]
    left_out = Counter(PACK) - Counter([c for h in deal["hands"] for c in h] + deal["bottom"])
    assert sorted(left_out.elements()) == list(g.state.deal.dead) == list(replay(log).state.deal.dead)
    assert replay(log).result == g.result


def test_the_card_counter_never_counts_more_of_a_rank_than_the_opponent_holds() -> None:
    """记牌器: a seat cannot tell the dead cards from the opponent's, so a rank counts both, capped at the
    cards the opponent still holds."""
    g = scripted(deal_of("3456789TJQKA 334455 22", bottom="777", dead="KKK"))
    act(g, "call", "3456789TJQKA", None, "334455", None, "777", None)
    counts = card_counter(V, observe(g, 1).to_json())
    assert len(g.hands[0]) == 2 and counts["K"] == 2 and max(counts.values()) == 2  # 3 unseen Ks, 2 cards held
    g = scripted(deal_of(dead="KKKK"))
    act(g, "call")
    assert card_counter(V, observe(g, 1).to_json())["K"] == 4  # dead or in the landlord's hand: unknown


# --------------------------------------------------------------------------- Q2.5: scoring

#: The landlord's 23 cards (20 + the bottom) for 0, 1 and 2 bombs, and its plays after the opening 3 and 5.
LANDLORD_CARDS = {
    0: ("3 5 6789TJQKA 666 777 888", "999", ["6789TJQKA", "666777888999:triple-chain"]),
    1: ("3 5 6789TJQKA 2222 TTT JJ", "J QQ", ["6789TJQKA", "2222", "TTTJJJ", "QQ"]),
    2: ("3 5 6789TJQKA 2222 BR TTT", "JJJ", ["6789TJQKA", "2222", "BR", "TTTJJJ"]),
}


@pytest.mark.parametrize("bombs", [0, 1, 2])
@pytest.mark.parametrize("spring", [False, True])
@pytest.mark.parametrize("farmer_plays", [False, True])
def test_the_winner_scores_two_to_the_bombs_played_times_spring(bombs: int, spring: bool, farmer_plays: bool) -> None:
    """Q2.5: 「winner = +base × 2**k × spring_factor, loser = the negative」 with base 1, k = bombs and rockets
    played, spring_factor 2 when the loser played no card and only where option ``spring`` is on."""
    hand, bottom, rest = LANDLORD_CARDS[bombs]
    g = scripted(deal_of(hand, "4", bottom=bottom), variant=V.with_changes(spring=spring))
    act(g, "call", "3", "4" if farmer_plays else None, "5", None)
    for i, cards in enumerate(rest):
        act(g, cards, *([None] if i < len(rest) - 1 else []))
    assert g.result is not None and g.result.landlord_won
    unit = 2**bombs * (2 if spring and not farmer_plays else 1)
    assert g.result.scores == (unit, -unit) and g.result.bid == 1 and g.result.doublings == bombs


@pytest.mark.parametrize("spring", [False, True])
def test_a_landlord_that_played_its_opening_lead_loses_without_counter_spring(spring: bool) -> None:
    """§2.2 step 6: 「spring_factor = 2 if the loser played no card」. The farmer bombs the landlord's lead and goes
    out; the landlord played a card (its opening lead), so option ``spring`` changes nothing: no 反春天 here."""
    g = scripted(deal_of("3", "2222 456789TJQKA 444 55"), variant=V.with_changes(spring=spring))
    act(g, "call", "3", "2222", None, "456789TJQKA", None, "44455")
    assert g.result is not None and not g.result.landlord_won and g.result.spring is False
    assert g.result.scores == (-2, 2)


# --------------------------------------------------------------------------- everywhere the registry reaches


def test_bots_play_two_player_hands_to_the_end_with_paiju_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    """`paiju simulate --variant two-player`: every hand ends with one landlord and one farmer, scores summing to 0."""
    assert main(["simulate", "--variant", "two-player", "--games", "40", "--bots", "heuristic", "--json"]) == 0
    roles = json.loads(capsys.readouterr().out)["roles"]
    assert roles["landlord"]["hands"] == roles["farmer"]["hands"] == 40
    assert abs(roles["landlord"]["mean_score"] + roles["farmer"]["mean_score"]) < 1e-9
