"""炒地皮 levels, next 庄家 and match points (other-games.md §7.11–§7.14, Q7.4, Q7.20–Q7.30, §7.15 cases 13, 18–23)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.cards import Rank
from paiju.trick.levels import (
    TAKE_DEAL,
    HandOutcome,
    LevelChange,
    MatchState,
    SideLevel,
    advance,
    level_name,
    match_points,
    settle_levels,
    side_of,
)
from paiju.trick.order import natural
from paiju.variants.trick_rules import MatchRoom, TrickRules

RULES = TrickRules()
KANGQI = SideLevel(Rank.ACE, kangqi=True)
#: With seat 0 as 庄家 (the default of ``play``), side 0 is the 庄家方 and side 1 the attackers.
DEALER, ATTACKERS = 0, 1


def at(level: str) -> SideLevel:
    """A side at ``level`` (a rank character, ``T`` for 10), outside 扛旗 status."""
    return SideLevel(Rank.from_char(level))


def play(
    dealer_side: SideLevel,
    attackers: SideLevel,
    points: int,
    *,
    seat: int = 0,
    o1: bool = False,
    red5: int | None = None,
    rules: TrickRules = RULES,
) -> LevelChange:
    """Settle a hand whose 庄家 is ``seat``; ``red5`` is a side index (``DEALER``/``ATTACKERS`` when seat is 0)."""
    d = side_of(seat)
    sides = (dealer_side, attackers) if d == 0 else (attackers, dealer_side)
    outcome = HandOutcome(seat, points, dealer_side.kangqi, o1, red5)
    return settle_levels(MatchState(sides, seat), outcome, rules)


def after(change: LevelChange) -> tuple[SideLevel, SideLevel]:
    """The 庄家方's and the attackers' standing after a hand whose 庄家 sat on side 0."""
    return change.after.sides[DEALER], change.after.sides[ATTACKERS]


# ----------------------------------------------------------------- helpers and values


def test_advance_climbs_in_natural_order_and_stops_at_a() -> None:
    """「打 A 级别不可以跳过，必须打」: levels go 2, 3 … K, A and stop at A (Q7.22 (c))."""
    assert advance(Rank.TWO, 1) == Rank.THREE
    assert advance(Rank.NINE, 3) == Rank.QUEEN
    assert advance(Rank.KING, 5) == Rank.ACE
    assert advance(Rank.TEN, 0) == Rank.TEN
    assert [level_name(advance(Rank.TWO, n)) for n in range(14)] == [
        *"23456789",
        "10",
        *"JQKAA",
    ]


def test_side_level_refuses_impossible_standings() -> None:
    """§7.1: levels run 2 … A, then 扛旗 status; only a side in 扛旗 status counts failures (Q7.25)."""
    with pytest.raises(ValueError, match="扛旗 status stands at A"):
        SideLevel(Rank.KING, kangqi=True)
    with pytest.raises(ValueError, match="only a side in 扛旗 status"):
        SideLevel(Rank.ACE, failures=1)
    with pytest.raises(ValueError, match="not a level"):
        SideLevel(Rank.BLACK_JOKER)


def test_first_hand_has_no_dealer_and_plays_two() -> None:
    """§7.2 SETUP: 「First hand of a match: there is no 庄家 yet, and L = 2」."""
    first = MatchState()
    assert first.dealer_side() is None
    assert first.hand_level() == Rank.TWO
    assert not first.kangqi_hand()
    later = MatchState((at("7"), KANGQI), 3)
    assert later.dealer_side() == 1 and later.kangqi_hand() and later.hand_level() == Rank.ACE


def test_outcome_must_fit_the_match() -> None:
    """Q7.4 (c) (A): after the first hand the 庄家 is fixed by the last result; G1/G2: a 扛旗 hand is played
    exactly when the 庄家方 holds 扛旗 status, and has no declaration, so no ♥5 pair (D9)."""
    state = MatchState((at("5"), at("3")), 2)
    with pytest.raises(ValueError, match="seat 0 is not this hand's 庄家"):
        settle_levels(state, HandOutcome(0, 40, False, False, None), RULES)
    with pytest.raises(ValueError, match="扛旗 hand exactly when"):
        settle_levels(state, HandOutcome(2, 40, True, False, None), RULES)
    with pytest.raises(ValueError, match="nobody can show a ♥5 pair"):
        HandOutcome(2, 40, True, False, 0)
    with pytest.raises(ValueError, match="never below 0"):
        HandOutcome(2, -5, False, False, None)


# ----------------------------------------------------------------- §7.11 table, every row

DEALER_ROWS = {
    0: "A",
    5: "9",
    10: "9",
    15: "8",
    20: "8",
    25: "7",
    30: "7",
    35: "6",
    40: "6",
    45: "5",
    50: "5",
    55: "4",
    60: "4",
    65: "3",
    70: "3",
    75: "2",
}


@pytest.mark.parametrize(("points", "level"), DEALER_ROWS.items())
def test_table_dealer_keeps_the_deal_below_80(points: int, level: str) -> None:
    """§7.11: 0 → 大光 「庄家那方自动升级打 A」; 5 … 75 → ⌊(80 − s)/10⌋ levels, 「每少得 10 分，庄家升一级，
    5 分不算」 (75 → 0, Q7.22)."""
    change = play(at("2"), at("2"), points)
    assert after(change) == (at(level), at("2"))
    assert change.after.dealer == 2 and change.rule == "table"
    assert change.moved == (natural(Rank.from_char(level)), 0)


ATTACKER_ROWS = {
    80: "2",
    85: "2",
    90: "3",
    95: "3",
    100: "4",
    105: "4",
    110: "5",
    125: "6",
    190: "K",
    200: "A",
    260: "A",
}


@pytest.mark.parametrize(("points", "level"), ATTACKER_ROWS.items())
def test_table_attackers_take_the_deal_from_80(points: int, level: str) -> None:
    """§7.11: 80 → 「轮换庄家，抓分方上台」 with no level change; ≥ 85 → ⌊(s − 80)/10⌋, 「每多出 10 分，升一级，
    5 分不算」, capped at A."""
    change = play(at("2"), at("2"), points)
    assert after(change) == (at("2"), at(level))
    assert change.after.dealer == 1 and change.after.hand_level() == Rank.from_char(level)


# ----------------------------------------------------------------- §7.15 case 13

CASE_13 = [
    # dealer side, attackers, s, dealer side after, attackers after, next 庄家 (dealer seat 0)
    pytest.param("9", "4", 125, "9", "8", 1, id="attackers-at-4-s125-deal-at-8"),
    pytest.param("4", "9", 35, "8", "9", 2, id="dealer-at-4-s35-plays-8"),
    pytest.param("6", "6", 80, "6", "6", 1, id="s80-rotates-no-change"),
    pytest.param("6", "6", 75, "6", "6", 2, id="s75-dealer-stays-no-change"),
    pytest.param("6", "6", 0, "A", "6", 2, id="s0-dealer-to-a"),
    pytest.param("Q", "6", 10, "A", "6", 2, id="dealer-at-q-s10-capped-at-a"),
]


@pytest.mark.parametrize(("dealer_side", "attackers", "points", "dealer_after", "attackers_after", "nxt"), CASE_13)
def test_case_13_levels(
    dealer_side: str, attackers: str, points: int, dealer_after: str, attackers_after: str, nxt: int
) -> None:
    """§7.15 case 13: 125 → attackers deal at 8; 35 → dealer plays 8; 80 rotates; 75 stays; 0 → A; Q + 7 → A."""
    change = play(at(dealer_side), at(attackers), points)
    assert after(change) == (at(dealer_after), at(attackers_after))
    assert change.after.dealer == nxt


def test_reasons_name_the_new_level_and_the_cap() -> None:
    """§7.11 examples in a player's words: 「dealer at 4, s = 35 → 8」, and the A cap (Q7.22)."""
    assert play(at("4"), at("9"), 35).reasons == (
        "The attackers took 35 points, under 80: the 庄家方 keeps the deal and climbs a level per 10 short.",
        "The 庄家方 climbs 4 levels to 8.",
        "The attackers stay at 9.",
        "Seat 2, the partner of seat 0, is the next 庄家.",
    )
    assert "The 庄家方 climbs 2 levels to A (7 earned, capped at A)." in play(at("Q"), at("6"), 10).reasons
    assert "The attackers climb 4 levels to 8." in play(at("9"), at("4"), 125).reasons


