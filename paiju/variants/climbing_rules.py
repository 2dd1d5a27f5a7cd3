"""The rules of a climbing table beyond its patterns, as data: the auction, the multipliers, and the extra steps of
癞子, 五人斗地主 and 斗帝主. Flat in JSON and TOML, as the pattern rules are."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from paiju.variants.options import BidStyle, coerce_options, option_problems
from paiju.variants.problems import Problem

__all__ = ["CLIMBING_RULE_KEYS", "ClimbingRules"]


@dataclass(frozen=True)
class ClimbingRules:
    """A climbing table's switches; each phase that one of them adds is chosen by ``pipeline()`` alone."""

    bid_style: BidStyle = BidStyle.POINTS
    max_bid: int = 3
    #: Each seat bids at most once (other-games.md Q3.3 option (ii)).
    single_round_auction: bool = False
    #: ×2 when the losing side played no card (春天 / 反春天); off for classic (Q3.10).
    spring: bool = False
    #: 癞子 (other-games.md §1.2): before each deal any seat may play with its cards face up (明牌开始, ×4).
    open_start: bool = False
    #: 癞子: the landlord may show its hand once it has taken the bottom (明牌, ×2).
    open_landlord: bool = False
    #: 癞子: after the auction the seats that did not pass may grab the landlord's seat (抢地主, ×2 each).
    grab_round: bool = False
    #: 癞子: once the bottom is taken one non-joker rank is drawn; its four cards are wild for everyone.
    wild_rank: bool = False
    #: ×2 per soft bomb and ×4 per other doubling bomb (hard, pure wild, rocket): 癞子 Q1.15's option; off,
    #: every doubling bomb is ×2.
    bomb_multiplier_by_class: bool = False
    #: 五人斗地主 (§5.2 step 5): after the identity step each seat may double once (加倍); a double counts in
    #: the settlements that seat takes part in (Q5.6 (ii)).
    seat_doubles: bool = False
    #: Q5.6 (i) option: each 加倍 doubles the whole stake instead.
    global_double: bool = False
    #: 斗帝主 (§6.1, Q6.2): the bottom is shown to the landlord alone, who keeps any of it; the rest is out of
    #: play, unseen; only how many it kept is public.
    bottom_choice: bool = False

    def __post_init__(self) -> None:
        coerce_options(self, _OPTIONS)

    def problems(self) -> Iterator[Problem]:
        """What does not add up in these switches alone."""
        if self.max_bid < 1:
            yield Problem("max_bid_too_low", f"max_bid = {self.max_bid}: must be at least 1", max_bid=self.max_bid)
        yield from option_problems(self, _OPTIONS)


_OPTIONS = {"bid_style": BidStyle}
#: The keys of the climbing rules, flat among a table's keys in JSON and TOML.
CLIMBING_RULE_KEYS: tuple[str, ...] = tuple(ClimbingRules.__dataclass_fields__)
