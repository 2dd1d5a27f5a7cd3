"""speculator.md §3 `previous`: a role that came from the previous hand shows no card, even when that seat holds it."""

from __future__ import annotations

from helpers import part_view

from paiju.climbing import Game, Give
from paiju.climbing.speculator import determination_card
from paiju.climbing.views import SpeculatorView
from paiju.variants import get_variant


def _holder_is_previous() -> Game:
    """A spec-3p1d hand whose speculator, chosen by the previous hand, also holds the determination card (7♣)."""
    variant = get_variant("spec-3p1d")
    for seed in range(500):
        game = Game(variant, seed, 0, previous=seed % 3)
        event = next((e for e in game.events if e["type"] == "speculator"), None)
        if event is not None and event["holder"] == event["seat"]:
            return game
    raise AssertionError("no seed deals the card to the previous first-out seat")


def test_speculator_from_the_previous_hand_shows_no_determination_card() -> None:
    """§3: "the speculator of each hand after the first is whichever of the previous hand's landlord(s) and
    farmers went out first" — no card chose it, so no seat's view names one (it would say who holds 7♣)."""
    game = _holder_is_previous()
    event = next(e for e in game.events if e["type"] == "speculator")
    assert event["card"] is None and game.state.spec.determination is None
    assert all(part_view(game, seat, SpeculatorView).determination is None for seat in (None, 0, 1, 2))


def test_speculator_from_the_previous_hand_may_give_the_card_it_happens_to_hold() -> None:
    """§4: a gift may not contain "the determination card" — there is none when the role came from the previous
    hand, so the 7♣ the speculator holds may be given like any other card (unless it is its highest rank)."""
    game = _holder_is_previous()
    seven = determination_card(game.variant, game.state.bottom, ())
    assert seven in game.hands[game.speculator] and game.to_act == game.speculator
    assert Give(seven) in game.legal_actions()
