"""The search bot (``pimc``) and the levels: budgets read from the name, the same actions for the same seed and
rollouts, worlds weighed by the bidding, decisions that never change with the hidden cards, and a finished hand on
every registered table."""

from __future__ import annotations

import dataclasses
import io
import random
from pathlib import Path
from typing import cast

import pytest
from rich.console import Console

from paiju.bots import act_for, bot_maker, make_bot, play_out, search
from paiju.bots.heuristic import HeuristicBot
from paiju.bots.search import (
    CANDIDATES,
    MISMATCH,
    Budget,
    PimcBot,
    bid_prior,
    candidates,
    parse_budget,
    pick,
    preferred,
    shedding,
    value,
    winners,
)
from paiju.cards import card_rank
from paiju.climbing import Observation, PhaseName, Play
from paiju.engine import AnyHand, family, game_log, load_log, open_hand, replay
from paiju.terminal import play_terminal
from paiju.variants import REGISTRY, get_variant

#: The tables whose hand the search plays in under a second with one world a decision (the others are slow tests).
QUICK = {
    "classic", "dou-dizhu-emperor", "five-player", "four-player", "laizi", "spec-3p1d", "spec-4p1d", "spec-4p2d",
    "spec-5p2d", "spec-6p2d", "spec-7p2d", "spec-7p3d", "spec-8p3d", "two-player",
}  # fmt: skip


def test_a_level_reads_its_budget_from_the_name() -> None:
    assert parse_budget("30ms") == Budget(seconds=0.03)
    assert parse_budget("1s") == Budget(seconds=1.0)
    assert parse_budget("200") == Budget(iterations=200)
    hard = make_bot("hard:1s")
    assert isinstance(hard, PimcBot) and hard.budget == Budget(seconds=1.0) and hard.name == "hard:1s"
    normal, default = make_bot("normal"), make_bot("hard")
    assert isinstance(normal, PimcBot) and isinstance(default, PimcBot)
    assert normal.budget.seconds is not None and default.budget.seconds is not None
    assert normal.budget.seconds < default.budget.seconds <= 0.1
    assert isinstance(make_bot("easy"), HeuristicBot)
    assert make_bot("easy", 0, "trick").name == "rule"
    assert isinstance(make_bot("pimc:64", 0, "trick"), PimcBot)
    for bad in ("hard:fast", "hard:0ms", "pimc:1.5", "easy:1s"):
        with pytest.raises(ValueError):
            make_bot(bad)


def test_an_action_replaces_the_policy_choice_only_when_it_gains_beyond_the_noise() -> None:
    own = [0.0, 0.0, 0.0, 0.0]
    assert pick(["own", "steady", "lucky"], [own, [1.0, 1.0, 2.0, 1.0], [9.0, -3.0, -3.0, 1.0]], 0) == "steady"
    assert pick(["own", "lucky"], [own, [9.0, -3.0, -3.0, 1.0]], 0) == "own"  # a mean of +1, a standard error of 3
    assert pick(["own", "better"], [[0.0], [5.0]], 0) == "own"  # one world tells no spread


def test_a_long_legal_list_is_cut_to_the_policy_choice_and_even_steps() -> None:
    legal = list(range(1000))
    picked = candidates(legal, 537)
    assert len(picked) == CANDIDATES and picked[0] == 537
    assert {0, 999} <= set(picked) and candidates(legal, 537) == picked
    assert candidates(legal[:CANDIDATES], 3) == legal[:CANDIDATES]


def test_a_long_lead_list_keeps_the_plays_that_shed_most() -> None:
    hand = at_decision("classic", 4, 0, 4)  # seat 0 leads 20 cards: 41 plays, a six-card pair chain and the rocket
    legal = cast(list[Play], hand.legal_actions(0))
    assert len(legal) > CANDIDATES
    picked = candidates(legal, legal[0], shedding(family("climbing").observe(hand, 0)))
    most = max(legal, key=lambda a: a.move.size)
    assert len(picked) == CANDIDATES and picked[0] == legal[0]
    assert most in picked and most not in candidates(legal, legal[0])  # the even steps alone miss it
    assert any(cast(Play, a).move.is_bomb for a in picked)


