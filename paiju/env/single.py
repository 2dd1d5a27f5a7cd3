"""The Gymnasium single-agent env of a table: the learner plays one seat, paiju bots play the others.

An episode is a hand: ``reset`` deals and lets the bots play up to the learner's first decision; ``step`` takes the
learner's env action id, then the bots' turns, and returns the learner's next observation, or the hand's end with the
learner's settlement score as the reward. Observations and actions are the AEC env's (``paiju.env.aec``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, SupportsFloat

import gymnasium

from paiju.bots.base import AnyBot, act_for, make_bot
from paiju.env.aec import Obs, PaijuEnv, table
from paiju.variants import Variant

__all__ = ["SingleAgentEnv"]


class SingleAgentEnv(gymnasium.Env[Obs, int]):
    """One seat of a table for a single-agent learner; ``opponents``: a paiju bot name (``random``, ``heuristic``,
    a level such as ``normal``) for every other seat, or one name per seat (the learner's own entry is not read);
    ``illegal_reward``: ``None`` refuses an action outside the mask (``ValueError``), a number ends the episode on it
    with that reward (``info["illegal"]``), for learners that do not mask."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        variant: str | Path | Variant = "classic",
        *,
        seat: int = 0,
        opponents: str | list[str] = "random",
        render_mode: str | None = None,
        slots: int | None = None,
        hand_options: dict[str, Any] | None = None,
        illegal_reward: float | None = None,
        **options: Any,
    ) -> None:
        self.illegal_reward = illegal_reward
        self.aec = PaijuEnv(table(variant, options), render_mode=render_mode, slots=slots, hand_options=hand_options)
        players = self.aec.variant.players
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat}: the table has seats 0 to {players - 1}")
        names = [opponents] * players if isinstance(opponents, str) else list(opponents)
        if len(names) != players:
            raise ValueError(f"{len(names)} opponents named for a table of {players} seats")
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self._names = names
        self._bots: dict[int, AnyBot] = {}
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)

    def layout(self) -> dict[str, slice]:
        """As the AEC env's."""
        return self.aec.layout(self.agent)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """Deal a hand (``seed``: start the deals, and the bots, from it) and play up to the learner's decision."""
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        if seed is not None or not self._bots:
            base = 0 if seed is None else seed
            family = self.aec.variant.family
            self._bots = {s: make_bot(name, base + s, family) for s, name in enumerate(self._names) if s != self.seat}
        self._others()
        return self.aec.observe(self.agent), {}

    def step(self, action: int) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """The learner's action, then the bots' turns up to its next decision or the hand's end."""
        aec = self.aec
        aec.agent_selection = self.agent
        if self.illegal_reward is not None and int(action) not in aec.choices(self.agent).actions:
            # A copy: the arrays handed out before are the user's.
            seen = {key: array.copy() for key, array in aec.observe(self.agent).items()}
            return seen, self.illegal_reward, True, False, {"illegal": True}
        aec.step(action)
        self._others()
        hand = aec.hand
        assert hand is not None
        over = hand.result is not None
        reward = float(hand.result.scores[self.seat]) if hand.result is not None else 0.0
        return aec.observe(self.agent), reward, over, False, {}

    def action_masks(self) -> Any:
        """The learner's mask now, as a boolean array (what maskable learners such as sb3-contrib's ask for)."""
        return self.aec.choices(self.agent).mask.astype(bool)

    def _others(self) -> None:
        """Let the bots act while the learner's seat is not among the actors."""
        hand = self.aec.hand
        assert hand is not None
        while not hand.is_over:
            actors = hand.actors()
            if self.seat in actors:
                break
            seat = min(actors)
            bot = self._bots[seat]
            pick = getattr(bot, "pick", None)  # a bot that reads only the legal list is given that list, no view
            hand.apply(act_for(bot, hand, seat) if pick is None else pick(hand.legal_actions(seat)), seat)
        self.aec.moved()

    def render(self) -> str | None:
        """As the AEC env's, for the learner's seat."""
        self.aec.agent_selection = self.agent
        return self.aec.render()
