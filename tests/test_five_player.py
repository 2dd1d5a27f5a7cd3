"""五人斗地主 (other-games.md §5): the marked card's public landlord, the hidden landlord, the sealed identity step,
加倍, the play that names the hidden landlord, the patterns and ladder of §5.3–§5.4 and the scoring of §5.5."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from helpers import part_view
from scenario import Scenario

from paiju.bots import make_bot, play_out
from paiju.cards import RANK_CHARS, card_rank
from paiju.climbing import Double, Game, Pass, PhaseName, Reveal, observe
from paiju.climbing.log import game_log, replay
from paiju.climbing.parse import actions_for_text
from paiju.climbing.phases.five import FiveSettle
from paiju.climbing.phases.step import Finish
from paiju.climbing.settlement import settlement
from paiju.climbing.state import Factor
from paiju.climbing.views import FiveView
from paiju.errors import IllegalMoveError
from paiju.patterns import Move, beats, classify_ranks
from paiju.variants import Variant, get_variant

FIVE = get_variant("five-player")


def ranks(text: str) -> list[int]:
    """Rank indices of a suitless notation (``BBRR``)."""
    return [RANK_CHARS.index(c) for c in text]


def reading(text: str) -> list[Move]:
    """Every interpretation the table gives these ranks."""
    return classify_ranks(FIVE, ranks(text))


def marked_deal(
    l1: int = 2, twin: int | str = 4, extra: dict[int, str] | None = None, variant: Variant = FIVE, seed: int = 0
) -> Game:
    """A hand whose marked card is seat ``l1``'s 7h and whose twin lies with seat ``twin`` (or ``"bottom"``)."""
    s = Scenario(variant)
    marked, twin_card = s.cards("7h 7h")
    s.add(l1, marked)
    if twin == "bottom":
        s.add_bottom(twin_card)
    else:
        s.add(int(twin), twin_card)
    for seat, cards in (extra or {}).items():
        s.hand(seat, cards)
    s.marker(marked)
    return s.deal(seed=seed)


def decline_all(game: Game, reveal: Sequence[int] = ()) -> None:
    """The identity step: the seats in ``reveal`` reveal, every other seat declines."""
    for seat in range(5):
        game.apply(Reveal() if seat in reveal else Pass(), seat)


def double_round(game: Game, doubling: Sequence[int] = ()) -> None:
    """The 加倍 round: the seats in ``doubling`` double, the others decline."""
    while game.phase is PhaseName.DOUBLE:
        seat = game.to_act
        game.apply(Double() if seat in doubling else Pass(), seat)


def play_cards(game: Game, seat: int, text: str) -> None:
    """``seat`` plays the cards ``text`` names (it must be its turn)."""
    assert game.to_act == seat
    options = actions_for_text(game, text, seat)
    game.apply(options[0], seat)


# ------------------------------------------------------------------ §5.1 setup
def test_five_player_deals_21_each_and_the_public_landlord_takes_the_bottom_unseen() -> None:
    """§5.1: 「每人21張牌，留3張底牌」; the public landlord takes them (24 cards) and 「底牌不需公開」."""
    game = Game(FIVE, 7)
    landlord = game.landlord
    assert landlord is not None
    assert sorted(len(h) for h in game.hands) == [21, 21, 21, 21, 24] and len(game.hands[landlord]) == 24
    for seat in (None, *range(5)):
        view = observe(game, seat).to_json()
        assert (view["bottom"] != "") == (seat == landlord)
        assert view["landlord"] == landlord


@pytest.mark.parametrize("seed", range(40))
def test_five_player_marked_card_is_a_non_joker_dealt_card_drawn_from_the_seed(seed: int) -> None:
    """§5.2 step 1 / Q5.2: 「系統隨機選擇一張非王的牌作為明牌」, chosen among the 105 cards dealt to players;
    drawn from the hand's seeded RNG, so the same seed marks the same card."""
    game = Game(FIVE, seed)
    marker = game.state.deal.marker
    assert marker is not None and card_rank(marker) < 13
    assert any(marker in h for h in game.state.deal.hands)
    assert Game(FIVE, seed).state.deal.marker == marker
    assert observe(game, None).marker is not None  # announced to all


def test_five_player_marked_card_holder_is_public_landlord_and_twin_holder_hidden_landlord() -> None:
    """§5.6 case 11: 「Marked card 7h. P2 receives M; P4 receives the other 7h → P2 is public landlord, P4 hidden
    landlord」."""
    game = marked_deal(l1=2, twin=4)
    assert game.landlord == 2 and game.state.five is not None and game.state.five.hidden == 4


