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
    "EndEvent",
    "Event",
    "Facts",
    "GiveEvent",
    "GrabEvent",
    "InstantWinEvent",
    "LandlordEvent",
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
    "RetreatEvent",
    "RevealEvent",
    "SmallLandlordEvent",
    "SpeculatorEvent",
    "WildEvent",
    "event_from_json",
]
