"""What the apps count and show of a climbing hand beside its views: a simulation's tally, the server's
frame fields, and how many plays a dealt hand may lead (the server's bound on a table)."""

from __future__ import annotations

from paiju.climbing.events import RedealEvent
from paiju.climbing.hand import Hand
from paiju.climbing.roles import over_roles
from paiju.climbing.state import Factor, Result
from paiju.engine import FrameFields, HandTally
from paiju.patterns import generate
from paiju.variants import Variant

__all__ = ["frame_fields", "most_leads", "tally"]


def _roles(hand: Hand, result: Result) -> tuple[str, ...]:
    """The role each seat played in a finished hand, as every seat sees it once the hand is over."""
    state = hand.state
    if state.landlord is None:  # an instant win before bidding: the winner as landlord (the speculator stays one)
        spec = state.speculator
        return tuple(
            "speculator" if s == spec else "landlord" if s == result.winner else "farmer" for s in range(hand.players)
        )
    return over_roles(state)


def tally(hand: Hand) -> HandTally:
    """Roles, redeals, instant wins, the speculator's side, the partnership, 明牌, the grabs and (五人斗地主) how
    the landlords' team became known of a finished hand (read from the hand, no view made: a simulation asks at
    every hand)."""
    result = hand.result
    if result is None:
        raise ValueError("the hand is not over yet")
    state = hand.state
    opened = "start" if Factor.OPEN_START in result.factors else "landlord" if Factor.OPEN in result.factors else ""
    grabs = str(result.factors.count(Factor.GRAB)) if hand.variant.climbing.grab_round else ""
    kinds = {
        "speculator_sides": result.speculator_side,
        "partnerships": result.partnership,
        "open_hands": opened,
        "grabs": grabs,
        "identities": (state.five.known or "never") if state.five is not None else "",
    }
    declared = state.partner is not None and state.partner.declared
    return HandTally(
        roles=_roles(hand, result),
        counts={
            "redeals": state.deal_count - 1,  # a hand nobody reads never makes its turns into events
            "instant_wins": int(result.instant),
            "declared": int(declared) if result.partnership else 0,
        },
        kinds={name: kind for name, kind in kinds.items() if kind},
    )


def frame_fields(hand: Hand) -> FrameFields:
    """The auction so far (``points`` 0 for a pass), the multiplier on the bid and why the cards were dealt again
    this hand, in order: public, the same for all."""
    seen = hand.observe(None)
    return {
        "bids": [{"seat": s, "points": p} for s, p in seen.bid_history],
        "multiplier": seen.multiplier,
        "redeals": [e.reason for e in hand.typed_events if isinstance(e, RedealEvent)],
    }


def most_leads(variant: Variant, seed: int) -> int:
    """The most plays one seat of the hand dealt from ``seed`` could lead with."""
    return max(len(generate(variant, cards)) for cards in Hand(variant, seed).hands)
