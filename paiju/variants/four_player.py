"""四人斗地主 (other-games.md §4, seeds/002 third section): its pattern rules and its table — classic Dou Dizhu for four
on two decks, the bottom kept unseen, bombs of 4 to 8 cards under the four jokers."""

from __future__ import annotations

from paiju.variants.model import Variant
from paiju.variants.pattern_rules import PatternKind, PatternRules

__all__ = ["FOUR_PLAYER", "FOUR_PLAYER_PATTERNS"]

_K = PatternKind

#: §4.3: classic's list without three-with-one, airplanes with singles and four-with-two; BB and RR pair (Q4.3);
#: bombs of 4–8 cards, more cards beating fewer, then rank, BBRR above all (Q4.5); only the rocket and bombs of
#: 6+ cards double (§4.5).
FOUR_PLAYER_PATTERNS = PatternRules(
    patterns=frozenset({
        _K.SINGLE, _K.PAIR, _K.TRIPLE, _K.TRIPLE_PAIR, _K.STRAIGHT, _K.PAIR_CHAIN, _K.TRIPLE_CHAIN,
        _K.AIRPLANE_PAIRS, _K.BOMB, _K.JOKER_BOMB,
    }),  # fmt: skip
    joker_pairs=True,
    bomb_ladder=(("bomb4",), ("bomb5",), ("bomb6",), ("bomb7",), ("bomb8",), ("BBRR",)),
    doubling_bombs=frozenset({"bomb6", "bomb7", "bomb8", "BBRR"}),
)

#: 四人斗地主: 4 players, 2 decks, 25 cards each and 8 bottom cards; classic's 1/2/3 auction and settlement.
FOUR_PLAYER = Variant(
    name="four-player",
    title="四人斗地主 Four-player Dou Dizhu",
    description="4 players, 2 decks, 25 cards each and 8 bottom cards the landlord takes unseen; bids 1–3; "
    "no triple with a single, no four with two; bombs of 4–8 cards, more cards beating fewer, under the "
    "four jokers; only the rocket and bombs of 6 or more double the stake.",
    players=4,
    decks=2,
    hand_size=25,
    bottom_size=8,
    bottom_shown=False,
    pattern_rules=FOUR_PLAYER_PATTERNS,
    notes=(
        "Q4.1: the 1/2/3 auction of §3, over after a bid of 3 or 3 passes in a row after a bid; 4 passes deal again",
        "Q4.2: the first bidder holds a face-up marker card among the 100 dealt cards",
        "Q4.3: BB and RR are pairs (RR > BB > 22); BR is no pair; three jokers are no pattern",
        "Q4.4: joker pairs may be an airplane's wings, and two wings may share a rank",
        "Q4.5: the four jokers beat every bomb, 8 cards included",
        "Q4.6: the landlord settles the stake with each of the 3 farmers",
        "Q4.7: the bottom stays hidden (bottom_shown)",
        "Q4.8: 77777 is a 5-card bomb, never 777+77",
        "Q4.9: a trick ends after 3 passes in a row",
    ),
)
