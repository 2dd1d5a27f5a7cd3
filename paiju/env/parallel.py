"""The parallel-API env of a table: at each step every seat to act gives its action at once (五人斗地主's sealed
identity step, 明牌开始, 炒地皮's paced deal); elsewhere one seat acts and the others' actions are not read.

It wraps the AEC env (``paiju.env.aec.PaijuEnv``) and shares its spaces, layout and observations: a step takes the
actions of the seats to act, lowest seat first. An action an earlier seat's action of the same step made illegal
(a declaration overcalled while the cards are dealt) is not taken: that seat is asked again at the next step
(``infos[agent]["again"]``).
"""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from paiju.env.aec import Obs, PaijuEnv

__all__ = ["PaijuParallelEnv"]


class PaijuParallelEnv(ParallelEnv[str, Obs, int]):  # type: ignore[misc]  # PettingZoo is untyped
    """A table as a PettingZoo ``ParallelEnv`` (see the module)."""

    metadata: dict[str, Any] = {"name": "paiju_parallel_v0", "render_modes": ["ansi", "human"]}

    def __init__(self, aec: PaijuEnv) -> None:
        self.aec = aec
        self.possible_agents = aec.possible_agents[:]
        self.agents: list[str] = []
        self.render_mode = aec.render_mode

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """As the AEC env's."""
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """As the AEC env's."""
        return self.aec.action_space(agent)

    def layout(self, agent: str | None = None) -> dict[str, slice]:
        """As the AEC env's."""
        return self.aec.layout(agent)

    def acting(self) -> list[str]:
        """The agents whose actions the next step reads."""
        hand = self.aec.hand
        return [] if hand is None else [self.possible_agents[s] for s in sorted(hand.actors())]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """Deal a new hand; every agent's observation."""
        self.aec.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        return {a: self.aec.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[dict[str, Obs], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        """Apply the actions of the seats to act (lowest first); the others' are not read."""
        aec = self.aec
        again: set[str] = set()
        for n, agent in enumerate(self.acting()):
            if agent not in actions:
                raise ValueError(f"{agent} is to act: give its action")
            if n and int(actions[agent]) not in aec.choices(agent).actions:
                again.add(agent)  # an earlier seat's action of this step changed what this seat may do
                continue
            aec.agent_selection = agent
            aec.step(actions[agent])
            if aec.hand is not None and aec.hand.is_over:
                break
        agents = self.agents
        observations = {a: aec.observe(a) for a in agents}
        over = aec.hand is not None and aec.hand.is_over
        rewards = {a: aec.rewards.get(a, 0.0) if over else 0.0 for a in agents}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        infos: dict[str, dict[str, Any]] = {a: {"again": True} if a in again else {} for a in agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """As the AEC env's."""
        return self.aec.render()

    def close(self) -> None:
        """As the AEC env's."""
        self.aec.close()

    def state(self) -> Any:
        """Not offered: a full state would show every hidden card."""
        raise NotImplementedError("paiju envs give each seat its own view only")
