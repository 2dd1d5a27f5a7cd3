"""Typed events: one frozen value per kind, whose JSON is the log's format, and what each seat may see of it."""

from paiju.climbing.events.base import ACTION_KINDS, Event, Facts, event_from_json
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
from paiju.climbing.events.emperor import ReturnEvent
from paiju.climbing.events.five import DoubleEvent, IdentityEvent, IdentityKeptEvent, MarkedLandlordEvent, TeamEvent
from paiju.climbing.events.open import GrabEvent, OpenEvent, OpenStartEvent, WildEvent
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
