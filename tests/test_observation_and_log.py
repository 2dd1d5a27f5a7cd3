"""Per-seat observations, the event log (save, load, replay, tampering) and sessions.

Rules: other-games.md §3.1 (hands are private; the bottom is face down until the landlord
takes it and then shown to the farmers), §3.2 (the hand as a sequence of steps), Q3.2
(the deal rotates to the next seat each hand); ARCHITECTURE.md "Observations are views" and
"The event log is the truth: … replaying it rebuilds the identical state. Version it."
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from scenario import Scenario

from paiju.bots import make_bot, play_out
from paiju.bots.base import Bot
from paiju.cards import Card, card_rank, format_card, parse_cards
from paiju.climbing import (
    Bid,
    Game,
    LogError,
    Pass,
    Play,
    Session,
    game_log,
    load_log,
    observe,
    replay,
    save_log,
)
from paiju.climbing.observation import Observation
from paiju.variants import Variant, get_variant

CLASSIC: Variant = get_variant("classic")
NAMES = ("random", "heuristic")
BOT_MIXES: list[tuple[str, str, str]] = [(a, b, c) for a in NAMES for b in NAMES for c in NAMES]
SUITED = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA])([shdc])(?![A-Za-z0-9])")
JOKERS = (52, 53)


def bots_for(seed: int) -> list[Bot]:
    """A seeded mix of bots (cycling through all eight random/heuristic seatings)."""
    names = BOT_MIXES[seed % len(BOT_MIXES)]
    return [make_bot(name, seed * 7 + s) for s, name in enumerate(names)]


def played_game(seed: int, variant: Variant = CLASSIC) -> Game:
    """A finished hand between a seeded bot mix."""
    g = Game.new(variant, seed=seed)
    play_out(g, bots_for(seed))
    return g


def steps(g: Game, bots: list[Bot]) -> Iterator[Game]:
    """Yield the game before every action and once more when it is over, playing with ``bots``."""
    while g.result is None:
        yield g
        seat = g.to_act
        g.apply(bots[seat].act(observe(g, seat)), seat)
    yield g


def played_cards(g: Game) -> set[Card]:
    """Every card played face up so far in the current deal."""
    return {c for r in g.state.play.plays for c in r.cards}


def json_card_ids(obs_json: dict[str, Any]) -> set[Card]:
    """Card ids named by suited tokens anywhere in an observation's JSON (one deck: suits identify cards)."""
    text = json.dumps(obs_json, ensure_ascii=False)
    return {parse_cards(rank + suit)[0] for rank, suit in SUITED.findall(text)}


def check_view(g: Game, seat: int, obs: Observation) -> None:
    """``obs`` holds this seat's hand and public information only."""
    own = set(g.hands[seat])
    others = {c for s, h in enumerate(g.hands) if s != seat for c in h}
    revealed = g.phase != "bid"
    public = played_cards(g) | {g.state.deal.marker} | (set(g.state.bottom) if revealed else set())
    known = own | public

    assert set(obs.hand) == own and len(obs.hand) == len(own)
    assert not set(obs.hand) & others
    if revealed:
        assert sorted(obs.bottom) == sorted(g.state.bottom)
    else:
        assert obs.bottom == ()
        assert not set(obs.hand) & set(g.state.bottom)
    trick_cards = set(obs.trick.cards) if obs.trick else set()
    history_cards = {c for r in obs.history for c in r.cards}
    assert trick_cards <= played_cards(g) and history_cards <= played_cards(g)
    for a in obs.legal:
        if isinstance(a, Play) and a.cards is not None:
            assert set(a.cards) <= own
    assert obs.cards_left == tuple(len(h) for h in g.hands)

    data = obs.to_json()
    json.dumps(data)  # JSON-ready
    assert set(parse_cards(data["hand"])) == own if own else data["hand"] == ""
    if revealed:
        assert set(parse_cards(data["bottom"])) == set(g.state.bottom)
    else:
        assert data["bottom"] == ""
    named = json_card_ids(data)
    assert named <= known, f"seat {seat} sees hidden cards {sorted(named - known)}"
    hidden_jokers = [c for c in JOKERS if c not in known]
    for r in data["history"] + [data["trick"]]:
        if r is not None and r["cards"] != "pass":
            for j in hidden_jokers:
                assert "BR"[j - 52] not in r["cards"]
    if not revealed:
        assert not (set(g.state.bottom) & named)


# --------------------------------------------------------------------------- observations


def test_observations_never_show_hidden_cards() -> None:
    """§3.1: each hand is private; the bottom stays face down until the landlord takes it."""
    for seed in range(60):
        g = Game.new(CLASSIC, seed=seed)
        for state in steps(g, bots_for(seed)):
            for seat in range(3):
                check_view(state, seat, observe(state, seat))


