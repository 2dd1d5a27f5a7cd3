"""Levels and match scoring of 炒地皮 (other-games.md §7.11–§7.14): how a hand's points move each side's level,
who is the next 庄家, when a match ends, and each seat's match points.  Pure functions over frozen values.

Side 0 is seats 0 and 2, side 1 is seats 1 and 3; play goes clockwise 0 → 1 → 2 → 3."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeVar

from paiju.cards import RANKS, Rank
from paiju.trick.order import natural
from paiju.variants.trick_rules import MatchRoom, TrickRules

__all__ = [
    "ESCAPE_POINTS",
    "TAKE_DEAL",
    "HandOutcome",
    "LevelChange",
    "MatchState",
    "SideLevel",
    "advance",
    "level_name",
    "match_points",
    "settle_levels",
    "side_of",
]

#: The attackers' points at which they take the deal in a normal hand (§7.11 「如果得分等于 80 ，则轮换庄家」).
TAKE_DEAL = 80
_ACE = natural(Rank.ACE)
#: The extra match points per player for passing 扛旗, by room (§7.14).
_KANGQI_BONUS = {MatchRoom.SINGLE: 3, MatchRoom.ROUND: 6}
#: §7.14 Escape (Q7.29): a player who leaves a match before it ends loses 15 points; the others gain nothing.
ESCAPE_POINTS = 15
_T = TypeVar("_T")


def side_of(seat: int) -> int:
    """The partnership of ``seat``: partners sit opposite, so seats 0 and 2 are side 0, seats 1 and 3 side 1."""
    return seat % 2


def level_name(level: int) -> str:
    """A level as players write it: 2 … 10, J, Q, K, A."""
    return "10" if level == Rank.TEN else RANKS[level]


def advance(level: int, steps: int) -> int:
    """``level`` moved up ``steps`` levels in the order 2 … A, stopping at A (「打 A 级别不可以跳过，必须打」)."""
    place = min(natural(level) + steps, _ACE)
    return int(Rank.TWO) if place == 0 else place - 1


@dataclass(frozen=True)
class SideLevel:
    """One side's standing in a match: its level (a rank index, 2 … A), whether it holds 扛旗 status (it passed A
    and plays a 扛旗 hand when it is next the 庄家方; it stands at A meanwhile) and its failed 扛旗 hands (Q7.25)."""

    level: int
    kangqi: bool = False
    failures: int = 0

    def __post_init__(self) -> None:
        if not Rank.THREE <= self.level <= Rank.TWO:
            raise ValueError(f"{self.level!r} is not a level: levels run from 2 to A")
        if self.kangqi and self.level != Rank.ACE:
            raise ValueError("a side in 扛旗 status stands at A")
        if self.failures < 0 or (self.failures and not self.kangqi):
            raise ValueError("only a side in 扛旗 status counts failed 扛旗 hands")


@dataclass(frozen=True)
class MatchState:
    """Where a match stands before a hand: both sides' levels and the 庄家 seat (``None`` in a match's first hand,
    whose 庄家 is the seat whose declaration stands, §7.3 D7)."""

    sides: tuple[SideLevel, SideLevel] = (SideLevel(Rank.TWO), SideLevel(Rank.TWO))
    dealer: int | None = None

    def __post_init__(self) -> None:
        if self.dealer is not None and self.dealer not in range(4):
            raise ValueError(f"seat {self.dealer} does not exist: seats are 0 to 3")

    def dealer_side(self) -> int | None:
        """The 庄家方, or ``None`` before a first hand's declaration."""
        return None if self.dealer is None else side_of(self.dealer)

    def hand_level(self) -> int:
        """The hand's level rank ``L``: the 庄家方's level, 2 in a match's first hand (§7.1, §7.2)."""
        side = self.dealer_side()
        return int(Rank.TWO) if side is None else self.sides[side].level

    def kangqi_hand(self) -> bool:
        """Whether the 庄家方 holds 扛旗 status, so this hand is its 扛旗 hand (§7.13 G1)."""
        side = self.dealer_side()
        return side is not None and self.sides[side].kangqi