def test_five_player_twin_in_the_public_landlords_hand_means_one_landlord() -> None:
    """§5.6 case 11: 「If P2 received both, it is 1 vs 4」."""
    game = marked_deal(l1=2, twin=2)
    assert game.landlord == 2 and game.state.five is not None and game.state.five.hidden is None


def test_five_player_twin_in_the_bottom_means_one_landlord() -> None:
    """Q5.3: 「L1 takes the bottom before the identity step. A twin in the bottom therefore means one landlord」."""
    game = marked_deal(l1=1, twin="bottom")
    assert game.landlord == 1 and game.state.five is not None and game.state.five.hidden is None


# ------------------------------------------------------------------ §5.3–§5.4 patterns and ladder (§5.6 cases 1–10, 14)
@pytest.mark.parametrize(
    ("cards", "legal"),
    [
        ("BR", False),  # case 3, Q5.8
        ("7775", False),  # case 6: no three-with-one
        ("77755", True),
        ("5556669J", False),  # case 7: single wings
        ("555666777JJKK99", True),
        ("666689", False),  # case 8: no four-with-two
        ("556677", True),  # case 9
        ("BB", True),
        ("RR", True),
        ("BBR", True),
        ("BRR", True),
        ("BBRR", True),
        ("77BB", False),  # jokers never pair (Q5.12)
    ],
)
def test_five_player_patterns_are_the_complete_list(cards: str, legal: bool) -> None:
    """§5.3 「this list is complete」: §5.6 cases 3, 6, 7, 8, 9."""
    assert bool(reading(cards)) == legal


def test_five_player_double_joker_is_a_bomb_not_a_pair() -> None:
    """§5.6 case 1: 「BB → double-joker bomb, not a pair. It beats 2222 and loses to 33333」."""
    (bb,) = reading("BB")
    assert bb.is_bomb and bb.kind == "joker-bomb"
    assert beats(bb, reading("2222")[0]) and beats(reading("33333")[0], bb)


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("RR", "BB"),  # case 2
        ("BBR", "222222"),  # case 4
        ("3333333", "BBR"),  # case 4
        ("BBRR", "22222222"),  # case 5
        ("556677", "445566"),  # case 9
        ("QQQ22", "JJJAA"),  # case 10: the trio decides
        ("33333", "2222"),
        ("22222222", "3333333"),
    ],
)
def test_five_player_ladder_4_bomb_double_joker_5_6_three_jokers_7_8_heavenly_kings(higher: str, lower: str) -> None:
    """§5.4 「4炸<雙王<5炸<6炸<三王<7炸<8炸<天王炸彈」, tiers first, then rank; §5.6 cases 2, 4, 5, 9, 10."""
    assert beats(reading(higher)[0], reading(lower)[0])
    assert not beats(reading(lower)[0], reading(higher)[0])


@pytest.mark.parametrize(("one", "other"), [("7777", "7777"), ("BBR", "BRR"), ("556677", "33445566")])
def test_five_player_equal_or_unlike_plays_never_beat(one: str, other: str) -> None:
    """§5.6 case 14 「7777 does not beat 7777」 (C4), Q5.9 (three jokers are equal), case 9 (no beating a
    longer pair sequence)."""
    assert not beats(reading(one)[0], reading(other)[0])


def test_five_player_doubling_bombs_are_5_to_8_cards_three_jokers_and_heavenly_kings() -> None:
    """§5.5: 「打出5炸、6炸、三王、7炸、8炸、天王炸彈…倍數*2」; 4-bombs and BB/RR do not double."""
    doubling = FIVE.pattern_rules.doubling_bombs
    assert doubling == {"bomb5", "bomb6", "bomb7", "bomb8", "BBR", "BRR", "BBRR"}


# ------------------------------------------------------------------ §5.2 step 4: the identity step
def test_five_player_identity_step_is_one_sealed_step_of_every_seat() -> None:
    """Q5.13 (ii): 「One simultaneous, sealed step」: every seat acts at once; the landlords may reveal or decline,
    every other seat only decline."""
    game = marked_deal(l1=2, twin=4)
    assert game.phase is PhaseName.IDENTITY and game.actors() == frozenset(range(5))
    for seat in range(5):
        expected = ["reveal", "pass"] if seat in (2, 4) else ["pass"]
        assert game.view(seat)["legal"] == expected


