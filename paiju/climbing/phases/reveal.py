"""After the auction (automatic): the landlord takes the bottom (other-games.md §3.3), or on speculator
tables every gift and the bottom turn face up and go to their seats (speculator.md §2.6)."""

from __future__ import annotations

from paiju.cards import rank_counts
from paiju.climbing import speculator as spec_rules
from paiju.climbing.events import LandlordEvent, RevealEvent
from paiju.climbing.phases.find_speculator import check_retreat
from paiju.climbing.phases.step import DONE, Automatic, Finish, Step
from paiju.climbing.state import HandState

__all__ = ["Reveal", "TakeBottom"]


class TakeBottom(Automatic):
    """The landlord adds the bottom to its hand."""

    def enter(self, state: HandState) -> Step:
        """Hand the bottom to the landlord and announce it."""
        seat = state.landlord
        assert seat is not None
        state.hands[seat].extend(state.bottom)
        state.counts[seat] = rank_counts(state.hands[seat])
        state.log(LandlordEvent(seat, state.stake.bid, tuple(state.bottom)))
        return DONE


class Reveal(Automatic):
    """§2.6: the landlord's gift to the landlord, farmer gifts to farmer seats at random, the bottom to the
    speculator, the flipped card as the table says; then a retreat (§8) or an instant win may follow."""

    def enter(self, state: HandState) -> Step:
        """Give every bundle to its seat and show them all."""
        landlord, spec = state.landlord, state.spec
        assert landlord is not None and spec is not None
        rules = spec_rules.rule_of(state.variant)
        farmers = [s for s in range(state.players) if s not in (landlord, spec.seat)]
        state.hands[landlord].extend(spec.gifts[0])
        spec.gift_seats = [landlord] + [0] * len(farmers)
        for i, seat in enumerate(farmers):
            bundle = 1 + state.deal.gift_order[i]
            state.hands[seat].extend(spec.gifts[bundle])
            spec.gift_seats[bundle] = seat
        state.hands[spec.seat].extend(state.bottom)
        flipped_to = landlord if rules.flip_to == "landlord" else spec.seat
        if rules.flip_wilds:
            state.wild_cards = {
                s: frozenset(spec_rules.flip_wild_cards(state.hands[s], state.deal.flipped[0]))
                for s in range(state.players)
                if s != spec.seat
            }
        state.hands[flipped_to].extend(state.deal.flipped)
        state.refresh_counts()
        spec.revealed = tuple((s, tuple(g)) for s, g in zip(spec.gift_seats, spec.gifts, strict=True))
        state.log(RevealEvent(landlord, state.stake.bid, spec.revealed, tuple(state.bottom), flipped_to))
        state.to_act = landlord
        check_retreat(state)
        if spec.retreated:
            state.play.out.add(spec.seat)
        winner = spec_rules.instant_win_seat(state.hands, spec.seat, rules.instant_win)
        return DONE if winner is None else Finish(winner, instant=True)
