"""The bot protocol (an observation in, an action out, or the legal list alone for a bot that reads nothing else) and
the registry of bots by name and family.

A bot is typed by the observation it reads and the action it gives: ``Bot[O, A]`` (the climbing bots are
``Bot[climbing Observation, climbing Action]``, the 炒地皮 bot the trick types, the random bot any family's). The
registry holds bots of every family and makes them by name: it gives an ``AnyBot``, which the family's own
observations reach through code that serves every family (an ``AnyHand``'s)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Never, Protocol, TypeVar, cast

from paiju.engine import CLIMBING, HandEngine, HandResult, Observation, family_of

if TYPE_CHECKING:  # only to type the view a search bot reads: a table without one starts without the worlds
    from paiju.engine.worlds import SeatView

__all__ = [
    "BOTS", "BOT_MODULES", "MAKERS", "AnyBot", "Bot", "LegalOnly", "ViewReader", "act_for", "bot_maker", "load_bots",
    "make_bot", "play_out", "register",
]  # fmt: skip

A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)
O = TypeVar("O", bound=Observation[object])
O_contra = TypeVar("O_contra", contravariant=True)


class Bot(Protocol[O_contra, A_co]):
    """Anything that picks one of ``obs.legal`` for the seat it plays: it reads observations ``O_contra`` and gives
    actions ``A_co``."""

    name: str

    def act(self, obs: O_contra) -> A_co:
        """The action to take for ``obs.seat``, one of ``obs.legal`` (``obs``: its family's observation)."""
        ...


class LegalOnly(Bot[O_contra, A], Protocol[O_contra, A]):
    """A bot that reads nothing of a hand but what its seat may do: whoever plays it may give it the legal list
    alone (``pick``) and make no view; ``act(obs)`` is ``pick(obs.legal)``, so both ways choose alike."""

    def pick(self, legal: Sequence[A]) -> A:
        """One of ``legal`` (the seat's legal actions, read-only: it may be the hand's own list)."""
        ...


class ViewReader(Bot[O_contra, A_co], Protocol[O_contra, A_co]):
    """A bot that reads its seat's whole view beside the observation (a search that draws worlds from it): whoever
    plays it gives it the family's ``seat_view(hand, seat)`` too (``act_for``). The view is made of what the seat may
    see alone, so it tells the bot nothing hidden; ``act(obs)`` alone is refused."""

    def act_seen(self, obs: O_contra, view: SeatView) -> A_co:
        """The action for ``obs.seat``, one of ``obs.legal``, knowing all the seat has seen (``view``)."""
        ...


#: A bot made by name, for a family the code making it does not know: it reads any family's observation and gives
#: one of its legal actions as ``object`` (the registry makes it for a table of its own family only, ``bot_maker``).
AnyBot = Bot[Observation[object], object]
#: What makes a bot of any family from a seed, as ``register`` takes it (every bot is a ``Bot[Never, object]``).
B = TypeVar("B", bound=Callable[[int], Bot[Never, object]])

#: The bots registered so far, by name (``load_bots``: with every built-in one).
BOTS: dict[str, Callable[[int], AnyBot]] = {}
#: Bots named with a setting after a colon (a level and its budget: ``hard``, ``hard:1s``), by the name before it:
#: each takes the setting's text (``""``: none) and the family, and gives what makes the bot from a seed (a
#: ``ValueError`` for a setting it cannot read).
MAKERS: dict[str, Callable[[str, str], Callable[[int], AnyBot]]] = {}
#: The module of each built-in bot, imported when the bot is first asked for by name: a table's start-up loads the
#: bots it seats and no others (a classic simulation of random bots loads neither the heuristic bot nor 炒地皮's); any
#: other name (a search level, ``hard:1s``) loads every module of built-in bots first (``load_bots``).
BOT_MODULES = {
    "random": "paiju.bots.random_bot",
    "heuristic": "paiju.bots.heuristic",
    "minimal": "paiju.bots.minimal",
    "rule": "paiju.bots.trick_rule",
    "model": "paiju.bots.model",
}
#: Every module of built-in bots: the named ones' and the search bot's, whose levels are its ``MAKERS``.
_BUILT_IN = (*BOT_MODULES.values(), "paiju.bots.search")
#: Bots that play one family's hands only, with that family (the others play every family's).
_FAMILY_OF: dict[str, str] = {}


def register(name: str, family: str | None = None) -> Callable[[B], B]:
    """Class decorator: make a bot available to ``make_bot`` and the command line as ``name``, for one
    ``family``'s hands (``None``: any family's)."""

    def wrap(factory: B) -> B:
        # Filed as a bot of any family: ``bot_maker`` makes it for ``family``'s tables only, whose views it reads.
        BOTS[name] = cast(Callable[[int], AnyBot], factory)
        if family is not None:
            _FAMILY_OF[name] = family
        return factory

    return wrap


def bot_maker(name: str, family: str = CLIMBING) -> Callable[[int], AnyBot]:
    """What makes the bot ``name`` from a seed, for ``family``'s hands (looked up once for many hands); the error
    lists the names it knows for it."""
    base, _, setting = name.partition(":")
    if base in BOT_MODULES:
        importlib.import_module(BOT_MODULES[base])
    elif base not in BOTS and base not in MAKERS:
        load_bots()
    if base in MAKERS:
        return MAKERS[base](setting, family)
    if name not in BOTS or _FAMILY_OF.get(name, family) != family:
        known = [n for n in load_bots() if _FAMILY_OF.get(n, family) == family] + list(MAKERS)
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(known)}")
    return BOTS[name]


