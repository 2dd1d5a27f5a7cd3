"""The family-neutral kernel: the hand protocol, sessions, the log's family and the registry of families."""

from paiju.engine.log import FAMILY_KEY, family_header, log_family, replay
from paiju.engine.protocol import HandEngine, HandResult
from paiju.engine.registry import CLIMBING, Family, family, open_hand, parse_action, variant_family
from paiju.engine.session import NextHand, Session

__all__ = [
    "CLIMBING",
    "FAMILY_KEY",
    "Family",
    "HandEngine",
    "HandResult",
    "NextHand",
    "Session",
    "family",
    "family_header",
    "log_family",
    "open_hand",
    "parse_action",
    "replay",
    "variant_family",
]
