"""The phase pipeline: a phase is added by listing it in a ``Pipeline``; a decision may be open to several
seats at once, and every consumer of ``actors()`` (the driver, views, bots) works with the set."""

from __future__ import annotations

import pytest

from paiju.bots import make_bot, play_out
from paiju.climbing import Action, Bid, Declare, Game, Pass, PhaseName, observe
from paiju.climbing.events import DeclareEvent, LandlordEvent, PassEvent
from paiju.climbing.phases import CONTINUE, DONE, Pipeline, Step, pipeline
from paiju.climbing.phases.emperor import ChooseBottom
from paiju.climbing.phases.five import Doubling
from paiju.climbing.phases.laizi import GrabRound, OpenLandlord, OpenStart, WildDraw
from paiju.climbing.phases.step import AtOnce
from paiju.climbing.state import Factor, HandState
from paiju.errors import IllegalMoveError
from paiju.variants import Variant, get_variant

CLASSIC = get_variant("classic")


class EveryFarmerDoubles(AtOnce):
    """A test phase, a decision several seats take at once (``AtOnce``): once the landlord has its bottom, both
    farmers decide at once whether to double (×2 each); play starts when both have answered, in whichever order."""

    name = PhaseName.DECLARE

    def enter(self, state: HandState) -> Step:
        """Open the decision to every farmer."""
        state.phase = PhaseName.DECLARE
        return CONTINUE

    def actors(self, state: HandState) -> frozenset[int]:
        """The farmers that have not answered yet."""
        answered = {e.seat for e in state.events[self._start(state) :] if isinstance(e, (PassEvent, DeclareEvent))}
        return frozenset(s for s in range(state.players) if s != state.landlord and s not in answered)

    def legal(self, state: HandState, seat: int) -> list[Action]:
        """Double, or not."""
        return [Pass(), Declare()]

    def explain(self, state: HandState, seat: int, action: Action) -> str:
        """Only a pass or a double answers."""
        return "double (declare) or pass"

    def apply(self, state: HandState, seat: int, action: Action) -> Step:
        """Record the answer; the phase is over when every farmer has answered."""
        if isinstance(action, Declare):
            state.stake.factors.append(Factor.DECLARED)
            state.events.append(DeclareEvent(seat))
        else:
            state.events.append(PassEvent(seat))
        return DONE if not self.actors(state) else CONTINUE

    @staticmethod
    def _start(state: HandState) -> int:
        """Where this phase's answers begin in the log: after the landlord took the bottom."""
        return max(i for i, e in enumerate(state.events) if isinstance(e, LandlordEvent))


def doubling_hand(seed: int = 3) -> Game:
    """A classic hand whose pipeline has the test phase between taking the bottom and the play."""
    table = pipeline(CLASSIC)
    *before, play = table.phases
    return Game(CLASSIC, seed, phases=Pipeline((*before, EveryFarmerDoubles(), play), table.settle))


def to_doubling(g: Game) -> tuple[int, int]:
    """Bid the hand to its landlord (the first bidder bids 3) and return the two farmers."""
    g.apply(g.legal_actions()[-1])
    assert g.phase == PhaseName.DECLARE and g.landlord is not None
    first, second = sorted(s for s in range(3) if s != g.landlord)
    return first, second


def test_a_phase_may_be_open_to_two_seats_at_once() -> None:
    """Both farmers are actors together; each may act, in either order; the landlord may not."""
    g = doubling_hand()
    first, second = to_doubling(g)
    assert g.actors() == {first, second}
    assert g.legal_actions(first) == g.legal_actions(second) == [Pass(), Declare()]
    assert g.legal_actions(g.landlord) == []
    with pytest.raises(IllegalMoveError, match=f"it is seat {first} and seat {second}'s turn"):
        g.apply(Pass(), g.landlord)
    g.apply(Declare(), second)
    assert g.actors() == {first}
    g.apply(Declare(), first)
    assert g.phase == PhaseName.PLAY and g.actors() == {g.landlord}
    assert g.state.stake.multiplier == 4


