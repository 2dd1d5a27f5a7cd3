"""The families by name, and the hooks the kernel needs of each: open, read, replay, show and number hands (what
the apps decide about a family's tables is their table policy, ``paiju.policy``)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from paiju.engine.action_ids import ActionSpace
from paiju.engine.protocol import AnyHand, HandCore, HandEngine, Observation
from paiju.engine.report import Settlement
from paiju.engine.session import Session
from paiju.variants import REGISTRY, Variant

if TYPE_CHECKING:
    from paiju.engine.worlds import Worlds

__all__ = [
    "CLIMBING",
    "FAMILY_MODULES",
    "AnyFamily",
    "Family",
    "LoggedEvent",
    "family",
    "family_of",
    "new_session",
    "open_hand",
    "parse_action",
    "registered",
    "tables",
    "variant_family",
]

CLIMBING = "climbing"
#: Each family's module (it holds ``FAMILY``), imported when first asked for, so the kernel imports no family.
FAMILY_MODULES = {CLIMBING: "paiju.climbing.family", "trick": "paiju.trick.family"}

H = TypeVar("H", bound=HandCore)
A = TypeVar("A")
O = TypeVar("O", bound=Observation[object])
H_contra = TypeVar("H_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)


class LoggedEvent(Protocol[H_contra, A_co]):
    """A logged event as its family reads it: it knows the action it records (``A_co``) in a hand (``H_contra``)."""

    def action(self, hand: H_contra) -> A_co | None:
        """The action the event records, as ``hand`` (as it stood just before) accepts it; ``None`` for an event no
        seat acted for."""
        ...


@dataclass(frozen=True)
class Family(Generic[H, A, O]):
    """The hooks a kernel user (a replay, a search, a learner, and the apps above them) needs of a family's hands
    ``H``, their actions ``A`` and their seats' observations ``O``."""

    name: str
    #: A freshly dealt hand of a variant from a seed (options as the family takes them, e.g. ``dealer``).
    open_hand: Callable[..., H]
    #: The legal actions a player's text can mean for a seat (``None``: the seat to act).
    parse_action: Callable[[H, str, int | None], list[A]]
    #: The hand a log's deals begin (its header, table and seed read and checked), before any action: replay's
    #: first hook (``paiju.engine.log.replay``).
    start: Callable[[dict[str, Any]], H]
    #: A log entry as the family's typed event, which knows the action it records: replay's second hook.
    read_event: Callable[[dict[str, Any]], LoggedEvent[H, A]]
    #: A session of hands: ``(variant, seed, draw_seed)``.
    session: Callable[[Variant, int, Callable[[], int] | None], Session[H]]
    #: What a seat (``None``: a spectator) may know, for bots and views.
    observe: Callable[[H, int | None], O]
    #: An action as players type it and views list it.
    action_text: Callable[[A], str]
    #: The hand's log (JSON-ready), seats named.
    game_log: Callable[[H, list[str] | None], dict[str, Any]]
    #: A finished hand's settlement in words, seats named.
    settle: Callable[[H, Sequence[str]], Settlement]
    #: Whether ``seat`` is shown ``owner``'s whole hand now (its own always; a hand played face up, a known team's):
    #: what a seat's view may name beside the cards it has held and those every seat is shown.
    sees_hand: Callable[[H, int, int], bool] = lambda hand, seat, owner: seat == owner
    #: A table's action ids: each action as an int below its ``num_actions``, legal ids and a mask (docs/engine.md,
    #: "Action ids").
    action_ids: Callable[[Variant], ActionSpace[H, A]] | None = None
    #: A table's sampled worlds for search: a seat's view of a hand, and hands drawn among those consistent with it
    #: (docs/engine.md, "Sampled worlds").
    worlds: Callable[[Variant], Worlds[H]] | None = None


#: A family looked up by name, its types not known where it is held: its hands are ``AnyHand``s, its actions ``object``.
AnyFamily = Family[AnyHand, object, Observation[object]]


def registered(modules: dict[str, str], name: str, attribute: str) -> object:
    """``attribute`` of the module registered for family ``name`` in ``modules`` (imported when first asked for); the
    error lists the families registered there."""
    if name not in modules:
        raise ValueError(f"unknown game family {name!r}; known families: {', '.join(modules)}")
    module = modules[name]
    return getattr(sys.modules.get(module) or importlib.import_module(module), attribute)  # asked for once a hand


def family(name: str) -> AnyFamily:
    """The family called ``name``; the error lists the known ones."""
    found = registered(FAMILY_MODULES, name, "FAMILY")
    assert isinstance(found, Family)
    return found


def variant_family(variant: Variant) -> str:
    """The family a variant's hands are played by."""
    return variant.family


def family_of(hand: HandEngine[A, O]) -> Family[HandEngine[A, O], A, O]:
    """The family that plays ``hand``, typed by the hand's own actions and observations (the family registered for a
    hand's table is the one whose hooks made it, so they take its actions)."""
    return cast("Family[HandEngine[A, O], A, O]", family(variant_family(hand.variant)))


def open_hand(variant: Variant, seed: int, **options: Any) -> AnyHand:
    """A freshly dealt hand of ``variant`` (``options`` as its family takes them, e.g. ``dealer``)."""
    return family(variant_family(variant)).open_hand(variant, seed, **options)


def new_session(variant: Variant, seed: int = 0, draw_seed: Callable[[], int] | None = None) -> Session[AnyHand]:
    """A session at ``variant``'s table, its hands dealt by the variant's family (see ``Session``)."""
    return family(variant_family(variant)).session(variant, seed, draw_seed)


def parse_action(engine: HandEngine[A, O], text: str, seat: int | None = None) -> list[A]:
    """The legal actions a player's ``text`` can mean now for ``seat`` (by default the seat to act)."""
    return family_of(engine).parse_action(engine, text, seat)


def tables() -> dict[str, Variant]:
    """Every registered table by name, for whatever goes over them all (the kernel's conformance suite)."""
    return dict(REGISTRY)