# ----------------------------------------------------------------- O1 (5-10-K in the last trick)


def test_o1_normal_hand_dealer_to_2_attackers_to_a() -> None:
    """O1 「庄家降为打 2 ，抓分方直接升级打 A」: even with few points, the attackers take the deal at A (Q7.20)."""
    change = play(at("9"), at("5"), 30, o1=True)
    assert after(change) == (at("2"), at("A"))
    assert change.rule == "O1" and change.after.dealer == 1 and change.moved == (0, 9)


def test_o1_comes_before_the_red_five_pair() -> None:
    """Q7.20 (c): 「O1 comes first and O2 is skipped when it applies」."""
    change = play(at("9"), at("5"), 30, o1=True, red5=DEALER)
    assert change.rule == "O1" and after(change) == (at("2"), at("A"))


def test_o1_at_a_does_not_pass_a() -> None:
    """Passing A: 「If the 庄家方 started the hand at level A, O1 does not apply, …」: under O1 it drops to 2."""
    change = play(at("A"), at("3"), 0, o1=True)
    assert after(change) == (at("2"), at("A"))


def test_o1_in_a_kangqi_hand_clears_the_status() -> None:
    """G3 「O1 applies: the 扛旗 side goes to 2 (status and counter cleared); the attackers go to A」."""
    change = play(replace(KANGQI, failures=1), at("5"), 20, o1=True)
    assert after(change) == (at("2"), at("A"))
    assert not change.match_over and change.after.dealer == 1 and change.rule == "O1"


