"""The bot protocol (an observation in, an action out) and the registry of bots by name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from paiju.climbing import Action, Game, Observation, Result, observe

__all__ = ["BOTS", "Bot", "make_bot", "play_out", "register"]


class Bot(Protocol):
    """Anything that picks one of ``obs.legal`` for the seat it plays."""

    name: str

    def act(self, obs: Observation) -> Action:
        """The action to take; must be one of ``obs.legal``."""
        ...


BOTS: dict[str, Callable[[int], Bot]] = {}


def register(name: str) -> Callable[[Callable[[int], Bot]], Callable[[int], Bot]]:
    """Class decorator: make a bot available to ``make_bot`` and the command line as ``name``."""

    def wrap(factory: Callable[[int], Bot]) -> Callable[[int], Bot]:
        BOTS[name] = factory
        return factory

    return wrap


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by registry name; the error lists the known names."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}") from None


def play_out(game: Game, bots: Sequence[Bot]) -> Result:
    """Let one bot per seat play ``game`` to the end (the lowest seat first where several may act)."""
    while actors := game.actors():
        seat = min(actors)
        game.apply(bots[seat].act(observe(game, seat)), seat)
    assert game.result is not None
    return game.result