def test_five_player_a_farmer_may_not_reveal_and_no_seat_answers_twice() -> None:
    """§5.2 step 4: only 「明地主和暗地主」 may choose 亮出身份; each seat answers once. Refusals change nothing."""
    game = marked_deal(l1=2, twin=4)
    before = json.dumps(game.events)
    with pytest.raises(IllegalMoveError, match="only a landlord may reveal"):
        game.apply(Reveal(), 0)
    game.apply(Reveal(), 2)
    with pytest.raises(IllegalMoveError, match="turn"):
        game.apply(Reveal(), 2)
    assert json.dumps(game.events[:-1]) == before and game.actors() == frozenset({0, 1, 3, 4})


@pytest.mark.parametrize("revealers", [(2,), (4,), (2, 4)])
def test_five_player_any_reveal_makes_the_team_public_and_doubles_once(revealers: tuple[int, ...]) -> None:
    """Q5.4 (i): 「任意一人選擇亮出身份，本局積分倍數*2」, once even if both reveal; the team is public and
    (Q5.5) the two landlords see each other's hands."""
    game = marked_deal(l1=2, twin=4)
    decline_all(game, revealers)
    assert game.state.stake.factors.count(Factor.REVEAL) == 1
    for seat in (None, *range(5)):
        view = observe(game, seat)
        five = view.part(FiveView)
        assert five is not None and five.identity == "revealed" and five.hidden == 4 and view.role(4) == "hidden_landlord"
    assert part_view(game, 2, FiveView).ally_hands == ((4, tuple(sorted(game.hands[4]))),)
    assert part_view(game, 4, FiveView).ally_hands == ((2, tuple(sorted(game.hands[2]))),)
    assert all(part_view(game, s, FiveView).ally_hands == () for s in (0, 1, 3, None))


def test_five_player_a_reveal_in_one_against_four_shows_there_is_no_hidden_landlord() -> None:
    """Q5.4 (c): 「In the 1-vs-4 case, L1's reveal shows that no hidden landlord exists」."""
    game = marked_deal(l1=2, twin=2)
    decline_all(game, (2,))
    assert game.typed_events[-1].to_json() == {"type": "team", "landlord": 2, "hidden": None, "how": "revealed"}
    assert part_view(game, 0, FiveView).identity == "revealed" and part_view(game, 0, FiveView).hidden is None


def test_five_player_each_answer_is_sealed_until_the_hand_is_over() -> None:
    """Q5.13 (ii): 「observations show only the outcome」: another seat's answer is hidden in every log."""
    game = marked_deal(l1=2, twin=4)
    decline_all(game, (4,))
    for seat in (0, 1, 2, 3, None):
        seen = [e.visible_to(seat, game.facts()) for e in game.typed_events if e.kind == "identity"]
        assert [e.to_json()["reveal"] for e in seen if e is not None and e.to_json()["seat"] == 4] == [None]


# ------------------------------------------------------------------ the twin played (§5.6 cases 15, 16)
def _to_play(game: Game) -> None:
    decline_all(game)
    double_round(game)
    assert game.phase is PhaseName.PLAY and part_view(game, 0, FiveView).identity == "hidden"


def test_five_player_the_public_landlord_playing_a_7h_reveals_nothing_the_twin_played_reveals_the_hidden_one() -> None:
    """§5.6 case 15: 「P2 plays a 7h → nothing is revealed. Later P4 plays a 7h → P4 is shown as hidden landlord,
    and P2 and P4 see each other's hands」."""
    game = marked_deal(l1=2, twin=4, extra={2: "3s", 3: "4s", 4: "5s 5h 6s 6h 8s 8h 9s 9h Ts Th"})
    _to_play(game)
    play_cards(game, 2, "7h")
    assert part_view(game, 0, FiveView).identity == "hidden" and part_view(game, 2, FiveView).hidden is None
    game.apply(Pass(), 3)
    play_cards(game, 4, "8s")
    for seat in (0, 1):
        game.apply(Pass(), seat)
    game.apply(Pass(), 2)
    game.apply(Pass(), 3)
    play_cards(game, 4, "7h")
    assert part_view(game, 0, FiveView).identity == "twin" and part_view(game, 0, FiveView).hidden == 4
    assert part_view(game, 2, FiveView).ally_hands[0][0] == 4 and part_view(game, 4, FiveView).ally_hands[0][0] == 2


