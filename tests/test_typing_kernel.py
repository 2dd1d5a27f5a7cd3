"""The kernel is typed by each family's actions and observations: ``HandEngine[A, O]``, ``Family[H, A, O]`` and
``Bot[O, A]`` let mypy refuse one family's action handed to another family's hand, and a bot handed a table of the
wrong family, while each family's own hands, bots and registry record check clean."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: A snippet that uses every family as typed: each line marked ``# refused`` must be an error, and no other.
SNIPPET = """
from paiju.bots import Bot, play_out
from paiju.bots.heuristic import HeuristicBot
from paiju.bots.random_bot import RandomBot
from paiju.bots.trick_rule import RuleBot
from paiju.climbing import Action, Hand, Observation, Pass
from paiju.climbing.family import FAMILY
from paiju.engine import Family, HandEngine, family_of, parse_action
from paiju.trick import TrickHand, TrickObservation
from paiju.trick.actions import Action as TrickAction
from paiju.trick.actions import Pass as TrickPass
from paiju.variants import get_variant

hand = Hand(get_variant("classic"), 1)
trick = TrickHand(get_variant("chaodipi"), 1)
engine: HandEngine[Action, Observation] = hand
record: Family[Hand, Action, Observation] = FAMILY
climbing_bot: Bot[Observation, Action] = HeuristicBot()
trick_bot: Bot[TrickObservation, TrickAction] = RuleBot()
random_bot: Bot[Observation, Action] = RandomBot[Action]()
chosen: Action = climbing_bot.act(family_of(hand).observe(hand, 0))
hand.apply(chosen, 0)
typed: list[Action] = parse_action(hand, "p", 0)
play_out(hand, [climbing_bot, random_bot, HeuristicBot()])
play_out(trick, [RuleBot() for _ in range(4)])
text: str = family_of(trick).action_text(TrickPass())

hand.apply(TrickPass(), 0)  # refused
engine.push(TrickPass(), 0)  # refused
wrong: Bot[TrickObservation, TrickAction] = HeuristicBot()  # refused
play_out(hand, [RuleBot()])  # refused
family_of(hand).action_text(TrickPass())  # refused
family_of(trick).observe(hand, 0)  # refused
lost: list[TrickAction] = parse_action(hand, "p", 0)  # refused
other: Family[Hand, TrickAction, Observation] = FAMILY  # refused
trick.apply(Pass(), 0)  # refused
"""


def test_mypy_refuses_one_familys_action_or_bot_at_another_familys_hand(tmp_path: Path) -> None:
    """mypy --strict finds an error on each line that hands a trick action (or bot, or observation) to climbing's
    hand, family or bot, or the reverse, and none on the lines that use each family's own types."""
    if shutil.which("mypy", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("mypy is not installed in this environment")
    snippet = tmp_path / "kernel_types.py"
    snippet.write_text(SNIPPET, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--hide-error-context", str(snippet)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    lines = SNIPPET.splitlines()
    refused = {n for n, line in enumerate(lines, 1) if line.endswith("# refused")}
    found = {int(m) for m in re.findall(rf"{re.escape(snippet.name)}:(\d+): error", done.stdout)}
    assert refused and found == refused, done.stdout + done.stderr
