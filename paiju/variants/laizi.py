"""癞子斗地主 (other-games.md §1, seeds/001): its pattern rules and its table, classic Dou Dizhu plus a wild rank."""

from __future__ import annotations

from paiju.variants.climbing_rules import ClimbingRules
from paiju.variants.model import Variant
from paiju.variants.options import Timeouts
from paiju.variants.pattern_rules import PatternRules

__all__ = ["LAIZI", "LAIZI_PATTERNS"]

#: §1.3–§1.5: classic's patterns; the ladder rocket > pure wild bomb > hard bomb > soft bomb (W6, Q1.13),
#: every one doubling (Q1.15); the engine places a chain's wild cards (W3).
LAIZI_PATTERNS = PatternRules(
    bomb_ladder=(("soft4",), ("bomb4",), ("wild4",), ("BR",)),
    doubling_bombs=frozenset({"soft4", "bomb4", "wild4", "BR"}),
    chain_wilds_placed=True,
)

#: 癞子斗地主: 3 players, 1 deck, 17 cards each and 3 bottom cards; one bidding round; spring doubles (§1.6).
LAIZI = Variant(
    name="laizi",
    title="癞子斗地主 Wildcard Dou Dizhu",
    description="3 players, 1 deck, 17 cards each and a 3-card bottom; once the bottom is taken one non-joker "
    "rank is drawn and its four cards are wild (癞子) for everyone; rocket > pure wild bomb > hard bomb > "
    "soft bomb, each doubling the stake.",
    pattern_rules=LAIZI_PATTERNS,
    climbing=ClimbingRules(
        single_round_auction=True, spring=True, open_start=True, open_landlord=True, grab_round=True, wild_rank=True
    ),
    marker_shown=False,
    timeouts=Timeouts.MINIMAL,
    notes=(
        "Q1.2: the temporary landlord may grab back, last, and only after someone grabbed (3 grabs: ×8)",
        "Q1.3: the grab round goes on from the seat after the temporary landlord, in play order",
        "Q1.4: 明牌开始 (×4) is open to every seat at once and changes no bidding order; only the landlord "
        "may open after the bottom (×2); the largest open factor counts",
        "Q1.5, Q1.18: nobody bidding deals again from a new random first bidder, and 明牌开始 is chosen afresh",
        "Q1.7: wild cards played alone keep their face rank (two of them are a pair of that rank); "
        "the four alone are the pure wild bomb",
        "Q1.8: the engine places a chain's wild cards: gaps first, then upwards to A, the rest below",
        "Q1.9: a kicker pattern with wild cards is never a bomb and doubles nothing",
        "Q1.13: any hard bomb beats any soft bomb; equal bombs never beat",
        "Q1.17 (i): beside natural cards every wild card may stand for any rank 3…2, a group of wild cards "
        "only too; a wild single kicker stands for itself (option all_wild_group_face_rank)",
    ),
)
