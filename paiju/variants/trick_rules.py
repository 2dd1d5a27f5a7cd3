"""The rules of a trick-taking table (炒地皮, other-games.md §7) as data: each open question's resolution, with
its alternative as an option."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from paiju.variants.options import TextEnum, coerce_options, option_problems
from paiju.variants.problems import Problem

__all__ = ["ChaodiAfterFlip", "DeclarationWindow", "MatchRoom", "TrickRules", "Trump510kFollow"]


class DeclarationWindow(TextEnum):
    """Q7.3: declaring turn by turn once the deal is over (``after_deal``, D2), or while the cards are dealt, a
    round at a time, any seat at any moment (``during_deal``, the common 升级 custom, reading (ii))."""

    AFTER_DEAL = "after_deal"
    DURING_DEAL = "during_deal"


class ChaodiAfterFlip(TextEnum):
    """Q7.9: whether 抄底 stays open after the kitty decided the trump (``always``), or not after a joker flip."""

    ALWAYS = "always"
    NOT_AFTER_JOKER = "not_after_joker"


class Trump510kFollow(TextEnum):
    """Q7.18: how a trump 5-10-K is followed: every follower's three highest trumps, or a held trump 5-10-K first."""

    THREE_HIGHEST = "three_highest"
    OWN_510K_FIRST = "own_510k_first"


class MatchRoom(TextEnum):
    """§7.14: 且战且退 (``single``: +3 for passing 扛旗, the match goes on) or 誓死扛旗 (``round``: +6, the room
    plays until a 扛旗 is passed)."""

    SINGLE = "single"
    ROUND = "round"


@dataclass(frozen=True)
class TrickRules:
    """Numbers and switches of a 炒地皮 hand and match (§7.1–§7.14), defaults as the rules resolve them."""

    declaration_window: DeclarationWindow = DeclarationWindow.AFTER_DEAL
    #: D2 / Q7.5: a seat may overturn its own standing declaration (besides with a ♥5 pair).
    self_overturn: bool = False
    #: D2 / Q7.5: a seat may reinforce its own standing single with the pair of its suit.
    self_reinforce: bool = True
    chaodi_after_kitty_flip: ChaodiAfterFlip = ChaodiAfterFlip.ALWAYS
    #: Q7.11 (ii): trump tractors follow the trump order (``RR BB``, level pairs, gaps closed).
    trump_tractor_by_trump_order: bool = False
    #: Q7.16: points per card of a failed throw, moved against the thrower's side.
    throw_fail_penalty_per_card: int = 0
    trump_510k_follow: Trump510kFollow = Trump510kFollow.THREE_HIGHEST
    #: Q7.23 (i): any dealer win at A passes A, not only one that would advance a level.
    pass_a_on_any_win: bool = False
    #: Q7.24: the points a failed 扛旗's attackers advance from (⌊(s − base)/10⌋ levels).
    kangqi_advance_base: int = 80
    #: §7.12 G3: the points attackers need to take the deal in a 扛旗 hand.
    kangqi_threshold: int = 100
    #: G3 / Q7.25: failed 扛旗 hands after which the side drops back to 2.
    kangqi_attempts: int = 3
    match_room: MatchRoom = MatchRoom.SINGLE

    def __post_init__(self) -> None:
        coerce_options(self, _OPTIONS)

    def problems(self) -> Iterator[Problem]:
        """What does not add up in these rules, for the table's checker (a room's host sets them in the lobby)."""
        yield from option_problems(self, _OPTIONS)
        for name in _SWITCHES:
            value = getattr(self, name)
            if not isinstance(value, bool):
                yield Problem("trick_switch", f"{name} = {value!r}: must be true or false", rule=name, value=str(value))
        for name, (least, most, step) in _NUMBERS.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most or value % step:
                steps = f" in steps of {step}" if step > 1 else ""
                yield Problem(
                    "trick_points" if steps else "trick_number",
                    f"{name} = {value!r}: must be a whole number from {least} to {most}{steps}",
                    rule=name, value=str(value), least=least, most=most, step=step,
                )


#: The on/off rules.
_SWITCHES = ("self_overturn", "self_reinforce", "trump_tractor_by_trump_order", "pass_a_on_any_win")
#: The whole-number rules: least, most, and the step of their values (a hand's points come in fives, 200 in all).
_NUMBERS = {
    "throw_fail_penalty_per_card": (0, 50, 1),
    "kangqi_advance_base": (0, 200, 5),
    "kangqi_threshold": (5, 200, 5),
    "kangqi_attempts": (1, 10, 1),
}
_OPTIONS = {
    "declaration_window": DeclarationWindow,
    "chaodi_after_kitty_flip": ChaodiAfterFlip,
    "trump_510k_follow": Trump510kFollow,
    "match_room": MatchRoom,
}
