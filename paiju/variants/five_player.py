"""五人斗地主 (other-games.md §5, seeds/002 fourth section): its pattern rules and its table — five players, two
decks, no auction: the marked card's holder is the public landlord and the holder of its twin the hidden one."""

from __future__ import annotations

from paiju.variants.climbing_rules import ClimbingRules
from paiju.variants.model import Variant
from paiju.variants.options import BidStyle
from paiju.variants.pattern_rules import PatternKind, PatternRules

__all__ = ["FIVE_PLAYER", "FIVE_PLAYER_PATTERNS"]

#: §5.3 (a complete list): no three-with-one, no four-with-two, airplanes with pair wings only, BB/RR never a pair;
#: §5.4's ladder 4-bomb < BB/RR < 5 < 6 < three jokers < 7 < 8 < BBRR (RR > BB, Q5.9); §5.5: 4-bombs and BB/RR
#: do not double.
FIVE_PLAYER_PATTERNS = PatternRules(
    patterns=frozenset(
        PatternKind(k)
        for k in ("single", "pair", "triple", "triple+pair", "straight", "pair-chain", "triple-chain", "airplane+pairs",
                  "bomb", "joker-bomb")
    ),
    joker_pairs=False,
    bomb_ladder=(
        ("bomb4",), ("BB", "RR"), ("bomb5",), ("bomb6",), ("BBR", "BRR"), ("bomb7",), ("bomb8",), ("BBRR",),
    ),
    doubling_bombs=frozenset({"bomb5", "bomb6", "bomb7", "bomb8", "BBR", "BRR", "BBRR"}),
)

#: 五人斗地主: 5 players, 2 decks, 21 cards each and a 3-card bottom the public landlord takes unseen.
FIVE_PLAYER = Variant(
    name="five-player",
    title="五人斗地主 Five-player Dou Dizhu",
    players=5,
    decks=2,
    hand_size=21,
    bottom_size=3,
    bottom_shown=False,
    marker_shown=False,
    pattern_rules=FIVE_PLAYER_PATTERNS,
    climbing=ClimbingRules(bid_style=BidStyle.MARKED, spring=True, seat_doubles=True),
    description="5 players, 2 decks, 21 cards each and a 3-card bottom; a marked card's holder is the public "
    "landlord (明地主) and takes the bottom unseen, the holder of its twin the hidden landlord (暗地主); "
    "either may reveal the team (×2); every seat may double once (加倍).",
    notes=(
        "Q5.1: play goes counterclockwise; a seat may pass and beats the last play of the trick, "
        "which ends after 4 passes",
        "Q5.2: the marked card is drawn among the 105 dealt cards, never a joker",
        "Q5.3: the public landlord takes the bottom before the identity step: a twin in the bottom means 1 vs 4",
        "Q5.4: any 亮出身份 makes the team public (who the hidden landlord is, or that there is none), ×2 once",
        "Q5.5: once the team is known, by a reveal or the twin played, the two landlords see each other's hands",
        "Q5.6 (ii): each 加倍 doubles only the settlements its seat takes part in (option global_double: "
        "each doubles the whole stake)",
        "Q5.7: pairwise settlement, base 1: each landlord against each farmer",
        "Q5.8: BR is no pattern",
        "Q5.9: RR beats BB; BBR and BRR are equal",
        "Q5.10: sequences compare their highest rank",
        "Q5.11: spring (×2) only when no losing player played a card: no counter-spring",
        "Q5.12: wing pairs follow K1 and K4; 2s may be wings, jokers never",
        "Q5.13 (ii): the identity step is one sealed step of every seat at once; a card equal to the marked "
        "card played by another seat names the hidden landlord; the public landlord playing both copies shows "
        "there is none",
    ),
)