def test_bottom_is_hidden_during_the_auction_and_shown_after() -> None:
    """§3.1: '3 bottom cards face down until bidding ends'; then 「亮出給兩個農民看」."""
    for seed in range(40):
        g = Game.new(CLASSIC, seed=seed)
        bots = bots_for(seed)
        while g.phase == "bid" and g.result is None:
            for seat in range(3):
                obs = observe(g, seat)
                assert obs.bottom == () and obs.landlord is None
                assert not set(g.state.bottom) & json_card_ids(obs.to_json())
            g.apply(bots[g.to_act].act(observe(g, g.to_act)), g.to_act)
        for seat in range(3):
            assert sorted(observe(g, seat).bottom) == sorted(g.state.bottom)
            assert observe(g, seat).landlord == g.landlord


def test_bottom_stays_private_when_the_table_does_not_show_it() -> None:
    """Variant ``bottom_shown=False``: only the landlord learns the bottom cards."""
    hidden = CLASSIC.with_changes(bottom_shown=False)
    g = Game.new(hidden, seed=3)
    g.apply(g.legal_actions()[-1])  # bid 3
    assert g.landlord is not None
    for seat in range(3):
        obs = observe(g, seat)
        if seat == g.landlord:
            assert sorted(obs.bottom) == sorted(g.state.bottom)
        else:
            assert obs.bottom == ()
            assert not set(g.state.bottom) & set(obs.hand)


def test_legal_actions_only_for_the_seat_to_act() -> None:
    """C2/§3.2: only the seat whose turn it is may act, so only its view lists actions."""
    for seed in range(40):
        g = Game.new(CLASSIC, seed=seed)
        for state in steps(g, bots_for(seed)):
            for seat in range(3):
                obs = observe(state, seat)
                if state.result is None and seat == state.to_act:
                    assert obs.is_my_turn
                    assert obs.legal == tuple(state.legal_actions()) and obs.legal
                    assert obs.to_json()["legal"]
                else:
                    assert not obs.is_my_turn
                    assert obs.legal == ()
                    assert obs.to_json()["legal"] == []


def test_views_show_the_public_record() -> None:
    """§3.2: plays, passes, bids, the landlord, the bottom and the multiplier are public to every seat."""
    g = Game.new(CLASSIC, seed=11)
    play_out(g, bots_for(11))
    views = [observe(g, s) for s in range(3)]
    for obs in views:
        assert obs.history == tuple(g.state.play.plays)
        assert obs.bid == g.state.stake.bid and obs.landlord == g.landlord
        assert obs.multiplier == 2**g.state.stake.doublings
        assert obs.scores == (g.result.scores if g.result else None)
        assert obs.phase == "over"


# --------------------------------------------------------------------------- log round trip


def assert_same_hand(a: Game, b: Game) -> None:
    """Two games are in the identical state."""
    assert b.events == a.events
    assert [sorted(h) for h in b.hands] == [sorted(h) for h in a.hands]
    assert sorted(b.state.bottom) == sorted(a.state.bottom)
    assert (b.phase, b.to_act, b.landlord, b.state.stake.bid, b.state.stake.doublings) == (
        a.phase,
        a.to_act,
        a.landlord,
        a.state.stake.bid,
        a.state.stake.doublings,
    )
    assert (b.state.deal_count, b.state.first_bidder) == (a.state.deal_count, a.state.first_bidder)
    assert b.state.play.trick == a.state.play.trick
    assert b.result == a.result
    assert b.legal_actions() == a.legal_actions()


def test_log_round_trip_replays_identically() -> None:
    """ARCHITECTURE: 'every hand is a list of events from a seed; replaying it rebuilds the identical state.'"""
    redealt = 0
    for seed in range(200):
        g = played_game(seed)
        text = json.dumps(game_log(g))
        again = replay(json.loads(text))
        assert_same_hand(g, again)
        redealt += g.state.deal_count > 1
    assert redealt >= 10, f"only {redealt} hands had a redeal"


def test_partial_logs_replay_to_the_same_position() -> None:
    """The log of an unfinished hand (reconnection, bug reports) replays to the same position."""
    for seed in range(12):
        g = Game.new(CLASSIC, seed=seed)
        for state in steps(g, bots_for(seed)):
            again = replay(json.loads(json.dumps(game_log(state))))
            assert_same_hand(state, again)


