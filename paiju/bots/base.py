"""The bot protocol (an observation in, an action out, or the legal list alone for a bot that reads nothing else) and
the registry of bots by name and family."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from paiju.engine import CLIMBING, HandEngine, HandResult, family_of

__all__ = ["BOTS", "FAMILY_BOTS", "Bot", "LegalOnly", "bot_maker", "make_bot", "play_out", "register"]


class Bot(Protocol):
    """Anything that picks one of ``obs.legal`` for the seat it plays."""

    name: str

    def act(self, obs: Any) -> Any:
        """The action to take for ``obs.seat``, one of ``obs.legal`` (``obs``: its family's observation)."""
        ...


class LegalOnly(Bot, Protocol):
    """A bot that reads nothing of a hand but what its seat may do: whoever plays it may give it the legal list
    alone (``pick``) and make no view; ``act(obs)`` is ``pick(obs.legal)``, so both ways choose alike."""

    def pick(self, legal: Sequence[Any]) -> Any:
        """One of ``legal`` (the seat's legal actions, read-only: it may be the hand's own list)."""
        ...


BOTS: dict[str, Callable[[int], Bot]] = {}
#: The module of the bots that play one family's hands only, where importing it loads that family's engine: imported
#: when a bot of that family is first asked for, so a table of another family never loads it (a classic simulation
#: loads nothing of 炒地皮's).
FAMILY_BOTS = {"trick": "paiju.bots.trick_rule"}
#: Bots that play one family's hands only, with that family (the others play every family's).
_FAMILY_OF: dict[str, str] = {}


def register(name: str, family: str | None = None) -> Callable[[Callable[[int], Bot]], Callable[[int], Bot]]:
    """Class decorator: make a bot available to ``make_bot`` and the command line as ``name``, for one
    ``family``'s hands (``None``: any family's)."""

    def wrap(factory: Callable[[int], Bot]) -> Callable[[int], Bot]:
        BOTS[name] = factory
        if family is not None:
            _FAMILY_OF[name] = family
        return factory

    return wrap


def bot_maker(name: str, family: str = CLIMBING) -> Callable[[int], Bot]:
    """What makes the bot ``name`` from a seed, for ``family``'s hands (looked up once for many hands); the error
    lists the names it knows for it."""
    if family in FAMILY_BOTS:
        importlib.import_module(FAMILY_BOTS[family])
    if name not in BOTS or _FAMILY_OF.get(name, family) != family:
        known = [n for n in BOTS if _FAMILY_OF.get(n, family) == family]
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(known)}")
    return BOTS[name]


def make_bot(name: str, seed: int = 0, family: str = CLIMBING) -> Bot:
    """A bot by registry name that plays ``family``'s hands; the error lists the names it knows for it."""
    return bot_maker(name, family)(seed)


def play_out(game: HandEngine, bots: Sequence[Bot]) -> HandResult:
    """Let one bot per seat play ``game`` to the end (the lowest seat first where several may act); a bot that
    reads only the legal list (``LegalOnly``) is given that list, and no view is made for it."""
    observe = family_of(game).observe
    picks: list[Callable[[Sequence[Any]], Any] | None] = [getattr(bot, "pick", None) for bot in bots]
    actors, legal_actions, apply = game.actors, game.legal_actions, game.apply  # looked up once, not at every turn
    while seats := actors():
        seat = min(seats)
        pick = picks[seat]
        apply(bots[seat].act(observe(game, seat)) if pick is None else pick(legal_actions(seat)), seat)
    assert game.result is not None
    return game.result
