"""The 5-player one-deck speculator table spec-5p1d: speculator.md §2.6, §3, §4, §13 (P = 5), §15 (the
5p1d row and paragraph) and §17 item 22.

Positions are scripted with ``make_deal``: the flipped card, the cards a test names and the rest of
the pack from a seeded shuffle.  Expected values are written from the rules file (the flipped card's
partner, each seat's wild cards and every key are computed here by reference functions), not read
back from the engine.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from helpers import part_view, replays_identically
from scenario import Scenario

from paiju.bots import make_bot, play_out
from paiju.bots.base import Bot
from paiju.cards import Card, card_rank, format_cards, parse_cards, parse_ranks
from paiju.cli import main
from paiju.climbing import Bid, Deal, Game, Give, Pass, Play, observe
from paiju.climbing import speculator as sp
from paiju.climbing.follow import speculator_answers
from paiju.climbing.views import SpeculatorView
from paiju.patterns import Move, Wilds, beats, classify_ranks, generate_counts
from paiju.variants import get_variant

V = get_variant("spec-5p1d")

# Rank indices: 0 = '3' … 6 = '9' … 10 = 'K', 11 = 'A', 12 = '2', 13 = 'B', 14 = 'R'.
THREE, NINE, KING, ACE, TWO, BLACK_RANK, RED_RANK = 0, 6, 10, 11, 12, 13, 14
#: Card ids: rank * 4 + suit (s h d c = 0 1 2 3); the jokers 52 (B) and 53 (R).
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
BLACK_JOKER_CARD, RED_JOKER_CARD = 52, 53
#: §15 5p1d (b): a promoted rank sits between 2 (key 12) and the black joker (key 13).
BETWEEN_TWO_AND_B = (12.0, 13.0)
#: §10: a play made only of the speculator's 3s sits between A (11) and 2 (12).
BETWEEN_A_AND_TWO = (11.0, 12.0)
SEQUENCES = ("straight", "pair-chain")


# --------------------------------------------------------------------------- reference rules
def card(text: str) -> Card:
    """One card from its notation, e.g. ``9h``."""
    cards = parse_cards(text)
    assert len(cards) == 1
    return cards[0]


def partner(flipped: Card) -> Card:
    """§3 one deck: 'the card of the same rank and the same colour (7h ↔ 7d, 7s ↔ 7c; B ↔ R)'."""
    if flipped >= BLACK_JOKER_CARD:
        return BLACK_JOKER_CARD + RED_JOKER_CARD - flipped
    suit = flipped % 4
    other = {SPADES: CLUBS, CLUBS: SPADES, HEARTS: DIAMONDS, DIAMONDS: HEARTS}[suit]
    return flipped - suit + other


def rule_wilds(hand: Sequence[Card], flipped: Card) -> set[Card]:
    """§15 5p1d (a): the highest card (3 < … < A < 2) of X's suit; X a joker: of each suit of its colour."""
    if flipped == BLACK_JOKER_CARD:
        suits: tuple[int, ...] = (SPADES, CLUBS)
    elif flipped == RED_JOKER_CARD:
        suits = (HEARTS, DIAMONDS)
    else:
        suits = (flipped % 4,)
    out: set[Card] = set()
    for suit in suits:
        same = [c for c in hand if c < BLACK_JOKER_CARD and c % 4 == suit]
        if same:
            out.add(max(same, key=lambda c: c // 4))
    return out


def meant(move: Move) -> list[int]:
    """The ranks a play means: each wild card replaced by the rank it stands for."""
    ranks = list(move.ranks)
    for face, stands in move.wilds:
        ranks.remove(face)
        ranks.append(stands)
    return sorted(ranks)


def rule_key_band(move: Move, promoted: int | None, speculator_threes: bool) -> tuple[float, float]:
    """The open interval (or exact value, as (k, k)) a move's key must lie in, from §9, §10 and §15 5p1d."""
    ranks = meant(move)
    if move.kind in SEQUENCES:
        return (float(max(ranks)), float(max(ranks)))  # sequences keep their ranks
    if move.kind == "joker-bomb":
        return (float(max(ranks)), float(max(ranks)))
    counts = Counter(ranks)
    body = max(counts, key=lambda r: (counts[r], r))
    pure_threes = speculator_threes and set(move.ranks) == {THREE} and not move.wilds
    x = promoted if promoted is not None and promoted < TWO else None
    if pure_threes:
        return BETWEEN_TWO_AND_B if x == THREE else BETWEEN_A_AND_TWO
    if x is not None and body == x:
        return BETWEEN_TWO_AND_B
    return (float(body), float(body))


def in_band(key: float, band: tuple[float, float]) -> bool:
    """Whether ``key`` is the exact value, or inside the open interval, ``band`` names."""
    low, high = band
    return key == low if low == high else low < key < high


# --------------------------------------------------------------------------- deals and turns
def make_deal(
    flip: str,
    hands: Mapping[int, str] | None = None,
    bottom: str = "",
    spec: int | None = None,
    seed: int = 0,
    gift_order: Sequence[int] = (0, 1, 2),
) -> Deal:
    """A full deal: the flipped card, the named cards, the partner in seat ``spec``, the rest shuffled (never the partner into the bottom)."""
    x = card(flip)
    scene = Scenario(V).flipped([x]).seats(hands or {}).bottom(bottom).gift_order(*gift_order)
    det = partner(x)
    if spec is not None and det not in scene.taken:
        scene.add(spec, det)
    scene.shuffle(seed)
    while len(scene.piles["bottom"]) < V.bottom_size:
        scene.add_bottom(scene.draw(lambda c: c != det))
    return scene.build()


def give(g: Game, bundles: Mapping[int, str] | None = None) -> None:
    """Fill every gift: bundle i the cards named in ``bundles[i]``, other slots the first legal card no later bundle names."""
    named = {i: parse_cards(text) for i, text in (bundles or {}).items()}
    spec = g.speculator
    assert spec is not None and g.phase == "gift"
    while g.phase == "gift":
        bundle = len(g.state.spec.gifts) - 1
        wanted = named.get(bundle, [])
        filled = len(g.state.spec.gifts[bundle])
        if filled < len(wanted):
            g.apply(Give(wanted[filled]), spec)
            continue
        later = {c for b, cs in named.items() if b > bundle for c in cs}
        g.apply(next(a for a in g.legal_actions() if isinstance(a, Give) and a.card not in later), spec)


def bids(g: Game, *points: int) -> None:
    """Apply bids in turn order; 0 is a pass."""
    for p in points:
        g.apply(Bid(p) if p else Pass())


def texts(g: Game) -> list[str]:
    """The canonical texts of the seat to act's legal plays."""
    return [a.move.text() for a in g.legal_actions() if isinstance(a, Play)]


def legal_play(g: Game, text: str) -> Play:
    """The one legal play whose canonical text is ``text``."""
    found = [a for a in g.legal_actions() if isinstance(a, Play) and a.move.text() == text]
    assert len(found) == 1, f"{text} is not (uniquely) legal for seat {g.to_act}: {texts(g)}"
    return found[0]


def plays(g: Game, *steps: str) -> None:
    """Apply plays in turn order: a move's text, or ``pass``."""
    for step in steps:
        g.apply(Pass() if step == "pass" else legal_play(g, step))


def ranks(text: str) -> list[int]:
    """Rank indices of a card string."""
    return parse_ranks(text)


def move(text: str, promoted: int | None = None, wilds: Wilds | None = None) -> Move:
    """The one reading of ``text`` at this table (a non-speculator's cards unless ``wilds``)."""
    readings = classify_ranks(V, ranks(text), wilds, promoted)
    assert len(readings) == 1, (text, readings)
    return readings[0]


def counts_of(text: str) -> list[int]:
    """Per-rank counts of a card string."""
    counts = [0] * 15
    for r in ranks(text):
        counts[r] += 1
    return counts


def natural_counts(g: Game, seat: int) -> list[int]:
    """Per-rank counts of ``seat``'s cards that are not wild: §10 (the speculator's 3s) and §15 5p1d (a)."""
    counts = [0] * 15
    for c in g.hands[seat]:
        wild = card_rank(c) == THREE if seat == g.speculator else c in g.state.wild_cards.get(seat, frozenset())
        if not wild:
            counts[card_rank(c)] += 1
    return counts


def to_play(g: Game, names: Sequence[str], seed: int) -> None:
    """Let bots give and bid until the play phase (or the end)."""
    bots: list[Bot] = [make_bot(n, seed * 7 + s) for s, n in enumerate(names)]
    while g.phase in ("gift", "bid"):
        seat = g.to_act
        g.apply(bots[seat].act(observe(g, seat)), seat)


def bot_names(seed: int) -> list[str]:
    """A seeded mix of random and heuristic bots."""
    return ["heuristic" if (seed >> s) & 1 else "random" for s in range(V.players)]


# --------------------------------------------------------------------------- the scripted hand
#: X = 9h.  Seat 1 holds 9d and is the speculator; seat 0 becomes the landlord.
SCRIPTED_HANDS = {
    0: "B R 9s 9c 2s 2d 2c Ad As 5h",
    1: "9d Js Qs Ks 4s 4d Ah Ac 8c 4h",
    2: "3s 3h 4c 5s 6d 7h Th Jh Qh 2h",
    3: "3d 3c 5c 6c 7d 8s Ts Jd Qd Kh",
    4: "5d 7c 8h 8d Td Tc Jc Qc Kd Kc",
}
SCRIPTED_BOTTOM = "6s 6h 7s"
#: Gifts: the landlord's, then bundles 1, 2, 3 for farmer seats 2, 3, 4 (gift order 0, 1, 2).
SCRIPTED_GIFTS = {0: "Js Qs Ks", 1: "4s", 2: "4d", 3: "Ah"}
#: §15 5p1d (a): each seat's highest heart after the gifts (seat 4's Ah arrives as a gift).
SCRIPTED_WILDS = {0: "5h", 2: "2h", 3: "Kh", 4: "Ah"}


def scripted_deal() -> Deal:
    """The scripted hand's deal: every card named."""
    deal = make_deal("9h", SCRIPTED_HANDS, SCRIPTED_BOTTOM)
    for seat, text in SCRIPTED_HANDS.items():
        assert sorted(deal.hands[seat]) == sorted(parse_cards(text))
    return deal


def scripted_game() -> Game:
    """The scripted hand at the first lead: seat 4 (opposite the speculator) passes, seat 0 bids 3."""
    g = Game(V, 0, deals=[scripted_deal()])
    assert g.speculator == 1
    give(g, SCRIPTED_GIFTS)
    assert g.to_act == 4
    bids(g, 0, 3)
    assert (g.phase, g.landlord, g.to_act) == ("play", 0, 0)
    return g


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    """Run the command in-process with ``--json``; return (exit status, parsed stdout or None)."""
    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else None


# --------------------------------------------------------------------------- §3 the speculator
@pytest.mark.parametrize(
    ("flip", "expected"),
    [("7h", "7d"), ("7d", "7h"), ("7s", "7c"), ("7c", "7s"), ("Kh", "Kd"), ("2c", "2s"), ("3d", "3h")],
)
def test_5p1d_speculator_holds_same_rank_same_colour_as_flip(flip: str, expected: str) -> None:
    """§3 'flip card': 'One deck: the card of the same rank and the same colour (7h ↔ 7d, 7s ↔ 7c; B ↔ R)'."""
    x = card(flip)
    assert partner(x) == card(expected)
    same_rank = [c for c in range(card_rank(x) * 4, card_rank(x) * 4 + 4) if c not in (x, card(expected))]
    for holder in range(5):
        # The two cards of the same rank and the other colour are decoys in other seats.
        decoys = {(holder + 1) % 5: format_cards([same_rank[0]]), (holder + 2) % 5: format_cards([same_rank[1]])}
        hands = {holder: expected, **decoys}
        g = Game(V, 0, deals=[make_deal(flip, hands, seed=holder)])
        assert g.state.deal_count == 1
        assert g.speculator == holder
        assert g.state.spec.determination == card(expected)
        for seat in range(5):
            spec = part_view(g, seat, SpeculatorView)
            assert spec.seat == holder
            assert spec.determination == card(expected) and spec.flipped == (x,)


@pytest.mark.parametrize(("flip", "expected"), [("B", "R"), ("R", "B")])
def test_5p1d_joker_flip_partner_is_other_joker(flip: str, expected: str) -> None:
    """§3 'flip card', one deck: '… B ↔ R'."""
    assert partner(card(flip)) == card(expected)
    for holder in range(5):
        g = Game(V, 0, deals=[make_deal(flip, {holder: expected}, seed=10 + holder)])
        assert (g.state.deal_count, g.speculator, g.state.spec.determination) == (1, holder, card(expected))


@pytest.mark.parametrize(("flip", "in_bottom"), [("7h", "7d"), ("7s", "7c"), ("B", "R"), ("R", "B")])
def test_5p1d_redeal_when_partner_in_bottom(flip: str, in_bottom: str) -> None:
    """§3: 'If the determination card lies in the bottom, the hand is redealt.'"""
    first = make_deal(flip, bottom=in_bottom, seed=20)
    second = make_deal("9h", spec=3, seed=21)
    g = Game(V, 0, deals=[first, second])
    assert g.state.deal_count == 2
    assert g.events[1] == {"type": "redeal", "reason": "the determination card is in the bottom"}
    assert not any(e["type"] == "give" for e in g.events[:2])
    assert (g.speculator, g.state.spec.determination, g.phase) == (3, card("9d"), "gift")
    assert [tuple(h) for h in g.hands] == list(second.hands)


def test_speculator_redealt_when_it_cannot_make_its_gifts() -> None:
    """§4 'A gift may not contain: any 3; the determination card; the protected card' — with four 3s no 6 gifts are left: redeal."""
    first = make_deal("9h", {2: "3s 3h 3d 3c R"}, spec=2, seed=30)
    second = make_deal("Kh", spec=4, seed=31)
    g = Game(V, 0, deals=[first, second])
    assert g.state.deal_count == 2
    assert {"type": "redeal", "reason": "the speculator cannot make its gifts"} in g.events
    assert not any(e["type"] == "give" for e in g.events)
    assert (g.speculator, g.phase) == (4, "gift")
    # Two 3s leave 10 − 2 − 9d − R = 6 giftable cards: enough, no redeal.
    g = Game(V, 0, deals=[make_deal("9h", {2: "3s 3h R 4s 5s 6s 7s 8s Ts"}, spec=2, seed=32)])
    assert (g.state.deal_count, g.speculator, g.phase) == (1, 2, "gift")
    give(g)
    assert g.phase == "bid"


def test_5p1d_protected_card_counts_flipped_rank_above_two() -> None:
    """§4: 'the protected card: one card of the speculator's highest rank … (5p1d: the flipped card's rank counts as between 2 and B …)'."""
    # X = 9h: the speculator holds 9d (the determination card) and a single 2, no joker.  Its highest
    # rank is 9, so the protected card is a 9 (here the 9d, kept anyway): the 2 may be given.
    g = Game(V, 0, deals=[make_deal("9h", {1: "9d 2s 4s 4h 5s 5h 6s 6h 7s 7h", 0: "B R"}, seed=33)])
    assert g.speculator == 1
    giftable = sorted(a.card for a in g.legal_actions() if isinstance(a, Give))
    assert card("9d") not in giftable
    assert card("2s") in giftable, f"giftable: {format_cards(giftable)}"


def test_5p1d_speculator_can_always_finish_its_gifts() -> None:
    """§4: 'the speculator chooses G_L cards … and G_F cards for each farmer seat' — a speculator the deal lets through must be able to give them all."""
    # X = 8c, so the 8s marks the speculator (seat 0); its highest rank is 8 (§4, 5p1d: above 2), the 8s
    # is its protected card, and its six gifts are Qd Ah Ad Ac 2h 2c.
    g = Game(V, 0, deals=[make_deal("8c", {0: "3s 3h 3c 8s Qd Ah Ad Ac 2h 2c"}, bottom="6c 9s Ks", seed=35)])
    assert (g.state.deal_count, g.speculator, g.phase) == (1, 0, "gift")
    plan = parse_cards("Ah Ac 2h Qd Ad 2c")
    for c in plan:
        legal = [a.card for a in g.legal_actions() if isinstance(a, Give)]
        assert c in legal, f"after gifts {[format_cards(b) for b in g.state.spec.gifts]}: legal gifts {format_cards(legal)}"
        g.apply(Give(c), 0)
    assert g.phase == "bid"
    assert sorted(g.hands[0]) == sorted(parse_cards("3s 3h 3c 8s"))


# --------------------------------------------------------------------------- §2.6, §6, §15 hand sizes
def test_5p1d_speculator_takes_bottom_and_flipped_card() -> None:
    """§15: '5p1d: the speculator takes the 3 bottom cards and the flipped card (4 + 4)'; §2.6 'the speculator takes the original bottom'."""
    g = scripted_game()
    kept = parse_cards("9d Ac 8c 4h")
    assert sorted(g.hands[1]) == sorted(kept + parse_cards(SCRIPTED_BOTTOM) + [card("9h")])
    assert all(card("9h") not in g.hands[s] for s in (0, 2, 3, 4))
    reveal = next(e for e in g.events if e["type"] == "reveal")
    assert reveal["flipped_to"] == 1 and reveal["bottom"] == parse_cards(SCRIPTED_BOTTOM)
    assert sorted(g.hands[0]) == sorted(parse_cards(SCRIPTED_HANDS[0]) + parse_cards(SCRIPTED_GIFTS[0]))
    # The same through shuffled deals, bot gifts and bot bids.
    for seed in range(20):
        g = Game.new(V, 100 + seed)
        to_play(g, bot_names(seed), seed)
        if g.phase != "play":
            continue
        assert g.speculator is not None and g.landlord is not None
        public = set(g.state.bottom) | set(g.state.deal.flipped)
        assert public <= set(g.hands[g.speculator])
        assert all(not public & set(g.hands[s]) for s in range(5) if s != g.speculator)


def test_5p1d_final_hand_sizes() -> None:
    """§15 row 5p1d: 'P 5, D 1, H 10, B 3, F 1, G_L 3, G_F 1, final 13 / 11 / 8'; §6 'P·H + B + F + E = cards in play'."""
    rules = V.speculator
    assert rules is not None
    assert (V.players, V.decks, V.hand_size, V.bottom_size, V.flipped) == (5, 1, 10, 3, 1)
    assert (rules.gift_landlord, rules.gift_farmer) == (3, 1)
    assert V.final_hand_sizes == (13, 11, 8)
    assert V.players * V.hand_size + V.bottom_size + V.flipped == 54
    g = scripted_game()
    assert [len(h) for h in g.hands] == [13, 8, 11, 11, 11]
    assert [len(b) for b in g.state.spec.gifts] == [3, 1, 1, 1]
    assert observe(g, 2).cards_left == (13, 8, 11, 11, 11)
    seen = 0
    for seed in range(30):
        g = Game.new(V, 200 + seed)
        to_play(g, bot_names(seed), seed)
        if g.phase != "play":
            continue
        seen += 1
        assert g.landlord is not None and g.speculator is not None
        for seat, n in enumerate(len(h) for h in g.hands):
            assert n == (13 if seat == g.landlord else 8 if seat == g.speculator else 11), (seed, seat)
    assert seen > 20


# --------------------------------------------------------------------------- §15 patterns and ladder
def test_5p1d_only_four_card_straights_and_two_pair_chains() -> None:
    """§15 5p1d: 'single, pair, triple, bomb, rocket BR, and these 4-card patterns only: triple+1, straight of exactly 4, pair chain of exactly 2 pairs'."""
    allowed = {
        "3": "single",
        "33": "pair",
        "333": "triple",
        "3334": "triple+single",
        "3456": "straight",
        "JQKA": "straight",
        "3344": "pair-chain",
        "KKAA": "pair-chain",
        "3333": "bomb",
        "BR": "joker-bomb",
    }
    for cards, kind in allowed.items():
        assert [m.kind for m in classify_ranks(V, ranks(cards))] == [kind], cards
    for cards in ("34567", "3456789TJQKA", "334455", "33445566", "33344", "333444", "33344456", "3333456",
                  "333345", "33334455", "33334", "TJQKA2", "QKA2", "QQKKAA22"):
        assert classify_ranks(V, ranks(cards)) == [], cards
    # Leads from long runs hold only the 4-card straights and 2-pair chains.
    leads = generate_counts(V, counts_of("3456789 TTJJQQKK"), None)
    assert {m.length for m in leads if m.kind == "straight"} == {4}
    assert {len(m.ranks) for m in leads if m.kind == "straight"} == {4}
    assert {m.length for m in leads if m.kind == "pair-chain"} == {2}
    # Wild cards do not stretch them either (a farmer's wild K beside 45678 and 667788).
    wild = Wilds((KING,), None, False)
    for hand in ("45678", "667788", "66677"):
        for m in generate_counts(V, counts_of(hand), None, wild):
            assert len(m.ranks) <= 4, m
            assert m.kind in ("single", "pair", "triple", "triple+single", "straight", "pair-chain"), m


def test_5p1d_ladder_bomb4_below_rocket() -> None:
    """§15 5p1d: 'Ladder: bomb4 < rocket'; §9 'Bomb classes beat every non-bomb'."""
    rocket, bomb2, bomb3 = move("BR"), move("2222"), move("3333")
    assert beats(rocket, bomb2) and not beats(bomb2, rocket)
    assert beats(bomb2, bomb3) and not beats(bomb3, bomb2)
    for other in ("2", "22", "222", "2223", "JQKA", "KKAA"):
        assert beats(bomb3, move(other)) and not beats(move(other), bomb3)
    assert {m.text() for m in generate_counts(V, counts_of("2222 B R"), bomb2) if m.is_bomb} == {"BR"}


# --------------------------------------------------------------------------- §15 5p1d (a) wild cards
def test_5p1d_highest_card_of_flipped_suit_is_wild() -> None:
    """§15 5p1d (a): 'after the reveal, in the landlord's and each farmer's hand … the highest card of X's suit (3 < … < A < 2) is that player's wild card'."""
    g = scripted_game()
    expected = {s: frozenset(parse_cards(t)) for s, t in SCRIPTED_WILDS.items()}
    assert {s: w for s, w in g.state.wild_cards.items() if w} == expected
    for s in (0, 2, 3, 4):
        assert g.state.wild_cards.get(s, frozenset()) == rule_wilds(g.hands[s], card("9h"))
    # Seat 4's 8h was its highest heart at the deal; the Ah from the gift is its wild card.
    assert card("8h") in g.hands[4] and card("8h") not in g.state.wild_cards[4]
    # Shuffled deals of every flipped card: each non-speculator's wild cards as the rule says.
    checked = 0
    for seed in range(40):
        g = Game.new(V, 300 + seed)
        to_play(g, bot_names(seed), seed)
        if g.phase != "play":
            continue
        flipped = g.state.deal.flipped[0]
        for seat in range(5):
            if seat != g.speculator:
                assert g.state.wild_cards.get(seat, frozenset()) == rule_wilds(g.hands[seat], flipped), (seed, seat)
                checked += 1
    assert checked > 80


def test_5p1d_wild_cards_fixed_at_the_reveal() -> None:
    """§15 5p1d (a): the wild card is 'fixed at the reveal'; §17 item 22 '5p1d: wild cards fixed at the reveal'."""
    g = scripted_game()
    before = dict(g.state.wild_cards)
    plays(g, "5")  # the landlord's wild 5h, alone
    plays(g, "6")  # the speculator must follow
    plays(g, "pass", "pass")
    assert card("Ah") in g.hands[4] and g.holding(4).wilds is not None
    plays(g, "A")  # seat 4's wild Ah, alone
    assert card("Ah") not in g.hands[4]
    # Its next-highest heart, the 8h, does not become wild: seat 4 plays with no wild card now.
    assert card("8h") in g.hands[4]
    assert g.holding(4).wilds is None
    assert g.state.wild_cards == before
    assert observe(g, 4).wild_cards == (card("Ah"),)
    assert g.holding(0).wilds is None and card("5h") not in g.hands[0]


def test_5p1d_joker_flip_gives_two_wild_suits() -> None:
    """§15 5p1d (a): 'if X is a joker, the highest card of each of the two suits of its colour (B: ♠♣; R: ♥♦)'."""
    hand = parse_cards("Ks 9s Qc 4c 2h 5d Ad 3s")
    assert rule_wilds(hand, BLACK_JOKER_CARD) == set(parse_cards("Ks Qc"))
    assert rule_wilds(hand, RED_JOKER_CARD) == set(parse_cards("2h Ad"))
    for flip, spec_seat in (("B", 2), ("R", 3)):
        x = card(flip)
        deal = make_deal(flip, {0: "Ks 9s Qc 4c 2h 5d"}, spec=spec_seat, seed=40)
        g = Game(V, 0, deals=[deal])
        assert g.speculator == spec_seat
        give(g)
        landlord = g.state.first_bidder
        bids(g, 3)
        assert g.landlord == landlord and g.phase == "play"
        for seat in range(5):
            if seat == spec_seat:
                continue
            want = rule_wilds(g.hands[seat], x)
            assert g.state.wild_cards.get(seat, frozenset()) == want, (flip, seat)
            assert {c % 4 for c in want} <= ({SPADES, CLUBS} if flip == "B" else {HEARTS, DIAMONDS})
        assert len(g.state.wild_cards[0]) == 2
        # Nothing is promoted under a joker: the landlord's leads keep whole-rank keys.
        assert all(a.move.key == int(a.move.key) for a in g.legal_actions() if isinstance(a, Play))


def test_5p1d_speculator_has_no_flip_wild() -> None:
    """§15 5p1d (a): the wild card is 'in the landlord's and each farmer's hand (not the speculator's)'."""
    g = scripted_game()
    assert not g.state.wild_cards.get(1)
    # The speculator's highest heart, the flipped 9h itself, is an ordinary card; it holds no 3.
    assert card("9h") in g.hands[1] and not any(card_rank(c) == THREE for c in g.hands[1])
    spec_wilds = g.holding(1).wilds
    assert spec_wilds is None or not spec_wilds.faces
    plays(g, "5")
    assert g.to_act == 1
    assert all(not a.move.wilds for a in g.legal_actions() if isinstance(a, Play))
    assert sorted(texts(g)) == sorted(["6", "7", "8", "9", "A"])
    leads = generate_counts(V, natural_counts(g, 1), None, g.holding(1).wilds, g.state.promoted)
    assert all(not m.wilds for m in leads)
    # Were its 9h wild, 4h 9h would make a pair of 4s; it does not.
    assert "49(4)" not in {m.text() for m in leads}


def test_5p1d_wild_card_alone_is_itself() -> None:
    """§15 5p1d (a): it follows §10 — 'wild only beside a natural card, stands for any non-joker card, itself when played alone'."""
    g = scripted_game()
    # The landlord's only heart, 5h, is its wild card: alone it is the single 5, beside 2s a 2.
    leads = {a.move.text(): a.move for a in g.legal_actions() if isinstance(a, Play)}
    assert leads["5"].kind == "single" and leads["5"].key == ranks("5")[0] and leads["5"].wilds == ()
    assert "25(2)" in leads and leads["25(2)"].kind == "pair"
    assert all(len(m.ranks) > 1 for m in leads.values() if m.wilds)
    assert not [m for m in leads.values() if m.is_bomb and m.wilds]
    # Seat 3's wild Kh: alone the single K; beside natural cards it stands for any of 3 … 2, never a joker.
    wilds = g.holding(3).wilds
    assert wilds is not None and wilds.faces == (KING,)
    moves = generate_counts(V, natural_counts(g, 3), None, wilds, g.state.promoted)
    singles = [m for m in moves if m.kind == "single" and m.ranks == (KING,)]
    assert [(m.key, m.wilds) for m in singles] == [(KING, ())]
    assert all(len(m.ranks) > 1 for m in moves if m.wilds)
    assert {"33K(3)", "5K(5)", "QK(Q)", "TK(T)"} <= {m.text() for m in moves}
    # Two wild cards alone (a flipped joker: Ks and Qc) are no pair and no other combination.
    joker_wilds = Wilds((ranks("Q")[0], KING), None, False)
    alone = generate_counts(V, [0] * 15, None, joker_wilds)
    assert sorted(m.text() for m in alone) == ["K", "Q"]
    # Beside a 2 it may stand for a 2; beside a joker it stands for nothing.
    mixed = {m.text() for m in generate_counts(V, counts_of("2 B"), None, Wilds((KING,), None, False))}
    assert "2K(2)" in mixed and not [t for t in mixed if "(B)" in t or "(R)" in t]


def test_5p1d_wild_card_never_in_a_bomb() -> None:
    """§15 5p1d (a): it follows §10 — '… never in a bomb' (§10: 'no soft bomb (natural cards + 3s), no "enhanced" bomb')."""
    wild_k = Wilds((KING,), None, False)
    soft = generate_counts(V, counts_of("QQQ"), None, wild_k)
    assert not [m for m in soft if m.is_bomb]
    assert "QQQK(Q)" not in {m.text() for m in soft}
    assert "QQQK(K)" in {m.text() for m in soft}  # the wild card as a kicker, standing for itself
    # Three natural Ks beside the wild Kh are no bomb either.
    assert not [m for m in generate_counts(V, counts_of("KKK"), None, wild_k) if m.is_bomb]
    # A natural bomb is not lengthened, and a bomb answer never uses the wild card.
    assert [m.text() for m in generate_counts(V, counts_of("QQQQ"), None, wild_k) if m.is_bomb] == ["QQQQ"]
    assert [m.text() for m in generate_counts(V, counts_of("QQQQ"), move("JJJJ"), wild_k)] == ["QQQQ"]
    assert generate_counts(V, counts_of("JJJ"), move("TTTT"), wild_k) == []
    # In a dealt hand: seat 2's QQQ beside its wild Kh, and seat 3's JJJ beside its wild Jh, make no bomb.
    deal = make_deal("9h", {2: "Qs Qd Qc Kh 4s 5s 6s 7c 8c Tc", 3: "Js Jd Jc Jh 4d 5d 6d 7d 8d Td"}, spec=1, seed=34)
    g = Game(V, 0, deals=[deal])
    give(g)
    bids(g, 0, 3)  # seat 4 passes, seat 0 bids 3
    assert g.phase == "play" and g.landlord == 0
    assert g.state.wild_cards[2] == {card("Kh")} and g.state.wild_cards[3] == {card("Jh")}
    for seat in (2, 3):
        leads = generate_counts(V, natural_counts(g, seat), None, g.holding(seat).wilds, g.state.promoted)
        assert not [m for m in leads if m.is_bomb], seat
    assert "QQQK(Q)" not in {m.text() for m in generate_counts(V, natural_counts(g, 2), None, g.holding(2).wilds, g.state.promoted)}


# --------------------------------------------------------------------------- §15 5p1d (b) the flipped rank
def test_5p1d_flipped_rank_ranks_between_two_and_black_joker() -> None:
    """§15 5p1d (b): 'Every card of X's rank, in every hand, ranks between 2 and B in every pattern except sequences …, bodies and bombs included'."""
    x = NINE
    for high, low in (("9", "2"), ("99", "22"), ("999", "222"), ("9994", "2224"), ("9992", "2224"), ("B", "9"), ("R", "9")):
        assert beats(move(high, x), move(low, x)), (high, low)
        assert not beats(move(low, x), move(high, x)), (low, high)
    for text in ("9", "99", "999", "9995"):
        key = move(text, x).key
        assert 12 < key < 13, (text, key)
    # A 9 as a kicker does not lift a body: 8889 stays keyed 8.
    assert move("8889", x).key == ranks("8")[0] and beats(move("TTT4", x), move("8889", x))
    # The scripted hand: the landlord's 99 tops every pair, and nobody (the speculator included, with
    # its own 9d 9h) can beat it.
    g = scripted_game()
    plays(g, "BR", "pass", "pass", "pass", "pass")
    keys = [a.move.key for a in g.legal_actions() if isinstance(a, Play) and a.move.text() == "99"]
    assert len(keys) == 1 and 12 < keys[0] < 13
    plays(g, "99")
    for _ in range(4):
        assert g.legal_actions() == [Pass()], (g.to_act, texts(g))
        plays(g, "pass")
    # The speculator's 9s are promoted as well: its answers to a 2 include its 9.
    answers, may_pass = speculator_answers(V, natural_counts(g, 1), g.holding(1).wilds, move("2", x), False, g.state.promoted)
    assert [m.text() for m in answers] == ["9"] and not may_pass


def test_5p1d_every_lead_is_keyed_by_the_rules() -> None:
    """§15 5p1d (b): X's rank 'ranks between 2 and B in every pattern except sequences (where it keeps its rank)' in every hand; §10 pure 3s between A and 2."""
    checked = 0
    for seed in range(60):
        g = Game.new(V, 400 + seed)
        to_play(g, bot_names(seed), seed)
        if g.phase != "play":
            continue
        flipped_rank = card_rank(g.state.deal.flipped[0])
        for seat in range(5):
            leads = generate_counts(V, natural_counts(g, seat), None, g.holding(seat).wilds, g.state.promoted)
            for m in leads:
                band = rule_key_band(m, flipped_rank, seat == g.speculator)
                assert in_band(m.key, band), (seed, seat, m, band)
                checked += 1
    assert checked > 5000


def test_5p1d_promotion_not_in_straights() -> None:
    """§15 5p1d (b): 'every pattern except sequences (where it keeps its rank)'."""
    x = NINE
    assert move("6789", x).key == NINE and move("789T", x).key == ranks("T")[0]
    assert beats(move("789T", x), move("6789", x)) and not beats(move("6789", x), move("789T", x))
    assert beats(move("6789", x), move("5678", x))
    assert move("8899", x).key == NINE and beats(move("99TT", x), move("8899", x))
    assert not beats(move("8899", x), move("99TT", x))
    assert beats(move("KKAA", x), move("8899", x))
    # A 9 keeps its place when a wild card fills the straight: 6 7 8 K(9) is topped by 7 8 9 T.
    wild = Wilds((KING,), None, False)
    seq = [m for m in classify_ranks(V, ranks("678K"), wild, x) if m.kind == "straight"]
    assert {(m.text(), m.key) for m in seq} == {("678K(9)", NINE), ("K(5)678", ranks("8")[0])}
    assert all(beats(move("789T", x), m) for m in seq)


def test_5p1d_promoted_bomb_beats_two_bomb() -> None:
    """§15 5p1d (b): '… bodies and bombs included': the bomb of X's rank ranks above the bomb of 2s, below the rocket."""
    x = NINE
    nines, twos, rocket = move("9999", x), move("2222", x), move("BR", x)
    assert nines.is_bomb and 12 < nines.key < 13
    assert beats(nines, twos) and not beats(twos, nines)
    assert beats(rocket, nines) and not beats(nines, rocket)
    assert [m.text() for m in generate_counts(V, counts_of("9999"), twos, None, x)] == ["9999"]
    # Unpromoted (X = K) the 9 bomb is below the 2 bomb.
    assert not beats(move("9999", KING), move("2222", KING))


def test_5p1d_wild_standing_for_flipped_rank_is_promoted() -> None:
    """§15 5p1d (b): 'a wild card standing for X is promoted too'."""
    x = NINE
    wild = Wilds((KING,), None, False)
    pair = [m for m in classify_ranks(V, ranks("9K"), wild, x) if m.wilds]
    assert [(m.text(), m.kind) for m in pair] == [("9K(9)", "pair")]
    assert 12 < pair[0].key < 13 and beats(pair[0], move("22", x))
    triple = [m for m in classify_ranks(V, ranks("99K"), wild, x) if m.kind == "triple"]
    assert [m.text() for m in triple] == ["99K(9)"] and beats(triple[0], move("222", x))
    plus = [m for m in classify_ranks(V, ranks("995K"), wild, x) if m.kind == "triple+single"]
    assert [m.text() for m in plus] == ["599K(9)"] and beats(plus[0], move("2224", x))
    answers = {m.text() for m in generate_counts(V, counts_of("9 5"), move("22", x), wild, x)}
    assert answers == {"9K(9)"}
    # Standing for another rank it is not promoted: 5 K(5) is keyed 5.
    assert [m.key for m in classify_ranks(V, ranks("5K"), wild, x)] == [ranks("5")[0]]


@pytest.mark.parametrize("flip", ["2h", "2s", "B", "R"])
def test_5p1d_flipped_two_or_joker_changes_nothing(flip: str) -> None:
    """§15 5p1d (b): 'X = 2 or a joker: nothing changes.'"""
    x = card_rank(card(flip))
    promoted = x
    for high, low in (("2", "A"), ("B", "2"), ("R", "B"), ("22", "AA"), ("222", "AAA"), ("2223", "AAA3"),
                      ("2222", "AAAA"), ("BR", "2222")):
        assert beats(move(high, promoted), move(low, promoted)), (flip, high, low)
        assert not beats(move(low, promoted), move(high, promoted))
    for text in ("2", "22", "222", "2222", "B", "R", "9", "99"):
        assert move(text, promoted).key == max(ranks(text))
    g = Game(V, 0, deals=[make_deal(flip, spec=2, seed=50)])
    assert g.speculator == 2
    give(g)
    bids(g, 3)
    assert g.phase == "play"
    for seat in range(5):
        for m in generate_counts(V, natural_counts(g, seat), None, g.holding(seat).wilds, g.state.promoted):
            assert in_band(m.key, rule_key_band(m, None, seat == g.speculator)), (seat, m)


def test_5p1d_flipped_three_speculator_threes_highest() -> None:
    """§15 5p1d (b): 'X = 3: all 3s are promoted and the speculator's above the others: 2 < other 3s < speculator's 3s < B.'"""
    # X = 3h; the speculator (seat 1) holds 3d and takes the 3h; seat 0 holds 3s, seat 2 holds 3c and both jokers.
    deal = make_deal("3h", {4: "2s", 0: "3s", 2: "3c B R"}, bottom="4s 5s 6s", spec=1, seed=60)
    g = Game(V, 0, deals=[deal])
    assert g.speculator == 1
    give(g)
    assert g.to_act == 4
    bids(g, 3)
    assert (g.landlord, g.phase) == (4, "play")
    assert sorted(c for c in g.hands[1] if card_rank(c) == THREE) == sorted(parse_cards("3h 3d"))
    spec_wilds = g.holding(1).wilds
    assert spec_wilds is not None and spec_wilds.faces == (THREE, THREE)
    plays(g, "2")
    # Seat 0's ordinary 3 beats the 2.
    threes = [a.move for a in g.legal_actions() if isinstance(a, Play) and a.move.text() == "3"]
    assert len(threes) == 1 and 12 < threes[0].key < 13
    plays(g, "3")
    # The speculator's 3 beats the other 3, and it must follow with it (能跟必跟).
    assert g.to_act == 1
    spec_three = [a.move for a in g.legal_actions() if isinstance(a, Play) and a.move.text() == "3"]
    assert len(spec_three) == 1 and threes[0].key < spec_three[0].key < 13
    assert Pass() not in g.legal_actions()
    plays(g, "3")
    # Seat 2's ordinary 3 no longer beats; the black joker does.
    assert g.to_act == 2
    assert "3" not in texts(g) and "B" in texts(g) and "R" in texts(g)
    # Pairs: 22 < others' 33 < the speculator's 33 < nothing but bombs (no joker pair).
    spec_33 = [m for m in generate_counts(V, [0] * 15, None, spec_wilds, THREE) if m.text() == "33"]
    other_33 = move("33", THREE)
    assert len(spec_33) == 1
    assert beats(other_33, move("22", THREE)) and beats(spec_33[0], other_33) and not beats(other_33, spec_33[0])
    assert beats(move("B", THREE), move("3", THREE))
    # The others' 3s are promoted in bodies and bombs too, never in straights.
    assert beats(move("3334", THREE), move("2224", THREE)) and beats(move("3333", THREE), move("2222", THREE))
    assert move("3456", THREE).key == ranks("6")[0]


def test_5p1d_flipped_ace_speculator_three_below_two() -> None:
    """§15 5p1d (b): 'X = A: the speculator's single 3 stays just below 2.'"""
    deal = make_deal("Ah", {1: "3s"}, spec=1, seed=70)
    g = Game(V, 0, deals=[deal])
    assert g.speculator == 1 and card("Ad") in g.hands[1]
    give(g)
    bids(g, 3)
    assert g.phase == "play" and g.state.promoted == ACE
    wilds = g.holding(1).wilds
    assert wilds is not None and THREE in wilds.faces
    counts = natural_counts(g, 1)

    def spec_singles(beat: str) -> set[str]:
        """The speculator's answers to a single ``beat``, read as texts."""
        return {m.text() for m in generate_counts(V, counts, move(beat, ACE), wilds, ACE)}

    assert "3" in spec_singles("K")
    assert "3" not in spec_singles("2")
    assert "3" not in spec_singles("A")
    single_3 = [m for m in generate_counts(V, counts, None, wilds, ACE) if m.text() == "3"]
    assert len(single_3) == 1 and 11 < single_3[0].key < 12
    # The As themselves are promoted: A > 2.
    assert beats(move("A", ACE), move("2", ACE)) and beats(move("A", ACE), single_3[0])


# --------------------------------------------------------------------------- §13 settlement
def test_5p1d_settlement_row() -> None:
    """§13 row P = 5: '(L 9 : S 3) vs (F 4 ×3) | L 12 vs (S 3 : F 3 ×3) | T 12'."""
    rules = V.speculator
    assert rules is not None and rules.stake == 12
    rows = {"landlord": (9, 3, -4), "farmers": (12, -3, -3)}
    for landlord in range(5):
        for spec in range(5):
            if spec == landlord:
                continue
            for side, (lv, sv, fv) in rows.items():
                for won in (True, False):
                    sign = 1 if won else -1
                    want = [sign * fv * 6] * 5
                    want[landlord], want[spec] = sign * lv * 6, sign * sv * 6
                    assert sp.speculator_scores(5, (landlord,), spec, won, side, 6, rules.stake) == want
    # A played hand: the landlord goes out; the speculator keeps 8 cards (farmers' side); bid 3 and the
    # rocket (one deck: every bomb and joker bomb doubles) make the unit 6.
    assert V.pattern_rules.doubling_bombs == {"bomb4", "BR"}
    g = scripted_game()
    for lead in ("BR", "99", "A222", "JQKA"):
        plays(g, lead)
        for _ in range(4):
            assert g.legal_actions() == [Pass()], (lead, g.to_act, texts(g))
            plays(g, "pass")
    assert g.to_act == 0 and len(g.hands[0]) == 1
    plays(g, "5")
    r = g.result
    assert r is not None and r.winner == 0 and r.landlord_won
    assert r.speculator_side == "farmers" and len(g.hands[1]) == 8
    assert (r.bid, r.doublings) == (3, 1)
    assert r.scores == (72, -18, -18, -18, -18)


# --------------------------------------------------------------------------- views
def test_5p1d_observations_show_own_wild_card_only() -> None:
    """§15 5p1d (a): the wild card is 'that player's'; the flipped card and its promoted rank are public (翻牌 turned face up)."""
    g = Game(V, 0, deals=[scripted_deal()])
    give(g, SCRIPTED_GIFTS)
    for seat in range(5):
        assert observe(g, seat).wild_cards == ()  # nothing is wild before the reveal
    bids(g, 0, 3)
    assert g.phase == "play"
    for seat in range(5):
        obs = observe(g, seat)
        own = tuple(sorted(parse_cards(SCRIPTED_WILDS[seat]))) if seat in SCRIPTED_WILDS else ()
        assert obs.wild_cards == own
        data = obs.to_json()
        assert data["wild_cards"] == (SCRIPTED_WILDS.get(seat, ""))
        others = {c for s, t in SCRIPTED_WILDS.items() if s != seat for c in parse_cards(t)}
        assert not others & set(obs.wild_cards)
        spec, spec_data = obs.part(SpeculatorView), data["parts"]["speculator"]
        assert spec is not None and spec.flipped == (card("9h"),) and spec_data["flipped"] == "9h"
        assert spec.promoted == NINE and spec_data["promoted"] == "9"


# --------------------------------------------------------------------------- bots and logs
def test_5p1d_100_seeded_bot_hands_finish_and_replay_identically() -> None:
    """§2/§9/§12: each seeded hand runs to a non-speculator going out with legal actions only, and its log replays to the identical hand."""
    finished = 0
    for seed in range(100):
        g = Game.new(V, 1_000 + seed)
        bots = [make_bot(n, seed * 13 + s) for s, n in enumerate(bot_names(seed))]
        actions = 0
        while g.result is None:
            seat = g.to_act
            obs = observe(g, seat)
            action = bots[seat].act(obs)
            assert action in g.legal_actions() and action in obs.legal, (seed, seat, action)
            g.apply(action, seat)
            actions += 1
            assert actions < 2000, f"seed {seed}: the hand does not end"
        r = g.result
        assert sum(r.scores) == 0
        if not r.instant:
            assert g.landlord is not None and g.speculator is not None
            assert r.winner != g.speculator and not g.hands[r.winner]
            assert r.landlord_won == (r.winner == g.landlord)
            assert r.speculator_side == ("landlord" if len(g.hands[g.speculator]) <= 1 else "farmers")
            finished += 1
        replays_identically(g)
    assert finished > 90
    # A hand redealt because the partner lay in the bottom replays too.
    g = Game(V, 77, deals=[make_deal("Qd", bottom="Qh", seed=78)])
    play_out(g, [make_bot(n, 77 + s) for s, n in enumerate(bot_names(5))])
    assert g.events[1] == {"type": "redeal", "reason": "the determination card is in the bottom"}
    replays_identically(g)


# --------------------------------------------------------------------------- CLI --flip
def test_cli_flip_gives_a_farmer_its_wild_card(capsys: pytest.CaptureFixture[str]) -> None:
    """§15 5p1d (a) through `paiju moves --flip`: the Kh is the hand's highest heart, so it is wild beside natural cards and itself alone."""
    code, out = run(capsys, "moves", "--variant", "spec-5p1d", "--flip", "9h", "--hand", "Kh 5c 5d 7s")
    assert code == 0
    assert {"5K(5)", "7K(7)", "55K(5)", "K"} <= set(out)
    assert not [t for t in out if t.startswith("K(")]
    code, out = run(capsys, "moves", "--variant", "spec-5p1d", "--flip", "B", "--hand", "Ks Qc 5h")
    assert code == 0 and {"5K(5)", "5Q(5)", "K", "Q"} <= set(out) and "QK" not in out


def test_cli_flip_speculator_has_no_flip_wild(capsys: pytest.CaptureFixture[str]) -> None:
    """§15 5p1d (a): 'not the speculator's' — `--role speculator` reads the Kh as an ordinary K."""
    code, out = run(capsys, "moves", "--variant", "spec-5p1d", "--flip", "9h", "--role", "speculator",
                    "--hand", "Kh 5c 5d 7s")
    assert code == 0 and sorted(out) == sorted(["5", "7", "K", "55"])


def test_cli_flip_promotes_its_rank(capsys: pytest.CaptureFixture[str]) -> None:
    """§15 5p1d (b) through `paiju moves --flip`: 99 beats 22, 9999 beats 2222, the flipped 3 beats a 2."""
    code, out = run(capsys, "moves", "--variant", "spec-5p1d", "--flip", "9h", "--hand", "9s 9c 5d", "--beat", "22")
    assert (code, out) == (0, ["pass", "99"])
    code, out = run(capsys, "moves", "--variant", "spec-5p1d", "--hand", "9s 9c 5d", "--beat", "22")
    assert (code, out) == (0, ["pass"])
    code, out = run(capsys, "moves", "--variant", "spec-5p1d", "--flip", "9h", "--hand", "9999", "--beat", "2222")
    assert (code, out) == (0, ["pass", "9999"])
    code, out = run(capsys, "moves", "--variant", "spec-5p1d", "--flip", "9h", "--hand", "6789 T", "--beat", "789T")
    assert (code, out) == (0, ["pass"])
    code, out = run(capsys, "moves", "--variant", "spec-5p1d", "--flip", "3h", "--hand", "3s", "--beat", "2")
    assert (code, out) == (0, ["pass", "3"])
    code, out = run(capsys, "moves", "--variant", "spec-5p1d", "--flip", "3h", "--role", "speculator",
                    "--hand", "3", "--beat", "3")
    assert (code, out) == (0, ["3"])
    code, out = run(capsys, "moves", "--variant", "spec-5p1d", "--flip", "Ah", "--role", "speculator",
                    "--hand", "3", "--beat", "K")
    assert (code, out) == (0, ["3"])
    code, out = run(capsys, "moves", "--variant", "spec-5p1d", "--flip", "Ah", "--role", "speculator",
                    "--hand", "3", "--beat", "2")
    assert (code, out) == (0, ["pass"])


def test_cli_flip_classify_reads_wild_cards_only_with_suits(capsys: pytest.CaptureFixture[str]) -> None:
    """§15 5p1d (a) through `paiju classify --flip`: a non-speculator's wild card is the highest card of X's suit among suited cards."""
    code, out = run(capsys, "classify", "--variant", "spec-5p1d", "--flip", "9h", "99")
    assert code == 0 and [(m["cards"], m["kind"]) for m in out] == [("99", "pair")]
    code, out = run(capsys, "classify", "--variant", "spec-5p1d", "--flip", "9h", "9s Kh")
    assert code == 0 and [(m["cards"], m["kind"]) for m in out] == [("9K(9)", "pair")]
    code, out = run(capsys, "classify", "--variant", "spec-5p1d", "--flip", "9h", "9K")
    assert code == 1 and out == []
    code, out = run(capsys, "classify", "--variant", "spec-5p1d", "--flip", "9h", "Qs Qd Qc Kh")
    assert code == 0 and [m["kind"] for m in out] == ["triple+single"] and out[0]["cards"] == "QQQK(K)"


def test_cli_flip_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    """`--flip` takes one suited card (or a joker) on a table with a flipped card; anything else is exit status 2."""
    for argv in (
        ("moves", "--variant", "spec-5p1d", "--flip", "99", "--hand", "5"),
        ("moves", "--variant", "spec-5p1d", "--flip", "9x", "--hand", "5"),
        ("moves", "--variant", "spec-4p1d", "--flip", "9h", "--hand", "5"),
        ("classify", "--variant", "classic", "--flip", "9h", "55"),
    ):
        assert main(list(argv)) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("paiju:") and "Traceback" not in err


def test_cli_flip_needs_a_suit(capsys: pytest.CaptureFixture[str]) -> None:
    """§15 5p1d (a): the wild card is 'the highest card of X's suit', so `--flip` needs the suit ("--flip takes one card with its suit, e.g. 9h, or a joker")."""
    assert main(["moves", "--variant", "spec-5p1d", "--flip", "9", "--hand", "Ks 5s 5h"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("paiju:") and "suit" in err
