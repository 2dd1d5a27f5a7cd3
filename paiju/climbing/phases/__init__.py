"""The phases of a climbing hand and ``pipeline(variant)``, the one place where table switches choose them. The
phases every table plays are imported here; those of some tables only (the speculator's, 五人斗地主's, 癞子's, 斗帝主's,
the two-landlord declaration) when ``pipeline`` first makes a table that plays them, so a table's start-up loads its
own phases and no other table's."""

from __future__ import annotations

from functools import lru_cache

from paiju.climbing.actions import Action
from paiju.climbing.phases.auction import Bidding
from paiju.climbing.phases.deal import DealPhase, check_deal
from paiju.climbing.phases.play import Playing, holding_of
from paiju.climbing.phases.reveal import Reveal, TakeBottom
from paiju.climbing.phases.settle import ClassicSettle, Settle, SpeculatorSettle
from paiju.climbing.phases.step import CONTINUE, DONE, Continue, Done, Finish, Phase, Redeal, Step
from paiju.climbing.state import HandState
from paiju.engine import phase as machine
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


#: A climbing table's phases and settlement.
Pipeline = machine.Pipeline[HandState, Action]


#: The table ``pipeline`` was last asked for, with its phases: a session deals every hand at one table, and finds
#: them again without hashing the table (a ``Variant`` hashes every rule it holds) at every deal.
_last: tuple[Variant, Pipeline] | None = None


def pipeline(variant: Variant) -> Pipeline:
    """The phases ``variant`` plays, made once per table (phases keep nothing of a hand: every hand of the table runs
    on the same ones), the only place a table's switches are read to choose them (a phase that does not apply is left
    out): deal → (find the speculator → gifts) → bid → take the bottom, or reveal → (name the
    partner → declare) → play; the brackets only on speculator and two-landlord tables. 癞子 tables: 明牌开始 → deal
    → bid → 抢地主 → take the bottom → the wild rank → 明牌 → play, each of the four where its switch is on. Marked
    tables (五人斗地主): deal → the marked card's landlord takes the bottom → the sealed identity step → 加倍 (where
    the table doubles) → play. 斗帝主 (bottom_choice): the landlord keeps any of the bottom after taking it."""
    global _last
    last = _last
    if last is not None and last[0] is variant:
        return last[1]
    made = _made(variant)
    _last = (variant, made)
    return made


@lru_cache(maxsize=64)
def _made(variant: Variant) -> Pipeline:
    """``pipeline``'s phases of ``variant``, made once per table."""
    rules, switches = variant.speculator, variant.climbing
    if switches.bid_style is BidStyle.MARKED:
        from paiju.climbing.phases.five import Doubling, FiveSettle, Identity, MarkedLandlord, TeamPlaying

        doubling: tuple[Phase, ...] = (Doubling(),) if switches.seat_doubles or switches.global_double else ()
        return Pipeline((DealPhase(), MarkedLandlord(), Identity(), *doubling, TeamPlaying()), FiveSettle())
    if switches.open_start or switches.grab_round or switches.open_landlord or switches.wild_rank:  # 癞子 (§1.2)
        from paiju.climbing.phases.laizi import CountOpenStart, GrabRound, OpenLandlord, OpenStart, OpenTable, WildDraw

        counted = CountOpenStart() if switches.open_start else None  # 明牌开始 counts where the landlord may not open
        laizi: tuple[Phase | None, ...] = (
            OpenStart() if switches.open_start else OpenTable(),
            DealPhase(),
            Bidding(),
            GrabRound() if switches.grab_round else None,
            TakeBottom(),
            WildDraw() if switches.wild_rank else None,
            OpenLandlord() if switches.open_landlord else counted,
            Playing(),
        )
        return Pipeline(tuple(p for p in laizi if p is not None), ClassicSettle())
    if rules is None:
        choose: tuple[Phase, ...] = ()
        if switches.bottom_choice:
            from paiju.climbing.phases.emperor import ChooseBottom

            choose = (ChooseBottom(),)
        return Pipeline((DealPhase(), Bidding(), TakeBottom(), *choose, Playing()), ClassicSettle())
    from paiju.climbing.phases.find_speculator import FindSpeculator
    from paiju.climbing.phases.gifts import Gifts

    partner: tuple[Phase, ...] = ()
    if rules.partner:
        from paiju.climbing.phases.small_landlord import Declaration, NamePartner

        partner = (NamePartner(), Declaration())
    return Pipeline(
        (DealPhase(), FindSpeculator(), Gifts(), Bidding(), Reveal(), *partner, Playing()), SpeculatorSettle()
    )
