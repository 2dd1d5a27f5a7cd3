"""斗帝主's hand: 34 cards each from two decks, the §3 auction for the emperor (帝主), the 6-card bottom only it sees
and keeps any of, the rest out of play unseen, and §3-style scoring where only bombs of 5+ and 天王 double.

Rules: other-games.md §6 (6.1 setup, 6.2 hand state machine, 6.5 scoring, 6.6 case 14, Q6.1, Q6.2, Q6.7, Q6.8);
the 16 patterns are tests/test_emperor_patterns.py's.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from paiju.bots import make_bot, play_out
from paiju.cards import CARDS_PER_DECK, InvalidCardsError, deck_cards, format_card, format_cards, parse_ranks
from paiju.cli import main
from paiju.climbing import Bid, Game, Pass, PhaseName, Return, game_log, observe, replay
from paiju.climbing.parse import actions_for_text
from paiju.engine import family_of
from paiju.errors import IllegalMoveError
from paiju.patterns import classify_ranks
from paiju.policy import policy_of
from paiju.server.frames import view_message
from paiju.server.history import redacted_log
from paiju.variants import Variant, get_variant

V: Variant = get_variant("dou-dizhu-emperor")


def _emperor(seed: int) -> Game:
    """A hand whose first bidder bids 3 and so becomes the emperor, resting on its bottom choice."""
    game = Game.new(V, seed=seed)
    game.apply(Bid(3), game.to_act)
    assert game.phase is PhaseName.CHOOSE
    return game


def _seen(game: Game, seat: int | None) -> tuple[str, str]:
    """Everything ``seat`` (``None``: a spectator) can fetch of the hand: its view frame and its copy of the log."""
    fields = policy_of(game).frame_fields(game)
    frame = view_message(game, seat, fields, deadline=None, counter=seat is not None, hand_number=1)
    log = redacted_log(game, seat, [f"p{s}" for s in range(3)])
    log.pop("seed", None)
    return json.dumps(frame.model_dump(), sort_keys=True), json.dumps(log, sort_keys=True)


@pytest.mark.parametrize("seed", range(4))
def test_emperor_deals_thirty_four_each_and_six_bottom_cards_from_two_decks(seed: int) -> None:
    """§6.1: 「Hand: 34 each; 6 bottom cards」 from 2 decks, 108 cards."""
    game = Game.new(V, seed=seed)
    assert [len(h) for h in game.hands] == [34] * 3 and len(game.state.bottom) == 6
    assert Counter([c for h in game.hands for c in h] + list(game.state.bottom)) == Counter(deck_cards(2))


def test_the_emperor_is_chosen_by_the_one_two_three_auction() -> None:
    """Q6.1 (c): 「Use the §3 auction」 — a bid of 3 ends it, and the bidder is the emperor."""
    game = Game.new(V, seed=1)
    game.apply(Bid(1), game.to_act)
    game.apply(Bid(3), game.to_act)
    assert game.landlord is not None and game.phase is PhaseName.CHOOSE and game.to_act == game.landlord


def test_the_bottom_is_shown_to_the_emperor_alone() -> None:
    """§6.1: 「將6張底牌明示給帝主」; Q6.2 (c): 「The rebels do not see the bottom」 — in no view or copy of the log."""
    game = _emperor(seed=2)
    emperor, bottom = game.to_act, list(game.state.bottom)
    assert sorted(observe(game, emperor).bottom) == sorted(bottom)
    for seat in (s for s in [0, 1, 2, None] if s != emperor):
        view, log = (json.loads(text) for text in _seen(game, seat))
        taken = next(e for e in log["events"] if e["type"] == "landlord")
        assert observe(game, seat).bottom == () and view["view"]["bottom"] == "" and taken["bottom"] is None


@pytest.mark.parametrize("keep", [0, 2, 6])
def test_the_emperor_keeps_any_of_the_bottom_and_the_rest_leave_play(keep: int) -> None:
    """§6.1: 「帝主從6張底牌中挑自己需要的牌，也可全不要」 — 34 + k cards, 0 ≤ k ≤ 6; Q6.2: untaken cards are dead;
    §6.6 case 14: 「every seat sees that the emperor now holds 36 cards; only the emperor knows which 2 were taken」."""
    game = _emperor(seed=3)
    emperor, bottom = game.to_act, sorted(game.state.bottom)
    back = tuple(bottom[keep:])
    game.apply(Return(back) if back else Pass(), emperor)
    assert game.phase is PhaseName.PLAY and game.to_act == emperor  # 「帝主首先出牌」
    assert len(game.hands[emperor]) == 34 + keep and not set(back) & set(game.hands[emperor])
    for seat in [0, 1, 2, None]:
        assert observe(game, seat).cards_left[emperor] == 34 + keep
    event = game.events[-1]
    assert event["type"] == "return" and event["count"] == 6 - keep


def test_which_cards_the_emperor_kept_cannot_be_derived_by_any_other_seat() -> None:
    """Q6.2 (c): 「which cards were taken, and which are dead, is not [public]」 — two hands alike but for which two bottom
    cards the emperor put back look the same, byte for byte, to every rebel and spectator."""
    first, second = _emperor(seed=5), _emperor(seed=5)
    emperor, bottom = first.to_act, sorted(first.state.bottom)
    assert {format_card(c) for c in bottom[:2]} != {format_card(c) for c in bottom[-2:]}
    first.apply(Return(tuple(bottom[:2])), emperor)
    second.apply(Return(tuple(bottom[-2:])), emperor)
    for seat in (s for s in [0, 1, 2, None] if s != emperor):
        assert _seen(first, seat) == _seen(second, seat)
    assert _seen(first, emperor) != _seen(second, emperor)


def test_bad_bottom_choices_are_refused_with_a_reason_and_change_nothing() -> None:
    """Bad input: a choice that keeps more than the bottom holds, puts back a card not from the bottom, or comes from
    a rebel — each refused in one line, the hand as it was."""
    game = _emperor(seed=6)
    emperor, before = game.to_act, list(game.events)
    bottom = {format_card(c) for c in game.state.bottom}
    stranger = next(format_card(c) for c in game.hands[emperor] if format_card(c) not in bottom)
    with pytest.raises(IllegalMoveError, match="not one of them"):
        actions_for_text(game, f"return {stranger}")
    with pytest.raises(IllegalMoveError, match="not one of them"):
        actions_for_text(game, f"keep {stranger}")
    with pytest.raises(IllegalMoveError, match="the bottom has 6 cards: you cannot keep 7"):
        actions_for_text(game, "keep " + " ".join(format_card(c) for c in game.hands[emperor][:7]))
    with pytest.raises(InvalidCardsError, match="return"):
        actions_for_text(game, "7h")
    stray = next(c for c in game.hands[emperor] if format_card(c) not in bottom)
    with pytest.raises(IllegalMoveError, match="only bottom cards"):
        game.apply(Return((stray,)), emperor)
    with pytest.raises(IllegalMoveError):
        game.apply(Pass(), (emperor + 1) % 3)
    assert game.events == before and game.phase is PhaseName.CHOOSE


def test_keep_and_return_name_the_same_choice() -> None:
    """`keep CARDS` keeps exactly those bottom cards; `return CARDS` puts exactly those back; `p` keeps all six."""
    game = _emperor(seed=8)
    bottom = sorted(game.state.bottom)
    kept = format_cards(bottom[:4]).split()
    (by_keep,) = actions_for_text(game, "keep " + " ".join(kept))
    (by_return,) = actions_for_text(game, "return " + format_cards(bottom[4:]))
    assert by_keep == by_return == Return(tuple(bottom[4:]))
    assert actions_for_text(game, "p") == [Pass()]


def _doubled_bottom() -> tuple[Game, int]:
    """The first seeded hand whose bottom holds both decks' copies of one card, and that card's face."""
    for seed in range(500):
        game = _emperor(seed)
        faces = Counter(format_card(c) for c in game.state.bottom)
        twice = [c for c in game.state.bottom if faces[format_card(c)] == 2]
        if twice:
            return game, twice[0]
    raise AssertionError("no bottom with a card twice in 500 hands")


def test_two_copies_of_a_bottom_card_are_one_choice() -> None:
    """§6.1 「帝主從6張底牌中挑自己需要的牌」 from two decks: putting back either copy of a card is the same choice,
    so it is listed once, named once, and typed either way (return or keep, any order) means that one action."""
    game, twin = _doubled_bottom()
    emperor, bottom = game.to_act, sorted(game.state.bottom)
    legal = game.legal_actions()
    texts = [family_of(game).action_text(a) for a in legal[1:]]
    ways = 1
    for n in Counter(format_card(c) for c in bottom).values():
        ways *= n + 1
    assert len(texts) == len(set(texts)) == ways - 1  # every different multiset of faces but the empty one
    other = next(c for c in bottom if format_card(c) != format_card(twin))
    named = sorted([format_card(twin), format_card(other)])
    kept = [c for c in bottom if c not in (twin, other)]
    for text in (f"return {named[0]} {named[1]}", f"return {named[1]} {named[0]}", "keep " + format_cards(kept)):
        (choice,) = actions_for_text(game, text)
        assert isinstance(choice, Return) and sorted(format_card(c) for c in choice.cards) == named
        assert not Counter(choice.cards) - Counter(bottom) and choice in legal
    game.apply(choice, emperor)
    assert len(game.hands[emperor]) == 38 and sorted(format_card(c) for c in game.state.returned) == named


def test_another_copy_of_a_bottom_card_puts_back_the_bottoms_own() -> None:
    """A return naming the other deck's copy of a bottom card is that choice: the bottom's copy leaves play and the
    copy the emperor was dealt stays in its hand (their faces are alike, so no seat can tell)."""
    for seed in range(500):
        game = _emperor(seed)
        emperor = game.to_act
        faces = {c % CARDS_PER_DECK: c for c in game.state.bottom}
        dealt = next((c for c in game.hands[emperor] if c not in game.state.bottom and c % CARDS_PER_DECK in faces), None)
        if dealt is not None:
            break
    else:
        raise AssertionError("no emperor dealt a copy of a bottom card in 500 hands")
    own = faces[dealt % CARDS_PER_DECK]
    game.apply(Return((dealt,)), emperor)
    assert dealt in game.hands[emperor] and own not in game.hands[emperor] and game.state.returned == [own]


def test_quads_never_double_and_bombs_of_five_and_the_four_jokers_do() -> None:
    """§6.5, Q6.7: 「stake = contract × 2**k, where k = bombs (≥5 cards) plus BBRR played」; a quad is no bomb."""
    quad = classify_ranks(V, tuple(sorted(parse_ranks("7777"))))
    assert [m.kind for m in quad] == ["quad"] and quad[0].bomb == ""
    assert V.pattern_rules.doubling_bombs == {"bomb5", "bomb6", "bomb7", "bomb8", "BBRR"}
    for seed in range(4):
        game = Game.new(V, seed=seed)
        result = play_out(game, [make_bot("heuristic", seed * 3 + s) for s in range(3)])
        doubling = [r for r in game.state.play.plays if r.move is not None and r.move.bomb]
        assert result.doublings == len(doubling) and result.stake == result.bid * 2**len(doubling)
        assert result.scores[game.landlord] == -sum(s for i, s in enumerate(result.scores) if i != game.landlord)


def test_emperor_hands_replay_and_simulate_plays_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    """A finished hand (its bottom choice included) replays from its log; `paiju simulate` plays the table."""
    for seed in range(3):
        game = Game.new(V, seed=seed)
        play_out(game, [make_bot("heuristic", seed * 3 + s) for s in range(3)])
        assert replay(game_log(game)).events == game.events
        assert any(e["type"] == "return" for e in game.events)
    assert main(["simulate", "--variant", "dou-dizhu-emperor", "--games", "20", "--bots", "heuristic", "--json"]) == 0
    roles = json.loads(capsys.readouterr().out)["roles"]
    assert roles["landlord"]["hands"] == 20 and roles["farmer"]["hands"] == 40
