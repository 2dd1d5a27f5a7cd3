"""Typed events: one frozen value per kind, whose JSON is the log's format, and what each seat may see of it.

The events of some tables only (癞子's ``open``, 五人斗地主's ``five``, 斗帝主's ``emperor``) are imported when their
table's phases first make one, a name of theirs is first read from here, or a log entry of theirs is first read: a
table's start-up loads its own events and no other table's."""

import importlib
from typing import TYPE_CHECKING, Any

from paiju.climbing.events import base
from paiju.climbing.events.base import ACTION_KINDS, Event, Facts
from paiju.climbing.events.deal import (
    BidEvent,
    DealEvent,
    GiveEvent,
    InstantWinEvent,
    LandlordEvent,
    PassEvent,
    RedealEvent,
    RetreatEvent,
    RevealEvent,
    SpeculatorEvent,
)
from paiju.climbing.events.play import (
    AloneEvent,
    DeclareEvent,
    EndEvent,
    NoPartnerEvent,
    OutEvent,
    PartnerEvent,
    PartnerKnownEvent,
    PartnerRefusedEvent,
    PlayEvent,
    SmallLandlordEvent,
)

if TYPE_CHECKING:
    from paiju.climbing.events.emperor import ReturnEvent
    from paiju.climbing.events.five import DoubleEvent, IdentityEvent, IdentityKeptEvent, MarkedLandlordEvent, TeamEvent
    from paiju.climbing.events.open import GrabEvent, OpenEvent, OpenStartEvent, WildEvent

#: Each name of a table's own events, by the module (under ``paiju.climbing.events``) that holds it.
_LATER = {
    "ReturnEvent": "emperor",
    **dict.fromkeys(("DoubleEvent", "IdentityEvent", "IdentityKeptEvent", "MarkedLandlordEvent", "TeamEvent"), "five"),
    **dict.fromkeys(("GrabEvent", "OpenEvent", "OpenStartEvent", "WildEvent"), "open"),
}

__all__ = [
    "ACTION_KINDS",
    "AloneEvent",
    "BidEvent",
    "DealEvent",
    "DeclareEvent",
    "DoubleEvent",
    "EndEvent",
    "Event",
    "Facts",
    "GiveEvent",
    "GrabEvent",
    "IdentityEvent",
    "IdentityKeptEvent",
    "InstantWinEvent",
    "LandlordEvent",
    "MarkedLandlordEvent",
    "NoPartnerEvent",
    "OpenEvent",
    "OpenStartEvent",
    "OutEvent",
    "PartnerEvent",
    "PartnerKnownEvent",
    "PartnerRefusedEvent",
    "PassEvent",
    "PlayEvent",
    "RedealEvent",
    "ReturnEvent",
    "RetreatEvent",
    "RevealEvent",
    "SmallLandlordEvent",
    "SpeculatorEvent",
    "TeamEvent",
    "WildEvent",
    "event_from_json",
]


def __getattr__(name: str) -> object:
    """A table's own event class, its module imported when first read."""
    if name in _LATER:
        return getattr(importlib.import_module(f"paiju.climbing.events.{_LATER[name]}"), name)
    raise AttributeError(f"module 'paiju.climbing.events' has no attribute {name!r}")


def event_from_json(data: dict[str, Any]) -> Event:
    """The typed event a log entry records (``ValueError`` for an unknown type); a type of a table whose events are
    not imported yet imports them first."""
    try:
        return base.event_from_json(data)
    except ValueError:
        for module in sorted(set(_LATER.values())):
            importlib.import_module(f"paiju.climbing.events.{module}")
        return base.event_from_json(data)
