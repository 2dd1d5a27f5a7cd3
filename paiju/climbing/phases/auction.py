"""The auction (other-games.md §3.2; speculator.md §5): bids of 1…max points, or pass; the highest bidder
becomes the landlord. On speculator tables every seat but the speculator speaks once."""

from __future__ import annotations

from functools import cache

from paiju.climbing.actions import Action, Bid, Pass
from paiju.climbing.events import BidEvent, PassEvent
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.phases.step import CONTINUE, DONE, Step, Turn, redeal
from paiju.climbing.state import HandState
from paiju.errors import Reason

__all__ = ["Bidding"]


class Bidding(Turn):
    """Seats bid in turn from the first bidder; nobody bidding deals again."""

    name = PhaseName.BID

    def enter(self, state: HandState) -> Step:
        """The first bidder speaks first."""
        state.phase = PhaseName.BID
        state.to_act = state.first_bidder
        return CONTINUE

    def legal(self, state: HandState, seat: int) -> list[Action]:
        """A pass, or any bid above the current one (the actions made once per table's top bid, the list fresh)."""
        most = state.variant.climbing.max_bid
        return list(_choices(most)[min(state.stake.bid, most)])

    def explain(self, state: HandState, seat: int, action: Action) -> str:
        """Why the bid is refused."""
        if not isinstance(action, Bid):
            return Reason("bidding", "bidding is not over yet: bid or pass")
        if action.points <= state.stake.bid:
            return Reason("bid_higher", f"a bid must be higher than the current bid of {state.stake.bid}", bid=state.stake.bid)
        most = state.variant.climbing.max_bid
        return Reason("bid_range", f"bids go from 1 to {most}", most=most)

    def apply(self, state: HandState, seat: int, action: Action) -> Step:
        """Record the bid or pass; when the auction is over, the landlord is known (or the cards are redealt)."""
        auction = state.auction
        auction.bids_made += 1
        if isinstance(action, Bid):
            state.stake.bid = action.points
            state.landlord = seat
            auction.passes = 0
            auction.history.append((seat, action.points))
            state.log(BidEvent(seat, action.points))
        else:
            auction.passes += 1
            auction.history.append((seat, 0))
            state.log(PassEvent(seat))
        if not _over(state):
            state.to_act = _next_bidder(state, seat)
            return CONTINUE
        return redeal(state, "nobody bid") if state.landlord is None else DONE


@cache
def _choices(most: int) -> tuple[tuple[Action, ...], ...]:
    """Under a top bid of ``most``, what a seat may do after each current bid: a pass, or any higher bid (actions are
    immutable: every hand's auction lists the same ones)."""
    return tuple((Pass(), *(Bid(p) for p in range(bid + 1, most + 1))) for bid in range(most + 1))


def _next_bidder(state: HandState, seat: int) -> int:
    """The next seat round the table, skipping the speculator."""
    n = state.variant.players
    nxt = (seat + 1) % n
    return (nxt + 1) % n if nxt == state.speculator else nxt


def _over(state: HandState) -> bool:
    """other-games.md §3.2 (speculator.md §5: one turn each, the speculator excluded)."""
    v, auction = state.variant, state.auction
    n = v.players
    if state.stake.bid == v.climbing.max_bid:
        return True
    if state.speculator is not None:
        return auction.bids_made == n - 1
    if v.climbing.single_round_auction:
        return auction.bids_made == n
    if state.landlord is None:
        return auction.passes == n
    return auction.passes == n - 1
