"""The 癞子 table's own phases (other-games.md §1.2): 明牌开始 before each deal, the grab round (抢地主),
the wild rank drawn once the bottom is taken, and the landlord's 明牌. ``pipeline`` picks those the table's switches
turn on (``OpenTable`` stands in for 明牌开始 where the table has none)."""

from __future__ import annotations

from paiju.cards import card_rank
from paiju.climbing.actions import Action, Grab, Open, Pass
from paiju.climbing.events import GrabEvent, OpenEvent, OpenStartEvent, PassEvent, WildEvent
from paiju.climbing.parts import Auction, OpenPart
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.phases.step import CONTINUE, DONE, AtOnce, Automatic, Step, Turn
from paiju.climbing.state import Factor, HandState, Stake
from paiju.errors import Reason

__all__ = ["CountOpenStart", "GrabRound", "OpenLandlord", "OpenStart", "OpenTable", "WildDraw"]



def _part(state: HandState) -> OpenPart:
    assert state.opened is not None
    return state.opened


class OpenTable(Automatic):
    """Before each deal of a table without 明牌开始: the 癞子 part, fresh (nothing is on show yet)."""

    def enter(self, state: HandState) -> Step:
        """A fresh part; the deal that follows resets the rest."""
        state.opened = OpenPart()
        return DONE


class OpenStart(AtOnce):
    """明牌开始 (§1.2 step 1): before the cards are dealt every seat, at once, may choose to play face up (×4).

    A redeal comes back here, and the choices are made afresh (Q1.18); nothing of the last deal stays on show.
    """

    name = PhaseName.OPEN_START

    def enter(self, state: HandState) -> Step:
        """Clear the table of the last deal and ask every seat."""
        n = state.players
        state.opened = OpenPart(deciding=set(range(n)))
        state.hands, state.bottom = [[] for _ in range(n)], []
        state.refresh_counts()
        state.landlord, state.stake, state.auction = None, Stake(), Auction()
        state.phase = PhaseName.OPEN_START
        state.to_act = min(state.opened.deciding)
        return CONTINUE

    def actors(self, state: HandState) -> frozenset[int]:
        """Every seat that has not chosen yet: the choices are simultaneous (Q1.4)."""
        return frozenset(_part(state).deciding)

    def legal(self, state: HandState, seat: int) -> list[Action]:
        """Open (明牌开始) or pass."""
        return [Open(), Pass()]

    def explain(self, state: HandState, seat: int, action: Action) -> str:
        """Why the action is refused."""
        return Reason("open_start_or_pass", "before the deal: open to play with your cards face up (明牌开始, ×4), or pass")

    def apply(self, state: HandState, seat: int, action: Action) -> Step:
        """Record the seat's choice; once every seat has chosen the cards are dealt."""
        part = _part(state)
        part.deciding.discard(seat)
        if isinstance(action, Open):
            part.started.add(seat)
            part.open.add(seat)
            state.log(OpenStartEvent(seat))
        else:
            state.log(PassEvent(seat))
        if part.deciding:
            state.to_act = min(part.deciding)
            return CONTINUE
        return DONE


class GrabRound(Turn):
    """抢地主 (§1.2 step 4): after the auction each seat that did not pass, from the one after the temporary
    landlord, grabs or not, once; if anyone grabbed the temporary landlord may grab back (Q1.2, Q1.3).
    The last to grab is the landlord; each grab doubles the stake."""

    name = PhaseName.GRAB

    def enter(self, state: HandState) -> Step:
        """Queue the seats that may grab (none: the temporary landlord stays)."""
        part, caller = _part(state), state.landlord
        assert caller is not None
        part.caller = caller
        passed = {seat for seat, points in state.auction.history if points == 0}
        n = state.players
        part.grab_queue = [s for s in ((caller + i) % n for i in range(1, n)) if s not in passed]
        if not part.grab_queue:
            return DONE
        state.phase = PhaseName.GRAB
        state.to_act = part.grab_queue[0]
        return CONTINUE

    def legal(self, state: HandState, seat: int) -> list[Action]:
        """Grab or pass."""
        return [Grab(), Pass()]

    def explain(self, state: HandState, seat: int, action: Action) -> str:
        """Why the action is refused."""
        return Reason("grab_or_pass", "抢地主: grab the landlord's seat (grab, ×2), or pass")

    def apply(self, state: HandState, seat: int, action: Action) -> Step:
        """Record the choice; the temporary landlord answers last, and only if someone grabbed."""
        part = _part(state)
        part.grab_queue.pop(0)
        if isinstance(action, Grab):
            part.grabs += 1
            state.landlord = seat
            state.stake.factors.append(Factor.GRAB)
            state.log(GrabEvent(seat))
        else:
            state.log(PassEvent(seat))
        if not part.grab_queue and seat != part.caller and part.grabs:
            part.grab_queue.append(part.caller)  # type: ignore[arg-type]
        if part.grab_queue:
            state.to_act = part.grab_queue[0]
            return CONTINUE
        return DONE


class WildDraw(Automatic):
    """确定癞子牌 (§1.2 step 6): the deal's wild card is shown; every card of its rank is wild, in every hand."""

    def enter(self, state: HandState) -> Step:
        """Mark each seat's cards of the wild rank (the drawn card itself changes no hands: Q1.6)."""
        card = state.deal.wild
        assert card is not None, "a wild-rank table's deal draws the wild card (check_deal)"
        rank = card_rank(card)
        state.wild_cards = {s: frozenset(c for c in hand if card_rank(c) == rank) for s, hand in enumerate(state.hands)}
        state.log(WildEvent(card))
        return DONE


class OpenLandlord(Turn):
    """明牌 (§1.2 step 7): the landlord, holding the bottom, may play face up (×2). The factor is the largest
    open factor only: ×4 when anyone opened before the deal, which settles it (Q1.4)."""

    name = PhaseName.OPEN

    def enter(self, state: HandState) -> Step:
        """Count a 明牌开始 at once; else ask the landlord."""
        landlord = state.landlord
        assert landlord is not None
        if count_open_start(state):
            return DONE
        state.phase = PhaseName.OPEN
        state.to_act = landlord
        return CONTINUE

    def legal(self, state: HandState, seat: int) -> list[Action]:
        """Open or pass."""
        return [Open(), Pass()]

    def explain(self, state: HandState, seat: int, action: Action) -> str:
        """Why the action is refused."""
        return Reason("open_or_pass", "明牌: open to play with your cards face up (×2), or pass")

    def apply(self, state: HandState, seat: int, action: Action) -> Step:
        """Show the landlord's hand to every seat, or keep it hidden."""
        if isinstance(action, Open):
            _part(state).open.add(seat)
            state.stake.factors.append(Factor.OPEN)
            state.log(OpenEvent(seat, tuple(sorted(state.hands[seat]))))
        else:
            state.log(PassEvent(seat))
        return DONE


def count_open_start(state: HandState) -> bool:
    """Once the bottom is taken, a 明牌开始 counts (×4, the largest open factor: Q1.4); whether anyone opened."""
    if not _part(state).started:
        return False
    state.stake.factors.append(Factor.OPEN_START)
    return True


class CountOpenStart(Automatic):
    """Where the landlord may not open after the bottom: a 明牌开始 still counts at that point of the hand."""

    def enter(self, state: HandState) -> Step:
        """Count it, if anyone opened."""
        count_open_start(state)
        return DONE
