"""The size of each gift pile in the view JSON: public, fixed by the table's rules, the same for every seat.

Rules: speculator.md §4 (G_L cards for whoever becomes landlord, then G_F for each farmer seat), §15 (the
table of G_L / G_F; 4p3d-2c: 5 red + 5 black and 2 red + 2 black).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import part_view

from paiju.climbing import Game, Give, PhaseName, observe
from paiju.climbing.views import SpeculatorView
from paiju.variants import get_variant

#: Table → (G_L, G_F) as speculator.md §15 gives them.
PILES = {"spec-4p1d": (4, 1), "spec-6p3d": (7, 2), "spec-4p3d-2c": (5 + 5, 2 + 2)}
#: The landlord's pile's colour rule where the table has one (§15).
COLOURS = {"spec-4p3d-2c": "5r5b"}


def gift_game(name: str) -> Game:
    """A hand of ``name`` at its first gift (the first seed whose deal reaches one)."""
    for seed in range(50):
        game = Game(get_variant(name), seed)
        if game.phase == PhaseName.GIFT:
            return game
    raise AssertionError(f"no seed of {name} reaches the gifts")


def gifts_seen(game: Game) -> list[list[dict[str, Any]]]:
    """Each seat's and a spectator's view of the gifts, as the JSON sends them."""
    return [observe(game, seat).to_json()["parts"]["speculator"]["gifts"] for seat in [*range(game.players), None]]


def give(game: Game, cards: int) -> None:
    """The speculator gives ``cards`` more cards, each the first it may give."""
    for _ in range(cards):
        gift = next(a for a in game.legal_actions() if isinstance(a, Give))
        game.apply(gift)


@pytest.mark.parametrize("name", list(PILES))
def test_first_pile_size_before_any_gift(name: str) -> None:
    """Before a card is given the speculator sees the landlord's pile, empty, with its full size; others see none."""
    game = gift_game(name)
    landlord_pile, _ = PILES[name]
    spec = game.speculator
    for seat, gifts in enumerate(gifts_seen(game)):
        empty = {"seat": -1, "cards": "", "size": landlord_pile, "colours": COLOURS.get(name, "")}
        assert gifts == ([empty] if seat == spec else [])


@pytest.mark.parametrize("name", list(PILES))
def test_pile_sizes_part_way(name: str) -> None:
    """With the landlord's pile full and the first farmer pile opened, each pile says its own size."""
    game = gift_game(name)
    landlord_pile, farmer_pile = PILES[name]
    give(game, landlord_pile)
    view = part_view(game, game.speculator, SpeculatorView)
    data = observe(game, game.speculator).to_json()["parts"]["speculator"]
    assert [g["size"] for g in data["gifts"]] == [landlord_pile, farmer_pile]
    assert [len(cards) for _, cards in view.gifts] == [landlord_pile, 0]
    assert all(gifts == [] for seat, gifts in enumerate(gifts_seen(game)) if seat != game.speculator)


@pytest.mark.parametrize("name", list(PILES))
def test_pile_sizes_after_the_reveal(name: str) -> None:
    """Once the gifts are turned up every seat sees the same piles: G_L for the landlord, G_F for each farmer seat."""
    game = gift_game(name)
    landlord_pile, farmer_pile = PILES[name]
    while game.phase in (PhaseName.GIFT, PhaseName.BID):
        game.apply(game.legal_actions()[-1])
    seen = gifts_seen(game)
    assert all(gifts == seen[0] for gifts in seen)
    sizes = {g["seat"]: g["size"] for g in seen[0]}
    farmers = set(range(game.players)) - {game.landlord, game.speculator}
    assert sizes == {game.landlord: landlord_pile} | dict.fromkeys(farmers, farmer_pile)
    assert [len(cards) for _, cards in part_view(game, None, SpeculatorView).gifts] == [g["size"] for g in seen[0]]


@pytest.mark.parametrize(("name", "colours"), [("spec-4p3d-2c", ("5r5b", "2r2b")), ("spec-6p3d", ("", ""))])
def test_each_pile_names_its_colour_rule_on_the_two_colour_tables(name: str, colours: tuple[str, str]) -> None:
    """§15: on 4p3d-2c the landlord's pile is 5 red + 5 black and each farmer's 2 red + 2 black; elsewhere no rule."""
    game = gift_game(name)
    give(game, PILES[name][0] + 1)
    piles = observe(game, game.state.speculator).to_json()["parts"]["speculator"]["gifts"]
    assert [p["colours"] for p in piles] == list(colours)