def test_a_speculators_gift_weighs_the_rule_of_thumbs_best_gifts_only() -> None:
    hand = open_hand(get_variant("spec-5p2d"), 3)
    seat = min(hand.actors())
    obs = cast(Observation, family("climbing").observe(hand, seat))
    assert obs.phase == PhaseName.GIFT and len(obs.legal) > CANDIDATES
    policy = HeuristicBot()
    own = policy.act(obs)
    ranked = policy.gift_order(obs)
    picked = candidates(obs.legal, own, preferred(obs, policy))
    assert picked == ranked[:CANDIDATES] and picked[0] == own
    assert candidates(obs.legal, own) != picked  # the even steps through the hand would weigh other cards
    lead = family("climbing").observe(at_decision("classic", 4, 0, 4), 0)
    assert preferred(lead, policy) == shedding(lead)  # a play's list keeps the plays that shed most


def test_a_win_weighs_more_than_its_points() -> None:
    assert value(-1) < value(0) < value(1) < value(2)
    assert value(1) - value(-1) > value(12) - value(1)  # winning at all outweighs eleven more points


def endgame(seed: int, cards: int) -> AnyHand:
    """A classic hand played by the rule of thumb until all hands together hold at most ``cards`` cards."""
    hand = open_hand(get_variant("classic"), seed)
    policy = [make_bot("easy", s) for s in range(3)]
    while sum(map(len, hand.hands)) > cards:
        actor = min(hand.actors())
        hand.apply(act_for(policy[actor], hand, actor), actor)
    assert not hand.is_over
    return hand


def test_the_exact_solve_finds_who_wins_and_leaves_the_hand_as_it_was() -> None:
    hand = endgame(4, 20)  # the landlord holds 3 cards, a farmer 1, the other farmer 12; the farmers can win
    before = game_log(hand)
    won = winners(hand, [10_000])
    assert won is not None and game_log(hand) == before
    landlord = next(s for s in range(3) if len(hand.hands[s]) == 3)
    assert won == frozenset(s for s in range(3) if s != landlord)
    assert winners(hand, [1]) is None and game_log(hand) == before  # out of nodes: no answer, nothing changed
    # the search takes the exact win or loss there for every candidate of every world
    bot = PimcBot(0, "climbing", Budget(iterations=8), "pimc")
    seat = min(hand.actors())
    rows = bot._exact(hand, list(hand.legal_actions(seat)), seat)
    assert rows is not None and set(rows) <= {1.0, -1.0}
    # and decides alike for the same seed and rollouts there
    decided = [act_for(PimcBot(3, "climbing", Budget(iterations=24), "pimc"), hand, seat) for _ in range(2)]
    assert decided[0] == decided[1] and game_log(hand) == before


def test_a_decision_out_of_time_rolls_out_no_world_and_keeps_the_rule_of_thumb(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One world alone never changes the choice (``pick``): a time budget spent before a second world stops the search
    where it stands, within the draw of a world or between its rollouts, instead of finishing a first world."""
    hand = at_decision("spec-6p3d", 1, 0, 20)
    outcomes: list[int] = []  # one a finished rollout

    def counted(score: int) -> float:
        outcomes.append(score)
        return 0.0

    monkeypatch.setattr(search, "value", counted)
    action = act_for(PimcBot(0, "climbing", Budget(seconds=1e-6), "pimc"), hand, 0)
    assert action == act_for(make_bot("easy", 0, "climbing"), hand, 0) and outcomes == []
    act_for(PimcBot(0, "climbing", Budget(iterations=8), "pimc"), hand, 0)
    assert outcomes  # an iteration budget rolls its worlds out


def test_a_short_time_budget_stretches_to_two_worlds_and_no_further_than_hards_budget() -> None:
    """``normal``'s 20 ms may stretch to 100 ms (five times, within ``hard``'s budget) while fewer than two worlds
    are done; ``hard``'s 100 ms and longer budgets never stretch, and a budget of rollouts has no time."""
    assert Budget(seconds=0.02).stretched == pytest.approx(0.1)
    assert Budget(seconds=0.01).stretched == pytest.approx(0.05)
    assert Budget(seconds=0.1).stretched == pytest.approx(0.1)
    assert Budget(seconds=1.0).stretched == pytest.approx(1.0)
    assert Budget(iterations=200).stretched is None


