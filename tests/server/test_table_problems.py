"""Rules that make no table are refused with the problem's code and params, so a client words it in its own
language; the English ``detail`` stays the engine's message, and every code has the client's words."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paiju.variants import REGISTRY, VariantError

ROOT = Path(__file__).resolve().parents[2]


def _refusal(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    """The refusal of a room with ``body`` (a 400 whose reason is ``bad_table``): its params."""
    answer = client.post("/api/rooms", json={"name": "Ann", **body})
    assert answer.status_code == 400, answer.text
    detail = answer.json()["detail"]
    assert (detail["code"], detail["reason"]) == ("bad_message", "bad_table"), detail
    assert detail["params"]["detail"] == detail["message"]
    params: dict[str, Any] = detail["params"]
    return params


def test_a_table_whose_cards_do_not_add_up_is_refused_with_its_code_and_numbers(client: TestClient) -> None:
    params = _refusal(client, {"variant": "classic", "seats": 4})
    assert params["detail"].startswith("variant 'classic': cards don't add up: 4 players × 17 + 3 bottom = 71")
    assert {k: params[k] for k in ("code", "dealt", "decks", "in_play", "more")} == {
        "code": "cards_dont_add_up", "dealt": 71, "decks": 1, "in_play": 54, "more": 0,
    }


def test_a_gift_colour_rule_that_does_not_fit_names_the_rule_the_colours_and_the_size(client: TestClient) -> None:
    params = _refusal(client, {"variant": "spec-4p3d-2c", "rules": {"speculator": {"landlord_gift_colours": "5r3b"}}})
    assert params["code"] == "gift_colours_dont_fit"
    assert (params["rule"], params["colours"], params["size"]) == ("landlord_gift_colours", "5r3b", 10)


@pytest.mark.parametrize(
    ("body", "code", "fields"),
    [
        ({"variant": "classic", "rules": {"colour": 3}}, "unknown_keys", {"keys": "colour"}),
        ({"variant": "nope"}, "unknown_variant", {"name": "nope"}),
        ({"variant": "classic", "rules": {"family": "tennis"}}, "unknown_family", {"family": "tennis"}),
        ({"variant": "classic", "rules": {"family": "trick"}}, "trick_rules_missing", {}),
        ({"variant": "classic", "rules": {"players": "three"}}, "bad_settings", {}),
        ({"variant": "classic", "rules": {"bid_style": "auction"}}, "bad_option", {"rule": "bid_style", "value": "auction"}),
        ({"variant": "classic", "rules": {"bomb_ladder": [["bomb4"], ["XY"]]}}, "not_bomb_class", {"bomb": "XY"}),
        # 炒地皮's [trick] rules, as the lobby's editor sends them: each checked with its bounds.
        ({"variant": "chaodipi", "rules": {"trick": {"kangqi_threshold": 500}}}, "trick_points",
         {"rule": "kangqi_threshold", "value": "500", "least": 5, "most": 200, "step": 5}),
        ({"variant": "chaodipi", "rules": {"trick": {"kangqi_advance_base": 83}}}, "trick_points", {"rule": "kangqi_advance_base"}),
        ({"variant": "chaodipi", "rules": {"trick": {"kangqi_attempts": 0}}}, "trick_number",
         {"rule": "kangqi_attempts", "least": 1, "most": 10}),
        ({"variant": "chaodipi", "rules": {"trick": {"throw_fail_penalty_per_card": "ten"}}}, "trick_number",
         {"rule": "throw_fail_penalty_per_card", "value": "ten"}),
        ({"variant": "chaodipi", "rules": {"trick": {"self_overturn": "yes"}}}, "trick_switch", {"rule": "self_overturn"}),
        ({"variant": "chaodipi", "rules": {"trick": {"match_room": "forever"}}}, "bad_option", {"rule": "match_room"}),
    ],
)
def test_every_kind_of_bad_table_carries_a_code(
    client: TestClient, body: dict[str, Any], code: str, fields: dict[str, Any]
) -> None:
    params = _refusal(client, body)
    assert params["code"] == code, params
    assert {k: params[k] for k in fields} == fields


def test_several_problems_send_the_first_and_count_the_others(client: TestClient) -> None:
    params = _refusal(client, {"variant": "classic", "rules": {"straight_min": 1, "pair_chain_min": 1}})
    assert (params["code"], params["rule"], params["more"]) == ("chain_min_too_small", "straight_min", 1)


def test_a_problem_keeps_the_engines_english_message() -> None:
    with pytest.raises(VariantError) as raised:
        REGISTRY["classic"].with_changes(players=4)
    (problem,) = raised.value.problems
    assert str(raised.value) == f"variant 'classic': {problem}"
    assert problem.code == "cards_dont_add_up"


def test_every_problem_code_has_words_in_both_languages() -> None:
    """The client words each code the engine or the server raises (``problem.<code>`` in English and 中文)."""
    sources = [*(ROOT / "paiju" / "variants").glob("*.py"), ROOT / "paiju" / "server" / "bounds.py"]
    codes = {code for path in sources for code in re.findall(r'Problem\(\s*"(\w+)"', path.read_text(encoding="utf-8"))}
    assert len(codes) > 20
    words = (ROOT / "paiju" / "web" / "js" / "i18n_refusals.js").read_text(encoding="utf-8")
    for code in sorted(codes):
        assert words.count(f"'problem.{code}':") == 2, code


def test_a_host_sets_a_chaodipi_rooms_trick_rules_and_the_room_plays_by_them(client: TestClient) -> None:
    """Every [trick] option a host may choose in the lobby makes the room's table (other-games.md §7)."""
    trick = {"declaration_window": "during_deal", "self_overturn": True, "chaodi_after_kitty_flip": "not_after_joker",
             "trump_510k_follow": "own_510k_first", "throw_fail_penalty_per_card": 10, "pass_a_on_any_win": True,
             "kangqi_advance_base": 90, "kangqi_threshold": 120, "kangqi_attempts": 2, "match_room": "round"}
    answer = client.post("/api/rooms", json={"name": "Ann", "variant": "chaodipi", "rules": {"trick": trick}})
    assert answer.status_code == 200, answer.text
    room = client.get(f"/api/rooms/{answer.json()['code']}").json()
    assert room["settings"]["rules"] == {"trick": trick}
