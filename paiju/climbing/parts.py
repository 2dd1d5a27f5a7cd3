"""The parts of a hand's state that only some tables have, and the auction's: grouped records the phases fill in
(``HandState`` holds them; see ``paiju.climbing.state``). What a seat may see of each is its view, made in
``paiju.climbing.views`` (``SpeculatorView``, ``PartnerView``, ``OpenView``, ``FiveView``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from paiju.cards import Card

__all__ = ["Auction", "HiddenPart", "OpenPart", "PartnerPart", "SpeculatorPart"]


@dataclass(slots=True)
class Auction:
    """The bidding: how many seats have spoken, consecutive passes, and each (seat, points or 0)."""

    passes: int = 0
    bids_made: int = 0
    history: list[tuple[int, int]] = field(default_factory=list)


@dataclass(slots=True)
class SpeculatorPart:
    """speculator.md §3–§8: the speculator's seat, the card that chose it, its gifts and whether it retreated.

    ``holder`` is the determination card's holder (``None`` when it lies in the bottom); ``gift_seats``
    is each bundle's recipient once revealed, and ``revealed`` each bundle as the reveal showed it (seat, cards);
    ``early_bottom`` the bottom cards it took at once (§4, 7p3d).
    """

    seat: int
    determination: Card | None
    holder: int | None
    gift_sizes: list[int]
    gifts: list[list[Card]] = field(default_factory=lambda: [[]])
    gift_seats: list[int] = field(default_factory=list)
    revealed: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    early_bottom: list[Card] = field(default_factory=list)
    retreated: bool = False


@dataclass(slots=True)
class PartnerPart:
    """speculator.md §7: the small landlord (secret until declared or its card is played) and how it was named.

    ``partnership`` is ``named``, ``self``, ``alone`` (一打四) or ``none`` once chosen; ``queue`` the farmer
    seats still to answer the declaration round.
    """

    small_landlord: int | None = None
    card: Card | None = None
    partnership: str = ""
    shown: list[Card] = field(default_factory=list)
    refused: list[Card] = field(default_factory=list)
    declared: bool = False
    known: bool = False
    queue: list[int] = field(default_factory=list)


@dataclass(slots=True)
class OpenPart:
    """癞子 (other-games.md §1.2): the seats whose cards are face up (明牌) and the grab round (抢地主).

    ``open`` holds the seats that showed their hand, ``started`` those that did before the deal (明牌开始);
    ``deciding`` the seats yet to choose 明牌开始; ``grab_queue`` the seats still to answer 抢地主 and
    ``grabs`` how many grabbed; ``caller`` the temporary landlord the auction made (临时地主).
    """

    open: set[int] = field(default_factory=set)
    started: set[int] = field(default_factory=set)
    deciding: set[int] = field(default_factory=set)
    grab_queue: list[int] = field(default_factory=list)
    grabs: int = 0
    caller: int | None = None


@dataclass(slots=True)
class HiddenPart:
    """五人斗地主 (other-games.md §5.2): the marked card, the hidden landlord (暗地主, ``None``: 1 vs 4), the identity
    step and the 加倍 round.

    ``deciding`` holds the seats yet to answer the identity step, ``revealed`` those that chose 亮出身份; ``known``
    says how the team became public (``revealed``, ``twin`` played, ``alone``: both copies played by the public
    landlord; empty while hidden); ``doubles`` each seat's 加倍 (``None`` until it chose); ``queue`` the seats
    still to choose it.
    """

    marked: Card
    hidden: int | None
    deciding: set[int] = field(default_factory=set)
    revealed: set[int] = field(default_factory=set)
    known: str = ""
    doubles: list[bool | None] = field(default_factory=list)
    queue: list[int] = field(default_factory=list)
