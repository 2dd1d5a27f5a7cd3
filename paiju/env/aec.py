"""The PettingZoo AEC environment of any paiju table: one hand an episode, every decision of it a step.

Agents are ``seat_0 … seat_{n-1}``. The agent to act is the lowest seat among the hand's actors (several act at once
in 五人斗地主's sealed identity step, 明牌开始 and 炒地皮's paced deal: each answers in turn here, and the kernel's
views show no seat what another answered). An observation is ``{"observation": float32 vector, "action_mask": int8
vector}``: the vector is the seat's view encoded by its family's layout (``layout(agent)``), the mask is over the
table's action ids (``paiju.env.actions``). Rewards are the hand's settlement scores, given when it ends.
"""

from __future__ import annotations

import importlib
import io
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv

from paiju.engine.protocol import AnyHand, HandCore
from paiju.engine.registry import AnyFamily, family
from paiju.env.actions import Choices, TableActions
from paiju.env.layout import Layout
from paiju.variants import Variant, get_variant
from paiju.variants.files import load_variant_file, with_overrides

__all__ = ["ENCODERS", "Encoder", "Obs", "PaijuEnv", "table"]

#: An observation as the env hands it out.
Obs = dict[str, NDArray[Any]]
#: Each family's encoder class, ``module:class``, imported when a table of the family is first made an env.
ENCODERS = {"climbing": "paiju.env.climbing:ClimbingEncoder", "trick": "paiju.env.trick:TrickEncoder"}


class Encoder(Protocol):
    """A family's observation encoder for one table (one per env: it may keep what it folded of the hand so far)."""

    layout: Layout
    size: int

    def encode(self, obs: Any, hand: HandCore) -> NDArray[np.float32]:
        """The seat's view ``obs`` (its family's observation) as the layout's vector; of ``hand`` an encoder reads
        only the events, as a spectator sees them (``visible_to(None, …)``), for what the view does not keep."""
        ...


def encoder(variant: Variant) -> Encoder:
    """A fresh encoder for ``variant``'s family."""
    module, _, name = ENCODERS[variant.family].partition(":")
    made = getattr(importlib.import_module(module), name)(variant)
    assert isinstance(made.layout, Layout)
    return made  # type: ignore[no-any-return]


def table(variant: str | Path | Variant, options: Mapping[str, Any] | None = None) -> Variant:
    """A table by registered name, by TOML file (a path ending ``.toml``) or as given, with ``options`` (a table's
    keys, as a TOML file gives them) changed."""
    if isinstance(variant, Variant):
        found = variant
    elif str(variant).endswith(".toml"):
        found = load_variant_file(variant)
    else:
        found = get_variant(str(variant))
    return with_overrides(found, dict(options), f"the options of {found.name}") if options else found


