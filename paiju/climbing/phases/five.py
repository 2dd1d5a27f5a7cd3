"""五人斗地主's own phases (other-games.md §5.2): the marked card makes the public landlord, who takes the bottom
unseen; the sealed identity step of every seat at once; the 加倍 round; the play, where the twin of the marked
card names the hidden landlord; and the pairwise settlement (§5.5)."""

from __future__ import annotations

from collections.abc import Sequence

from paiju.cards import Card, face, rank_counts
from paiju.climbing.actions import Action, Double, Pass, Play, Reveal
from paiju.climbing.events import (
    DoubleEvent,
    IdentityEvent,
    IdentityKeptEvent,
    MarkedLandlordEvent,
    PassEvent,
    TeamEvent,
)
from paiju.climbing.parts import HiddenPart
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.phases.play import Playing
from paiju.climbing.phases.settle import Settle
from paiju.climbing.phases.step import CONTINUE, DONE, AtOnce, Automatic, Finish, Step, Turn
from paiju.climbing.state import Factor, HandState, Result
from paiju.errors import Reason

__all__ = ["Doubling", "FiveSettle", "Identity", "MarkedLandlord", "TeamPlaying", "pair_unit"]


def _part(state: HandState) -> HiddenPart:
    assert state.five is not None
    return state.five


def _copies(cards: Sequence[Card], marked_face: int) -> int:
    """How many of ``cards`` equal the marked card (same rank and suit: either deck's copy)."""
    return sum(face(c) == marked_face for c in cards)


def _landlords(state: HandState) -> tuple[int, ...]:
    """The public landlord and the hidden one, if there is one."""
    return state.landlord_side()


class MarkedLandlord(Automatic):
    """§5.2 steps 1–3: the marked card's holder is the public landlord (明地主) and takes the bottom unseen
    (Q5.3: before the identity step); the holder of the marked card's twin, if another seat, is the hidden
    landlord (暗地主), else the hand is 1 vs 4."""

    def enter(self, state: HandState) -> Step:
        """Name the landlords, hand over the bottom and set the room's base of 1 (Q5.7)."""
        marked = state.deal.marker
        assert marked is not None
        landlord = next(s for s, hand in enumerate(state.hands) if marked in hand)
        state.landlord = landlord
        state.stake.bid = 1
        state.hands[landlord].extend(state.bottom)
        state.counts[landlord] = rank_counts(state.hands[landlord])
        twin = face(marked)
        hidden = next((s for s, hand in enumerate(state.hands) if s != landlord and _copies(hand, twin)), None)
        state.five = HiddenPart(marked, hidden, doubles=[None] * state.players)
        state.log(MarkedLandlordEvent(landlord, twin, tuple(state.bottom)))
        return DONE


class Identity(AtOnce):
    """§5.2 step 4, Q5.13 (ii): one sealed step in which every seat answers at once, so that who acts and what
    each view shows are the same whether or not a hidden landlord exists and whoever it is. The landlords may
    reveal (亮出身份) or decline (放弃, a pass), the farmers only decline; any reveal makes the team public, ×2 once
    (Q5.4), and the landlords see each other's hands (Q5.5)."""

    name = PhaseName.IDENTITY

    def enter(self, state: HandState) -> Step:
        """Ask every seat."""
        state.phase = PhaseName.IDENTITY
        _part(state).deciding = set(range(state.players))
        state.to_act = 0
        return CONTINUE

    def actors(self, state: HandState) -> frozenset[int]:
        """Every seat that has not answered yet."""
        return frozenset(_part(state).deciding)

    def legal(self, state: HandState, seat: int) -> list[Action]:
        """A landlord may reveal or decline; a farmer may only decline."""
        return [Reveal(), Pass()] if seat in _landlords(state) else [Pass()]

    def explain(self, state: HandState, seat: int, action: Action) -> str:
        """Why the action is refused."""
        if isinstance(action, Reveal):
            return Reason("reveal_landlords_only", "only a landlord may reveal its identity (亮出身份): pass to decline")
        if seat in _landlords(state):
            return Reason("reveal_or_pass", "亮出身份: reveal the landlords' team (×2), or pass to decline (放弃)")
        return Reason("reveal_wait", "the landlords are deciding whether to reveal themselves: pass")

    def apply(self, state: HandState, seat: int, action: Action) -> Step:
        """Seal the seat's answer; once every seat has answered, make the outcome public."""
        part = _part(state)
        part.deciding.discard(seat)
        reveal = isinstance(action, Reveal)
        if reveal:
            part.revealed.add(seat)
        state.log(IdentityEvent(seat, reveal))
        if part.deciding:
            state.to_act = min(part.deciding)
            return CONTINUE
        if part.revealed:
            part.known = "revealed"
            state.stake.factors.append(Factor.REVEAL)
            assert state.landlord is not None
            state.log(TeamEvent(state.landlord, part.hidden, "revealed"))
        else:
            state.log(IdentityKeptEvent())
        return DONE


