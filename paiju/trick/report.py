"""What the apps show and count of a finished 炒地皮 hand beside its views: the settlement in words, a
simulation's tally, the server's frame fields."""

from __future__ import annotations

from collections.abc import Sequence

from paiju.cards import RANK_CHARS
from paiju.engine import FrameFields, HandTally, MatchStanding, Session, Settlement, SettlementLine
from paiju.trick.events import RedealEvent, ThrowFailedEvent
from paiju.trick.hand import TrickHand
from paiju.trick.levels import ESCAPE_POINTS, SideLevel
from paiju.trick.state import TrickResult, side_of

__all__ = ["frame_fields", "match_standing", "role", "settle", "tally"]


def role(result: TrickResult, seat: int) -> str:
    """``dealer`` (the 庄家), ``dealer_partner`` (the rest of the 庄家方) or ``attacker`` (the 抓分方)."""
    dealer = result.outcome.dealer
    if seat == dealer:
        return "dealer"
    return "dealer_partner" if side_of(seat) == side_of(dealer) else "attacker"


def _finished(hand: TrickHand) -> TrickResult:
    result = hand.result
    if result is None:
        raise ValueError("the hand is not over yet")
    return result


def settle(hand: TrickHand, names: Sequence[str]) -> Settlement:
    """The hand in words: the attackers' points, the level table's verdict, each seat's match points."""
    result = _finished(hand)
    change = result.change
    levels = " · ".join(
        f"{names[side]} & {names[side + 2]}: {RANK_CHARS[s.level]}{' 扛旗' if s.kangqi else ''}"
        for side, s in enumerate(change.after.sides)
    )
    summary = (*change.reasons, f"Levels now: {levels}.")
    lines = tuple(
        SettlementLine(s, role(result, s), score, None, f"{names[s]} {'+' if score > 0 else ''}{score}")
        for s, score in enumerate(result.scores)
    )
    outcome = {
        "points": result.points,
        "rule": change.rule,
        "moved": list(change.moved),
        "match_over": change.match_over,
        "levels": [RANK_CHARS[s.level] for s in change.after.sides],
    }
    return Settlement(summary, lines, outcome)


def tally(hand: TrickHand) -> HandTally:
    """Roles, redeals, failed throws and which rule decided the levels, for ``simulate``."""
    result = _finished(hand)
    change = result.change
    passed = "" if change.passed_kangqi is None else f"side {change.passed_kangqi}"
    gained = [
        f"side {i}"
        for i, (a, b) in enumerate(zip(change.before.sides, change.after.sides, strict=True))
        if b.kangqi and not a.kangqi
    ]
    return HandTally(
        roles=tuple(role(result, s) for s in range(hand.variant.players)),
        counts={
            "redeals": sum(isinstance(e, RedealEvent) for e in hand.typed_events),
            "failed_throws": sum(isinstance(e, ThrowFailedEvent) for e in hand.typed_events),
            "matches_over": int(change.match_over),
        },
        kinds={
            name: kind
            for name, kind in {
                "level_rules": change.rule,
                "kangqi_passed": passed,
                "passed_a": ",".join(gained),
            }.items()
            if kind
        },
    )


def frame_fields(hand: TrickHand) -> FrameFields:
    """Why the cards were dealt again this hand: public, the same for all."""
    return {"redeals": ["nobody declared" for e in hand.typed_events if isinstance(e, RedealEvent)]}


def match_standing(session: Session[TrickHand]) -> MatchStanding:
    """Where the session's match stands (§7.14): the hands dealt in it (the last one dealt included), each side's
    level after the last finished hand, and whether it is under way; a hand that passed 扛旗 ends it, and the next
    hand opens a new one."""
    hand = session.game
    result = hand.result
    if result is not None and result.change.match_over:
        return MatchStanding(0, _levels(result.change.after.sides), False, ESCAPE_POINTS)
    earlier = 0
    for done in reversed(session.results):
        if not isinstance(done, TrickResult) or done.change.match_over:
            break
        earlier += 1
    sides = result.change.after.sides if result is not None else hand.state.match.sides
    return MatchStanding(earlier + 1, _levels(sides), True, ESCAPE_POINTS)


def _levels(sides: Sequence[SideLevel]) -> tuple[str, ...]:
    """Each side's level as written: its rank, or ``flag`` once it passed A (扛旗 status)."""
    return tuple("flag" if s.kangqi else RANK_CHARS[s.level] for s in sides)