# ----------------------------------------------------------------- O2 (red-5 pair) and §7.15 cases 18–20


def test_case_18_red_five_attackers_win_or_lose_everything() -> None:
    """§7.15 case 18 / O2 「如果胜利则直接打A，对方退回打2。如果失败则自己退回打2，对方直接打A」, win by the 80 line."""
    won = play(at("7"), at("4"), 80, red5=ATTACKERS)
    assert after(won) == (at("2"), at("A")) and won.after.dealer == 1 and won.rule == "O2"
    assert won.moved == (0, 10)
    lost = play(at("7"), at("4"), 75, red5=ATTACKERS)
    assert after(lost) == (at("A"), at("2")) and lost.after.dealer == 2
    assert lost.moved == (7, 0)


def test_case_19_red_five_in_the_kangqi_phase_attackers_keep_status() -> None:
    """§7.15 case 19: the attackers hold 扛旗 status, the 庄家方 at 7 shows 5h 5h, s = 90 → the 庄家方 goes to 2;
    the attackers keep 扛旗 status (「胜利方…进行扛旗」, Q7.26) and take the deal."""
    holder = replace(KANGQI, failures=1)
    change = play(at("7"), holder, 90, red5=DEALER)
    assert after(change) == (at("2"), holder)
    assert change.after.dealer == 1 and change.after.kangqi_hand() and change.moved == (0, 0)


def test_case_20_red_five_in_the_kangqi_phase_loser_falls_back_to_a() -> None:
    """§7.15 case 20: the same with s = 40 → the 庄家方 goes to A and keeps the deal; the attackers 「退回打 A」
    without 扛旗 status or failure counter (Q7.26)."""
    change = play(at("7"), replace(KANGQI, failures=2), 40, red5=DEALER)
    assert after(change) == (at("A"), at("A"))
    assert change.after.dealer == 2 and not change.after.kangqi_hand() and change.moved == (7, 0)


