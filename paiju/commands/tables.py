"""Choosing the table on the command line (``--variant``, ``--variant-file``, custom numbers) and ``paiju variants``."""

from __future__ import annotations

import argparse
import json

from rich.console import Console

from paiju.commands import UsageError
from paiju.variants import REGISTRY, Variant, VariantError, get_variant
from paiju.variants.custom import custom_table

__all__ = ["CUSTOM_NUMBERS", "add_table_args", "cmd_variants", "table_of"]

#: The numbers ``--variant custom`` takes (speculator.md §15, §16).
CUSTOM_NUMBERS = ("players", "decks", "hand", "bottom", "gift_landlord", "gift_farmer", "stake")


def table_of(args: argparse.Namespace) -> Variant:
    """The table: ``--variant-file``, ``--variant custom`` with its numbers, or a built-in name."""
    try:
        if args.variant_file:
            from paiju.variants.files import load_variant_file  # TOML is read only for a table file

            return load_variant_file(args.variant_file)
        if args.variant != "custom":
            return get_variant(args.variant)
        numbers = {k: getattr(args, k) for k in CUSTOM_NUMBERS}
        missing = [f"--{k.replace('_', '-')}" for k, v in numbers.items() if v is None and k != "stake"]
        if missing:
            raise UsageError(
                f"--variant custom needs {' '.join(missing)} (with classify and moves, use --variant-file)"
            )
        return custom_table(**numbers)
    except VariantError as err:
        raise UsageError(str(err)) from err


def add_table_args(s: argparse.ArgumentParser, numbers: bool = True) -> None:
    """``--variant NAME`` (or ``custom`` with its numbers) and ``--variant-file FILE``.

    ``classify`` and ``moves`` use ``--hand`` for cards, so there a custom table comes from a file.
    """
    s.add_argument("--variant", default="classic", help="a built-in table" + (", or custom" if numbers else ""))
    s.add_argument("--variant-file", help="a TOML table file (see docs/tables/)")
    if not numbers:
        s.set_defaults(**{name: None for name in CUSTOM_NUMBERS})
        return
    custom = s.add_argument_group("custom speculator table (--variant custom)")
    for name in CUSTOM_NUMBERS:
        custom.add_argument(f"--{name.replace('_', '-')}", type=int, dest=name)


def cmd_variants(args: argparse.Namespace, out: Console) -> int:
    """List every registered variant."""
    if args.toml:
        from paiju.variants.files import variant_to_toml

        print(variant_to_toml(table_of(args)), end="")
        return 0
    if args.json:
        from paiju.policy import table_policy  # imported here: listing the tables in words needs no family

        print(json.dumps([{**v.to_json(), "engine": table_policy(v.family).engine(v)} for v in REGISTRY.values()], ensure_ascii=False))
        return 0
    width = max(len(name) for name in REGISTRY)
    for v in REGISTRY.values():
        print(f"{v.name:<{width}} {v.players}p {v.decks}d  {v.title} — {v.description}")
    return 0
