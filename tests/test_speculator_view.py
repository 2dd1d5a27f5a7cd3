"""What the view JSON tells the speculator's screen: every gift pile from the first gift on, its 3s as its own wild
cards, what a wild card stood for in a play, 5p1d's wild-card suits and the two low cards that count as one.

Rules: speculator.md §4 (G_L, then G_F per farmer seat), §10 (the speculator's 3s are wild beside a natural card; the
move names what each stands for), §12 (0–1 cards left, or the table's two low cards → the landlord's side), §15
(5p1d (a): the highest card of the flipped card's suit is each non-speculator's wild card; 8p3d copies 7p3d's 44/55).
"""

from __future__ import annotations

from typing import Any

import pytest

from paiju.bots import make_bot
from paiju.cards import RANK_CHARS, card_rank, format_cards
from paiju.climbing import Game, PhaseName, observe
from paiju.climbing.speculator import THREE
from paiju.variants import get_variant


def _gift_game(name: str) -> Game:
    """A hand of ``name`` at the speculator's first gift (the first seed whose deal reaches one)."""
    for seed in range(50):
        game = Game.new(get_variant(name), seed=seed)
        if game.phase == PhaseName.GIFT:
            return game
    raise AssertionError(f"no seed of {name} reaches the gifts")


@pytest.mark.parametrize(("name", "sizes"), [("spec-4p1d", [4, 1, 1]), ("spec-8p3d", [4, 1, 1, 1, 1, 1, 1])])
def test_every_gift_pile_is_in_the_view_before_the_first_gift(name: str, sizes: list[int]) -> None:
    """§4/§15: the landlord's pile (G_L) and one pile per farmer seat (G_F) are known from the start, not pile by pile."""
    game = _gift_game(name)
    view = observe(game, game.state.speculator).to_json()["parts"]["speculator"]
    assert [p["size"] for p in view["gift_piles"]] == sizes
    assert len(view["gifts"]) == 1  # the piles given so far: the landlord's, empty


@pytest.mark.parametrize("name", ["spec-4p1d", "spec-6p3d", "spec-5p1d"])
def test_the_speculators_threes_are_its_own_wild_cards(name: str) -> None:
    """§10: the speculator's view names its 3s as its wild cards; no other seat's view names them."""
    game = _gift_game(name)
    spec = game.state.speculator
    assert spec is not None
    threes = sorted(c for c in game.state.hands[spec] if card_rank(c) == THREE)
    assert threes, "the deal gives the speculator no 3: pick another"
    assert observe(game, spec).to_json()["wild_cards"] == format_cards(threes)
    for seat in range(game.players):
        if seat != spec:
            assert observe(game, seat).to_json()["wild_cards"] == ""


def _records(game: Game) -> list[dict[str, Any]]:
    return list(observe(game, None).to_json()["history"])


def test_a_play_on_the_table_says_what_each_wild_three_stood_for() -> None:
    """§10: a play of the speculator's wild 3s carries, in every view, what each 3 stood for."""
    game = Game.new(get_variant("spec-4p1d"), seed=0)
    bots = [make_bot("heuristic", s) for s in range(game.players)]
    while game.actors():
        actor = min(game.actors())
        game.apply(bots[actor].act(observe(game, actor)), actor)
        last = game.state.play.plays[-1] if game.state.play.plays else None
        if last is not None and last.move is not None and last.move.wilds:
            break
    assert last is not None and last.move is not None and last.move.wilds, "seed 0 has no wild play: pick another"
    stood = [{"card": RANK_CHARS[f], "as": RANK_CHARS[a]} for f, a in last.move.wilds]
    assert all(w["card"] == "3" for w in stood)
    for seat in [*range(game.players), None]:
        record = observe(game, seat).to_json()["history"][-1]
        assert record == {"seat": last.seat, "cards": format_cards(last.cards), "wilds": stood}
    # A play without wild cards carries none.
    plain = [i for i, p in enumerate(game.state.play.plays) if p.move is not None and not p.move.wilds]
    assert plain and all("wilds" not in _records(game)[i] for i in plain)


def test_5p1d_names_the_suits_of_the_others_wild_cards_from_the_deal() -> None:
    """§15 5p1d (a): the flipped card's suit (a joker: the two suits of its colour) is public from the deal on."""
    game = _gift_game("spec-5p1d")
    flipped = observe(game, None).to_json()["parts"]["speculator"]["flipped"]
    expected = {"B": "sc", "R": "hd"}.get(flipped, flipped[-1:])
    for seat in [*range(game.players), None]:
        assert observe(game, seat).to_json()["parts"]["speculator"]["wild_suits"] == expected
    assert observe(_gift_game("spec-4p1d"), None).to_json()["parts"]["speculator"]["wild_suits"] == ""


@pytest.mark.parametrize(("name", "low"), [("spec-8p3d", ["44", "55"]), ("spec-4p1d", [])])
def test_the_two_low_cards_that_count_as_one_are_public(name: str, low: list[str]) -> None:
    """§12/§15: the last two cards that count as one for the speculator's side (8p3d: 44 or 55; 4p1d: none)."""
    game = _gift_game(name)
    assert observe(game, None).to_json()["parts"]["speculator"]["two_low"] == low
