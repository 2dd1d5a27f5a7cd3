"""五人斗地主's secrecy (other-games.md §5.2 step 4, Q5.13): before the team is public no view, log, actor set or
list of actions of a seat depends on whether a hidden landlord exists or who it is, but for that seat's own
knowledge; the heuristic bot decides on its observation alone."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from helpers import part_view

from paiju.bots import make_bot
from paiju.cards import Card, face
from paiju.climbing import Deal, Game, Pass, PhaseName, observe
from paiju.climbing.views import FiveView
from paiju.policy import policy_of
from paiju.server.frames import auto_play, view_message
from paiju.variants import get_variant

FIVE = get_variant("five-player")


def _holder(deal: Deal, card: Card) -> int | str:
    """The seat holding ``card``, or ``"bottom"``."""
    return next((s for s, h in enumerate(deal.hands) if card in h), "bottom")


def _twin(deal: Deal) -> Card:
    """The marked card's other copy."""
    assert deal.marker is not None
    return next(c for h in (*deal.hands, deal.bottom) for c in h if face(c) == face(deal.marker) and c != deal.marker)


def _moved(deal: Deal, to: int) -> Deal:
    """The same deal with the twin swapped into seat ``to``'s hand for one of its cards that is no copy of the
    marked card: every other hand stays as it was."""
    twin, at = _twin(deal), _holder(deal, _twin(deal))
    if at == to:
        return deal
    piles = [list(h) for h in deal.hands] + [list(deal.bottom)]
    source = len(deal.hands) if at == "bottom" else int(at)
    assert deal.marker is not None
    given = next(c for c in piles[to] if face(c) != face(deal.marker))
    piles[source][piles[source].index(twin)] = given
    piles[to][piles[to].index(given)] = twin
    return replace(deal, hands=tuple(tuple(h) for h in piles[:-1]), bottom=tuple(piles[-1]))


def _public_course(game: Game, seat: int | None) -> list[Any]:
    """What ``seat`` sees from the identity step to the first lead, everyone declining: its view and its log at
    every step."""
    seen: list[Any] = []

    def look() -> None:
        seen.append(observe(game, seat).to_json())
        seen.append([e.to_json() for e in (x.visible_to(seat, game.facts()) for x in game.typed_events) if e])
        seen.append(sorted(game.actors()))

    look()
    while game.phase in (PhaseName.IDENTITY, PhaseName.DOUBLE):
        game.apply(Pass(), game.to_act)
        look()
    return seen


def _deals() -> list[Deal]:
    """Seeded deals with a hidden landlord."""
    deals = []
    for seed in range(60):
        game = Game(FIVE, seed)
        if game.state.five is not None and game.state.five.hidden is not None:
            deals.append(game.state.deal)
    return deals[:25]


@pytest.mark.parametrize("deal", _deals(), ids=lambda d: f"marker{d.marker}")
def test_five_player_views_are_identical_whether_or_not_a_hidden_landlord_exists(deal: Deal) -> None:
    """Q5.13 (ii): 「whose visible course is the same with or without L2」: a 2-vs-3 deal and the same deal with the
    twin in the public landlord's hand (1 vs 4) look the same to every other seat and to a spectator."""
    l1 = _holder(deal, deal.marker)  # type: ignore[arg-type]
    l2 = _holder(deal, _twin(deal))
    assert isinstance(l1, int) and isinstance(l2, int)
    alone = _moved(deal, l1)
    for seat in [s for s in range(5) if s not in (l1, l2)] + [None]:
        with_l2 = _public_course(Game(FIVE, 0, deals=[deal]), seat)
        without = _public_course(Game(FIVE, 0, deals=[alone]), seat)
        assert with_l2 == without, seat
    # The comparison sees a difference where there is one: the hidden landlord's own view.
    assert _public_course(Game(FIVE, 0, deals=[deal]), l2) != _public_course(Game(FIVE, 0, deals=[alone]), l2)


@pytest.mark.parametrize("deal", _deals()[:12], ids=lambda d: f"marker{d.marker}")
def test_five_player_views_are_identical_whoever_the_hidden_landlord_is(deal: Deal) -> None:
    """Q5.13 (b)(i)'s danger avoided: nothing tells the public landlord or a farmer who holds the twin."""
    l1 = _holder(deal, deal.marker)  # type: ignore[arg-type]
    l2 = _holder(deal, _twin(deal))
    other = next(s for s in range(5) if s not in (l1, l2))
    moved = _moved(deal, other)
    for seat in [s for s in range(5) if s not in (l2, other)] + [None]:
        assert _public_course(Game(FIVE, 0, deals=[deal]), seat) == _public_course(Game(FIVE, 0, deals=[moved]), seat)


