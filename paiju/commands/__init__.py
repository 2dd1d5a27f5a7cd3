"""The ``paiju`` subcommands, grouped by what they work on; ``paiju.cli`` parses the arguments and calls them."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["UsageError", "collector_paused"]


class UsageError(Exception):
    """Bad input on the command line; printed as one line, exit status 2."""


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off while a command starts (its modules imported, its table made), and what the
    start made frozen after (``gc.freeze``; ``paiju.cli.main`` unfreezes it when the command ends): start-up makes
    tens of thousands of objects that live as long as the command and hardly any garbage, so collecting meanwhile,
    or later while the command runs, only walks them again and again (a few milliseconds of a short command). A
    collector already off (an outer pause) stays off."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_on:
            gc.enable()
