"""Hands as stored logs: views step by step for the replay viewer, the final hands, a seat's redacted log,
rebuilding a room's session after a restart, the card counter."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from paiju.cards import RANK_CHARS, deck_cards, format_cards, parse_ranks, rank_counts
from paiju.engine import AnyHand, LogError, Session, family_of, game_log, new_session, replay
from paiju.policy import policy_of
from paiju.variants import Variant

__all__ = ["card_counter", "final_hands", "rebuild", "redacted_log", "resume_session", "settled", "step_views"]


def settled(game: AnyHand, names: list[str]) -> dict[str, Any]:
    """A finished hand's settlement as the ``result`` frame carries it (without the session's totals): the
    scores, one line per seat, the multiplier, the summary in English and the facts behind it."""
    done = family_of(game).settle(game, names)
    assert game.result is not None
    lines = [
        {"seat": l.seat, "role": l.role, "score": l.score, "text": l.text, "share": l.share, "name": names[l.seat]}
        for l in done.lines
    ]
    return {
        "scores": list(game.result.scores),
        "lines": lines,
        "multiplier": policy_of(game).frame_fields(game).get("multiplier", 1),
        "summary": list(done.summary),
        **done.outcome,
    }


def step_views(log: dict[str, Any], seat: int | None, everything: bool) -> list[dict[str, Any]]:
    """One ``{index, event, view, bids, redeals}`` per action of the hand (and one for the start), as ``seat``
    saw it, built in a single replay; the last step of a finished hand adds its ``result``.

    ``bids`` is the auction so far as the ``view`` frame sends it; ``redeals`` the reasons of the new deals
    that followed the step's action (``nobody bid``…), or came before the first one on the start step.
    ``everything``: the public view plus every seat's cards (``hands``); only for finished hands.
    """
    players = replay(log, stop=0).variant.players
    if seat is not None and not 0 <= seat < players:
        raise LogError(f"this hand has seats 0 to {players - 1}")
    names = [str(n) for n in log.get("seats") or [f"seat {s + 1}" for s in range(players)]]
    out: list[dict[str, Any]] = []

    def record(stop: int, game: AnyHand) -> None:
        view = family_of(game).observe(game, None if everything else seat).to_json()
        if everything:
            view["hands"] = [format_cards(sorted(h)) for h in game.hands]
        event = None
        if stop:
            last = game.typed_events[stop - 1]
            shown = last if everything else last.visible_to(seat, game.facts())
            event = None if shown is None else shown.to_json()
        followed = (e.to_json() for e in game.typed_events[stop:])
        redeals = [e["reason"] for e in followed if e["type"] == "redeal"]
        bids = policy_of(game).frame_fields(game).get("bids", [])
        out.append({"index": stop, "event": event, "view": view, "bids": bids, "redeals": redeals})

    final = replay(log, each=record)
    if everything and not final.is_over:
        raise LogError("every seat's cards are shown only once the hand is over")
    if final.is_over and out:
        out[-1]["result"] = settled(final, names)
    return out


def final_hands(log: dict[str, Any]) -> list[str]:
    """Each seat's cards left when the hand ended (the table shows them after the settlement)."""
    game = replay(log)
    if not game.is_over:
        raise LogError("the hand is not over")
    return [format_cards(sorted(h)) for h in game.hands]


def redacted_log(game: AnyHand, seat: int | None, names: list[str]) -> dict[str, Any]:
    """The hand's log for ``seat``: whole once the hand is over, else without others' hidden cards and
    without the seed (the deal follows from it)."""
    log = game_log(game, names)
    if game.is_over:
        return log
    del log["seed"]
    facts = game.facts()
    shown = (event.visible_to(seat, facts) for event in game.typed_events)
    events = [event.to_json() for event in shown if event is not None]
    return {**log, "events": events, "redacted": True}


def resume_session(
    variant: Variant, finished: list[dict[str, Any]], current: AnyHand, draw_seed: Callable[[], int]
) -> Session[AnyHand]:
    """A session as it stood: its finished hands (logs, in order) and its current hand; later hands are
    seeded by ``draw_seed``."""
    session = new_session(variant, draw_seed=draw_seed)
    for stored in finished:
        result = replay(stored).result
        assert result is not None
        session.results.append(result)
        session.totals = [t + s for t, s in zip(session.totals, result.scores, strict=True)]
    session.game = current
    return session


def rebuild(header: dict[str, Any], events: list[dict[str, Any]]) -> tuple[AnyHand | None, int]:
    """The running hand from its stored header and events: as far as they replay, and how many did."""
    log_ = {**header, "events": events}
    try:
        return replay(log_), len(events)
    except LogError:
        pass
    low, high = -1, len(events)  # replay(stop=low) works (-1: unknown), stop=high does not
    while high - low > 1:
        mid = (low + high) // 2
        try:
            replay(log_, stop=max(mid, 0))
            low = mid
        except LogError:
            high = mid
    if low < 0:
        return None, 0
    return replay(log_, stop=low), low


def card_counter(variant: Variant, view: dict[str, Any]) -> dict[str, int] | None:
    """记牌器: per rank, the cards neither in this seat's hand nor played so far (from its view alone); ``None`` for
    a view that keeps no play history (the trick-taking tables, whose counter would need every suit).

    A seat cannot tell cards dealt aside (二人斗地主's dead cards) from the other hands, so those count as
    unseen too, but no rank counts more cards than the other seats still hold: the counter never claims a
    card is still to come that cannot be (where every unseen card is in another hand, none ever exceeds that).
    """
    if "history" not in view:
        return None
    pack = rank_counts(deck_cards(variant.decks, variant.removed_rank_indices))
    seen = Counter(parse_ranks(view["hand"]) if view["hand"] else [])
    for record in view["history"]:
        if record["cards"] != "pass":
            seen.update(parse_ranks(record["cards"]))
    held = sum(view["cards_left"]) - view["cards_left"][view["seat"]]
    return {RANK_CHARS[r]: min(pack[r] - seen[r], held) for r in range(len(pack)) if pack[r]}
