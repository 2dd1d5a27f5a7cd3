"""`paiju classify` and `paiju moves` on 炒地皮 (issue: `--level RANK --trump s|h|d|c|none [--led CARDS]`): legal
follows and leads with suits kept, and every bad flag refused in one line with exit status 2."""

from __future__ import annotations

import json

import pytest

from paiju.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def moves(capsys: pytest.CaptureFixture[str], hand: str, *more: str) -> list[str]:
    code, out, err = run(capsys, "moves", "--variant", "chaodipi", "--level", "6", "--trump", "s", "--hand", hand, *more, "--json")
    assert code == 0, err
    return list(json.loads(out))


def test_moves_lists_the_follows_the_rules_allow(capsys: pytest.CaptureFixture[str]) -> None:
    """§7.15 case 8: led `Kd Kd`, a follower with `Qd Qd 9d 3s 3s` must play `Qd Qd`; one with `9d 3s 3s 4s` plays
    `9d` and any one card (each once, whichever copy); case 26's longer tractor is followed by the tractor held."""
    assert moves(capsys, "Qd Qd 9d 3s 3s", "--led", "Kd Kd") == ["Qd Qd"]
    assert moves(capsys, "9d 3s 3s 4s", "--led", "Kd Kd") == ["3s 9d", "4s 9d"]
    follows = moves(capsys, "9c 9c 8c 8c 4c 4c 2c 2c", "--led", "Ac Ac Kc Kc Qc Qc")
    assert sorted(follows) == ["2c 2c 8c 8c 9c 9c", "4c 4c 8c 8c 9c 9c"]


def test_moves_lists_every_lead_throws_included(capsys: pytest.CaptureFixture[str]) -> None:
    """Without `--led`: every lead the player may attempt — singles, pairs, and throws of one category (whether a
    throw stands is decided against the other hands when it is played)."""
    leads = moves(capsys, "Ac Ac Kc 5h")
    assert set(leads) == {"Kc", "Ac", "Kc Ac", "Ac Ac", "Kc Ac Ac", "5h"}


def test_classify_names_the_unit_or_the_throw(capsys: pytest.CaptureFixture[str]) -> None:
    """§7.15 cases 1–2: with L = 6 and spades trump `5c 5c 7c 7c` is a tractor, `5s 5s 7s 7s` two pairs; a lead
    that mixes categories is none (exit status 1, with the reason)."""
    args = ("classify", "--variant", "chaodipi", "--level", "6", "--trump", "s")
    assert run(capsys, *args, "5c 5c 7c 7c")[1].strip() == "5c 5c 7c 7c: tractor of 2 pairs"
    assert run(capsys, *args, "5s 5s 7s 7s")[1].strip() == "5s 5s 7s 7s: throw: pair + pair"
    code, out, _ = run(capsys, *args, "--json", "Qd 3c")
    assert code == 1 and json.loads(out)["lead"] is False and "one category" in json.loads(out)["reason"]


@pytest.mark.parametrize(
    ("flags", "says"),
    [
        (["--level", "Z", "--trump", "s"], "--level 'Z' is not a rank"),
        (["--level", "B", "--trump", "s"], "jokers are no level"),
        (["--level", "6", "--trump", "x"], "--trump 'x': use s, h, d, c or none"),
        (["--trump", "s"], "needs --level RANK"),
        (["--level", "6", "--trump", "s", "--led", "Qd 3c"], "--led Qd 3c: no legal lead"),
        (["--level", "6", "--trump", "s", "--led", "A A"], "--led: name each card with its suit"),
        (["--level", "6", "--trump", "s", "--led", "Ad Ad Kd Kd Qd Qd"], "more than the 4 of --hand"),
    ],
)
def test_bad_flags_are_refused_in_one_line(capsys: pytest.CaptureFixture[str], flags: list[str], says: str) -> None:
    """Issue (bad input): a level that is no rank, a trump that is none of s h d c none, `--led` cards that are no
    legal lead — each refused with its reason, exit status 2."""
    code, out, err = run(capsys, "moves", "--variant", "chaodipi", "--hand", "Qd Qd 9d 3s", *flags)
    assert code == 2 and out == "" and says in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["classify", "--variant", "chaodipi", "--level", "6", "--trump", "s", "Zz"],
        ["moves", "--variant", "chaodipi", "--level", "6", "--trump", "s", "--hand", "Qx"],
        ["moves", "--variant", "chaodipi", "--level", "6", "--trump", "s", "--hand", "Qs", "--led", "Zz"],
    ],
)
def test_a_card_that_is_not_one_is_refused_in_one_line_with_exit_status_two(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """As on every other table: a token that is no card is bad input, one line naming it, exit status 2."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and "is not a card" in err and err.count("\n") == 1, err


@pytest.mark.parametrize(
    ("argv", "flag"),
    [
        (["--variant", "chaodipi", "--level", "6", "--trump", "s", "--hand", "Qs", "--beat", "Qs"], "--beat"),
        (["--variant", "chaodipi", "--level", "6", "--trump", "s", "--hand", "Qs", "--wild", "7"], "--wild"),
        (["--variant", "chaodipi", "--level", "6", "--trump", "s", "--hand", "Qs", "--role", "landlord"], "--role"),
        (["--variant", "laizi", "--hand", "33", "--level", "6"], "--level"),
        (["--variant", "laizi", "--hand", "33", "--trump", "s"], "--trump"),
        (["--variant", "classic", "--hand", "33", "--led", "3"], "--led"),
    ],
)
def test_moves_refuses_the_options_of_the_other_family(capsys: pytest.CaptureFixture[str], argv: list[str], flag: str) -> None:
    """`--beat`/`--wild` mean nothing on 炒地皮 and `--level`/`--trump`/`--led` nothing on a climbing table: refused,
    not ignored, in one line naming the option, exit status 2."""
    code, out, err = run(capsys, "moves", *argv)
    assert code == 2 and out == "" and f"paiju: {flag}:" in err and err.count("\n") == 1, err