class PaijuEnv(AECEnv[str, Obs, int]):  # type: ignore[misc]  # PettingZoo is untyped
    """One table as a PettingZoo ``AECEnv`` (see the module). ``slots``: how many coded actions a decision may offer
    (``paiju.env.actions``); ``hand_options``: what the family opens each hand with (climbing's ``dealer``);
    ``reuse_buffers``: each agent's mask is one array rewritten at each of its observations (faster; copy what you
    keep) instead of a new one."""

    metadata: dict[str, Any] = {"name": "paiju_v0", "render_modes": ["ansi", "human"], "is_parallelizable": True}

    def __init__(
        self,
        variant: Variant,
        render_mode: str | None = None,
        slots: int | None = None,
        hand_options: Mapping[str, Any] | None = None,
        reuse_buffers: bool = False,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: choose one of {self.metadata['render_modes']}")
        self.variant = variant
        self.render_mode = render_mode
        self.hand_options = dict(hand_options or {})
        self.family: AnyFamily = family(variant.family)
        assert self.family.action_ids is not None
        self.actions = TableActions(self.family.action_ids(variant), slots, reuse_buffers)
        self.encoder = encoder(variant)
        self.possible_agents = [f"seat_{s}" for s in range(variant.players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        low, high = self.encoder.layout.bounds()
        size = self.actions.size
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.hand: AnyHand | None = None
        self._turn = 0
        self._choices: tuple[int, int, Choices] | None = None
        self._actors: frozenset[int] = frozenset()
        self._seen: dict[str, tuple[int, Obs]] = {}

    # ------------------------------------------------------------------ spaces and layout
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object each call, so seeding it holds)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space: ``Discrete`` over the table's env action ids."""
        return self._action_spaces[agent]

    def layout(self, agent: str | None = None) -> dict[str, slice]:
        """Each named part of the observation vector and its slice (the same for every seat: seats are relative)."""
        return self.encoder.layout.slices()

    # ------------------------------------------------------------------ episodes
    def seed(self, seed: int | None = None) -> None:
        """Seed the deals: the hands dealt by the resets that follow are the same for the same seed."""
        self._seeds = random.Random(seed)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (``seed``: start the deals' sequence again from it)."""
        if seed is not None:
            self.seed(seed)
        self.hand = self.family.open_hand(self.variant, self._seeds.getrandbits(63), **self.hand_options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.moved()

    def moved(self) -> None:
        """The hand has moved (a step, or seats played outside the env, as the single-agent env's bots): what was
        observed is made afresh, and the lowest acting seat is the agent to act."""
        assert self.hand is not None
        self._turn += 1
        self._actors = actors = self.hand.actors()
        if actors:
            self.agent_selection = self.possible_agents[min(actors)]

    def choices(self, agent: str) -> Choices:
        """``agent``'s decision now: its mask, the kernel action behind each legal env id, the coded slots' kernel
        ids (nothing legal for an agent that does not act)."""
        seat = self._seat[agent]
        cached = self._choices
        if cached is not None and cached[0] == self._turn and cached[1] == seat:
            return cached[2]
        hand = self._live()
        if seat not in self._actors:
            return self.actions.none(seat)
        found = self.actions.choices(hand, seat)
        self._choices = (self._turn, seat, found)
        return found

    def legal(self, agent: str) -> list[int]:
        """``agent``'s legal env ids now (what its mask sets, without reading the mask through)."""
        return list(self.choices(agent).actions)

    def observe(self, agent: str) -> Obs:
        """``agent``'s observation now: its view's vector and its action mask (new arrays at each step)."""
        seen = self._seen.get(agent)
        if seen is not None and seen[0] == self._turn:
            return seen[1]
        hand = self._live()
        seat = self._seat[agent]
        found: Obs = {
            "observation": self.encoder.encode(self.family.observe(hand, seat), hand),
            "action_mask": self.choices(agent).mask,
        }
        self._seen[agent] = (self._turn, found)
        return found

    def step(self, action: int | None) -> None:
        """Take env action id ``action`` for the agent to act (``None`` for an agent whose hand is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for an agent whose hand is over")
        hand = self._live()
        seat = self._seat[agent]
        chosen = self.choices(agent).actions.get(int(action))
        if chosen is None:
            raise ValueError(f"action {action} is not legal for {agent} now (see its action_mask)")
        hand.apply(chosen, seat)
        self.moved()
        self._cumulative_rewards[agent] = 0.0
        result = hand.result
        if result is not None:  # the only step with rewards: the settlement
            self.rewards = {a: float(score) for a, score in zip(self.agents, result.scores, strict=True)}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()

    def _live(self) -> AnyHand:
        """The hand being played (``reset`` deals one)."""
        if self.hand is None:
            raise RuntimeError("call reset() before playing")
        return self.hand

    # ------------------------------------------------------------------ text
    def render(self) -> str | None:
        """The table as the agent to act sees it, in the terminal's words (``human``: printed instead, as Gymnasium's
        human mode does)."""
        from rich.console import Console

        from paiju.terminal import LOOKS

        hand = self._live()
        out = io.StringIO()
        console = Console(file=out, width=100, color_system=None, force_terminal=False)
        look = importlib.import_module(LOOKS[self.family.name]).LOOK
        seat = self._seat[self.agent_selection]
        if hand.is_over:
            console.print(f"the hand is over: scores {list(hand.result.scores) if hand.result else []}")
        else:
            look.view(console, self.possible_agents, seat).show(hand)
        text = out.getvalue()
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the hand lives in memory."""