@dataclass(frozen=True)
class HandOutcome:
    """What a finished hand tells the level rules: its 庄家, the attackers' points ``s`` (kitty bonus and throw
    penalties included), whether it was a 扛旗 hand, O1's 5-10-K last trick and D9's ♥5-pair side."""

    dealer: int
    points: int
    kangqi_hand: bool
    five_ten_king_last: bool
    red5_side: int | None

    def __post_init__(self) -> None:
        if self.dealer not in range(4):
            raise ValueError(f"seat {self.dealer} does not exist: seats are 0 to 3")
        if self.points < 0:
            raise ValueError(f"the attackers cannot take {self.points} points: s is never below 0")
        if self.red5_side not in (None, 0, 1):
            raise ValueError(f"side {self.red5_side} does not exist: sides are 0 and 1")
        if self.kangqi_hand and self.red5_side is not None:
            raise ValueError("a 扛旗 hand has no declaration or 抄底, so nobody can show a ♥5 pair in it (G2)")


@dataclass(frozen=True)
class LevelChange:
    """A hand's effect on the match: the states before and after (``after`` is a fresh match once a 扛旗 is
    passed), the levels each side moved up as §7.14 scores them, the rule that decided and the reasons."""

    before: MatchState
    after: MatchState
    moved: tuple[int, int]
    match_over: bool
    passed_kangqi: int | None
    rule: str
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class _Step:
    """A rule's verdict before the next 庄家 is named: the new sides, whether the 庄家方 keeps the deal, the levels
    each side earned before the A cap (for the reasons), and whether the 扛旗 was passed."""

    sides: tuple[SideLevel, SideLevel]
    keeps: bool
    rule: str
    reasons: tuple[str, ...]
    earned: tuple[int, int] = (0, 0)
    passed: bool = False


def settle_levels(state: MatchState, outcome: HandOutcome, rules: TrickRules) -> LevelChange:
    """Score a finished hand (§7.12): O1, else O2, else the §7.11 table (G3 in a 扛旗 hand), then "Passing A",
    then the next 庄家 (Q7.4); a side in 扛旗 status keeps it wherever a rule would raise it (Q7.30)."""
    _check_fits(state, outcome)
    d = side_of(outcome.dealer)
    if outcome.five_ten_king_last:
        step = _o1(state, d)
    elif outcome.kangqi_hand:
        step = _g3(state, d, outcome.points, rules)
    elif outcome.red5_side is not None:
        step = _o2(state, d, outcome.points, outcome.red5_side)
    else:
        step = _table(state, d, outcome.points)
    step = _pass_a(state, outcome, rules, step)
    moved = (_climb(state.sides[0], step.sides[0]), _climb(state.sides[1], step.sides[1]))
    if step.passed:
        return LevelChange(state, MatchState(), moved, True, d, step.rule, step.reasons)
    nxt = (outcome.dealer + 2) % 4 if step.keeps else (outcome.dealer + 1) % 4
    told = tuple(_describe(state.sides[side], step.sides[side], step.earned[side], side == d) for side in (d, 1 - d))
    why = "the partner of" if step.keeps else "the attacker seated next after"
    reasons = (*step.reasons, *told, f"Seat {nxt}, {why} seat {outcome.dealer}, is the next 庄家.")
    return LevelChange(state, MatchState(step.sides, nxt), moved, False, None, step.rule, reasons)


def match_points(change: LevelChange, rules: TrickRules) -> tuple[int, int, int, int]:
    """Each seat's match points for a hand (§7.14, Q7.28): ±1 per level a side moved up, zero-sum, plus the 扛旗
    bonus (+3 且战且退 / +6 誓死扛旗 per player of the side that passed it, the same taken from each opponent)."""
    gain = list(change.moved)
    if change.passed_kangqi is not None:
        gain[change.passed_kangqi] += _KANGQI_BONUS[rules.match_room]
    net = (gain[0] - gain[1], gain[1] - gain[0])
    return (net[0], net[1], net[0], net[1])


