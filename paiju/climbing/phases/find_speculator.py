"""Finding the speculator (automatic, speculator.md §3, §4, §8): the determination card's holder, or last
hand's first player out; it draws its extra cards, may retreat, and may win at once."""

from __future__ import annotations

from paiju.climbing import speculator as spec_rules
from paiju.climbing.events import RetreatEvent, SpeculatorEvent
from paiju.climbing.parts import SpeculatorPart
from paiju.climbing.phases.step import DONE, Automatic, Finish, Step, redeal
from paiju.climbing.state import Factor, HandState

__all__ = ["FindSpeculator", "check_retreat"]


class FindSpeculator(Automatic):
    """§3: redeal when the determination card lies in the bottom (unless the previous hand decides)."""

    def enter(self, state: HandState) -> Step:
        """Name the speculator, hand it the extra and early-bottom cards, and check its gifts can be made."""
        v = state.variant
        rules = spec_rules.rule_of(v)
        card = spec_rules.determination_card(v, state.bottom, state.deal.flipped)
        holder = next((s for s, h in enumerate(state.hands) if card in h), None)
        seat = holder
        by_previous = state.previous is not None and (
            rules.selection == "previous" or (rules.selection == "previous_if_in_bottom" and holder is None)
        )
        if by_previous:
            seat = state.previous
        if seat is None:
            return redeal(state, "the determination card is in the bottom")
        # The role from the previous hand comes from no card, even when that seat holds the card too:
        # no card is shown, and none is barred from the gifts.
        determination = None if by_previous else card
        state.hands[seat].extend(state.deal.extra)
        early = rules.early_bottom
        early_bottom, state.bottom = state.bottom[:early], state.bottom[early:]
        state.hands[seat].extend(early_bottom)
        gift_sizes = [rules.gift_landlord] + [rules.gift_farmer] * (v.players - 2)
        if not spec_rules.can_make_gifts(state.hands[seat], determination, state.promoted, rules, gift_sizes):
            # Too many 3s (and kept cards) to fill the gifts: no rule covers it, so deal again.
            return redeal(state, "the speculator cannot make its gifts")
        state.refresh_counts()
        state.spec = SpeculatorPart(seat, determination, holder, gift_sizes, early_bottom=early_bottom)
        state.log(SpeculatorEvent(seat, determination, holder))
        state.first_bidder = spec_rules.opposite(seat, v.players)
        state.to_act = seat
        check_retreat(state)
        winner = spec_rules.instant_win_seat(state.hands, seat, rules.instant_win)
        return DONE if winner is None else Finish(winner, instant=True)


def check_retreat(state: HandState) -> None:
    """§8: from the deal to the reveal, a speculator holding V of a rank (or the table's jokers)
    retreats: its hand is shown and, once the cards are exchanged, it sits the hand out."""
    spec = state.spec
    assert spec is not None
    if not spec.retreated and spec_rules.retreats(state.hands[spec.seat], spec_rules.rule_of(state.variant)):
        spec.retreated = True
        state.stake.factors.append(Factor.RETREAT)
        state.log(RetreatEvent(spec.seat, tuple(sorted(state.hands[spec.seat]))))
