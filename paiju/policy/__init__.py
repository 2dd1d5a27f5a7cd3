"""Each family's table policy: what the apps (the server, the terminal, simulate, the command line) decide about a
family's tables beyond its rules — the bots that play a seat for a person, timeouts, pacing, the server's frame fields
and bounds, a simulation's tally — kept out of the kernel, which a search, a learner or a replay uses without them.

Each family's policy is a module holding ``POLICY`` (``POLICY_MODULES``), imported when first asked for, so an app
that serves every family names none of them (as ``paiju.engine`` finds each family's hooks)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar, cast

from paiju.bots import AnyBot, make_bot
from paiju.engine import (
    CLIMBING,
    AnyHand,
    FrameFields,
    HandCore,
    HandEngine,
    HandTally,
    MatchStanding,
    Observation,
    Session,
    registered,
    variant_family,
)
from paiju.variants import Variant

__all__ = ["POLICY_MODULES", "TablePolicy", "policy_of", "table_bot", "table_policy"]

#: Each family's policy module (it holds ``POLICY``), by family name.
POLICY_MODULES = {CLIMBING: "paiju.policy.climbing", "trick": "paiju.policy.trick"}

H = TypeVar("H", bound=HandCore)
A = TypeVar("A")
O = TypeVar("O", bound=Observation[object])


@dataclass(frozen=True)
class TablePolicy(Generic[H, A]):
    """What the apps decide about one family's tables, for hands ``H`` and actions ``A``."""

    #: The registered bot that plays a seat for a person (托管, the terminal's opponents, a simulation's default).
    bot: str
    #: The registered bot that makes a seat's smallest move for a timed-out turn (``timeouts`` ``grace`` or
    #: ``minimal``), and on 托管 where ``timeouts`` is ``minimal``.
    timeout_bot: str
    #: Whether, on a ``minimal`` table, a seat whose time runs out goes on 托管 at once (else after three in a row).
    timeout_takes_over: Callable[[H], bool]
    #: Whether a lone forced pass may be played for a seat at once (it shows nothing the pass does not).
    forced_pass_shown: Callable[[H], bool]
    #: What a simulation counts of a finished hand.
    tally: Callable[[H], HandTally]
    #: The public fields the server's frames add to the views.
    frame_fields: Callable[[H], FrameFields]
    #: The most actions one seat may choose among in the hand dealt from a seed (the server bounds it).
    most_actions: Callable[[Variant, int], int]
    #: Where the hand waits on a clock rather than on its seats (a deal with declaring open), the clock's step
    #: (a new number each round); ``None`` where it waits on its seats.
    paced: Callable[[H], int | None] = lambda hand: None
    #: Which engine serves a table's moves: ``compiled`` (the C hot path) or ``python``.
    engine: Callable[[Variant], str] = lambda variant: "python"
    #: The cards of its hand a seat's legal action plays, as the engine picks them (a two-colour play's own colour, a
    #: wild reading's wild cards) and as its views write them, for a client to lift; ``None`` for an action that plays
    #: no cards or names its own.
    play_cards: Callable[[H, int, A], str | None] = lambda hand, seat, action: None
    #: Where the match of a session's hands stands (its last hand dealt or finished); ``None`` where each hand stands
    #: alone (the climbing tables).
    match: Callable[[Session[H]], MatchStanding | None] = lambda session: None


def table_policy(name: str) -> TablePolicy[AnyHand, object]:
    """The table policy of family ``name``; the error lists the families that have one."""
    found = registered(POLICY_MODULES, name, "POLICY")
    assert isinstance(found, TablePolicy)
    return found


def policy_of(hand: HandEngine[A, O]) -> TablePolicy[HandEngine[A, O], A]:
    """The table policy of the family that plays ``hand``, typed by the hand's own actions (the policy registered
    for a hand's family is written for its hands)."""
    return cast("TablePolicy[HandEngine[A, O], A]", table_policy(variant_family(hand.variant)))


def table_bot(variant: Variant, seed: int = 0) -> AnyBot:
    """The table's own bot (its policy's ``bot``, the one that plays a seat for a person), seeded: it picks one of
    ``obs.legal`` in ``act(obs)`` for the family's ``observe``."""
    name = variant_family(variant)
    return make_bot(table_policy(name).bot, seed, name)
