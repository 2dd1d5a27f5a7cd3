"""``play_out``'s loop in C: a climbing hand takes the play's turns of bots that read only their legal list itself
(``Hand.play_picks``, ``_turn.play_picks``), and every hand so played is the hand the Python loop plays."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from paiju.bots import AnyBot, make_bot, play_out
from paiju.climbing import Game
from paiju.climbing.actions import Action, Bid
from paiju.climbing.compiled import TURN
from paiju.climbing.phase_name import PhaseName
from paiju.errors import IllegalMoveError
from paiju.variants import REGISTRY

pytestmark = pytest.mark.skipif(TURN is None, reason="the compiled turn is not built here")

#: Tables with a compiled turn (every seat plain), and two without one, where the loop is the Python one throughout.
TABLES = ("classic", "two-player", "four-player", "spec-5p3d", "laizi")


class Last:
    """A bot that reads only its legal list and takes its last action (bombs and rockets often: turns the compiled
    turn leaves to ``Hand.apply``)."""

    name = "last"

    def pick(self, legal: Sequence[Action]) -> Action:
        """The last of ``legal``."""
        return legal[-1]

    def act(self, obs: object) -> Action:
        """Not asked: ``play_out`` gives this bot its legal list."""
        raise AssertionError("a bot that reads only its legal list is given no view")


def _bots(kind: str, players: int, seed: int) -> list[AnyBot]:
    """``random`` in every seat, ``last`` in every seat, or ``mixed``: the heuristic bot (it reads views) in seat 0,
    ``last`` in seat 1 and random bots in the others."""
    if kind == "last":
        return [Last() for _ in range(players)]
    bots = [make_bot("random", seed * 16 + s) for s in range(players)]
    if kind == "mixed":
        bots[0], bots[1] = make_bot("heuristic", seed), Last()
    return bots


def _played(table: str, seed: int, kind: str) -> tuple[object, ...]:
    """A hand of ``table`` played to the end by ``kind``'s bots: its events, result and last state."""
    game = Game.new(REGISTRY[table], seed=seed)
    result = play_out(game, _bots(kind, game.players, seed))
    return game.events, result, game.state.hands, game.state.play.plays, game.is_over


@pytest.mark.parametrize("table", TABLES)
def test_bots_given_their_legal_list_play_the_same_hands_through_the_compiled_loop(
    table: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random bots, bots that play their last action and a table mixing them with one that reads views play every
    hand alike with the compiled loop and with the Python loop alone."""
    kinds = [(seed, kind) for seed in range(6) for kind in ("random", "last", "mixed")]
    got = [_played(table, seed, kind) for seed, kind in kinds]
    monkeypatch.delattr(Game, "play_picks")
    assert got == [_played(table, seed, kind) for seed, kind in kinds]


def test_a_hand_of_random_bots_is_played_without_the_python_loop_asking_for_its_play_turns() -> None:
    """At the classic table, the Python loop lists legal actions for the auction's turns only: the play's, every one
    but the seats' last cards and bombs, are listed and taken in C."""
    game = Game.new(REGISTRY["classic"], seed=3)
    asked: list[PhaseName] = []
    listed = game.legal_actions

    def counted(seat: int | None = None) -> Sequence[Action]:
        asked.append(game.phase)
        return listed(seat)

    game.legal_actions = counted  # type: ignore[method-assign]
    play_out(game, [make_bot("random", s) for s in range(3)])
    plays = sum(e["type"] in ("play", "pass") for e in game.events)
    assert plays > 10 and asked.count(PhaseName.PLAY) < 4, asked


def test_a_pick_that_fails_or_is_not_legal_stops_the_compiled_loop_as_it_stops_the_python_one() -> None:
    """An error in a bot's pick comes out of ``play_out``; an action not in the list is refused with the reason, and
    the hand is left as it was."""

    class Failing(Last):
        def pick(self, legal: Sequence[Action]) -> Action:
            raise RuntimeError("no pick")

    class Bidding(Last):
        def pick(self, legal: Sequence[Action]) -> Action:
            return Bid(3)

    for bot, error in ((Failing(), RuntimeError), (Bidding(), IllegalMoveError)):
        game = Game.new(REGISTRY["classic"], seed=4)
        while game.phase is not PhaseName.PLAY:
            seat = min(game.actors())
            game.apply(game.legal_actions(seat)[-1], seat)  # the highest bid: no redeal
        before = (game.events, [list(h) for h in game.hands], game.to_act)
        with pytest.raises(error):
            play_out(game, [bot] * 3)
        assert (game.events, [list(h) for h in game.hands], game.to_act) == before
