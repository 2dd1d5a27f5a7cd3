"""The trick-taking family: 炒地皮 (other-games.md §7) — trumps, units, declaring and 抄底, tricks, levels."""

from paiju.trick.actions import Action, Bury, Declare, Pass, Play, action_text
from paiju.trick.hand import TrickHand
from paiju.trick.observation import TrickObservation, observe

__all__ = ["Action", "Bury", "Declare", "Pass", "Play", "TrickHand", "TrickObservation", "action_text", "observe"]
