"""The family-neutral kernel: the hand protocol, sessions, the log and the registry of families."""

from paiju.engine.log import (
    FAMILY_KEY,
    LogError,
    family_header,
    game_log,
    load_log,
    log_family,
    log_rules,
    log_variant,
    replay,
    save_log,
)
from paiju.engine.protocol import Event, HandEngine, HandResult, Observation
from paiju.engine.registry import (
    CLIMBING,
    FAMILY_MODULES,
    Family,
    family,
    family_of,
    new_session,
    open_hand,
    parse_action,
    tables,
    variant_family,
)
from paiju.engine.report import FrameFields, HandTally, MatchStanding, Settlement, SettlementLine
from paiju.engine.session import NextHand, Session

__all__ = [
    "CLIMBING",
    "FAMILY_KEY",
    "FAMILY_MODULES",
    "Event",
    "Family",
    "FrameFields",
    "HandEngine",
    "HandResult",
    "HandTally",
    "LogError",
    "MatchStanding",
    "NextHand",
    "Observation",
    "Session",
    "Settlement",
    "SettlementLine",
    "family",
    "family_header",
    "family_of",
    "game_log",
    "load_log",
    "log_family",
    "log_rules",
    "log_variant",
    "new_session",
    "open_hand",
    "parse_action",
    "replay",
    "save_log",
    "tables",
    "variant_family",
]
