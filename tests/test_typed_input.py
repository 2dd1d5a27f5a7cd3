"""What a player types at the table becomes the legal action it means, or a reason why not."""

from __future__ import annotations

import pytest
from scenario import Scenario

from paiju.cards import card_rank, format_card
from paiju.climbing import Bid, Game, Give, Pass, Play
from paiju.climbing.parse import actions_for_text
from paiju.errors import IllegalMoveError
from paiju.variants import get_variant


def _to_play(game: Game) -> None:
    """Bid the hand to its first play: the first bidder (or the speculator's gifts, then) takes it at 3."""
    while game.phase in ("gift", "bid"):
        actions = game.legal_actions()
        game.apply(actions[0] if game.phase == "gift" else Bid(3))


def test_pass_words_and_bids() -> None:
    """`p` passes in the auction; a number bids it; a bid that is too low is refused with the reason."""
    game = Game.new(get_variant("classic"), seed=1)
    assert actions_for_text(game, "2") == [Bid(2)]
    assert actions_for_text(game, "p") == [Pass()]
    game.apply(Bid(2))
    with pytest.raises(IllegalMoveError, match="higher than the current bid of 2"):
        actions_for_text(game, "1")


def test_leader_cannot_pass_and_unheld_cards_are_refused() -> None:
    """The leader may not pass; cards the seat does not hold are named in the refusal."""
    game = Game.new(get_variant("classic"), seed=1)
    _to_play(game)
    with pytest.raises(IllegalMoveError, match="must play"):
        actions_for_text(game, "p")
    missing = next(r for r in range(13) if game.state.counts[game.to_act][r] == 0)
    with pytest.raises(IllegalMoveError, match="you hold 0"):
        actions_for_text(game, "3456789TJQKA2"[missing])


def test_ambiguous_cards_give_every_reading() -> None:
    """C1: `333444555666` typed by a seat that holds it offers all three readings."""
    leader = list(range(16)) + [40, 41, 44, 45]  # every 3, 4, 5 and 6, and some aces and 2s
    game = Scenario("classic").hands(leader[:17]).bottom(leader[17:]).deal(seed=None, game_seed=1)
    _to_play(game)
    assert game.to_act == 0
    options = actions_for_text(game, "333444555666")
    assert {(a.move.kind, a.move.key) for a in options if isinstance(a, Play)} == {
        ("triple-chain", 3),
        ("airplane+singles", 2),
        ("airplane+singles", 3),
    }


def test_suited_card_means_the_copy_the_seat_holds_on_two_decks() -> None:
    """Two decks: `9h` names whichever copy of the 9♥ the seat holds, not deck 0's by default."""
    for seed in range(200):
        game = Game.new(get_variant("spec-4p2d"), seed=seed)
        hand = game.hands[game.to_act]
        lone = [a.card for a in game.legal_actions() if isinstance(a, Give) and a.card >= 54 and a.card - 54 not in hand]
        if game.phase == "gift" and lone:
            break
    else:
        pytest.fail("no seeded speculator holds only the second copy of a card it may give")
    (action,) = actions_for_text(game, format_card(lone[0]))
    assert isinstance(action, Give) and action.card == lone[0]


def test_a_gift_typed_as_listed_is_one_action_when_the_seat_holds_both_copies() -> None:
    """§4 on two decks: `give 9h` where the speculator holds both 9♥ lists a gift of each copy, and the text means
    one gift (the copies are alike), not a choice between two readings that read the same."""
    for seed in range(200):
        game = Game.new(get_variant("spec-4p2d"), seed=seed)
        texts = [f"give {format_card(a.card)}" for a in game.legal_actions() if isinstance(a, Give)]
        twice = next((text for text in texts if texts.count(text) == 2), None)
        if game.phase == "gift" and twice is not None:
            break
    else:
        pytest.fail("no seeded speculator may give both copies of a card")
    (action,) = actions_for_text(game, twice)
    assert isinstance(action, Give) and f"give {format_card(action.card)}" == twice and action.card in game.hands[game.to_act]
    game.apply(action)
    assert action.card not in game.hands[game.state.spec.seat]


def test_gift_by_rank_and_refusals() -> None:
    """§4 by the keyboard: a bare rank gives a copy of it; a 3 or the determination card is refused with why."""
    game = Game.new(get_variant("spec-4p1d"), seed=1)
    assert game.phase == "gift"
    seat = game.to_act
    hand = game.hands[seat]
    giveable = [a.card for a in game.legal_actions() if isinstance(a, Give)]
    (action,) = actions_for_text(game, "3456789TJQKA2BR"[card_rank(giveable[0])])
    assert isinstance(action, Give) and card_rank(action.card) == card_rank(giveable[0])
    assert game.state.spec.determination in hand
    with pytest.raises(IllegalMoveError, match="determination card"):
        actions_for_text(game, format_card(game.state.spec.determination))
    if any(card_rank(c) == 0 for c in hand):
        with pytest.raises(IllegalMoveError, match="may not contain a 3"):
            actions_for_text(game, "3")
