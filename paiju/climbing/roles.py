"""Who played what in a climbing hand, by the rule every view and count reads: a seat's role, 五人's public identity."""

from __future__ import annotations

from functools import lru_cache

from paiju.climbing.phase_name import PhaseName
from paiju.climbing.state import HandState

__all__ = ["over_roles", "public_identity", "seat_role"]


def seat_role(
    seat: int, phase: PhaseName, landlord: int | None, small_landlord: int | None, speculator: int | None, identity: str
) -> str:
    """``landlord``, ``small_landlord`` (五人: ``hidden_landlord``; once the seat seeing it knows it), ``farmer`` or
    ``speculator`` for ``seat`` (``bidder`` before the landlord is known); 五人's public landlord is ``lone_landlord``
    once everyone knows it holds both marked cards (1 vs 4, other-games.md §5.1). The arguments are what a view shows:
    the landlord once known, the small landlord where the viewer knows it, 五人's ``public_identity``."""
    if seat == speculator:
        return "speculator"
    if landlord is None:
        return "bidder"
    if seat == small_landlord:
        return "hidden_landlord" if identity else "small_landlord"
    if seat == landlord and identity and small_landlord is None and (identity == "alone" or phase == PhaseName.OVER):
        return "lone_landlord"
    return "landlord" if seat == landlord else "farmer"


def over_roles(state: HandState) -> tuple[str, ...]:
    """Every seat's role in a finished hand, as everyone sees it then (what a view at the end shows, made without one;
    the hand's facts read once for all the seats: a simulation asks at every hand)."""
    return _roles_at_end(state.variant.players, state.landlord, state.small_landlord, state.speculator, public_identity(state))


@lru_cache(maxsize=4096)
def _roles_at_end(players: int, landlord: int | None, small: int | None, speculator: int | None, identity: str) -> tuple[str, ...]:
    """``over_roles`` of the facts that decide them, made once per distinct facts (a table has a few dozen)."""
    return tuple(seat_role(s, PhaseName.OVER, landlord, small, speculator, identity) for s in range(players))


def public_identity(state: HandState) -> str:
    """五人斗地主: the identity step's public outcome so far (empty on other tables)."""
    five = state.five
    if five is None:
        return ""
    if state.phase is PhaseName.IDENTITY:
        return "deciding"
    return five.known or "hidden"
