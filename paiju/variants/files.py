"""Tables as TOML files: a built-in table plus differences (``inherits``), checked key by key.

``load_variant_file`` reads one; ``variant_to_toml`` writes a table as its differences from
``classic`` (docs/tables/ holds one per built-in table, generated so they cannot drift).
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from paiju.variants.model import Variant, VariantError
from paiju.variants.problems import Problem
from paiju.variants.registry import get_variant

__all__ = ["load_variant_file", "load_variant_toml", "variant_to_toml", "with_overrides"]


def load_variant_toml(text: str, source: str = "the table file") -> Variant:
    """A validated table from TOML text: ``inherits`` (default ``classic``) plus the keys given."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise VariantError(f"{source}: not valid TOML: {err}") from err
    base = get_variant(str(data.pop("inherits", "classic")))
    return with_overrides(base, data, source)


def with_overrides(base: Variant, changes: dict[str, Any], source: str = "the table") -> Variant:
    """``base`` with the keys of ``changes`` replaced (``speculator`` and ``trick`` merged key by key), checked."""
    merged = base.to_json()
    data = dict(changes)
    for part in _PARTS:
        rules = data.pop(part, None)
        if rules is not None:
            if not isinstance(rules, dict):
                raise VariantError(Problem(f"{part}_not_table", f"{source}: '{part}' must be a table ([{part}])"))
            merged[part] = {**(merged.get(part) or {}), **rules}
    unknown = sorted(set(data) - set(merged))
    if unknown:
        raise VariantError(Problem(
            "unknown_keys", f"{source}: unknown key(s) {unknown}; known keys: {sorted(merged)}", keys=",".join(unknown)
        ))
    merged.update(data)
    return Variant.from_json(merged)


#: The rule records a table file writes as TOML tables of their own.
_PARTS = ("speculator", "trick")


def load_variant_file(path: str | Path) -> Variant:
    """A validated table from a TOML file (see ``load_variant_toml``)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise VariantError(f"cannot read {path}: {err}") from err
    return load_variant_toml(text, str(path))


def _toml_value(value: Any) -> str:
    """A JSON-ready value as TOML (strings, numbers, booleans and lists of them)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise VariantError(f"cannot write {value!r} as TOML")


def variant_to_toml(variant: Variant) -> str:
    """The table as TOML: ``inherits = "classic"`` and every key that differs from it."""
    base = get_variant("classic").to_json()
    mine = variant.to_json()
    lines = [f"# {variant.title}", 'inherits = "classic"']
    parts = {part: mine.pop(part, None) for part in _PARTS}
    for key, value in mine.items():
        if value != base[key] or key == "name":
            lines.append(f"{key} = {_toml_value(value)}")
    for part, rules in parts.items():
        if rules is not None:
            lines += ["", f"[{part}]", *(f"{key} = {_toml_value(value)}" for key, value in rules.items())]
    return "\n".join(lines) + "\n"