@pytest.mark.parametrize("deal", _deals()[:8], ids=lambda d: f"marker{d.marker}")
def test_five_player_the_public_landlord_is_not_told_the_hidden_one(deal: Deal) -> None:
    """§5.2 step 4: 「L2 knows privately that they are the hidden landlord」: the public landlord's view names no
    hidden landlord; the hidden landlord's own view does."""
    game = Game(FIVE, 0, deals=[deal])
    l1, l2 = game.landlord, game.state.five.hidden  # type: ignore[union-attr]
    assert l1 is not None and l2 is not None
    mine = observe(game, l1)
    assert part_view(game, l1, FiveView).hidden is None and "hidden_landlord" not in json.dumps(mine.to_json())
    assert observe(game, l2).role(l2) == "hidden_landlord"
    assert all(observe(game, s).role(l2) == "farmer" for s in range(5) if s != l2)


def _poisoned(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` whose secrets ``seat`` cannot know are changed: the cards of every seat it cannot see
    dealt among them again, and (while hidden, and if it is not the hidden landlord) another hidden landlord."""
    twin = game.clone()
    state, five = twin.state, twin.state.five
    assert five is not None
    allies = {a for a, _ in part_view(game, seat, FiveView).ally_hands}
    others = [s for s in range(5) if s != seat and s not in allies]
    pool = [c for s in others for c in state.hands[s]]
    rng.shuffle(pool)
    for s in others:
        size = len(state.hands[s])
        state.hands[s], pool = pool[:size], pool[size:]
    state.refresh_counts()
    state.holdings.clear()
    if not five.known and seat != five.hidden:
        five.hidden = rng.choice([s for s in range(5) if s not in (seat, state.landlord)])
    return twin


@pytest.mark.parametrize("seed", range(6))
def test_five_player_heuristic_bot_decides_on_its_observation_alone(seed: int) -> None:
    """Changing what a seat cannot see (other hands, who the hidden landlord is) never changes the heuristic
    bot's choice for it."""
    rng = random.Random(seed)
    game = Game(FIVE, seed)
    bot = make_bot("heuristic", 0)
    steps = 0
    while not game.is_over and steps < 120:
        seat = min(game.actors())
        choice = bot.act(observe(game, seat))
        for _ in range(2):
            assert bot.act(observe(_poisoned(game, seat, rng), seat)) == choice
        game.apply(choice, seat)
        steps += 1


def test_five_player_identity_step_actors_and_actions_have_the_same_shape_for_every_seat() -> None:
    """Q5.13 (ii): every seat is an actor of the identity step; a farmer's choices are the same whatever the deal."""
    for deal in _deals()[:10]:
        game = Game(FIVE, 0, deals=[deal])
        assert game.actors() == frozenset(range(5)) and game.to_act == 0
        landlords = {game.landlord, game.state.five.hidden}  # type: ignore[union-attr]
        for seat in range(5):
            assert game.view(seat)["legal"] == (["reveal", "pass"] if seat in landlords else ["pass"])


def test_five_player_auto_play_flag_does_not_tell_who_has_answered_the_sealed_step() -> None:
    """Q5.13 (ii): 「whose visible course is the same with or without L2」 — a seat that answered, and a spectator,
    read the same ``auto_play`` whether the other person at the table has answered too or still decides (the
    server plays seats 2–4)."""
    bots = frozenset({2, 3, 4})
    fields = policy_of(Game(FIVE, 0)).frame_fields(Game(FIVE, 0))
    for deal in _deals()[:4]:
        flags = []
        for other_answered in (False, True):
            game = Game(FIVE, 0, deals=[deal])
            game.apply(Pass(), 0)
            if other_answered:
                game.apply(Pass(), 1)
            flags.append([view_message(game, seat, fields, deadline=None, counter=False, hand_number=1,
                                       automatic=bots).auto_play for seat in (0, None)])
        assert flags[0] == flags[1] == [False, False]
        assert auto_play(0, frozenset({2, 3, 4}), bots)  # what the engine's own actor set would have said
