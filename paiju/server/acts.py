"""An ``act`` frame read against the hand: whether the seat may act, and the one legal action it names."""

from __future__ import annotations

from collections.abc import Callable

from paiju.cards import InvalidCardsError
from paiju.engine import AnyHand, family_of, parse_action
from paiju.errors import IllegalMoveError
from paiju.policy import policy_of
from paiju.server.errors import RoomError
from paiju.server.protocol import Act

__all__ = ["check_turn", "chosen_action", "refusal", "refuse_paced_pass"]


def check_turn(game: AnyHand, seat: int, names: list[str]) -> None:
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


def chosen_action(game: AnyHand, seat: int, msg: Act) -> object:
    """The one legal action of ``seat`` an ``act`` frame names; ``RoomError`` with the engine's reason otherwise."""
    action_text = family_of(game).action_text
    if msg.cards is None:
        assert msg.action is not None
        chosen = next((a for a in game.legal_actions(seat) if action_text(a) == msg.action.strip()), None)
        if chosen is not None:
            return chosen
        try:  # typed as in the terminal, or refused with the rule that forbids it
            options = parse_action(game, msg.action, seat)
        except (InvalidCardsError, IllegalMoveError) as err:
            raise refusal(err, f"{msg.action!r} is not one of your legal actions now") from err
        return _one_reading(options, action_text)
    try:
        options = parse_action(game, msg.cards, seat)
    except (InvalidCardsError, IllegalMoveError) as err:
        raise refusal(err, str(err)) from err
    if msg.action is not None:
        reading = next((a for a in options if action_text(a) == msg.action.strip()), None)
        if reading is None:
            readings = ", ".join(action_text(a) for a in options)
            raise RoomError(
                "illegal_move", f"{msg.cards} cannot be played as {msg.action}; they can be: {readings}",
                reason="other_reading", params={"cards": msg.cards, "action": msg.action, "readings": readings},
            )  # fmt: skip
        return reading
    return _one_reading(options, action_text)


def refuse_paced_pass(game: AnyHand, action: object) -> object:
    """A person's ``action``, refused where it is a pass during a paced deal's round (``clock.py``: a round that moved
    on early would tell the table that nobody had anything to declare)."""
    if policy_of(game).paced(game) is not None and family_of(game).action_text(action) == "pass":
        raise RoomError(
            "illegal_move", "the cards come at a fixed pace: declare when you wish, or wait for the next card",
            reason="paced",
        )  # fmt: skip
    return action


def _one_reading(options: list[object], action_text: Callable[[object], str]) -> object:
    """The one action typed text means; ``ambiguous``, with every reading, where it means several."""
    if len(options) > 1:
        texts = [action_text(a) for a in options]
        raise RoomError("ambiguous", f"those cards can be played {len(texts)} ways: choose one", texts, params={"n": len(texts)})
    return options[0]


def refusal(err: ValueError, message: str) -> RoomError:
    """The engine's refusal as the room sends it: the rule's own reason (``rule.<code>`` and the values it names) for a
    client to word in its reader's language, and the engine's words as ``detail`` where the rule has no code."""
    reason = err.reason if isinstance(err, IllegalMoveError) else None
    params: dict[str, str | int] = {"detail": str(err)}
    if reason is None:
        return RoomError("illegal_move", message, reason="rule", params=params)
    return RoomError("illegal_move", message, reason=f"rule.{reason.code}", params={**reason.params, **params})
