"""The phases of a Dou Dizhu-family hand, by name; the values are the strings views and logs hold."""

from __future__ import annotations

from paiju.variants.options import TextEnum

__all__ = ["PhaseName"]


class PhaseName(TextEnum):
    """Where a hand stands: speculator gifts, auction, naming the small landlord, declaring, play, over."""

    GIFT = "gift"
    BID = "bid"
    PARTNER = "partner"
    DECLARE = "declare"
    PLAY = "play"
    OVER = "over"