def test_five_player_one_against_four_is_public_once_the_landlord_played_both_copies() -> None:
    """§5.6 case 16: 「P2 holds both copies and declines. P2 plays one 7h → nothing is revealed. P2 plays the
    second 7h → everyone learns there is no hidden landlord」."""
    game = marked_deal(l1=2, twin=2, extra={2: "3s"})
    _to_play(game)
    play_cards(game, 2, "7h")
    assert part_view(game, 0, FiveView).identity == "hidden"
    for seat in (3, 4, 0, 1):
        game.apply(Pass(), seat)
    play_cards(game, 2, "7h")
    assert part_view(game, 0, FiveView).identity == "alone" and part_view(game, 0, FiveView).hidden is None


def test_five_player_the_public_landlord_alone_is_named_so_once_everyone_knows_it() -> None:
    """§5.1: 「If the public landlord holds both copies, there is only one landlord (1 vs 4)」: every view names it
    ``lone_landlord`` once the second copy is played, and not before (nobody but it knew)."""
    game = marked_deal(l1=2, twin=2, extra={2: "3s"})
    _to_play(game)
    play_cards(game, 2, "7h")
    assert [observe(game, seat).role(2) for seat in (None, 0, 2)] == ["landlord"] * 3
    for seat in (3, 4, 0, 1):
        game.apply(Pass(), seat)
    play_cards(game, 2, "7h")
    assert [observe(game, seat).role(2) for seat in (None, 0, 2)] == ["lone_landlord"] * 3
    assert observe(game, 0).role(0) == "farmer"


# ------------------------------------------------------------------ §5.2 step 5: 加倍
def test_five_player_every_seat_doubles_once_in_turn_from_the_public_landlord() -> None:
    """§5.2 step 5: 「每個玩家都可以選擇一次（最多只能一次）加倍」, in turn order from L1; public."""
    game = marked_deal(l1=2, twin=4)
    decline_all(game)
    order = []
    while game.phase is PhaseName.DOUBLE:
        order.append(game.to_act)
        with pytest.raises(IllegalMoveError, match="turn"):
            game.apply(Double(), (game.to_act + 1) % 5)
        game.apply(Double() if game.to_act == 3 else Pass(), game.to_act)
    assert order == [2, 3, 4, 0, 1]
    assert part_view(game, None, FiveView).doubles == (False, False, False, True, False)


# ------------------------------------------------------------------ §5.5 scoring
def _settled(game: Game, winner: int, factors: Sequence[Factor] = (), doubling: Sequence[int] = ()) -> tuple[int, ...]:
    """The scores of ``game`` settled as if ``winner`` went out now with ``factors`` played."""
    decline_all(game)
    double_round(game, doubling)
    game.state.stake.factors.extend(factors)
    game.state.play.played_by = [1] * 5
    return FiveSettle().result(game.state, Finish(winner)).scores


def test_five_player_multiplier_counts_only_doubling_bombs_and_the_reveal() -> None:
    """§5.6 case 12: 「one 4-card bomb, one BB, one 5-card bomb played; identity revealed → M = 2 × 2 = 4」."""
    game = marked_deal(l1=2, twin=4)
    decline_all(game, (2,))
    double_round(game)
    state = game.state
    state.play.played_by = [1] * 5
    for played in ("4444", "BB", "33333"):
        if reading(played)[0].bomb in FIVE.pattern_rules.doubling_bombs:
            state.stake.factors.append(Factor.BOMB)
    assert state.stake.multiplier == 4
    assert FiveSettle().result(state, Finish(2)).scores == (-8, -8, 12, -8, 12)


def test_five_player_pairwise_settlement_with_one_farmer_doubling() -> None:
    """§5.6 case 13: 「2 landlords win, base 1, M = 4, only farmer F1 doubled → F1 pays 8 to each landlord; F2 and F3
    pay 4 to each landlord; each landlord receives 16」."""
    game = marked_deal(l1=2, twin=4)
    scores = _settled(game, 2, (Factor.REVEAL, Factor.BOMB), doubling=(0,))
    assert scores == (-16, -8, 16, -8, 16)


@pytest.mark.parametrize(
    ("factors", "doubling", "winner", "expected"),
    [
        ((), (), 2, (-2, -2, 3, -2, 3)),
        ((Factor.BOMB,), (), 0, (4, 4, -6, 4, -6)),
        ((Factor.REVEAL, Factor.BOMB, Factor.BOMB), (2,), 2, (-24, -24, 48, -24, 24)),
        ((), (2, 4), 1, (4, 4, -6, 4, -6)),
        ((Factor.REVEAL,), (0, 2), 2, (-12, -6, 16, -6, 8)),
    ],
)
def test_five_player_every_multiplier_and_its_combinations(
    factors: tuple[Factor, ...], doubling: tuple[int, ...], winner: int, expected: tuple[int, ...]
) -> None:
    """§5.5: 「u = base × M × d[l] × d[f]」 for every landlord l and farmer f (M: reveal, bombs); zero-sum."""
    game = marked_deal(l1=2, twin=4)
    scores = _settled(game, winner, factors, doubling)
    m = 2 ** len(factors)
    d = [2 if s in doubling else 1 for s in range(5)]
    sign = 1 if winner in (2, 4) else -1
    want = [0] * 5
    for landlord in (2, 4):
        for farmer in (0, 1, 3):
            want[landlord] += sign * m * d[landlord] * d[farmer]
            want[farmer] -= sign * m * d[landlord] * d[farmer]
    assert scores == expected == tuple(want) and sum(scores) == 0