def test_red_five_shown_by_attackers_in_kangqi_status() -> None:
    """Q7.26 (c): a loser in 扛旗 status falls back to A; a winner in it keeps it, and the other side goes to 2."""
    lost = play(at("8"), KANGQI, 60, red5=ATTACKERS)
    assert after(lost) == (at("A"), at("A")) and lost.after.dealer == 2
    won = play(at("8"), KANGQI, 85, red5=ATTACKERS)
    assert after(won) == (at("2"), KANGQI) and won.after.dealer == 1


def test_red_five_winner_at_a_passes_a_only_when_the_table_advances() -> None:
    """O2: 「A 庄家方 winner that started at A may also pass A」 under Passing A's condition, s ≤ 70 (Q7.23 (ii))."""
    assert after(play(at("A"), at("5"), 70, red5=DEALER)) == (KANGQI, at("2"))
    assert after(play(at("A"), at("5"), 75, red5=DEALER)) == (at("A"), at("2"))
    any_win = TrickRules(pass_a_on_any_win=True)
    assert after(play(at("A"), at("5"), 75, red5=DEALER, rules=any_win)) == (KANGQI, at("2"))


# ----------------------------------------------------------------- 扛旗 status outside its own hand (Q7.30)


def test_case_21_five_ten_king_by_attackers_in_kangqi_status() -> None:
    """§7.15 case 21: attackers in 扛旗 status win the last trick with 5c Tc Kc → they keep 扛旗 status and take
    the deal; the 庄家方 goes to 2 (Q7.30 (c))."""
    holder = replace(KANGQI, failures=1)
    change = play(at("9"), holder, 45, o1=True)
    assert after(change) == (at("2"), holder)
    assert change.after.dealer == 1 and change.after.kangqi_hand() and change.moved == (0, 0)


def test_kangqi_side_attacking_and_winning_keeps_its_status() -> None:
    """Q7.30 (c) (i): 「such wins leave it in 扛旗 status」; it takes the deal and its next hand is its 扛旗 hand."""
    holder = replace(KANGQI, failures=1)
    change = play(at("6"), holder, 130)
    assert after(change) == (at("6"), holder)
    assert change.after.kangqi_hand() and change.moved == (0, 0)
    assert "The attackers keep 扛旗 status." in change.reasons
    kept = play(at("6"), holder, 40)
    assert after(kept) == (at("T"), holder) and not kept.after.kangqi_hand()


# ----------------------------------------------------------------- Passing A and 扛旗 hands


def test_case_22_passing_a() -> None:
    """§7.15 case 22 / Q7.23 (ii): at A, s = 75 → keeps the deal and plays A again; s = 70 → 扛旗 status."""
    again = play(at("A"), at("3"), 75)
    assert after(again) == (at("A"), at("3")) and again.after.dealer == 2 and again.moved == (0, 0)
    passed = play(at("A"), at("3"), 70)
    assert after(passed) == (KANGQI, at("3")) and passed.after.kangqi_hand() and passed.moved == (1, 0)
    assert after(play(at("A"), at("3"), 0)) == (KANGQI, at("3"))


def test_pass_a_on_any_win_flag() -> None:
    """Flag ``pass_a_on_any_win`` (Q7.23 (i)): 「any dealer win at A (s < 80, without O1) passes A」."""
    rules = TrickRules(pass_a_on_any_win=True)
    assert after(play(at("A"), at("3"), 75, rules=rules)) == (KANGQI, at("3"))
    assert after(play(at("A"), at("3"), 80, rules=rules)) == (at("A"), at("3"))


@pytest.mark.parametrize(("points", "level"), [(100, "6"), (110, "7"), (125, "8"), (200, "A")])
def test_case_23_failed_kangqi_attackers_climb_from_80(points: int, level: str) -> None:
    """§7.15 case 23 / G3 「抓分方必须拿满 100 分才可以上台和升级」, advancing ⌊(s − 80)/10⌋ (Q7.24 (ii))."""
    change = play(KANGQI, at("4"), points)
    assert after(change) == (replace(KANGQI, failures=1), at(level))
    assert change.after.dealer == 1 and change.rule == "G3" and not change.match_over


