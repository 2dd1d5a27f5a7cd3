"""Settling a 炒地皮 hand (§7.11–§7.14): 抠底 when the attackers won the last trick (T5), then the level table and
each seat's match points."""

from __future__ import annotations

from paiju.engine.phase import Finish
from paiju.trick.events import KittyEvent
from paiju.trick.levels import HandOutcome, match_points, settle_levels
from paiju.trick.phases.play import by_order
from paiju.trick.state import Phase as Stage
from paiju.trick.state import TrickResult, TrickState
from paiju.trick.tricks import kitty_multiplier, points, won_with_five_ten_king

__all__ = ["TrickSettle"]


class TrickSettle:
    """The engine's ``Settle`` for 炒地皮: ``step.winner`` won the last trick (``state.play.last_trick``)."""

    def finish(self, state: TrickState, step: Finish) -> None:
        """Score the kitty and the points, move the levels, and log the kitty."""
        assert state.dealer is not None
        last = [cards for _, cards in state.play.last_trick]
        attackers_won = state.attackers(step.winner)
        multiplier = kitty_multiplier(last[0], state.trumps, by_order(state)) if state.kitty else 0
        bonus = points(state.kitty) * multiplier if attackers_won else 0
        if state.kitty:
            state.events.append(KittyEvent(tuple(state.kitty), multiplier, bonus))
        total = max(0, state.captured + bonus + state.play.penalty)
        outcome = HandOutcome(
            dealer=state.dealer,
            points=total,
            kangqi_hand=state.kangqi,
            five_ten_king_last=attackers_won and won_with_five_ten_king(last, state.trumps, by_order(state)),
            red5_side=state.call.red5_side,
        )
        change = settle_levels(state.match, outcome, state.rules)
        state.result = TrickResult(match_points(change, state.rules), total, outcome, change, multiplier, bonus)
        state.phase = Stage.OVER
