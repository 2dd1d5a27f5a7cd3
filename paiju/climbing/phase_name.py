"""The phases of a Dou Dizhu-family hand, by name; the values are the strings views and logs hold."""

from __future__ import annotations

from paiju.variants.options import TextEnum

__all__ = ["PhaseName"]


class PhaseName(TextEnum):
    """Where a hand stands: 明牌开始 before the deal, speculator gifts, auction, 抢地主, the landlord's 明牌,
    斗帝主's choice of bottom cards, naming the small landlord, declaring, 五人斗地主's identity step (亮出身份) and 加倍 round, play, over."""

    OPEN_START = "open_start"
    GIFT = "gift"
    BID = "bid"
    GRAB = "grab"
    CHOOSE = "choose"
    OPEN = "open"
    PARTNER = "partner"
    DECLARE = "declare"
    IDENTITY = "identity"
    DOUBLE = "double"
    PLAY = "play"
    OVER = "over"
