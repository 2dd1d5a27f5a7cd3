"""The smallest move, as 癞子's online rules play a seat whose time ran out or that is on 托管 (§1.2)."""

from __future__ import annotations

from paiju.bots.base import register
from paiju.bots.heuristic import HeuristicBot
from paiju.climbing import Action, Observation, Pass, PhaseName, Play
from paiju.engine import CLIMBING

__all__ = ["MinimalBot"]


@register("minimal", CLIMBING)
class MinimalBot:
    """Lead the lowest single (「自动出最小的一张牌」), else pass — but follow with a last card that beats
    (「剩下最后一张牌超时不出则默认跟牌」); before play, decline; a choice that cannot be declined (a gift, a
    partner card) is the heuristic bot's."""

    name = "minimal"

    def __init__(self, seed: int = 0) -> None:
        self.fallback = HeuristicBot(seed)

    def act(self, obs: Observation) -> Action:
        """The seat's smallest move now."""
        plays = [a for a in obs.legal if isinstance(a, Play)]
        if obs.phase == PhaseName.PLAY and obs.trick is None:
            singles = [p for p in plays if len(p.move.ranks) == 1]
            if singles:
                return min(singles, key=lambda p: p.move.key)
        if obs.phase == PhaseName.PLAY and len(obs.hand) == 1 and plays:
            return plays[0]
        if Pass() in obs.legal:
            return Pass()
        return self.fallback.act(obs)
