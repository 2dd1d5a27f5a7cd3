"""An ``act`` frame read against the hand: whether the seat may act, and the one legal action it names."""

from __future__ import annotations

from typing import Any

from paiju.cards import InvalidCardsError
from paiju.engine import HandEngine, family_of, parse_action
from paiju.patterns import IllegalMoveError
from paiju.server.errors import RoomError
from paiju.server.protocol import Act

__all__ = ["check_turn", "chosen_action"]


def check_turn(game: HandEngine, seat: int, names: list[str]) -> None:
    """Refuse (``not_your_turn``, naming the seats to act as ``seat``'s view shows them: a sealed step names no seat
    that has answered) unless ``seat`` is among those to act now."""
    if seat not in game.actors():
        actors = sorted(family_of(game).observe(game, seat).actors)
        whose = " and ".join(names[s] for s in actors)
        where = ", ".join(map(str, actors))
        raise RoomError(
            "not_your_turn", f"it is {whose}'s turn (seat{'s' if len(actors) > 1 else ''} {where})",
            params={"name": " & ".join(names[s] for s in actors)},
        )


def chosen_action(game: HandEngine, seat: int, msg: Act) -> Any:
    """The one legal action of ``seat`` an ``act`` frame names; ``RoomError`` with the reason otherwise."""
    action_text = family_of(game).action_text
    if msg.cards is None:
        assert msg.action is not None
        chosen = next((a for a in game.legal_actions(seat) if action_text(a) == msg.action.strip()), None)
        if chosen is None:
            raise RoomError("illegal_move", f"{msg.action!r} is not one of your legal actions now", reason="not_legal")
        return chosen
    try:
        options = parse_action(game, msg.cards, seat)
    except (InvalidCardsError, IllegalMoveError) as err:
        raise RoomError("illegal_move", str(err), reason="bad_cards") from err
    if msg.action is not None:
        reading = next((a for a in options if action_text(a) == msg.action.strip()), None)
        if reading is None:
            readings = ", ".join(action_text(a) for a in options)
            raise RoomError(
                "illegal_move", f"{msg.cards} cannot be played as {msg.action}; they can be: {readings}", reason="not_legal"
            )
        return reading
    if len(options) > 1:
        texts = [action_text(a) for a in options]
        raise RoomError("ambiguous", f"those cards can be played {len(texts)} ways: choose one", texts, params={"n": len(texts)})
    return options[0]
