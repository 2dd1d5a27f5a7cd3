"""Where the server's bots think, and at which level.

A search level (``normal``, ``hard``, ``LEVEL:BUDGET``) thinks in a bounded pool of worker processes (``BotPool``, at
most ``ServerConfig.bot_workers``; ``paiju serve --bot-workers``), so a room's search holds neither the event loop nor
the interpreter lock that another room's pong and turn timer need; a room whose decision waits for a free worker waits
alone. A worker is sent one ``Ask``: the bot's name and seed, and the seat's observation and view, made of what that
seat may see alone (never the hand). A rule-of-thumb bot (``easy``, ``random``) answers in milliseconds and thinks in a
worker thread, as before. A search that fails, or is not back within the think budget, gives way to the ``easy``
bot's move (logged): the game goes on. 托管 plays a person's seat at the room's level (``room_level``)."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import secrets
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, cast

from paiju.bots import AnyBot, bot_maker, make_bot
from paiju.engine import AnyHand, Observation, family_of
from paiju.policy import table_policy
from paiju.server.errors import RoomError

if TYPE_CHECKING:
    from paiju.engine.worlds import SeatView

__all__ = [
    "LEVELS", "Ask", "BotPool", "answer", "ask_of", "bot_name", "check_level", "decide", "room_level", "served_bots",
]  # fmt: skip

log = logging.getLogger("paiju.server")

#: The levels a room offers, from the weakest (``random`` below them; ``heuristic``, a room's older name of ``easy``).
LEVELS = ("easy", "normal", "hard")
#: 托管's level in a room with no bot of a level (people alone, or ``random`` bots): the rule of thumb, as before
#: levels, so such a room starts no worker process.
AUTO_LEVEL = "easy"


class Searcher(Protocol):
    """A bot that searches worlds drawn from its seat's view (``paiju.bots.search.PimcBot``): made again in a worker
    from its name (``hard:100ms``), its seed and its family."""

    name: str
    seed: int
    family: str

    def act_seen(self, obs: Observation[object], view: SeatView) -> object: ...


@dataclass(frozen=True)
class Ask:
    """All a worker process is sent for one decision: which bot (its name, seed and family) and what its seat
    sees (its observation and its ``SeatView``); no other seat's cards, no seed of the deal."""

    bot: str
    seed: int
    family: str
    observation: Observation[object]
    view: SeatView


def _searcher(bot: AnyBot) -> Searcher | None:
    """``bot`` as a ``Searcher`` where it reads its seat's view, else ``None``."""
    return cast(Searcher, bot) if hasattr(bot, "act_seen") else None


def ask_of(bot: AnyBot, game: AnyHand, seat: int) -> tuple[Observation[object], Ask | None]:
    """``seat``'s observation of ``game`` and, for a search bot, the ``Ask`` a worker process decides on (engine
    work: under the room's lock or on a copy, in a worker thread)."""
    rules = family_of(game)
    obs = rules.observe(game, seat)
    searcher = _searcher(bot)
    if searcher is None:
        return obs, None
    worlds = rules.worlds
    assert worlds is not None  # a search bot is made for a table that draws worlds only
    return obs, Ask(searcher.name, searcher.seed, searcher.family, obs, worlds(game.variant).seat_view(game, seat))


def answer(ask: Ask) -> int:
    """In a worker process: the index in ``ask.observation.legal`` of the action the bot named in ``ask`` takes."""
    bot = cast(Searcher, bot_maker(ask.bot, ask.family)(ask.seed))
    return ask.observation.legal.index(bot.act_seen(ask.observation, ask.view))


def _warm() -> None:
    """A worker's start: the search bot and the families imported before its first decision."""
    bot_maker("normal")
    bot_maker("normal", "trick")


