"""The phases of a 炒地皮 hand and ``pipeline``, the one place where the table's switches choose them."""

from __future__ import annotations

from paiju.engine import phase as machine
from paiju.trick.actions import Action
from paiju.trick.phases.common import LIST_CAP, Phase
from paiju.trick.phases.deal import DealCards
from paiju.trick.phases.declare import Declaring
from paiju.trick.phases.kitty import Burying, Chaodi, TakeKitty
from paiju.trick.phases.paced import PacedDeclaring
from paiju.trick.phases.play import Playing
from paiju.trick.phases.settle import TrickSettle
from paiju.trick.state import TrickState
from paiju.variants import Variant
from paiju.variants.trick_rules import ChaodiAfterFlip, DeclarationWindow

__all__ = ["LIST_CAP", "Pipeline", "pipeline"]

#: A 炒地皮 table's phases and settlement.
Pipeline = machine.Pipeline[TrickState, Action]


def pipeline(variant: Variant, kangqi: bool = False) -> Pipeline:
    """The phases a hand at ``variant`` plays: deal → declare (while the cards are dealt, round by round, on a
    ``during_deal`` table) → the kitty's trump and taker → bury → 抄底 → the tricks; a 扛旗 hand (G2, §7.13) deals
    every card and goes straight to the tricks."""
    rules = variant.trick
    assert rules is not None, "a trick-taking hand needs a table with trick rules"
    if kangqi:
        return Pipeline((DealCards(paced=False), Playing()), TrickSettle())
    paced = rules.declaration_window is DeclarationWindow.DURING_DEAL
    declaring: Phase = PacedDeclaring() if paced else Declaring()
    closed_by_joker = rules.chaodi_after_kitty_flip is ChaodiAfterFlip.NOT_AFTER_JOKER
    return Pipeline(
        (DealCards(paced), declaring, TakeKitty(), Burying(), Chaodi(closed_by_joker), Playing()), TrickSettle()
    )