def _check_fits(state: MatchState, outcome: HandOutcome) -> None:
    """Refuse an outcome that cannot come from ``state``: another 庄家 (Q7.4 (A)), or a wrong 扛旗-hand flag."""
    if state.dealer is not None and outcome.dealer != state.dealer:
        raise ValueError(f"seat {outcome.dealer} is not this hand's 庄家: seat {state.dealer} is")
    if outcome.kangqi_hand != state.sides[side_of(outcome.dealer)].kangqi:
        raise ValueError("a hand is a 扛旗 hand exactly when the 庄家方 holds 扛旗 status (G1)")


def _pair(d: int, dealer_side: _T, attackers: _T) -> tuple[_T, _T]:
    """Something per side in side order, given the 庄家方's (side ``d``) and the attackers'."""
    return (dealer_side, attackers) if d == 0 else (attackers, dealer_side)


def _raise(side: SideLevel, steps: int) -> SideLevel:
    """``side`` up ``steps`` levels, capped at A; a side in 扛旗 status keeps it and its failures instead (Q7.30)."""
    return side if side.kangqi else SideLevel(advance(side.level, steps))


def _dealer_steps(points: int) -> int:
    """The levels §7.11 gives a 庄家方 that keeps the deal: all the way to A for 大光, else one per 10 points
    short of 80, an odd 5 not counting (Q7.22)."""
    return _ACE if points == 0 else (TAKE_DEAL - points) // 10


def _deal(keeps: bool) -> str:
    """Who holds the deal after the hand, in words."""
    return "the 庄家方 keeps the deal" if keeps else "the attackers take the deal"


def _o1(state: MatchState, d: int) -> _Step:
    """O1: the attackers won the last trick with a 5-10-K: the 庄家方 drops to 2 (leaving 扛旗 status), the
    attackers go to A (or keep 扛旗 status) and take the deal (Q7.20)."""
    sides = _pair(d, SideLevel(Rank.TWO), _raise(state.sides[1 - d], _ACE))
    why = "O1: the attackers won the last trick with a 5-10-K that the 庄家方 could not beat: they take the deal."
    return _Step(sides, False, "O1", (why,))


def _o2(state: MatchState, d: int, points: int, shown: int) -> _Step:
    """O2: the side that showed a ♥5 pair wins or loses everything by the 80 line (Q7.26): the winner goes to A (or
    keeps 扛旗 status), the loser to 2, or back to A if it held 扛旗 status."""
    keeps = points < TAKE_DEAL
    winner = d if keeps else 1 - d
    loser = state.sides[1 - winner]
    new = {winner: _raise(state.sides[winner], _ACE), 1 - winner: SideLevel(Rank.ACE if loser.kangqi else Rank.TWO)}
    who = "the 庄家方" if shown == d else "the attackers"
    result = "won" if shown == winner else "lost"
    why = f"O2: {who} showed a ♥5 pair and {result} (the attackers took {points} points): {_deal(keeps)}."
    return _Step((new[0], new[1]), keeps, "O2", (why,))


def _table(state: MatchState, d: int, points: int) -> _Step:
    """The §7.11 table: under 80 the 庄家方 keeps the deal and climbs; at 80 or more the attackers take it and
    climb a level per full 10 points over 80."""
    dealer_side, attackers = state.sides[d], state.sides[1 - d]
    if points == 0:
        why = "大光: the attackers took no points: the 庄家方 keeps the deal and goes straight to A."
        return _Step(_pair(d, _raise(dealer_side, _ACE), attackers), True, "table", (why,))
    if points < TAKE_DEAL:
        steps = _dealer_steps(points)
        why = (
            f"The attackers took {points} points, under 80: the 庄家方 keeps the deal and climbs a level per 10 short."
        )
        return _Step(_pair(d, _raise(dealer_side, steps), attackers), True, "table", (why,), _pair(d, steps, 0))
    steps = (points - TAKE_DEAL) // 10
    why = f"The attackers took {points} points, 80 or more: they take the deal and climb a level per 10 over 80."
    return _Step(_pair(d, dealer_side, _raise(attackers, steps)), False, "table", (why,), _pair(d, 0, steps))


