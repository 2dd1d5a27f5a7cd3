"""The speculator (投机商) rules of a table, as data (speculator.md §3–§13, §15)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from paiju.variants.options import (
    Determination,
    DiamondAK,
    FlipTo,
    LowPair,
    PartnerRule,
    Rangpai,
    Selection,
    coerce_options,
    option_problems,
)
from paiju.variants.problems import Problem

__all__ = ["SpeculatorRules", "colour_split", "colour_split_fits"]

_COLOUR_SPLIT = re.compile(r"^(?:(\d+)r(\d+)b|free_min(\d+))$")


def colour_split(rule: str) -> tuple[int, int, int] | None:
    """A gift's colour rule (§15 two-colour tables) as (red, black, least of each): ``5r4b`` is
    (5, 4, 0), ``free_min4`` is (-1, -1, 4); ``None`` when it is not such a rule."""
    found = _COLOUR_SPLIT.match(rule)
    if found is None:
        return None
    red, black, least = found.groups()
    return (int(red), int(black), 0) if least is None else (-1, -1, int(least))


def colour_split_fits(rule: str, size: int) -> bool:
    """Whether ``rule`` can describe a gift of ``size`` cards."""
    split = colour_split(rule)
    if split is None:
        return False
    red, black, least = split
    return red + black == size if least == 0 else 2 * least <= size


@dataclass(frozen=True)
class SpeculatorRules:
    """Numbers and switches of the speculator's part of a hand."""

    #: Cards the speculator gives the landlord (G_L) and each farmer seat (G_F).
    gift_landlord: int
    gift_farmer: int
    #: Side stake T of §13: every settlement row follows from it (s = T / (nF + 1)).
    stake: int
    determination: Determination = Determination.SEVEN_CLUBS
    selection: Selection = Selection.CARD
    #: Cards the speculator draws after it is found (E, 8p3d).
    extra_draw: int = 0
    #: Where the face-up flipped card goes at the reveal: ``speculator`` (5p1d) or ``landlord`` (6p2d).
    flip_to: FlipTo = FlipTo.SPECULATOR
    #: Two cards left that count as one (§12 "two low cards"), e.g. ``("44", "55")``.
    two_low: tuple[LowPair, ...] = ()
    #: A non-speculator holding this many cards of one rank wins at once (§8; 0: never).
    instant_win: int = 0
    #: The speculator holding this many cards of one rank retreats (§8, V; 0: never).
    retreat: int = 0
    #: ... or holding this many jokers (§15 7p3d/8p3d: all 6; 0: never).
    retreat_jokers: int = 0
    #: Four or more of the speculator's 3s alone form a bomb (§10 option ``pure_three_bomb``).
    pure_three_bomb: bool = True
    #: Answers that break up a bomb are not forced on the speculator (§11 option).
    bomb_cards_exempt: bool = False
    #: 5p1d (a): the highest card of the flipped card's suit is each non-speculator's wild card.
    flip_wilds: bool = False
    #: 5p1d (b): the flipped card's rank ranks between 2 and the black joker outside sequences.
    flip_promotes: bool = False
    #: 3p1d 让牌: ``bid`` (h = the winning bid) or ``auction``; empty where the table has none.
    rangpai: Rangpai = Rangpai.NONE
    #: §7: how the landlord names a small landlord (``PartnerRule.NONE``: one landlord).
    partner: PartnerRule = PartnerRule.NONE
    #: §7 6p3d: the landlord may name a card whose remaining copy it holds itself (it plays alone in secret).
    partner_self: bool = False
    #: §7 一打四 (6p2d, 6p3d): the landlord may show a same-suit pair and play one against all, ×3.
    one_against_all: bool = False
    #: §13: the stake T of a landlord without a partner on a two-landlord table (0: ``stake``).
    lone_stake: int = 0
    #: §4 7p3d: bottom cards the speculator takes face down before choosing its gifts.
    early_bottom: int = 0
    #: §17.7 7p2d option: a shown ♦A or ♦K marks its ``same`` other copy, or the ``swap`` (♦A ↔ ♦K).
    diamond_ak: DiamondAK = DiamondAK.SAME
    #: §15 two-colour tables: the colours of the landlord's gift and of each farmer gift, as
    #: ``5r4b`` (5 red, 4 black) or ``free_min4`` (any split with at least 4 of each); empty: any.
    landlord_gift_colours: str = ""
    farmer_gift_colours: str = ""

    def __post_init__(self) -> None:
        coerce_options(self, _OPTIONS)

    def problems(self) -> Iterator[Problem]:
        """What does not add up within these rules alone."""
        if self.gift_landlord < 1 or self.gift_farmer < 1:
            yield Problem("gifts_empty", "speculator gifts: the landlord's and each farmer's gift need at least one card")
        yield from option_problems(self, _OPTIONS, "speculator ")
        if (self.flip_wilds or self.flip_promotes) and self.determination != Determination.FLIP:
            yield Problem("flip_needs_flip", "speculator flip_wilds / flip_promotes need a flipped card (determination flip)")
        if self.stake < 1 or self.lone_stake < 0:
            yield Problem("stake_not_positive", "speculator stake must be positive")
        if self.rangpai == Rangpai.AUCTION:
            yield Problem(
                "rangpai_auction",
                "speculator rangpai = auction: 让牌 grows with each 抢地主, and no table has a grab round "
                "for it to count yet; use rangpai = bid",
            )
        if (self.partner_self or self.one_against_all or self.lone_stake) and not self.partner:
            yield Problem(
                "partner_options_need_partner",
                "speculator partner_self / one_against_all / lone_stake need a small landlord (partner)",
            )

    @property
    def stake_alone(self) -> int:
        """§13: T when the landlord plays without a partner (the table's T on one-landlord tables)."""
        return self.lone_stake or self.stake


_OPTIONS: dict[str, type[StrEnum]] = {
    "determination": Determination,
    "selection": Selection,
    "flip_to": FlipTo,
    "two_low": LowPair,
    "rangpai": Rangpai,
    "partner": PartnerRule,
    "diamond_ak": DiamondAK,
}