def test_case_23_kangqi_passed_ends_the_match() -> None:
    """§7.15 case 23: s = 95 → the 扛旗 succeeds and the match ends 「“扛棋”胜利后一轮游戏结束，重新进行比赛」;
    the new match starts at 2 with no 庄家 until a declaration stands (§7.2, D7)."""
    change = play(KANGQI, at("4"), 95, seat=1)
    assert change.match_over and change.passed_kangqi == 1 and change.rule == "G3"
    assert change.after == MatchState() and change.moved == (0, 0)


def test_three_failed_kangqi_hands_reset_to_2() -> None:
    """G3 / Q7.25: 「如果庄家扛旗三次，还没有通过，则降级打 2」, counting failures per side within the match."""
    first = play(KANGQI, at("4"), 100)
    assert after(first)[0] == replace(KANGQI, failures=1)
    second = play(replace(KANGQI, failures=1), at("4"), 100)
    assert after(second)[0] == replace(KANGQI, failures=2)
    third = play(replace(KANGQI, failures=2), at("4"), 100)
    assert after(third) == (at("2"), at("6")) and third.moved == (0, 2)


def test_kangqi_hand_against_attackers_in_kangqi_status() -> None:
    """Q7.30 (c): when both sides hold 扛旗 status, G3's advance leaves the attackers in it; they take the deal."""
    change = play(KANGQI, KANGQI, 150)
    assert after(change) == (replace(KANGQI, failures=1), KANGQI)
    assert change.after.dealer == 1 and change.after.kangqi_hand()


def test_kangqi_flags() -> None:
    """Flags ``kangqi_advance_base`` (Q7.24 (i): 100), ``kangqi_threshold`` (G3) and ``kangqi_attempts`` (Q7.25)."""
    base = TrickRules(kangqi_advance_base=100)
    assert after(play(KANGQI, at("4"), 100, rules=base))[1] == at("4")
    assert after(play(KANGQI, at("4"), 110, rules=base))[1] == at("5")
    higher = TrickRules(kangqi_threshold=120)
    assert play(KANGQI, at("4"), 115, rules=higher).match_over
    assert after(play(KANGQI, at("4"), 120, rules=higher)) == (replace(KANGQI, failures=1), at("8"))
    assert after(play(KANGQI, at("4"), 100, rules=TrickRules(kangqi_attempts=1)))[0] == at("2")
    many = TrickRules(kangqi_attempts=4)
    assert after(play(replace(KANGQI, failures=2), at("4"), 100, rules=many))[0] == replace(KANGQI, failures=3)


# ----------------------------------------------------------------- next 庄家 (Q7.4)


@pytest.mark.parametrize("seat", range(4))
def test_next_dealer_partner_or_next_attacker(seat: int) -> None:
    """Q7.4 (c): 「the partner if the 庄家方 keeps the deal; the next attacker in play order if the deal changes」."""
    assert play(at("5"), at("5"), 40, seat=seat).after.dealer == (seat + 2) % 4
    assert play(at("5"), at("5"), 90, seat=seat).after.dealer == (seat + 1) % 4


def test_first_hand_dealer_comes_from_the_outcome() -> None:
    """§7.3 D7: in the first hand the 庄家 is the seat whose declaration stood; the next hand follows Q7.4."""
    change = settle_levels(MatchState(), HandOutcome(3, 40, False, False, None), RULES)
    assert change.after == MatchState((at("2"), at("6")), 1)
    assert change.after.hand_level() == Rank.SIX


# ----------------------------------------------------------------- match points (§7.14, Q7.28)


def test_match_points_one_per_level_zero_sum() -> None:
    """§7.14: 「每升一级本方两玩家各加 1 分，同时对方两玩家各扣 1 分」."""
    assert match_points(play(at("4"), at("9"), 35), RULES) == (4, -4, 4, -4)
    assert match_points(play(at("4"), at("Q"), 125, seat=1), RULES) == (2, -2, 2, -2)


