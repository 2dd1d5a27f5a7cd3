"""A seat's log during a hand ("copy this game") keeps what that seat may not know out of it."""

from __future__ import annotations

from paiju.bots import make_bot
from paiju.climbing import Game, observe
from paiju.server.history import redacted_log
from paiju.variants import get_variant


def _until_partner_named(seed: int) -> Game:
    """A spec-6p3d hand played by bots until the small landlord is named (and not yet known)."""
    variant = get_variant("spec-6p3d")
    bots = [make_bot("heuristic", seed + s) for s in range(variant.players)]
    for attempt in range(40):
        game = Game.new(variant, seed=seed + attempt)
        while not game.is_over and game.phase != "declare":
            game.apply(bots[game.to_act].act(observe(game, game.to_act)), game.to_act)
        if game.phase == "declare" and game.state.small_landlord is not None:
            return game
    raise AssertionError("no hand named a small landlord")


def test_seat_log_hides_the_small_landlord_until_it_is_known() -> None:
    """speculator.md §7: 'Until it declares or plays the partner card, the small landlord's identity is
    hidden from every other seat, the landlord included' — the seat's log says so too."""
    game = _until_partner_named(7)
    small = game.state.small_landlord
    assert small is not None and game.landlord is not None
    names = [f"p{s}" for s in range(game.players)]
    for seat in (game.landlord, None, *[s for s in range(game.players) if s not in (small, game.landlord)]):
        events = [e for e in redacted_log(game, seat, names)["events"] if e["type"] == "small_landlord"]
        assert events == [{"type": "small_landlord", "seat": None, "card": None}], seat
    own = [e for e in redacted_log(game, small, names)["events"] if e["type"] == "small_landlord"]
    assert own and own[0]["seat"] == small and own[0]["card"] == game.state.partner.card