def load_bots() -> dict[str, Callable[[int], AnyBot]]:
    """The whole registry (``BOTS``), every built-in bot imported: for code that lists the bots."""
    for module in _BUILT_IN:
        importlib.import_module(module)
    return BOTS


def make_bot(name: str, seed: int = 0, family: str = CLIMBING) -> AnyBot:
    """A bot by registry name that plays ``family``'s hands; the error lists the names it knows for it."""
    return bot_maker(name, family)(seed)


def _seat_view(game: HandEngine[A, O]) -> Callable[[HandEngine[A, O], int], SeatView]:
    """The family's ``seat_view`` for ``game``'s table (a bot that reads it is given it: ``ViewReader``)."""
    worlds = family_of(game).worlds
    if worlds is None:
        raise TypeError(f"{game.variant.name} draws no worlds: a bot that reads its seat's view cannot play it")
    return worlds(game.variant).seat_view


def act_for(bot: Bot[O, A], game: HandEngine[A, O], seat: int) -> A:
    """``bot``'s action for ``seat`` of ``game``: made from the seat's observation, and its view for a bot that
    reads it (``ViewReader``)."""
    obs = family_of(game).observe(game, seat)
    seen: Callable[[O, SeatView], A] | None = getattr(bot, "act_seen", None)
    return bot.act(obs) if seen is None else seen(obs, _seat_view(game)(game, seat))


def play_out(game: HandEngine[A, O], bots: Sequence[Bot[O, A]]) -> HandResult:
    """Let one bot per seat play ``game`` to the end (the lowest seat first where several may act); a bot that
    reads only the legal list (``LegalOnly``) is given that list, and no view is made for it; a bot that reads its
    seat's view (``ViewReader``) is given that too."""
    picks: list[Callable[[Sequence[A]], A] | None] = [getattr(bot, "pick", None) for bot in bots]
    actors, legal_actions, apply = game.actors, game.legal_actions, game.apply  # looked up once, not at every turn
    # A hand may take the turns of the seats given their legal list itself, as this loop does (a climbing hand's
    # play, in C), and return at the first it leaves here.
    fast: Callable[[list[Callable[[Sequence[A]], A] | None]], None] | None = getattr(game, "play_picks", None)
    while True:
        if fast is not None:
            fast(picks)
        if not (seats := actors()):
            break
        seat = min(seats)
        pick = picks[seat]
        apply(act_for(bots[seat], game, seat) if pick is None else pick(legal_actions(seat)), seat)
    assert game.result is not None
    return game.result