@pytest.mark.parametrize(("room", "bonus"), [(MatchRoom.SINGLE, 3), (MatchRoom.ROUND, 6)])
def test_match_points_kangqi_bonus_by_room(room: MatchRoom, bonus: int) -> None:
    """§7.14: 打过 “扛棋” 另外加 3 分 (且战且退) / 6 分 (誓死扛棋); Q7.28 (c): the bonus is zero-sum."""
    rules = TrickRules(match_room=room)
    assert match_points(play(KANGQI, at("4"), 95, rules=rules), rules) == (bonus, -bonus, bonus, -bonus)
    assert match_points(play(KANGQI, at("4"), 0, seat=3, rules=rules), rules) == (-bonus, bonus, -bonus, bonus)


def test_match_points_entering_kangqi_counts_one_level() -> None:
    """Q7.28 (c): 「entering 扛旗 counts as 1 level」."""
    assert match_points(play(at("A"), at("3"), 0), RULES) == (1, -1, 1, -1)


def test_match_points_drops_and_kept_status_score_nothing() -> None:
    """Q7.28 (c): 「drops are not scored」; 「A side that keeps 扛旗 status has not moved」."""
    assert match_points(play(at("7"), at("A"), 50, o1=True), RULES) == (0, 0, 0, 0)
    assert match_points(play(at("6"), KANGQI, 130), RULES) == (0, 0, 0, 0)
    assert match_points(play(replace(KANGQI, failures=2), at("9"), 110), RULES) == (-3, 3, -3, 3)


# ----------------------------------------------------------------- property

ATTEMPTS = st.integers(min_value=1, max_value=4)


@st.composite
def sides(draw: st.DrawFn, attempts: int) -> SideLevel:
    """Any standing a side can have within a match run under ``attempts``."""
    if draw(st.booleans()):
        return SideLevel(Rank.ACE, kangqi=True, failures=draw(st.integers(0, attempts - 1)))
    return SideLevel(draw(st.integers(Rank.THREE, Rank.TWO)))


@st.composite
def hands(draw: st.DrawFn) -> tuple[MatchState, HandOutcome, TrickRules]:
    """A match state, a hand outcome that fits it, and rules with any flag settings."""
    rules = TrickRules(
        pass_a_on_any_win=draw(st.booleans()),
        kangqi_advance_base=draw(st.sampled_from([80, 100])),
        kangqi_threshold=draw(st.sampled_from([100, 120])),
        kangqi_attempts=draw(ATTEMPTS),
        match_room=draw(st.sampled_from(MatchRoom)),
    )
    seat = draw(st.integers(0, 3))
    state = MatchState((draw(sides(rules.kangqi_attempts)), draw(sides(rules.kangqi_attempts))), seat)
    kangqi = state.kangqi_hand()
    red5 = None if kangqi else draw(st.sampled_from([None, 0, 1]))
    points = draw(st.one_of(st.integers(0, 300), st.integers(0, 60).map(lambda n: n * 5)))
    return state, HandOutcome(seat, points, kangqi, draw(st.booleans()), red5), rules


@settings(max_examples=400, deadline=None)
@given(hands())
def test_levels_and_points_stay_consistent(hand: tuple[MatchState, HandOutcome, TrickRules]) -> None:
    """Over any state and outcome: levels stay within 2 … A (扛旗 status at A, failures under the limit), one side
    holds the deal (Q7.4), and match points are zero-sum with partners scoring alike (§7.14, Q7.28)."""
    state, outcome, rules = hand
    change = settle_levels(state, outcome, rules)
    for side in change.after.sides:
        assert Rank.THREE <= side.level <= Rank.TWO
        assert side.failures < rules.kangqi_attempts
        assert not side.kangqi or side.level == Rank.ACE
    assert min(change.moved) == 0
    if change.match_over:
        assert outcome.kangqi_hand and not outcome.five_ten_king_last
        assert change.after == MatchState() and change.passed_kangqi == side_of(outcome.dealer)
    else:
        keeps = not (outcome.five_ten_king_last or outcome.kangqi_hand) and outcome.points < TAKE_DEAL
        assert change.after.dealer == (outcome.dealer + (2 if keeps else 1)) % 4
    seats = match_points(change, rules)
    assert sum(seats) == 0 and seats[0] == seats[2] and seats[1] == seats[3]
