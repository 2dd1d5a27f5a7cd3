"""The ``paiju`` subcommands, grouped by what they work on; ``paiju.cli`` parses the arguments and calls them."""

from __future__ import annotations

__all__ = ["UsageError"]


class UsageError(Exception):
    """Bad input on the command line; printed as one line, exit status 2."""
