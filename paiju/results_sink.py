"""Appending to a results file of JSON lines (an arena's, a balance run's) as its deals are played: the header first
in a new file, each line flushed at once, so a run cut short keeps every deal it finished and resumes after it."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

__all__ = ["ResultsSink", "write_lines"]


class ResultsSink:
    """A results file (``None``: none) that deals are appended to as they are played: opened at the first, with its
    ``header`` written first where the file is new, and closed on leaving the ``with`` block."""

    def __init__(self, path: Path | None, header: dict[str, Any]) -> None:
        self.path, self.header = path, header
        self._file: TextIO | None = None

    def __enter__(self) -> ResultsSink:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._file is not None:
            self._file.close()

    def append(self, lines: Sequence[dict[str, Any]]) -> None:
        """Append the deal ``lines`` (and the header before the first line of a new file)."""
        if self.path is None:
            return
        if self._file is None:
            self._file = self.path.open("a", encoding="utf-8")
            if self.path.stat().st_size == 0:
                write_lines(self._file, [self.header])
        write_lines(self._file, lines)


def write_lines(sink: TextIO, lines: Iterable[dict[str, Any]]) -> None:
    """Append JSON lines and flush them: an interrupted run keeps every deal it finished."""
    for line in lines:
        sink.write(json.dumps(line, ensure_ascii=False) + "\n")
    sink.flush()