def test_log_round_trip_keeps_single_round_auction() -> None:
    """Q3.3 option ``single_round_auction`` is a rule of the table: its hands must replay identically."""
    variant = CLASSIC.with_changes(single_round_auction=True)
    for seed in range(40):
        g = Game.new(variant, seed=seed)
        play_out(g, [make_bot("random", seed * 3 + s) for s in range(3)])
        again = replay(json.loads(json.dumps(game_log(g))))
        assert_same_hand(g, again)


def test_log_round_trip_keeps_spring_option() -> None:
    """Q3.10 option ``spring`` is a rule of the table: a 春天 hand played with it must replay identically."""
    variant = CLASSIC.with_changes(spring=True)
    g = Scenario(variant).hands("3 3 3 3 4 4 4 4 B R 5 6 7 8 9 T J").bottom("Q K A").deal(seed=None)
    g.apply(Bid(3))
    for ranks in ("3333", "4444", "BR", "56789TJQKA"):
        move = next(a for a in g.legal_actions() if isinstance(a, Play) and a.move.text() == ranks)
        g.apply(move)
        if g.result is None:
            g.apply(Pass())
            g.apply(Pass())
    assert g.result is not None and g.result.spring and g.result.stake == 48
    again = replay(json.loads(json.dumps(game_log(g))))
    assert_same_hand(g, again)


def test_save_and_load_log(tmp_path: Path) -> None:
    """A saved log reads back as the same log and replays to the same hand."""
    for seed in range(10):
        g = played_game(seed)
        path = save_log(g, tmp_path / f"hand-{seed}.json", seats=["ann", "bob", "cy"])
        assert path.exists()
        data = load_log(path)
        assert data["seats"] == ["ann", "bob", "cy"]
        assert data["events"] == json.loads(json.dumps(g.events))
        assert_same_hand(g, replay(data))


# --------------------------------------------------------------------------- tampering


def finished_log(seed: int = 5) -> dict[str, Any]:
    """A JSON round-tripped log of a finished hand with at least a few plays."""
    g = played_game(seed)
    log: dict[str, Any] = json.loads(json.dumps(game_log(g)))
    return log


def index_of(log: dict[str, Any], kind: str, nth: int = 0) -> int:
    """Index of the ``nth`` event of type ``kind``."""
    return [i for i, e in enumerate(log["events"]) if e["type"] == kind][nth]


def hand_at(log: dict[str, Any], i: int, seat: int) -> set[Card]:
    """The cards ``seat`` holds just before event ``i`` (replayed from the untampered log)."""
    return set(replay(log, stop=i).hands[seat])


def swap_in_unheld_card(log: dict[str, Any], i: int) -> str:
    """Replace a card of play event ``i`` with one its seat does not hold; the message must name it."""
    event = log["events"][i]
    held = hand_at(log, i, event["seat"])
    old = event["cards"][0]
    candidates = [c for c in range(54) if c not in held and card_rank(c) == card_rank(old)]
    candidates = candidates or [c for c in range(54) if c not in held]
    event["cards"][0] = candidates[0]
    return rf"event {i}\b|{re.escape(format_card(candidates[0]))}"


def tamper_play_card(log: dict[str, Any]) -> str:
    """Replace a card of the first play with one the player does not hold (same rank when possible)."""
    return swap_in_unheld_card(log, index_of(log, "play"))


def tamper_late_play_card(log: dict[str, Any]) -> str:
    """Replace a card of the last play with one the player does not hold."""
    return swap_in_unheld_card(log, index_of(log, "play", -1))


def tamper_deal_card(log: dict[str, Any]) -> str:
    """Deal the same card twice: seat 0's first card becomes a copy of seat 1's first card."""
    deal = log["events"][index_of(log, "deal", -1)]
    deal["hands"][0][0] = deal["hands"][1][0]
    return rf"deal|twice|duplicate|{re.escape(format_card(deal['hands'][1][0]))}|event \d+"


def tamper_seat(log: dict[str, Any]) -> str:
    """Credit a play to the wrong seat."""
    i = index_of(log, "play")
    log["events"][i]["seat"] = (log["events"][i]["seat"] + 1) % 3
    return rf"event {i}\b.*seat|seat.*turn"


def tamper_bid_seat(log: dict[str, Any]) -> str:
    """Credit the first auction call to the wrong seat."""
    log["events"][1]["seat"] = (log["events"][1]["seat"] + 1) % 3
    return r"event 1\b"


def tamper_scores(log: dict[str, Any]) -> str:
    """Change the recorded result."""
    end = log["events"][-1]
    end["scores"] = [s + 1 for s in end["scores"]]
    return rf"event {len(log['events']) - 1}\b"


def tamper_version(log: dict[str, Any]) -> str:
    """A log version this paiju does not read."""
    log["version"] = 99
    return r"version"