class Doubling(Turn):
    """§5.2 step 5: each seat in turn from the public landlord doubles (加倍) or declines, once."""

    name = PhaseName.DOUBLE

    def enter(self, state: HandState) -> Step:
        """Queue every seat from the public landlord."""
        assert state.landlord is not None
        part = _part(state)
        part.queue = [(state.landlord + i) % state.players for i in range(state.players)]
        state.phase = PhaseName.DOUBLE
        state.to_act = part.queue[0]
        return CONTINUE

    def legal(self, state: HandState, seat: int) -> list[Action]:
        """Double or pass."""
        return [Double(), Pass()]

    def explain(self, state: HandState, seat: int, action: Action) -> str:
        """Why the action is refused."""
        return Reason("double_or_pass", "加倍: double (×2 on your settlements), or pass")

    def apply(self, state: HandState, seat: int, action: Action) -> Step:
        """Record the seat's choice (under ``global_double`` a 加倍 doubles the whole stake, Q5.6 (i))."""
        part = _part(state)
        part.queue.pop(0)
        doubled = isinstance(action, Double)
        part.doubles[seat] = doubled
        if doubled:
            if state.variant.climbing.global_double:
                state.stake.factors.append(Factor.DOUBLE)
            state.log(DoubleEvent(seat))
        else:
            state.log(PassEvent(seat))
        if part.queue:
            state.to_act = part.queue[0]
            return CONTINUE
        return DONE


class TeamPlaying(Playing):
    """§5.2 step 6: the play, where a card equal to the marked card played by a seat other than the public
    landlord names the hidden landlord, and the public landlord playing both copies shows there is none (Q5.13)."""

    def apply(self, state: HandState, seat: int, action: Action) -> Step:
        """Play as every table does, then make the team public if this play shows it."""
        step = super().apply(state, seat, action)
        part, landlord = _part(state), state.landlord
        marked = face(part.marked)
        if part.known or not isinstance(action, Play) or not _copies(state.play.plays[-1].cards, marked):
            return step
        assert landlord is not None
        if seat != landlord:
            part.known = "twin"
            state.log(TeamEvent(landlord, seat, "twin"))
        elif part.hidden is None and sum(_copies(r.cards, marked) for r in state.play.plays if r.seat == landlord) == 2:
            part.known = "alone"
            state.log(TeamEvent(landlord, None, "alone"))
        return step


def pair_unit(state: HandState, landlord: int, farmer: int) -> int:
    """§5.5: what one landlord and one farmer settle — base × M × d[l] × d[f] (the seats' doubles count only
    here under Q5.6 (ii); under ``global_double`` they are in M already)."""
    unit = state.stake.unit
    if state.variant.climbing.global_double:
        return unit
    doubles = _part(state).doubles
    return unit * (2 if doubles[landlord] else 1) * (2 if doubles[farmer] else 1)


class FiveSettle(Settle):
    """§5.5: M = reveal × 2^(doubling bombs) × spring (every losing player played no card, Q5.11), and each
    landlord settles u = base × M × d[l] × d[f] with each farmer."""

    def result(self, state: HandState, step: Finish) -> Result:
        """The landlords against the farmers, pair by pair."""
        stake, played = state.stake, state.play.played_by
        landlords = _landlords(state)
        landlord_won = step.winner in landlords
        farmers = [s for s in range(state.players) if s not in landlords]
        losers = farmers if landlord_won else list(landlords)
        spring = state.variant.climbing.spring and all(played[s] == 0 for s in losers)
        if spring:
            stake.factors.append(Factor.SPRING)
        sign = 1 if landlord_won else -1
        scores = [0] * state.players
        for landlord in landlords:
            for farmer in farmers:
                u = pair_unit(state, landlord, farmer)
                scores[landlord] += sign * u
                scores[farmer] -= sign * u
        return Result(
            step.winner, landlord_won, stake.bid, stake.doublings, spring, stake.unit, tuple(scores),
            factors=tuple(stake.factors),
        )
