"""A made-up family for tests: every seat votes yes or no, all at once, so a decision is open to several seats.

Register it with ``monkeypatch.setitem(FAMILY_MODULES, "vote", "tests.vote_family")`` and the same in
``POLICY_MODULES`` for the apps (and ``LOOKS`` for the terminal); ``VOTE_TABLE`` is the classic table played by it."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from paiju.engine import Family, HandTally, Session, Settlement, SettlementLine, log_rules, log_variant
from paiju.engine.log import LOG_FORMAT, LOG_VERSION
from paiju.engine.undo import last_pushed
from paiju.errors import IllegalMoveError
from paiju.policy import TablePolicy
from paiju.terminal import Look, group_lines
from paiju.variants import Variant, get_variant

VOTES = ("yes", "no")


@dataclass(frozen=True)
class Vote:
    """A seat's vote, as the log stores it; every seat sees every vote."""

    seat: int
    vote: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "vote", "seat": self.seat, "vote": self.vote}

    def visible_to(self, seat: int | None, facts: Any) -> Vote:
        return self

    def action(self, hand: Any) -> str:
        """The vote is the action the event records."""
        return self.vote


@dataclass(frozen=True)
class Outcome:
    scores: tuple[int, ...]


@dataclass(frozen=True)
class Seen:
    """One seat's view of the vote: who still votes, and what this seat may vote now."""

    seat: int | None
    legal: tuple[str, ...]
    actors: frozenset[int]
    votes: tuple[tuple[int, str], ...]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "legal": list(self.legal), "actors": sorted(self.actors), "votes": list(self.votes)}


class VoteHand:
    """Every seat votes, in any order; the hand is over once all have (yes scores 1, no scores 0)."""

    def __init__(self, variant: Variant, seed: int) -> None:
        self.variant = variant
        self.seed = seed
        self.typed_events: list[Vote] = []
        self.pushed: list[Vote] = []

    @property
    def events(self) -> list[dict[str, Any]]:
        return [e.to_json() for e in self.typed_events]

    @property
    def hands(self) -> list[list[int]]:
        return [[] for _ in range(self.variant.players)]

    def facts(self) -> None:
        return None

    @property
    def result(self) -> Outcome | None:
        if self.actors():
            return None
        return Outcome(tuple(int(e.vote == "yes") for e in sorted(self.typed_events, key=lambda e: e.seat)))

    @property
    def is_over(self) -> bool:
        return not self.actors()

    def actors(self) -> frozenset[int]:
        return frozenset(range(self.variant.players)) - {e.seat for e in self.typed_events}

    def legal_actions(self, seat: int) -> list[str]:
        return list(VOTES) if seat in self.actors() else []

    def apply(self, action: str, seat: int) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalMoveError(f"seat {seat} may not vote {action!r} now")
        self.typed_events.append(Vote(seat, action))

    def clone(self) -> VoteHand:
        twin = copy.deepcopy(self)
        twin.pushed = []
        return twin

    def push(self, action: str, seat: int) -> None:
        self.apply(action, seat)
        self.pushed.append(self.typed_events[-1])

    def pop(self) -> None:
        self.typed_events.remove(last_pushed(self.pushed))

    def observe(self, seat: int | None) -> Seen:
        return _observe(self, seat)

    def view(self, seat: int) -> dict[str, Any]:
        return _observe(self, seat).to_json()


def _observe(hand: VoteHand, seat: int | None) -> Seen:
    votes = tuple((e.seat, e.vote) for e in hand.typed_events)
    return Seen(seat, tuple(hand.legal_actions(seat)) if seat is not None else (), hand.actors(), votes)


def _parse(hand: VoteHand, text: str, seat: int | None) -> list[str]:
    if seat is None or text.strip() not in hand.legal_actions(seat):
        raise IllegalMoveError(f"vote {' or '.join(VOTES)}")
    return [text.strip()]


def _log(hand: VoteHand, seats: list[str] | None) -> dict[str, Any]:
    return {
        "format": LOG_FORMAT, "version": LOG_VERSION, "family": "vote", "variant": hand.variant.name,
        "rules": log_rules(hand.variant), "seed": hand.seed,
        "seats": seats or [f"seat {i}" for i in range(hand.variant.players)], "events": hand.events,
    }  # fmt: skip


def _start(log: dict[str, Any]) -> VoteHand:
    """A vote's log begins with no deal: the hand before any vote."""
    return VoteHand(log_variant(log), int(log["seed"]))


def _read_event(entry: dict[str, Any]) -> Vote:
    return Vote(entry["seat"], entry["vote"])


def _settle(hand: VoteHand, names: Sequence[str]) -> Settlement:
    result = hand.result
    assert result is not None
    lines = tuple(SettlementLine(s, "voter", score, None, f"{names[s]} scores {score}") for s, score in enumerate(result.scores))
    return Settlement((f"{sum(result.scores)} voted yes.",), lines)


FAMILY: Family[VoteHand, str, Seen] = Family(
    name="vote",
    open_hand=VoteHand,
    parse_action=_parse,
    start=_start,
    read_event=_read_event,
    session=lambda variant, seed, draw_seed: Session(variant, lambda v, s, i, r: VoteHand(v, s), seed, draw_seed),
    observe=_observe,
    action_text=str,
    game_log=_log,
    settle=_settle,
)

#: What the apps decide about a vote's tables: the random bot plays every seat they play.
POLICY: TablePolicy[VoteHand, str] = TablePolicy(
    bot="random",
    timeout_bot="random",
    timeout_takes_over=lambda hand: False,
    forced_pass_shown=lambda hand: False,
    tally=lambda hand: HandTally(roles=("voter",) * hand.variant.players),
    frame_fields=lambda hand: {},
    most_actions=lambda variant, seed: len(VOTES),
)

#: The classic table, voted on by this family.
VOTE_TABLE = get_variant("classic").with_changes(family="vote")


class VoteView:
    """The terminal's view of a vote: the votes so far, and each vote as it is cast."""

    def __init__(self, console: Console, names: Sequence[str], seat: int) -> None:
        self.console, self.names, self.seat = console, names, seat

    def before(self, hand: VoteHand) -> None:
        """Nothing is learnt between votes."""

    def show(self, hand: VoteHand) -> None:
        self.console.print(f"still voting: {sorted(hand.actors())}")

    def prompt(self, hand: VoteHand) -> str:
        return "vote yes or no"

    def chosen_for(self, hand: VoteHand) -> str | None:
        return None

    def reading(self, action: str) -> str:
        return ""

    def acted(self, hand: VoteHand, seat: int, action: str) -> None:
        self.console.print(f"{self.names[seat]} votes {action}")


LOOK = Look(
    VoteView,
    lambda hand, events, names: [f"{names[e['seat']]} votes {e['vote']}" for e in events],
    lambda hand, legal: group_lines([str(a) for a in legal], {}),
)