def test_a_time_budget_searches_two_worlds_where_one_outlasts_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """On spec-6p3d a world's draw and rollouts outlast 1 ms, yet the search goes on to the two worlds ``pick`` needs
    (the stretch made long here, so a slow machine cannot end it first) and then stops: the rule of thumb's choice is
    left on evidence, never played blind."""
    hand = at_decision("spec-6p3d", 1, 0, 20)
    worlds: list[int] = []
    chosen = search.pick

    def counted(weighed: list[object], scores: list[list[float]], own: int) -> object:
        worlds.append(len(scores[own]))
        return chosen(weighed, scores, own)

    monkeypatch.setattr(search, "pick", counted)
    monkeypatch.setattr(search, "STRETCH", 10_000)
    monkeypatch.setattr(search, "STRETCH_SECONDS", 60.0)
    act_for(PimcBot(0, "climbing", Budget(seconds=0.001), "pimc"), hand, 0)
    assert worlds == [search.LEAST_WORLDS]


def test_the_search_bot_refuses_to_act_without_its_seats_view() -> None:
    hand = open_hand(get_variant("classic"), 1)
    seat = min(hand.actors())
    bot = make_bot("pimc:8")
    with pytest.raises(TypeError):
        bot.act(family("climbing").observe(hand, seat))
    assert act_for(bot, hand, seat) in hand.legal_actions(seat)


def test_the_bid_prior_weighs_down_worlds_whose_hands_would_not_have_bid_so() -> None:
    hand = at_decision("classic", 4, 0, 4)  # the bidding is over: seat 0 plays, the others bid or passed
    worlds = family("climbing").worlds
    assert worlds is not None
    weight = bid_prior(0, bot_maker("easy"))
    assert weight(hand) == 1.0  # the real bids are the policy's own
    view = worlds(hand.variant).seat_view(hand, 0)
    rng = random.Random(1)
    drawn = [weight(worlds(hand.variant).sample_world(view, rng, None)) for _ in range(30)]
    assert min(drawn) <= MISMATCH and max(drawn) == 1.0
    kept = [weight(worlds(hand.variant).sample_world(view, rng, weight)) for _ in range(30)]
    assert sum(kept) > sum(drawn)


def played(name: str, seed: int, bots: list[str]) -> AnyHand:
    """A hand of ``name`` played out by ``bots`` (one per seat, by registry name)."""
    v = get_variant(name)
    hand = open_hand(v, seed)
    play_out(hand, [make_bot(b, seed * 16 + s, v.family) for s, b in enumerate(bots)])
    return hand


def test_the_same_seed_and_rollouts_play_the_same_hand() -> None:
    bots = ["pimc:32", "easy", "easy"]
    first, again = played("classic", 5, bots), played("classic", 5, bots)
    assert game_log(first)["events"] == game_log(again)["events"]
    # the search decides: it does not play the hand as the rule of thumb does
    assert game_log(first)["events"] != game_log(played("classic", 5, ["easy"] * 3))["events"]


def at_decision(name: str, seed: int, seat: int, plays: int) -> AnyHand:
    """A hand of ``name`` played by the rule of thumb until ``seat`` has a choice after ``plays`` actions at least."""
    v = get_variant(name)
    hand = open_hand(v, seed)
    policy = [make_bot("easy", s, v.family) for s in range(v.players)]
    done = 0
    while not hand.is_over:
        if seat in hand.actors() and done >= plays and len(hand.legal_actions(seat)) > 1:
            return hand
        actor = seat if seat in hand.actors() else min(hand.actors())
        hand.apply(act_for(policy[actor], hand, actor), actor)
        done += 1
    raise AssertionError(f"{name} seed {seed}: seat {seat} had no choice after {plays} actions")


