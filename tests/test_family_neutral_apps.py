"""The bots, simulate and the terminal play a family whose seats act at once (``tests/vote_family.py``) through
the kernel alone: the person acts when it is among the seats to act, bots act for theirs."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from paiju.bots import make_bot, play_out
from paiju.engine import FAMILY_MODULES, load_log, new_session, replay
from paiju.policy import POLICY_MODULES
from paiju.simulate import simulate
from paiju.terminal import LOOKS, play_terminal, show_replay
from tests.vote_family import VOTE_TABLE


@pytest.fixture(autouse=True)
def _vote_family(monkeypatch: pytest.MonkeyPatch) -> None:
    """The made-up family, and its look in the terminal, are known for these tests only."""
    monkeypatch.setitem(FAMILY_MODULES, "vote", "tests.vote_family")
    monkeypatch.setitem(POLICY_MODULES, "vote", "tests.vote_family")
    monkeypatch.setitem(LOOKS, "vote", "tests.vote_family")


def _console(answers: list[str]) -> tuple[Console, io.StringIO]:
    """A console that records what it prints and answers each prompt with the next of ``answers``."""
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    replies = iter(answers)
    console.input = lambda prompt="": next(replies)  # type: ignore[method-assign]
    return console, out


def test_play_out_lets_every_seat_to_act_play() -> None:
    """play_out plays each seat of a decision open to all, until the hand is over."""
    hand = new_session(VOTE_TABLE, 3).game
    result = play_out(hand, [make_bot("random", s, "vote") for s in range(3)])
    assert hand.is_over and [e["seat"] for e in hand.events] == [0, 1, 2] and len(result.scores) == 3


def test_a_bot_of_one_family_is_not_made_for_another() -> None:
    """The heuristic bot plays climbing hands only; the random bot plays any family's."""
    with pytest.raises(ValueError, match="unknown bot 'heuristic'; known bots: random"):
        make_bot("heuristic", 1, "vote")
    assert make_bot("random", 1, "vote").name == "random"


def test_simulate_counts_roles_by_the_familys_tally() -> None:
    """simulate plays the family's session and files every seat under the role its tally names."""
    report = simulate(VOTE_TABLE, 4, ["random"] * 3, seed=2)
    assert report.roles["voter"].hands == 12 and report.redeals == 0


def test_the_person_votes_first_then_the_bots_in_seat_order(tmp_path: Path) -> None:
    """All seats vote at once: the person at seat 1 is asked first (a vote it may not cast is refused in the
    family's words), then the bots vote, seat 0 before seat 2; the saved log replays and the family's look shows it."""
    console, out = _console(["maybe", "yes"])
    saved = play_terminal(VOTE_TABLE, 5, 1, ["random"], console, tmp_path / "vote.json", hands=1)
    lines = out.getvalue().splitlines()
    votes = [line for line in lines if " votes " in line]
    assert [v.split(" votes ")[0] for v in votes] == ["you (seat 1)", "random 0", "random 2"]
    assert "still voting: [0, 1, 2]" in lines and "vote yes or no" in lines
    hand = replay(load_log(saved[0]))
    assert hand.is_over and hand.events[0] == {"type": "vote", "seat": 1, "vote": "yes"}
    shown, text = _console([])
    show_replay(shown, load_log(saved[0]), hand)
    assert "you (seat 1) votes yes" in text.getvalue()
