"""The family-neutral side of the log: which family a log belongs to, and replaying it by that family."""

from __future__ import annotations

from typing import Any

from paiju.engine.protocol import HandEngine
from paiju.engine.registry import CLIMBING, family

__all__ = ["FAMILY_KEY", "family_header", "log_family", "replay"]

#: The header key naming a log's family; absent means the climbing family (so its logs keep their bytes).
FAMILY_KEY = "family"


def family_header(name: str) -> dict[str, str]:
    """The header entries that name family ``name``: none for climbing, whose logs predate the key."""
    return {} if name == CLIMBING else {FAMILY_KEY: name}


def log_family(log: dict[str, Any]) -> str:
    """The family a log names (climbing when it names none)."""
    return str(log.get(FAMILY_KEY, CLIMBING))


def replay(log: dict[str, Any]) -> HandEngine:
    """Rebuild a hand from its log by its family's replay, checking every step."""
    return family(log_family(log)).replay(log)
