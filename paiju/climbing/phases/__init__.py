"""The phases of a climbing hand and ``pipeline(variant)``, the one place where table switches choose them."""

from __future__ import annotations

from dataclasses import dataclass

from paiju.climbing.phases.auction import Bidding
from paiju.climbing.phases.deal import DealPhase, check_deal
from paiju.climbing.phases.emperor import ChooseBottom
from paiju.climbing.phases.find_speculator import FindSpeculator
from paiju.climbing.phases.five import Doubling, FiveSettle, Identity, MarkedLandlord, TeamPlaying
from paiju.climbing.phases.gifts import Gifts
from paiju.climbing.phases.laizi import GrabRound, OpenLandlord, OpenStart, WildDraw
from paiju.climbing.phases.play import Playing, holding_of
from paiju.climbing.phases.reveal import Reveal, TakeBottom
from paiju.climbing.phases.settle import ClassicSettle, Settle, SpeculatorSettle
from paiju.climbing.phases.small_landlord import Declaration, NamePartner
from paiju.climbing.phases.step import CONTINUE, DONE, Continue, Done, Finish, Phase, Redeal, Step
from paiju.variants import BidStyle, Variant

__all__ = [
    "CONTINUE",
    "DONE",
    "Continue",
    "Done",
    "Finish",
    "Phase",
    "Pipeline",
    "Redeal",
    "Settle",
    "Step",
    "check_deal",
    "holding_of",
    "pipeline",
]


@dataclass(frozen=True)
class Pipeline:
    """A table's phases in order (the first deals, and a redeal starts over from it) and its settlement."""

    phases: tuple[Phase, ...]
    settle: Settle


def pipeline(variant: Variant) -> Pipeline:
    """The phases ``variant`` plays: deal → (find the speculator → gifts) → bid → take the bottom, or reveal
    → (name the partner → declare) → play; the brackets only on speculator and two-landlord tables. 癞子 tables:
    明牌开始 → deal → bid → 抢地主 → take the bottom → the wild rank → 明牌 → play. Marked tables (五人斗地主): deal →
    the marked card's landlord takes the bottom → the sealed identity step → 加倍 → play. 斗帝主 (bottom_choice): the landlord keeps any of the bottom after taking it."""
    rules = variant.speculator
    if variant.bid_style is BidStyle.MARKED:
        return Pipeline((DealPhase(), MarkedLandlord(), Identity(), Doubling(), TeamPlaying()), FiveSettle())
    if variant.open_start or variant.grab_round or variant.open_landlord or variant.wild_rank:
        # 癞子 (other-games.md §1.2): each of these phases stands aside when its switch is off.
        return Pipeline(
            (OpenStart(), DealPhase(), Bidding(), GrabRound(), TakeBottom(), WildDraw(), OpenLandlord(), Playing()),
            ClassicSettle(),
        )
    if rules is None:  # ChooseBottom stands aside unless the table has 斗帝主's bottom_choice
        return Pipeline((DealPhase(), Bidding(), TakeBottom(), ChooseBottom(), Playing()), ClassicSettle())
    partner: tuple[Phase, ...] = (NamePartner(), Declaration()) if rules.partner else ()
    return Pipeline(
        (DealPhase(), FindSpeculator(), Gifts(), Bidding(), Reveal(), *partner, Playing()), SpeculatorSettle()
    )
