"""Tables as TOML files and custom speculator tables (speculator.md §16), checked key by key."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import replays_identically

from paiju.bots import make_bot, play_out
from paiju.cli import main
from paiju.climbing import Game
from paiju.variants import REGISTRY, VariantError, get_variant
from paiju.variants.custom import custom_table
from paiju.variants.files import load_variant_file, load_variant_toml, variant_to_toml

TABLES_DIR = Path(__file__).resolve().parent.parent / "docs" / "tables"


@pytest.mark.parametrize("name", list(REGISTRY))
def test_every_table_round_trips_through_toml(name: str) -> None:
    """A built-in table written as `inherits = "classic"` plus differences reads back as the same table."""
    assert load_variant_toml(variant_to_toml(REGISTRY[name])) == REGISTRY[name]


@pytest.mark.parametrize("name", list(REGISTRY))
def test_documented_table_files_match_the_registry(name: str) -> None:
    """docs/tables/ holds one file per built-in table, generated from the registry so it cannot drift
    (PAIJU_REGEN=1 rewrites them)."""
    path = TABLES_DIR / f"{name}.toml"
    if os.environ.get("PAIJU_REGEN") == "1":
        path.write_text(variant_to_toml(REGISTRY[name]), encoding="utf-8")
    assert path.exists(), f"{path.name} is missing: run with PAIJU_REGEN=1"
    assert path.read_text(encoding="utf-8") == variant_to_toml(REGISTRY[name])
    assert load_variant_file(path) == REGISTRY[name]


def test_a_file_inherits_a_table_and_changes_keys() -> None:
    """A table file names its parent with `inherits` and overrides single keys, speculator rules included."""
    v = load_variant_toml('inherits = "spec-4p1d"\nname = "house"\n[speculator]\npure_three_bomb = false\n')
    assert v.name == "house" and v.players == 4
    assert v.speculator is not None and not v.speculator.pure_three_bomb
    assert v.speculator.gift_landlord == get_variant("spec-4p1d").speculator.gift_landlord  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('inherits = "classic"\nhand_sise = 17\n', "unknown key"),
        ('inherits = "spec-4p1d"\n[speculator]\ngift_lanlord = 3\n', "unknown speculator key"),
        ('inherits = "nowhere"\n', "unknown variant 'nowhere'"),
        ("players = \n", "not valid TOML"),
        ('inherits = "classic"\nhand_size = 18\n', "cards don't add up"),
    ],
)
def test_a_bad_table_file_says_what_is_wrong(text: str, message: str) -> None:
    """The strict checker rejects unknown keys and contradictions with a message naming them."""
    with pytest.raises(VariantError, match=message):
        load_variant_toml(text)


def test_custom_table_from_the_section_15_numbers() -> None:
    """§16: the 4p1d numbers rebuild 4p1d's hand sizes (17 / 14 / 9) and its stake T = 6."""
    v = custom_table(players=4, decks=1, hand=13, bottom=2, gift_landlord=4, gift_farmer=1)
    assert v.final_hand_sizes == (17, 14, 9)
    assert v.speculator is not None and v.speculator.stake == 6 and v.speculator.determination == "7c"


@pytest.mark.parametrize(
    ("numbers", "message"),
    [
        ({"players": 4, "decks": 1, "hand": 13, "bottom": 3, "gift_landlord": 4, "gift_farmer": 1}, "cards don't add up"),
        ({"players": 4, "decks": 1, "hand": 12, "bottom": 6, "gift_landlord": 1, "gift_farmer": 1}, "must shrink"),
        ({"players": 5, "decks": 1, "hand": 10, "bottom": 4, "gift_landlord": 6, "gift_farmer": 1}, "more than half"),
        (
            {"players": 4, "decks": 1, "hand": 13, "bottom": 2, "gift_landlord": 4, "gift_farmer": 1, "stake": 7},
            "every score is whole",
        ),
        ({"players": 11, "decks": 1, "hand": 4, "bottom": 10, "gift_landlord": 1, "gift_farmer": 1}, "3 to 10"),
    ],
)
def test_custom_table_validation_names_the_failing_rule(numbers: dict[str, int], message: str) -> None:
    """§16: cards add up; big landlord > farmer > speculator; face-up cards at most half the
    speculator's hand; settlement rows whole; 3–10 players."""
    with pytest.raises(VariantError, match=message):
        custom_table(**numbers)


def test_custom_table_plays_and_replays() -> None:
    """A custom 6-player, 2-deck one-landlord table plays to the end and its log replays (it carries the rules)."""
    v = custom_table(players=6, decks=2, hand=17, bottom=6, gift_landlord=6, gift_farmer=1)
    for seed in range(10):
        g = Game(v, seed)
        result = play_out(g, [make_bot("heuristic", seed * 7 + s) for s in range(v.players)])
        assert sum(result.scores) == 0
        replays_identically(g)


def test_cli_custom_table_needs_its_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    """`--variant custom` without its numbers names the missing flags."""
    assert main(["simulate", "--variant", "custom", "--players", "4", "--games", "1"]) == 2
    assert "--decks" in capsys.readouterr().err


def test_cli_variant_file_and_toml_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`paiju variants --toml` writes a table file that `--variant-file` reads back for any subcommand."""
    assert main(["variants", "--toml", "--variant", "spec-5p2d"]) == 0
    path = tmp_path / "table.toml"
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["moves", "--variant-file", str(path), "--hand", "BR", "--json"]) == 0
    assert '"BR"' in capsys.readouterr().out
    assert main(["simulate", "--variant-file", str(path), "--games", "3", "--bots", "heuristic", "--json"]) == 0
