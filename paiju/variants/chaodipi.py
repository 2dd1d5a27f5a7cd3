"""炒地皮 (other-games.md §7, seeds/003): the trick-taking table of two partnerships on 2 decks."""

from __future__ import annotations

from paiju.variants.model import Variant
from paiju.variants.trick_rules import TrickRules

__all__ = ["CHAODIPI"]

#: §7.1: 4 players in two partnerships across the table, 2 decks, 25 cards each and an 8-card kitty.
CHAODIPI = Variant(
    name="chaodipi",
    title="炒地皮 Chao Dipi",
    description="4 players in two partnerships, 2 decks, 25 cards each and an 8-card kitty; climb the levels 2 … A "
    "and pass 扛旗; 5♥ is the top trump, the kitty may be re-taken (抄底) without limit, 5-10-K beats all of its "
    "suit, and a red-5 pair risks everything.",
    players=4,
    decks=2,
    hand_size=25,
    bottom_size=8,
    marker_shown=False,
    suits_matter=True,
    family="trick",
    trick=TrickRules(),
    notes=(
        "Q7.1: play goes clockwise, as the deal",
        "Q7.3: declaring is turn-based after the deal, from the first-dealt seat, until 4 passes in a row",
        "Q7.4: after the first hand, declaring and 抄底 change the trump and the kitty, not the 庄家",
        "Q7.9: nobody declares — a redeal in a match's first hand, else the kitty decides the trump",
        "Q7.16: a failed throw leads its smallest beatable unit (option throw_fail_penalty_per_card)",
        "Q7.23: passing A needs a win that would advance a level (option pass_a_on_any_win)",
    ),
)