TAMPERINGS: dict[str, Callable[[dict[str, Any]], str]] = {
    "changed card in a play": tamper_play_card,
    "changed card in the last play": tamper_late_play_card,
    "card dealt twice": tamper_deal_card,
    "wrong seat in a play": tamper_seat,
    "wrong seat in the auction": tamper_bid_seat,
    "changed scores": tamper_scores,
    "wrong version": tamper_version,
}


@pytest.mark.parametrize("name", list(TAMPERINGS))
def test_tampered_log_is_rejected(name: str) -> None:
    """ARCHITECTURE: the log is the truth and is versioned — a tampered log raises LogError saying what is wrong."""
    for seed in (5, 6, 7):
        log = finished_log(seed)
        replay(copy.deepcopy(log))  # the untouched log is fine
        message = TAMPERINGS[name](log)
        with pytest.raises(LogError, match=message):
            replay(log)


def test_load_log_rejects_bad_files(tmp_path: Path) -> None:
    """Saved logs: not JSON, not a paiju log, or the wrong version raise LogError with a clear message."""
    bad = tmp_path / "bad.json"
    bad.write_text("{ this is not json", encoding="utf-8")
    with pytest.raises(LogError, match="cannot read"):
        load_log(bad)
    with pytest.raises(LogError, match="cannot read"):
        load_log(tmp_path / "missing.json")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "something-else", "version": 1}), encoding="utf-8")
    with pytest.raises(LogError, match="not a paiju hand log"):
        load_log(other)
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2, 3]", encoding="utf-8")
    with pytest.raises(LogError, match="not a paiju hand log"):
        load_log(listed)
    g = played_game(1)
    path = save_log(g, tmp_path / "hand.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["version"] = 3
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LogError, match="version 3"):
        load_log(path)


def test_replay_rejects_a_malformed_log() -> None:
    """A log without its events, seed or table raises LogError, not a bare KeyError."""
    log = finished_log()
    for keys in (("events",), ("seed",), ("variant", "rules")):
        broken = copy.deepcopy(log)
        for key in keys:
            broken.pop(key, None)
        with pytest.raises(LogError):
            replay(broken)
    broken = copy.deepcopy(log)
    broken.pop("rules", None)
    broken["variant"] = "no-such-table"
    with pytest.raises(LogError):
        replay(broken)
    if "rules" in log:
        broken = copy.deepcopy(log)
        broken["rules"]["hand_size"] = 99  # the cards no longer add up
        with pytest.raises(LogError):
            replay(broken)


# --------------------------------------------------------------------------- sessions


def test_session_totals_and_dealer_rotation() -> None:
    """Q3.2: 'The deal rotates counterclockwise (to the dealer's right)'; totals are the sum of hand scores."""
    session = Session(CLASSIC, seed=4)
    expected = [0, 0, 0]
    dealers = []
    seen_hands = []
    for hand in range(9):
        g = session.game
        dealers.append(g.state.dealer)
        seen_hands.append(sorted(g.hands[0]))
        with pytest.raises(ValueError):
            session.next_hand()  # the hand is not over yet
        r = play_out(g, bots_for(hand))
        expected = [t + s for t, s in zip(expected, r.scores, strict=True)]
        session.next_hand()
        assert session.totals == expected
    assert dealers == [0, 1, 2, 0, 1, 2, 0, 1, 2]
    assert len(session.results) == 9
    assert sum(session.totals) == 0
    assert sum(r.scores[0] for r in session.results) == session.totals[0]
    assert len({tuple(h) for h in seen_hands}) == 9  # a fresh deal every hand


def test_spectator_view_shows_public_cards_only() -> None:
    """ARCHITECTURE.md "Observations are views": a spectator (seat ``None``) sees what every player
    sees and nothing of any hand: its view is a non-speculator seat's view without that seat's own
    hand, actions and wild cards."""
    private = {"seat", "hand", "legal", "wild_cards"}
    for variant_name in ("classic", "spec-4p1d", "spec-5p1d"):
        variant = get_variant(variant_name)
        for seed in range(10):
            g = Game.new(variant, seed=seed)
            bots = [make_bot("heuristic", seed + s) for s in range(g.players)]
            for state in steps(g, bots):
                obs = observe(state, None)
                assert obs.seat is None and obs.hand == () and obs.legal == () and obs.wild_cards == ()
                data = obs.to_json()
                assert data["hand"] == "" and data["legal"] == []
                others = [s for s in range(state.players) if s not in (state.speculator, state.landlord)]
                seat_view = observe(state, others[0]).to_json()
                for key in data.keys() - private:
                    assert data[key] == seat_view[key], key