def _g3(state: MatchState, d: int, points: int, rules: TrickRules) -> _Step:
    """G3, a 扛旗 hand: under the threshold the 扛旗 is passed and the match ends; otherwise the attackers take the
    deal and climb from ``kangqi_advance_base`` (Q7.24), and the 庄家方 counts a failure, back to 2 at the last
    allowed one (Q7.25)."""
    need = rules.kangqi_threshold
    if points < need:
        why = (
            f"G3: the attackers took {points} points, under {need}: the 庄家方 passes its 扛旗 hand and wins the "
            "match. A new match starts with both sides at 2; its first declaration decides the 庄家."
        )
        return _Step(state.sides, True, "G3", (why,), passed=True)
    dealer_side, attackers = state.sides[d], state.sides[1 - d]
    failures = dealer_side.failures + 1
    kept = SideLevel(Rank.TWO) if failures >= rules.kangqi_attempts else replace(dealer_side, failures=failures)
    steps = max(0, (points - rules.kangqi_advance_base) // 10)
    why = (
        f"G3: the attackers took {points} points, at least {need}: they take the deal, and the 庄家方's 扛旗 hand "
        f"fails (failure {failures} of {rules.kangqi_attempts})."
    )
    return _Step(_pair(d, kept, _raise(attackers, steps)), False, "G3", (why,), _pair(d, 0, steps))


def _pass_a(state: MatchState, outcome: HandOutcome, rules: TrickRules, step: _Step) -> _Step:
    """Passing A (Q7.23 (ii)): a 庄家方 that started a normal hand at A and keeps the deal without O1 gains 扛旗
    status if §7.11 would advance it (s ≤ 70, 大光 too), or on any such win with ``pass_a_on_any_win``."""
    d = side_of(outcome.dealer)
    won = step.keeps and step.rule != "O1" and not outcome.kangqi_hand
    if not won or state.sides[d].level != Rank.ACE:
        return step
    if _dealer_steps(outcome.points) < 1 and not rules.pass_a_on_any_win:
        return step
    return replace(step, sides=_pair(d, SideLevel(Rank.ACE, kangqi=True), step.sides[1 - d]))


def _height(side: SideLevel) -> int:
    """How far up a side stands: 0 at 2 … 12 at A, 13 in 扛旗 status (entering it from A is one level, Q7.28)."""
    return natural(side.level) + side.kangqi


def _climb(before: SideLevel, after: SideLevel) -> int:
    """The levels a side moved up, as §7.14 scores them: drops and kept 扛旗 status score nothing (Q7.28)."""
    return max(0, _height(after) - _height(before))


def _describe(before: SideLevel, after: SideLevel, earned: int, is_dealer: bool) -> str:
    """One sentence on what happened to a side's level this hand."""
    who, s = ("The 庄家方", "s") if is_dealer else ("The attackers", "")
    name = level_name(after.level)
    if after.kangqi and not before.kangqi:
        return f"{who} pass{'es' if s else ''} A and gain{s} 扛旗 status: the next hand is a 扛旗 hand."
    if before.kangqi and not after.kangqi:
        return f"{who} lose{s} 扛旗 status and go{'es' if s else ''} back to {name}."
    if after.kangqi:
        return f"{who} keep{s} 扛旗 status."
    climbed = _climb(before, after)
    if climbed:
        capped = f" ({earned} earned, capped at A)" if earned > climbed else ""
        return f"{who} climb{s} {climbed} level{'s' if climbed > 1 else ''} to {name}{capped}."
    if after.level != before.level:
        return f"{who} drop{s} to {name}."
    return f"{who} stay{s} at {name}."