def test_every_actor_sees_its_turn_in_its_view() -> None:
    """Views' "my turn" and legal actions follow the set: both farmers are told to act, the landlord is not."""
    g = doubling_hand()
    first, second = to_doubling(g)
    for seat in (first, second):
        view = observe(g, seat)
        assert view.is_my_turn and view.legal == (Pass(), Declare())
        assert view.to_json()["actors"] == [first, second]
    landlord_view = observe(g, g.landlord)
    assert not landlord_view.is_my_turn and landlord_view.legal == ()
    assert not observe(g, None).is_my_turn


def test_a_refused_action_of_one_actor_leaves_the_other_free_to_act() -> None:
    """An illegal action by one actor changes nothing; the other still acts."""
    g = doubling_hand()
    first, second = to_doubling(g)
    before = list(g.events)
    with pytest.raises(IllegalMoveError, match="double"):
        g.apply(Bid(2), first)
    assert g.events == before and g.actors() == {first, second}
    g.apply(Pass(), first)
    assert g.actors() == {second}


def test_bots_play_a_hand_with_a_simultaneous_phase_to_the_end() -> None:
    """``play_out`` serves every seat among the actors."""
    for seed in range(5):
        g = doubling_hand(seed)
        result = play_out(g, [make_bot("heuristic", seed + s) for s in range(3)])
        assert sum(result.scores) == 0
        assert any(e["type"] in ("declare", "pass") for e in g.events)


def test_a_clone_acts_alone() -> None:
    """A clone taken with two actors pending goes its own way."""
    g = doubling_hand()
    first, second = to_doubling(g)
    twin = g.clone()
    twin.apply(Declare(), first)
    assert g.actors() == {first, second} and twin.actors() == {second}


def _phase_kinds(variant: Variant) -> set[type]:
    return {type(p) for p in pipeline(variant).phases}


@pytest.mark.parametrize(
    ("table", "switch", "phase"),
    [
        ("laizi", "open_start", OpenStart),
        ("laizi", "grab_round", GrabRound),
        ("laizi", "open_landlord", OpenLandlord),
        ("laizi", "wild_rank", WildDraw),
        ("dou-dizhu-emperor", "bottom_choice", ChooseBottom),
        ("five-player", "seat_doubles", Doubling),
    ],
)
def test_a_phase_the_table_switches_off_is_left_out_of_the_pipeline(table: str, switch: str, phase: type) -> None:
    """``pipeline`` alone reads a table's switches: with the switch on the phase is listed, with it off it is not
    there at all (rather than listed and standing aside when entered)."""
    on = get_variant(table).with_changes(**{switch: True})
    off = on.with_changes(**{switch: False})
    assert phase in _phase_kinds(on)
    assert phase not in _phase_kinds(off)


def test_every_hand_of_a_table_runs_on_the_same_phases_and_each_keeps_its_own_state() -> None:
    """A table's phases are chosen once (a simulation deals thousands of hands): two hands share them, and playing
    one to the end leaves the other where it stands (the phases keep nothing of a hand)."""
    first, second = Game(CLASSIC, 1), Game(CLASSIC, 2)
    assert first._pipeline is second._pipeline
    def where(g: Game) -> tuple[object, ...]:
        return g.phase, g.to_act, list(g.legal_actions()), [list(h) for h in g.hands]

    before = where(second)
    play_out(first, [make_bot("random", s) for s in range(3)])
    assert first.result is not None and second.result is None
    assert where(second) == before


def test_a_laizi_table_without_its_grab_round_plays_to_the_end_without_one() -> None:
    """A 癞子 table with 抢地主 switched off: no grab is ever asked, and bots finish its hands with scores summing to
    zero (the pipeline without the phase still holds together)."""
    table = get_variant("laizi").with_changes(grab_round=False)
    for seed in range(3):
        g = Game(table, seed)
        result = play_out(g, [make_bot("heuristic", seed + s) for s in range(3)])
        assert sum(result.scores) == 0
        assert not any(e["type"] == "grab" for e in g.events)
