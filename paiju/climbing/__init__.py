"""The Dou Dizhu-family engine: one hand as a state machine, views, logs and sessions. The views (``Observation``,
``observe``, ``forced_pass_shown``) are imported when first read: bots that read only their legal lists make none."""

from typing import TYPE_CHECKING

from paiju.climbing.actions import (
    Action,
    Alone,
    Bid,
    Declare,
    Double,
    Give,
    Grab,
    Open,
    Partner,
    Pass,
    Play,
    Return,
    Reveal,
    action_text,
)
from paiju.climbing.hand import Hand
from paiju.climbing.hand import Hand as Game
from paiju.climbing.log import LogError, game_log, load_log, replay, save_log
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.session import Session
from paiju.climbing.state import Deal, PlayRecord, Result

if TYPE_CHECKING:
    from paiju.climbing.observation import Observation, forced_pass_shown, observe

__all__ = [
    "Action",
    "Alone",
    "Bid",
    "Declare",
    "Double",
    "Grab",
    "Open",
    "Deal",
    "Give",
    "Game",
    "Hand",
    "LogError",
    "Observation",
    "Partner",
    "Pass",
    "Play",
    "PhaseName",
    "PlayRecord",
    "Result",
    "Return",
    "Reveal",
    "Session",
    "action_text",
    "forced_pass_shown",
    "game_log",
    "load_log",
    "observe",
    "replay",
    "save_log",
]


def __getattr__(name: str) -> object:
    """A name of the views (``paiju.climbing.observation``), imported when first read."""
    if name in ("Observation", "forced_pass_shown", "observe"):
        from paiju.climbing import observation

        return getattr(observation, name)
    raise AttributeError(f"module 'paiju.climbing' has no attribute {name!r}")
