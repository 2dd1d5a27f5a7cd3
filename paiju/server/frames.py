"""Frames built from a hand by pure functions: what one seat (or a spectator) is sent, and the settlement."""

from __future__ import annotations

import dataclasses

from paiju.engine import AnyHand, FrameFields, family_of
from paiju.policy import policy_of
from paiju.server.history import card_counter, settled
from paiju.server.protocol import ResultLine, ResultMessage, ViewMessage

__all__ = ["LEGAL_CAP", "auto_play", "result_message", "view_message"]

#: Most legal actions a view frame lists; past it the client types cards and the server reads them.
LEGAL_CAP = 2000


def view_message(
    game: AnyHand,
    seat: int | None,
    fields: FrameFields,
    *,
    deadline: float | None,
    counter: bool,
    hand_number: int,
    automatic: frozenset[int] = frozenset(),
) -> ViewMessage:
    """What ``seat`` sees of the hand (``None``: a spectator), its legal list cut to ``LEGAL_CAP``; ``fields``
    are the family's public frame fields, the same for every seat. ``automatic``: the seats the server plays."""
    observation = family_of(game).observe(game, seat)
    total = len(observation.legal)
    if total > LEGAL_CAP and dataclasses.is_dataclass(observation) and not isinstance(observation, type):
        # Cut before writing: only the actions sent are named (and, in a Lazy list, made).
        view = dataclasses.replace(observation, legal=tuple(observation.legal[:LEGAL_CAP])).to_json()
    else:
        view = observation.to_json()
    view["legal"] = view["legal"][:LEGAL_CAP]
    play_cards = policy_of(game).play_cards
    legal_cards = [] if seat is None else [play_cards(game, seat, a) for a in observation.legal[:LEGAL_CAP]]
    return ViewMessage(
        view=view,
        seat=seat,
        deadline=deadline,
        counter=card_counter(game.variant, view) if counter and seat is not None else None,
        hand_number=hand_number,
        auto_play=auto_play(seat, observation.actors, automatic),
        bids=fields.get("bids", []),
        redeals=fields.get("redeals", []),
        legal_total=total,
        legal_cards=legal_cards,
    )


def auto_play(seat: int | None, shown: frozenset[int], automatic: frozenset[int]) -> bool:
    """Whether the server plays ``seat`` (one of those to act), or for everyone else every seat to act. Read from
    the actors ``seat`` is shown, never the engine's: in a sealed step (Q5.13) the flag says nothing of who
    has answered."""
    if seat is not None and seat in shown:
        return seat in automatic
    return bool(shown) and shown <= automatic


def result_message(
    game: AnyHand, names: list[str], totals: list[int], log_id: str | None, hand_number: int
) -> ResultMessage | None:
    """The settlement of a finished hand, line by line with each seat's session total."""
    if game.result is None:
        return None
    fields = settled(game, names)
    lines = [ResultLine(**line, total=totals[line["seat"]]) for line in fields.pop("lines")]
    return ResultMessage(**fields, lines=lines, log_id=log_id, totals=totals, hand_number=hand_number)
