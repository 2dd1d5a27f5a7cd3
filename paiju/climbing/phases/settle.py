"""Settlement (automatic): the stake — the bid times every factor the hand's phases appended — and every
seat's score (other-games.md §3.6; speculator.md §8, §12–§13)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from paiju.climbing import speculator as spec_rules
from paiju.climbing.events import EndEvent, InstantWinEvent
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.phases.step import Finish
from paiju.climbing.state import Factor, HandState, Result

__all__ = ["ClassicSettle", "Settle", "SpeculatorSettle"]


class Settle(ABC):
    """A table's scoring (the engine's ``Settle``): the result of a hand won by ``step.winner``, logged as its end."""

    @abstractmethod
    def result(self, state: HandState, step: Finish) -> Result:
        """Who won and every seat's score."""

    def finish(self, state: HandState, step: Finish) -> None:
        """Settle the hand and log its end."""
        r = self.result(state, step)
        state.result = r
        state.phase = PhaseName.OVER
        state.log(
            EndEvent(
                r.winner, r.landlord_won, r.stake, r.spring, r.scores, r.speculator_side, r.instant, r.retreat,
                r.small_landlord, r.partnership,
            )
        )


class ClassicSettle(Settle):
    """other-games.md §3.6: stake = bid × 2^bombs (× 2 spring where the table has it); each farmer pays or
    receives it."""

    def result(self, state: HandState, step: Finish) -> Result:
        """The landlord against each farmer."""
        v, stake, landlord = state.variant, state.stake, state.landlord
        assert landlord is not None
        landlord_won = step.winner == landlord
        losers = [s for s in range(v.players) if (s != landlord) == landlord_won]
        played = state.play.played_by
        # 春天: the losers played no card; 反春天 (§1) forgives a landlord its opening lead, except at two players,
        # where §2.2 step 6 doubles only when the loser played no card.
        opening = 1 if v.players > 2 else 0
        spring = v.climbing.spring and all(played[s] <= (opening if s == landlord else 0) for s in losers)
        if spring:
            stake.factors.append(Factor.SPRING)
        unit = stake.unit
        won = unit if landlord_won else -unit  # what the landlord wins from each farmer
        scores = [-won] * v.players
        scores[landlord] = won * (v.players - 1)
        return Result(
            step.winner, landlord_won, stake.bid, stake.doublings, spring, unit, tuple(scores), factors=tuple(stake.factors)
        )


class SpeculatorSettle(Settle):
    """speculator.md §12–§13: the speculator joins the side its last cards decide (the winners after a
    retreat) and every seat takes its share of the unit; §8 instant wins."""

    def result(self, state: HandState, step: Finish) -> Result:
        """The landlord's side against the farmers, the speculator with one of them."""
        if step.instant:
            return _instant(state, step.winner)
        v, stake, spec, landlord = state.variant, state.stake, state.spec, state.landlord
        assert landlord is not None and spec is not None
        rules = spec_rules.rule_of(v)
        landlords = state.landlord_side()
        landlord_won = step.winner in landlords
        side = spec_rules.side_of_speculator(state.hands[spec.seat], rules)
        if spec.retreated:
            side = "landlord" if landlord_won else "farmers"  # §8: it joins the winners
        multiplier = stake.multiplier
        if rules.rangpai:
            scores = spec_rules.rangpai_scores(
                v.players, landlord, spec.seat, landlord_won, side, stake.bid, state.handicap(), multiplier
            )
        else:
            t = rules.stake if len(landlords) == 2 else rules.stake_alone
            scores = spec_rules.speculator_scores(v.players, landlords, spec.seat, landlord_won, side, stake.unit, t)
        part = state.partner
        return Result(
            step.winner, landlord_won, stake.bid, stake.doublings, False, stake.unit, tuple(scores), side,
            retreat=spec.retreated, small_landlord=state.small_landlord,
            partnership=part.partnership if part is not None else "", factors=tuple(stake.factors),
        )


def _instant(state: HandState, winner: int) -> Result:
    """§8: an instant win; before bidding the bid counts as 3, and only bombs multiply it."""
    spec, stake = state.spec, state.stake
    assert spec is not None
    bid = stake.bid if state.landlord is not None else 3
    unit = bid * 2**stake.doublings
    rules = spec_rules.rule_of(state.variant)
    scores = spec_rules.instant_win_scores(state.players, winner, spec.seat, state.landlord, unit, rules.stake_alone)
    landlord_won = state.landlord is None or winner == state.landlord
    state.log(InstantWinEvent(winner))
    return Result(winner, landlord_won, bid, stake.doublings, False, unit, tuple(scores), None, True)
