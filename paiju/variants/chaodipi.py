"""炒地皮 (other-games.md §7, seeds/003): the trick-taking table of two partnerships on 2 decks."""

from __future__ import annotations

import dataclasses

from paiju.variants.model import Variant
from paiju.variants.trick_rules import DeclarationWindow, TrickRules

__all__ = ["CHAODIPI", "CHAODIPI_LIVE"]

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

#: Q7.3 (ii), the common 升级 custom: the same table, declaring while the cards are dealt.
CHAODIPI_LIVE = dataclasses.replace(
    CHAODIPI,
    name="chaodipi-live",
    title="炒地皮 Chao Dipi · 边发边亮 (declare while dealing)",
    description="炒地皮 with declaring while the cards are dealt, as in 升级: the cards come a round at a time, and "
    "any seat may declare or overturn the moment it holds the cards for it.",
    trick=TrickRules(declaration_window=DeclarationWindow.DURING_DEAL),
    notes=(
        CHAODIPI.notes[0],
        "Q7.3 (ii): the cards come one round at a time (a card to each seat from the first); any seat may "
        "declare or overturn between rounds, the next round comes when every seat has let this one go by, "
        "and declaring closes after a round, once every card is out, in which nobody declared",
        "Q7.3 (ii): online, every round lasts the same time (the server's deal pace) whoever could declare",
        *CHAODIPI.notes[2:],
    ),
)
