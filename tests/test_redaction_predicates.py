"""Each hidden-card rule is stated once: an event's ``visible_to`` and the seat's view ask the same predicate of
``Facts``, so a rule made stricter hides the cards from both (here: made to hide always)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from helpers import part_of

from paiju.bots import make_bot
from paiju.cards import Suit, card_rank, deck_cards, make_card
from paiju.climbing import Deal, Game, Open, Pass, observe
from paiju.climbing.events import Facts
from paiju.climbing.observation import Observation
from paiju.climbing.views import OpenView, PartnerView, SpeculatorView
from paiju.variants import get_variant
from paiju.variants.files import load_variant_toml


def _until(game: Game, done: Callable[[Game], bool]) -> Game:
    """``game`` played by heuristic bots until ``done``."""
    bots = [make_bot("heuristic", s) for s in range(game.players)]
    while not done(game):
        seat = min(game.actors())
        game.apply(bots[seat].act(observe(game, seat)), seat)
    return game


def _bid_over(game: Game) -> bool:
    return game.state.phase.value == "play"


def _classic() -> tuple[Game, int]:
    game = _until(Game.new(get_variant("classic"), seed=1), _bid_over)
    assert game.state.landlord is not None
    return game, game.state.landlord


def _marker() -> tuple[Game, int]:
    game = Game.new(get_variant("classic"), seed=1)
    return game, 1


def _open_hand() -> tuple[Game, int]:
    game = Game.new(get_variant("laizi"), seed=3)
    for seat in range(game.players):
        game.apply(Open() if seat == 0 else Pass(), seat)
    return game, 1


def _gift() -> tuple[Game, int]:
    game = _until(Game.new(get_variant("spec-4p1d"), seed=2), lambda g: any(e.kind == "give" for e in g.typed_events))
    assert game.state.spec is not None and game.state.phase.value == "gift"
    return game, game.state.spec.seat


def _retreat() -> tuple[Game, int]:
    house = load_variant_toml('inherits = "spec-5p3d"\nname = "house-5p3d"\n[speculator]\nretreat = 9\n')
    marked = make_card(4, Suit.CLUBS, 0)
    chosen = [marked] + [c for c in deck_cards(3) if card_rank(c) == 6][:9]  # the speculator's 7c and nine 9s
    rest = [c for c in deck_cards(3) if c not in chosen]
    spec_hand, rest = chosen + rest[: 31 - len(chosen)], rest[31 - len(chosen) :]
    hands = [rest[0:31], spec_hand] + [rest[31 * (i + 1) : 31 * (i + 2)] for i in range(3)]
    deal = Deal(tuple(tuple(h) for h in hands), tuple(rest[124:]), None, (), (), (0, 1, 2))
    return _until(Game(house, 5, deals=[deal]), _bid_over), 0


def _small_landlord() -> tuple[Game, int]:
    game = _until(Game.new(get_variant("spec-6p3d"), seed=2), lambda g: any(e.kind == "small_landlord" for e in g.typed_events))
    small = game.state.small_landlord
    assert small is not None
    return game, small


def _dealt_hand(event: Any) -> Any:
    return event.hands[0]


#: (the predicate, the position, the event's kind, what the event shows, what the view shows)
RULES: list[tuple[str, Callable[[], tuple[Game, int]], str, Callable[[Any], Any], Callable[[Observation], Any]]] = [
    ("sees_bottom", _classic, "landlord", lambda e: e.bottom, lambda v: v.bottom),
    ("sees_marker", _marker, "deal", lambda e: e.marker, lambda v: v.marker),
    ("sees_hand", _open_hand, "deal", _dealt_hand, lambda v: part_of(v, OpenView).open_hands),
    ("sees_gift", _gift, "give", lambda e: e.card, lambda v: part_of(v, SpeculatorView).gifts),
    ("sees_retreated_hand", _retreat, "retreat", lambda e: e.hand, lambda v: part_of(v, SpeculatorView).retreated_hand),
    ("sees_small_landlord", _small_landlord, "small_landlord", lambda e: e.seat, lambda v: part_of(v, PartnerView).small_landlord),
]


@pytest.mark.parametrize(("predicate", "position", "kind", "in_event", "in_view"), RULES, ids=[r[0] for r in RULES])
def test_the_event_and_the_view_read_one_predicate_per_hidden_card_rule(
    monkeypatch: pytest.MonkeyPatch,
    predicate: str,
    position: Callable[[], tuple[Game, int]],
    kind: str,
    in_event: Callable[[Any], Any],
    in_view: Callable[[Observation], Any],
) -> None:
    game, seat = position()
    event = next(e for e in reversed(game.typed_events) if e.kind == kind)
    shown = event.visible_to(seat, game.facts())
    assert shown is not None and in_event(shown) is not None and in_view(observe(game, seat)), "the rule shows it"
    monkeypatch.setattr(Facts, predicate, lambda self, *args: False)
    hidden = event.visible_to(seat, game.facts())
    assert hidden is not None and in_event(hidden) is None
    assert not in_view(observe(game, seat))
