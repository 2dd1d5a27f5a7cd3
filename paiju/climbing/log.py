"""The event log: a versioned JSON record of a hand that replays to the identical state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from paiju.cards import card_rank
from paiju.climbing.actions import (
    Action,
    Alone,
    Bid,
    Declare,
    Double,
    Give,
    Grab,
    Open,
    Partner,
    Pass,
    Play,
    Return,
    Reveal,
)  # fmt: skip
from paiju.climbing.events import ACTION_KINDS
from paiju.climbing.hand import Hand
from paiju.climbing.hand import Hand as Game
from paiju.climbing.state import Deal
from paiju.engine import CLIMBING, family_header
from paiju.engine.log import (
    LOG_FORMAT,
    LOG_VERSION,
    LogError,
    check_header,
    load_log,
    log_rules,
    log_seed,
    log_variant,
    save_log,
)
from paiju.patterns import classify_ranks
from paiju.patterns.move import NO_COLOUR

__all__ = ["LOG_FORMAT", "LOG_VERSION", "LogError", "game_log", "load_log", "replay", "save_log"]

#: Events that record a seat's action (the rest follow from them and are checked).
ACTION_EVENTS = frozenset(ACTION_KINDS)


def game_log(game: Game, seats: list[str] | None = None) -> dict[str, Any]:
    """The JSON-ready log of a hand (finished or not)."""
    return {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        **family_header(CLIMBING),
        "variant": game.variant.name,
        "rules": log_rules(game.variant),
        "seed": str(game.seed),
        "dealer": game.state.dealer,
        "previous": game.state.previous,
        "seats": seats or [f"seat {i}" for i in range(game.players)],
        "events": game.events,
    }


def _action_of(game: Game, event: dict[str, Any]) -> Action:
    """The action an event records, as the game would accept it."""
    if event["type"] == "pass":
        return Pass()
    if event["type"] == "bid":
        return Bid(int(event["points"]))
    if event["type"] == "give":
        return Give(int(event["card"]))
    if event["type"] == "declare":
        return Declare()
    if event["type"] in ("open_start", "open"):
        return Open()
    if event["type"] == "grab":
        return Grab()
    if event["type"] == "identity":
        return Reveal() if event["reveal"] else Pass()
    if event["type"] == "double":
        return Double()
    if event["type"] == "return":
        back = tuple(int(c) for c in event["cards"])
        return Return(back) if back else Pass()
    if event["type"] in ("partner", "alone"):
        shown = tuple(int(c) for c in event["cards"])
        return Partner(shown) if event["type"] == "partner" else Alone(shown)
    cards = tuple(int(c) for c in event["cards"])
    ranks = tuple(sorted(card_rank(c) for c in cards))
    wilds = tuple(tuple(w) for w in event.get("wilds", ()))
    colour = event.get("colour", NO_COLOUR)  # two-colour tables: the body's colour
    for move in classify_ranks(
        game.variant.pattern_rules, ranks, game.holding(event["seat"]).wilds_in(cards), game.state.promoted
    ):
        if (move.kind, move.key, move.length, move.wilds) == (event["kind"], event["key"], event["length"], wilds):
            return Play(move._replace(colour=colour), cards)
    raise LogError(f"event {event} is not a valid move at {game.variant.name}")


def replay(log: dict[str, Any], stop: int | None = None, each: Callable[[int, Hand], None] | None = None) -> Hand:
    """Rebuild a hand from its log (up to ``stop`` events), checking every step.

    ``each(n, game)`` is called with the game as it stands after the first ``n`` events: once before any
    action and after every action event, so one pass yields every step of a replay.
    """
    check_header(log, "the log")
    try:
        variant = log_variant(log)
        if variant.name != log["variant"]:
            raise LogError(f"the log names variant {log['variant']!r} but its rules are {variant.name!r}")
        events = log["events"]
        deals = [
            Deal(
                tuple(tuple(h) for h in e["hands"]),
                tuple(e["bottom"]),
                e["marker"],
                tuple(e.get("flipped", ())),
                tuple(e.get("extra", ())),
                tuple(e.get("gift_order", ())),
                e.get("wild"),
            )
            for e in events
            if e["type"] == "deal"
        ]
        previous = log.get("previous")
        game = Hand(variant, log_seed(log), int(log.get("dealer", 0)), deals, previous)
        limit, version = len(events) if stop is None else stop, log["version"]
        if each is not None:
            each(0, game)
        for i, event in enumerate(events[:limit]):
            if event["type"] in ACTION_EVENTS:
                if event["seat"] not in game.actors():
                    whose = " and ".join(f"seat {s}" for s in sorted(game.actors()))
                    raise LogError(f"event {i}: seat {event['seat']} acts but it is {whose}'s turn")
                try:
                    game.apply(_action_of(game, event), event["seat"])
                except ValueError as err:
                    raise LogError(f"event {i} ({event['type']} by seat {event['seat']}) does not replay: {err}") from err
            if version == 1 and event["type"] == "play" and i < len(game.events):
                event = {**event, "text": game.events[i]["text"]}  # version 1 wrote no body in a play's text
            if i >= len(game.events) or game.events[i] != event:
                got = game.events[i] if i < len(game.events) else "nothing"
                raise LogError(f"event {i} does not replay: recorded {event}, got {got}")
            if each is not None and event["type"] in ACTION_EVENTS:
                each(i + 1, game)
    except LogError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise LogError(f"the log does not replay: {err}") from err
    return game
