"""The 炒地皮 family's table policy: the rule bot plays every seat the apps play, the server paces the deal while
trumps may be declared, and a session's hands make a match whose standing the room shows."""

from __future__ import annotations

from paiju.policy import TablePolicy
from paiju.trick.actions import Action
from paiju.trick.hand import LIST_CAP, TrickHand
from paiju.trick.report import frame_fields, match_standing, tally

__all__ = ["POLICY"]

POLICY: TablePolicy[TrickHand, Action] = TablePolicy(
    bot="rule",
    timeout_bot="rule",
    timeout_takes_over=lambda hand: False,
    forced_pass_shown=lambda hand: False,
    tally=tally,
    frame_fields=frame_fields,
    most_actions=lambda variant, seed: LIST_CAP,
    paced=lambda hand: hand.state.dealing.round_opened if hand.state.paced else None,
    match=match_standing,
)
