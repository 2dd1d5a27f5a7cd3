"""The errors every layer raises when a player asks for something the rules refuse, at the bottom of the house:
the pattern engine, both families, the bots and the apps all import them from here, and this module imports
nothing of paiju."""

from __future__ import annotations

__all__ = ["AmbiguousMoveError", "IllegalMoveError", "Reason"]


class Reason(str):
    """Why a move is refused: the words in English (the string itself), and ``code`` with ``params`` (cards as the
    engine writes them, counts, colours) for a client that words the same reason in its reader's language."""

    code: str
    params: dict[str, str | int]

    def __new__(cls, code: str, text: str, **params: str | int) -> Reason:
        reason = super().__new__(cls, text)
        reason.code, reason.params = code, params
        return reason


class IllegalMoveError(ValueError):
    """A move the rules do not allow here; the message says why (a ``Reason`` where the rule has a code)."""

    @property
    def reason(self) -> Reason | None:
        """The refusal's ``Reason``, or ``None`` where it was given only in words."""
        first = self.args[0] if self.args else None
        return first if isinstance(first, Reason) else None


class AmbiguousMoveError(ValueError):
    """Cards that can be played as more than one move; the message lists the readings."""