class BotPool:
    """The server's worker processes for search bots: at most ``workers``, started when a search bot first thinks
    (a server whose rooms seat none starts none), stopped with the server (``close``)."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError("a bot pool needs at least one worker")
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None
        self._closed = False

    def _pool(self) -> ProcessPoolExecutor:
        if self._closed:  # a room's last task asking while the server stops: no new workers
            raise RuntimeError("the bot pool is closed: the server is stopping")
        if self._executor is None:
            # Spawned, not forked: a fork of the server would copy its threads' locks in whatever state they are.
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_warm)
        return self._executor

    def warm(self) -> None:
        """Start every worker now (a room seated search bots): a worker takes a second or more to start, which its
        first decision would otherwise wait."""
        if self._executor is None and not self._closed:
            pool = self._pool()
            for _ in range(self.workers):
                pool.submit(_warm)

    async def decide(self, ask: Ask, budget: float) -> int:
        """The index of the action ``ask``'s bot takes, from a worker (``TimeoutError`` after ``budget`` seconds,
        waiting for a free worker included; a task not yet started is then dropped)."""
        future = self._pool().submit(answer, ask)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), budget)
        finally:
            future.cancel()  # a no-op once it has run

    def close(self) -> None:
        """Stop the workers: decisions waiting for one are dropped, those being made are let finish (a search ends
        within its budget). It starts none again."""
        self._closed = True
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None


async def decide(pool: BotPool, bot: AnyBot, obs: Observation[object], ask: Ask | None, budget: float, room: str) -> object:
    """``bot``'s action on ``obs``: a search bot's (``ask``) from ``pool``, the easy bot's where that fails or takes
    over ``budget`` seconds; another bot's from a worker thread (``TimeoutError`` after ``budget`` seconds: the caller
    knows its table's quick move)."""
    if ask is None:
        return await asyncio.wait_for(asyncio.to_thread(bot.act, obs), budget)
    try:
        return obs.legal[await pool.decide(ask, budget)]
    except TimeoutError:
        log.warning("room %s: %s took over %.1f s; the easy bot's move is played", room, ask.bot, budget)
    except Exception:
        log.exception("room %s: %s failed; the easy bot's move is played", room, ask.bot)
    easy = make_bot("easy", ask.seed, ask.family)
    return await asyncio.to_thread(easy.act, obs)


def bot_name(level: str, game_family: str) -> str:
    """The registered bot a room's ``level`` makes at a table of ``game_family``: ``easy`` (and ``heuristic``, its
    older name) is the family's own bot (``paiju.policy``; a family without search levels has one too), any other
    name is itself."""
    return table_policy(game_family).bot if level in ("easy", "heuristic") else level


def _base(name: str) -> str:
    """A bot name's level (``hard`` of ``hard:1s``), ``easy`` for ``heuristic``."""
    base = name.partition(":")[0]
    return "easy" if base == "heuristic" else base


def room_level(bots: Iterable[str]) -> str:
    """The level 托管 plays a person's seat at: the strongest of the room's bots' levels (``hard:1s`` as written),
    else ``AUTO_LEVEL``: a person away plays as well as the bots the room chose, and never at random."""
    leveled = [name for name in bots if _base(name) in LEVELS]
    if not leveled:
        return AUTO_LEVEL
    strongest = max(leveled, key=lambda name: LEVELS.index(_base(name)))
    return "easy" if strongest == "heuristic" else strongest


def served_bots(model: str | None, table: str) -> list[str]:
    """The bots a room at ``table`` may seat beside the levels: ``model``, the network the server serves (``model``:
    its checkpoint, ``paiju serve --model``), at the table it was trained for."""
    if model is None:
        return []
    from paiju.bots.model import serve_model

    return ["model"] if serve_model(model) == table else []


def check_level(name: str, game_family: str, think_budget: float, served: Iterable[str] = ()) -> bool:
    """Refuse (``bad_message``, ``bot_level``) a bot name this server cannot seat: unknown, a budget that does not
    read, a number of rollouts (the server's bots think by time), longer than the think budget, or a ``model`` bot
    but the one the room is ``served`` (``served_bots``: a room never names a file of the server's); whether it
    searches (it thinks in the pool)."""
    params: dict[str, str | int] = {"name": name, "seconds": f"{think_budget:g}"}
    if name.partition(":")[0] == "model" and name not in served:
        raise RoomError("bad_message", "this server seats no such model bot", reason="bot_level", params=params)
    try:
        bot = make_bot(bot_name(name, game_family), secrets.randbits(64), game_family)
    except ValueError as err:
        raise RoomError("bad_message", str(err), reason="bot_level", params=params) from err
    budget = getattr(bot, "budget", None)
    if budget is not None and (budget.seconds is None or budget.seconds > think_budget):
        raise RoomError(
            "bad_message", f"a bot here thinks by time, at most {think_budget:g} s a move (e.g. hard:1s)",
            reason="bot_budget", params=params,
        )  # fmt: skip
    return budget is not None

