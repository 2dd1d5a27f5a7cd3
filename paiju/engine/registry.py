"""The families by name, and what the kernel and the apps need of each: open, read, replay, show and count hands."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from paiju.engine.action_ids import ActionSpace
from paiju.engine.protocol import HandEngine, Observation
from paiju.engine.report import FrameFields, HandTally, MatchStanding, Settlement
from paiju.engine.session import Session
from paiju.variants import REGISTRY, Variant

if TYPE_CHECKING:
    from paiju.engine.worlds import Worlds

__all__ = [
    "CLIMBING",
    "FAMILY_MODULES",
    "Family",
    "LoggedEvent",
    "family",
    "family_of",
    "new_session",
    "open_hand",
    "parse_action",
    "table_bot",
    "tables",
    "variant_family",
]

CLIMBING = "climbing"
#: Each family's module (it holds ``FAMILY``), imported when first asked for, so the kernel imports no family.
FAMILY_MODULES = {CLIMBING: "paiju.climbing.family", "trick": "paiju.trick.family"}
#: The apps' bot registry (``make_bot``), imported when a table's own bot is first asked for: the kernel imports no app.
BOTS_MODULE = "paiju.bots"

H = TypeVar("H", bound=HandEngine)


class LoggedEvent(Protocol):
    """A logged event as its family reads it: it knows the action it records."""

    def action(self, hand: Any) -> Any:
        """The action the event records, as ``hand`` (as it stood just before) accepts it; ``None`` for an event no
        seat acted for."""
        ...


@dataclass(frozen=True)
class Family(Generic[H]):
    """What the kernel and the apps (bots, simulate, the terminal, the server) need of a family's hands."""

    name: str
    #: A freshly dealt hand of a variant from a seed (options as the family takes them, e.g. ``dealer``).
    open_hand: Callable[..., H]
    #: The legal actions a player's text can mean for a seat (``None``: the seat to act).
    parse_action: Callable[[H, str, int | None], list[Any]]
    #: The hand a log's deals begin (its header, table and seed read and checked), before any action: replay's
    #: first hook (``paiju.engine.log.replay``).
    start: Callable[[dict[str, Any]], H]
    #: A log entry as the family's typed event, which knows the action it records: replay's second hook.
    read_event: Callable[[dict[str, Any]], LoggedEvent]
    #: A session of hands: ``(variant, seed, draw_seed)``.
    session: Callable[[Variant, int, Callable[[], int] | None], Session[H]]
    #: What a seat (``None``: a spectator) may know, for bots and views.
    observe: Callable[[H, int | None], Observation]
    #: An action as players type it and views list it.
    action_text: Callable[[Any], str]
    #: The hand's log (JSON-ready), seats named.
    game_log: Callable[[H, list[str] | None], dict[str, Any]]
    #: Whether a lone forced pass may be played for a seat at once (it shows nothing the pass does not).
    forced_pass_shown: Callable[[H], bool]
    #: A finished hand's settlement in words, seats named.
    settle: Callable[[H, Sequence[str]], Settlement]
    #: What a simulation counts of a finished hand.
    tally: Callable[[H], HandTally]
    #: The public fields the server's frames add to the views.
    frame_fields: Callable[[H], FrameFields]
    #: The most actions one seat may choose among in the hand dealt from a seed (the server bounds it).
    most_actions: Callable[[Variant, int], int]
    #: The registered bot that plays a seat for a person (托管, the terminal's opponents).
    bot: str
    #: The registered bot that makes a seat's smallest move for a timed-out turn (``timeouts`` ``grace`` or
    #: ``minimal``), and on 托管 where ``timeouts`` is ``minimal``.
    timeout_bot: str
    #: Whether, on a ``minimal`` table, a seat whose time runs out goes on 托管 at once (else after three in a row).
    timeout_takes_over: Callable[[H], bool]
    #: Where the hand waits on a clock rather than on its seats (a deal with declaring open), the clock's step
    #: (a new number each round); ``None`` where it waits on its seats.
    paced: Callable[[H], int | None] = lambda hand: None
    #: Whether ``seat`` is shown ``owner``'s whole hand now (its own always; a hand played face up, a known team's):
    #: what a seat's view may name beside the cards it has held and those every seat is shown.
    sees_hand: Callable[[H, int, int], bool] = lambda hand, seat, owner: seat == owner
    #: Which engine serves a table's moves: ``compiled`` (the C hot path) or ``python``.
    engine: Callable[[Variant], str] = lambda variant: "python"
    #: The cards of its hand a seat's legal action plays, as the engine picks them (a two-colour play's own colour, a
    #: wild reading's wild cards) and as its views write them, for a client to lift; ``None`` for an action that plays
    #: no cards or names its own.
    play_cards: Callable[[H, int, Any], str | None] = lambda hand, seat, action: None
    #: Where the match of a session's hands stands (its last hand dealt or finished); ``None`` where each hand stands
    #: alone (the climbing tables).
    match: Callable[[Session[H]], MatchStanding | None] = lambda session: None
    #: A table's action ids: each action as an int below its ``num_actions``, legal ids and a mask (docs/engine.md,
    #: "Action ids").
    action_ids: Callable[[Variant], ActionSpace[H, Any]] | None = None
    #: A table's sampled worlds for search: a seat's view of a hand, and hands drawn among those consistent with it
    #: (docs/engine.md, "Sampled worlds").
    worlds: Callable[[Variant], Worlds[H]] | None = None


def family(name: str) -> Family[Any]:
    """The family called ``name``; the error lists the known ones."""
    if name not in FAMILY_MODULES:
        raise ValueError(f"unknown game family {name!r}; known families: {', '.join(FAMILY_MODULES)}")
    module = FAMILY_MODULES[name]
    found = (sys.modules.get(module) or importlib.import_module(module)).FAMILY  # asked for once a hand: no import
    assert isinstance(found, Family)
    return found


def variant_family(variant: Variant) -> str:
    """The family a variant's hands are played by."""
    return variant.family


def family_of(hand: HandEngine) -> Family[Any]:
    """The family that plays ``hand``."""
    return family(variant_family(hand.variant))


def open_hand(variant: Variant, seed: int, **options: Any) -> HandEngine:
    """A freshly dealt hand of ``variant`` (``options`` as its family takes them, e.g. ``dealer``)."""
    hand: HandEngine = family(variant_family(variant)).open_hand(variant, seed, **options)
    return hand


def new_session(variant: Variant, seed: int = 0, draw_seed: Callable[[], int] | None = None) -> Session[HandEngine]:
    """A session at ``variant``'s table, its hands dealt by the variant's family (see ``Session``)."""
    return family(variant_family(variant)).session(variant, seed, draw_seed)


def parse_action(engine: HandEngine, text: str, seat: int | None = None) -> list[Any]:
    """The legal actions a player's ``text`` can mean now for ``seat`` (by default the seat to act)."""
    return family_of(engine).parse_action(engine, text, seat)


def tables() -> dict[str, Variant]:
    """Every registered table by name, for whatever goes over them all (the kernel's conformance suite)."""
    return dict(REGISTRY)


def table_bot(variant: Variant, seed: int = 0) -> Any:
    """The table's own bot (its family's ``bot``, the one that plays a seat for a person), seeded: it picks one of
    ``obs.legal`` in ``act(obs)`` for the family's ``observe``."""
    rules = family(variant_family(variant))
    return importlib.import_module(BOTS_MODULE).make_bot(rules.bot, seed, rules.name)