@pytest.mark.parametrize(("name", "plays"), [("classic", 8), ("spec-4p1d", 12), ("chaodipi", 30)])
def test_the_decision_never_changes_with_the_hidden_cards(name: str, plays: int) -> None:
    hand, seat = at_decision(name, 2, 0, plays), 0
    worlds = family(hand.variant.family).worlds
    assert worlds is not None
    seat_view = worlds(hand.variant).seat_view
    view = seat_view(hand, seat)
    decided = act_for(make_bot("pimc:16", 9, hand.variant.family), hand, seat)
    a, b = [cast(list[int], hand.hands[s]) for s in range(hand.variant.players) if s != seat][:2]  # the real lists
    swapped = False
    for i, x in enumerate(a):  # two unseen cards of different ranks swapped between two other seats
        for j, y in enumerate(b):
            if card_rank(x) == card_rank(y) or swapped:
                continue
            a[i], b[j] = y, x
            if seat_view(hand, seat) == view:
                swapped = True
            else:
                a[i], b[j] = x, y
    assert swapped
    assert act_for(make_bot("pimc:16", 9, hand.variant.family), hand, seat) == decided


@pytest.mark.parametrize(
    "name", [n if n in QUICK else pytest.param(n, marks=pytest.mark.slow) for n in sorted(REGISTRY)]
)
def test_the_search_bot_finishes_a_hand_on_every_table(name: str) -> None:
    players = get_variant(name).players
    hand = played(name, 1, ["pimc:1"] + ["easy"] * (players - 1))
    assert hand.is_over and hand.result is not None and len(hand.result.scores) == players


def test_the_search_bot_plays_a_table_read_from_a_file() -> None:
    table = dataclasses.replace(get_variant("classic"), name="my-classic")  # in no registry: its rules are in the log
    hand = open_hand(table, 1)
    play_out(hand, [make_bot("pimc:1", 0), make_bot("easy", 1), make_bot("easy", 2)])
    assert hand.is_over


def test_a_search_level_plays_in_the_terminal(tmp_path: Path) -> None:
    """``paiju play --bots pimc``: the terminal gives the bots their seats' views (the person here only passes)."""
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    console.input = lambda *_, **__: "pass"  # type: ignore[method-assign]
    saved = play_terminal(get_variant("classic"), 4, 1, ["pimc:1"], console, tmp_path / "hand.json", hands=1)
    assert replay(load_log(saved[0])).is_over and "pimc:1 0" in out.getvalue()


def played_after_bidding(seed: int, seat: int, bot: str) -> int:
    """``seat``'s score in classic deal ``seed`` bid by ``easy`` bots and then played by ``bot`` there and ``easy``
    bots in the other seats."""
    hand = open_hand(get_variant("classic"), seed)
    easy = [make_bot("easy", s) for s in range(3)]
    observe = family("climbing").observe
    while cast(Observation, observe(hand, min(hand.actors()))).phase == PhaseName.BID:
        actor = min(hand.actors())
        hand.apply(act_for(easy[actor], hand, actor), actor)
    return play_out(hand, [make_bot(bot if s == seat else "easy", seed * 16 + s) for s in range(3)]).scores[seat]


@pytest.mark.slow
def test_the_search_bot_outplays_the_rule_of_thumb_on_duplicate_classic_deals() -> None:
    """Each deal played by ``pimc:32`` in each seat in turn against the same deal played by ``easy`` alone (the
    bidding left to ``easy``): it scores better in more hands than worse, and more on the whole."""
    gains = [
        played_after_bidding(seed, seat, "pimc:32") - played_after_bidding(seed, seat, "easy")
        for seed in range(40)
        for seat in range(3)
    ]
    assert sum(g > 0 for g in gains) > sum(g < 0 for g in gains) and sum(gains) > 0
