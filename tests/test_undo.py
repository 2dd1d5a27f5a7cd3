"""``push`` and ``pop``: a hand walked down and back up by taking actions back is, at every step, exactly the hand it
was — every field of its state, every seat's view, every legal list — on every registered table."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from paiju.climbing import Hand
from paiju.engine import HandEngine, open_hand
from paiju.errors import IllegalMoveError
from paiju.variants import REGISTRY, get_variant


def _seen(game: HandEngine) -> tuple[Any, ...]:
    """Everything a hand holds and shows: its state's compared fields (the RNG by its position), the events, each
    seat's view and each actor's legal list."""
    events = list(game.events)  # first: reading them may turn the log's records into events in place; a copy: it grows
    state = game.state  # type: ignore[attr-defined]
    fields = {
        f.name: v.getstate() if isinstance(v := getattr(state, f.name), random.Random) else repr(v)
        for f in dataclasses.fields(state)
        if f.compare
    }
    seats = range(game.variant.players)
    legal = {s: repr(game.legal_actions(s)) for s in sorted(game.actors())}
    return fields, events, [game.view(s) for s in seats], legal


def _walk(game: HandEngine, rng: random.Random) -> int:
    """Play ``game`` out by ``push`` (trying another action first and taking it back at every step), checking that
    each ``pop`` on the way back up gives the hand seen before that action; the number of actions walked."""
    trail = []
    while actors := sorted(game.actors()):
        seat = rng.choice(actors)
        legal = game.legal_actions(seat)
        before = _seen(game)
        if len(legal) > 1:
            game.push(rng.choice(legal), seat)
            game.pop()
            assert _seen(game) == before
        trail.append(before)
        game.push(rng.choice(legal), seat)
    assert game.is_over
    for before in reversed(trail):
        game.pop()
        assert _seen(game) == before
    with pytest.raises(IndexError, match="no action to take back"):
        game.pop()
    return len(trail)


@pytest.mark.parametrize("table", sorted(REGISTRY))
def test_pop_takes_back_every_action_of_a_whole_hand(table: str) -> None:
    """Every action of a hand, bids, gifts, plays, passes and the last play that settles it, is taken back exactly."""
    walked = sum(_walk(open_hand(REGISTRY[table], seed), random.Random(seed)) for seed in range(2))
    assert walked > 2 * REGISTRY[table].players


@pytest.mark.slow
@pytest.mark.parametrize("table", sorted(REGISTRY))
def test_pop_takes_back_every_action_over_many_hands(table: str) -> None:
    """The same walk over 10 more hands of each table."""
    for seed in range(2, 12):
        _walk(open_hand(REGISTRY[table], seed), random.Random(seed))


def test_a_hand_played_on_after_pop_plays_as_one_never_pushed() -> None:
    """Actions taken back leave no trace: the hand goes on to the same end as a clone that never took them."""
    game = Hand(get_variant("spec-4p2d"), 11)
    twin = game.clone()
    rng = random.Random(3)
    while not game.is_over:
        seat = game.to_act
        legal = game.legal_actions(seat)
        for _ in range(3):
            game.push(rng.choice(legal), seat)
            game.pop()
        action = legal[len(legal) // 2]
        game.apply(action, seat)
        twin.apply(twin.legal_actions(seat)[len(legal) // 2], seat)
    assert game.result == twin.result and game.events == twin.events


def test_an_illegal_push_changes_nothing_and_leaves_nothing_to_pop() -> None:
    """A refused action is not applied, so there is nothing to take back."""
    game = Hand(get_variant("classic"), 5)
    before = _seen(game)
    other = (game.to_act + 1) % game.players
    with pytest.raises(IllegalMoveError):
        game.push(game.legal_actions()[0], other)
    assert _seen(game) == before
    with pytest.raises(IndexError, match="no action to take back"):
        game.pop()


def test_a_clone_takes_back_nothing_its_original_pushed() -> None:
    """A clone starts with nothing to take back; popping the original leaves the clone as it is."""
    game = Hand(get_variant("classic"), 6)
    game.push(game.legal_actions()[0])
    twin = game.clone()
    with pytest.raises(IndexError):
        twin.pop()
    after = _seen(twin)
    game.pop()
    assert _seen(twin) == after and _seen(game) != after
