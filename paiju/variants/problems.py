"""What a table gets wrong: ``VariantError`` and its ``Problem`` records, each an English message with a code and
params that a client words in its own language."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["Problem", "VariantError"]


class Problem(str):
    """One thing a table gets wrong, in English, with a stable ``code`` and the ``params`` (numbers, names, lists
    joined by commas) a client words it with in its own language."""

    code: str
    params: dict[str, str | int]

    def __new__(cls, code: str, message: str, **params: str | int) -> Problem:
        problem = super().__new__(cls, message)
        problem.code = code
        problem.params = params
        return problem


class VariantError(ValueError):
    """A variant whose numbers or switches contradict each other; ``problems`` says each one for a client (none
    for errors that are not a table's, such as an unreadable file)."""

    def __init__(self, message: str, problems: Iterable[Problem] = ()) -> None:
        super().__init__(message)
        self.problems = tuple(problems) or ((message,) if isinstance(message, Problem) else ())