def test_five_player_one_against_four_settles_with_every_farmer() -> None:
    """§5.5: 「With 1 landlord, the landlord settles with 4 farmers」."""
    game = marked_deal(l1=2, twin=2)
    assert _settled(game, 2) == (-1, -1, 4, -1, -1)


def test_five_player_spring_doubles_when_no_losing_player_played_a_card() -> None:
    """§5.5 「如果游戲結束后失敗方所有玩家一張牌也沒出，則倍數*2」, literal (Q5.11): no counter-spring."""
    game = marked_deal(l1=2, twin=4)
    decline_all(game)
    double_round(game)
    game.state.play.played_by = [0, 0, 3, 0, 1]
    result = FiveSettle().result(game.state, Finish(2))
    assert result.spring and result.scores == (-4, -4, 6, -4, 6)
    game2 = marked_deal(l1=2, twin=4)
    decline_all(game2)
    double_round(game2)
    game2.state.play.played_by = [3, 0, 1, 0, 0]
    assert not FiveSettle().result(game2.state, Finish(0)).spring  # the farmers' win is never a spring


def test_five_player_global_double_option_doubles_the_whole_stake() -> None:
    """Q5.6 (i) option ``global_double``: 「Each 加倍 doubles the global multiplier」."""
    table = FIVE.with_changes(global_double=True)
    game = marked_deal(l1=2, twin=4, variant=table)
    scores = _settled(game, 2, doubling=(0,))
    assert scores == (-4, -4, 6, -4, 6) and Factor.DOUBLE in game.state.stake.factors


def test_five_player_settlement_in_words_names_each_role_double_and_score() -> None:
    """The settlement sentences: who won, M, the pairwise rule, the hidden landlord and each seat's line."""
    game = marked_deal(l1=2, twin=4)
    play_out(game, [make_bot("heuristic", s) for s in range(5)])
    words = settlement(game, [f"P{s}" for s in range(5)])
    assert any("P4 was the hidden landlord" in line for line in words.summary)
    assert [line.role for line in words.lines] == ["farmer", "farmer", "landlord", "farmer", "hidden_landlord"]
    assert sum(line.score for line in words.lines) == 0


# ------------------------------------------------------------------ whole hands, logs
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_five_player_200_hands_play_to_a_zero_sum_end(bot: str) -> None:
    """200 hands per bot to the end: every score zero-sum; the log replays to the same result."""
    for seed in range(200):
        game = Game(FIVE, seed)
        result = play_out(game, [make_bot(bot, seed * 7 + s) for s in range(5)])
        assert sum(result.scores) == 0
        if seed % 40 == 0:
            again = replay(json.loads(json.dumps(game_log(game))))
            assert again.result == result and again.events == game.events


def test_five_player_typed_words_reveal_double_and_decline() -> None:
    """The terminal's words: reveal / 亮出身份, double / 加倍, decline / 放弃 / p."""
    game = marked_deal(l1=2, twin=4)
    assert actions_for_text(game, "reveal", 4) == [Reveal()]
    assert actions_for_text(game, "放弃", 0) == [Pass()]
    with pytest.raises(IllegalMoveError, match="only a landlord"):
        actions_for_text(game, "亮出身份", 0)
    decline_all(game)
    assert actions_for_text(game, "加倍") == [Double()]


def test_five_player_simulate_counts_how_the_team_became_known() -> None:
    """The simulation's tally: roles and how the hidden landlord became known."""
    from paiju.simulate import simulate

    report = simulate(FIVE, 30, ["heuristic"] * 5, seed=3)
    assert sum(report.identities.values()) == 30
    assert set(report.identities) <= {"revealed", "twin", "alone", "never"}
    roles = set(report.roles)
    assert {"landlord", "farmer", "hidden_landlord"} <= roles <= {"landlord", "lone_landlord", "farmer", "hidden_landlord"}

