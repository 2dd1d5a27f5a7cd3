"""``paiju classify`` and ``paiju moves`` with ``--wild`` on the 癞子 table (other-games.md §1.3): every reading,
each wild card followed by what it stands for, and a one-line refusal where no rank can be wild."""

from __future__ import annotations

import json

import pytest

from paiju.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command in-process; return (exit status, stdout, stderr)."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_classify_lists_every_reading_of_wild_cards(capsys: pytest.CaptureFixture[str]) -> None:
    """§1.7 case 8 (W7): `wild=5: 7775` is the soft bomb `7777` or `777+5`, the 5 at face value (W4)."""
    code, out, _ = run(capsys, "classify", "--variant", "laizi", "--wild", "5", "7775")
    assert code == 0
    assert out.splitlines() == ["7775(7)  soft bomb of 4 (7)", "5(5)777  triple+single (7)"]


def test_classify_json_extends_the_readings_with_the_bomb_class(capsys: pytest.CaptureFixture[str]) -> None:
    """The JSON keeps its fields (cards, kind, key, length, bomb, wilds, description); ``bomb`` names the class."""
    code, out, _ = run(capsys, "classify", "--variant", "laizi", "--wild", "5", "--json", "7775")
    rows = json.loads(out)
    assert code == 0 and [set(r) for r in rows] == [{"cards", "kind", "key", "length", "bomb", "wilds", "description"}] * 2
    assert rows[0] | {"description": ""} == {
        "cards": "7775(7)", "kind": "bomb", "key": "7", "length": 1, "bomb": "soft4", "wilds": [["5", "7"]], "description": "",
    }
    code, out, _ = run(capsys, "classify", "--variant", "laizi", "--wild", "5", "--json", "5555")
    assert [r["bomb"] for r in json.loads(out)] == ["wild4"]


def test_classify_places_a_chains_wild_cards(capsys: pytest.CaptureFixture[str]) -> None:
    """W3, §1.7 case 4: `wild=J: 346789J` is the straight `3456789`, the J standing for 5, one reading only."""
    code, out, _ = run(capsys, "classify", "--variant", "laizi", "--wild", "J", "346789J")
    assert code == 0 and out.splitlines() == ["34J(5)6789  straight of 7 (top 9)"]
    code, out, _ = run(capsys, "classify", "--variant", "laizi", "--wild", "10", "TJQKT")
    assert out.splitlines() == ["T(T)JQKT(A)  straight of 5 (top A)"]


def test_classify_refuses_a_wild_card_beside_a_joker(capsys: pytest.CaptureFixture[str]) -> None:
    """§1.7 case 3 (W1): `wild=9: B9` is no combination: exit status 1."""
    code, out, _ = run(capsys, "classify", "--variant", "laizi", "--wild", "9", "B9")
    assert code == 1 and "not a valid combination" in out


def test_moves_answers_with_every_reading_and_pass(capsys: pytest.CaptureFixture[str]) -> None:
    """§1.7 case 22: with `7775` (wild 7) the answers to `AAA+3` are `222+5` and the soft bomb `5555`, and pass."""
    code, out, _ = run(capsys, "moves", "--variant", "laizi", "--wild", "7", "--hand", "7775", "--beat", "AAA3", "--json")
    assert code == 0 and json.loads(out) == ["pass", "57(5)7(5)7(5)", "57(2)7(2)7(2)"]


def test_moves_reads_a_beat_written_with_its_wild_cards(capsys: pytest.CaptureFixture[str]) -> None:
    """§1.7 cases 8 and 25: the soft `7777` beats the soft `6666` but not another soft `7777` (C4)."""
    argv = ["moves", "--variant", "laizi", "--wild", "5", "--hand", "7775", "--json", "--beat"]
    code, out, _ = run(capsys, *argv, "665(6)5(6)")
    assert code == 0 and json.loads(out) == ["pass", "7775(7)"]
    code, out, _ = run(capsys, *argv, "75(7)5(7)5(7)")
    assert code == 0 and json.loads(out) == ["pass"]
    code, _, err = run(capsys, *argv, "6655")  # written plainly: the soft bomb 6666 or 666+5, as classify reads it
    assert code == 2 and "soft bomb of 4 (6); triple+single (6)" in err and len(err.strip().splitlines()) == 1
    code, out, _ = run(capsys, *argv, "6655", "--beat-kind", "bomb")
    assert code == 0 and json.loads(out) == ["pass", "7775(7)"]


def test_moves_reads_a_plainly_written_wild_card_in_beat_as_classify_does(capsys: pytest.CaptureFixture[str]) -> None:
    """A wild K written plainly in `9TJQK` stands for itself, as `classify` reads it; `TJQK(K)A` answers it."""
    code, out, _ = run(capsys, "classify", "--variant", "laizi", "--wild", "K", "9TJQK")
    assert code == 0 and out.splitlines() == ["9TJQK(K)  straight of 5 (top K)"]
    code, out, err = run(capsys, "moves", "--variant", "laizi", "--wild", "K", "--hand", "9TJQKA", "--beat", "9TJQK", "--json")
    assert (code, err) == (0, "") and json.loads(out) == ["pass", "TJQK(K)A"]
    code, out, _ = run(capsys, "moves", "--variant", "laizi", "--wild", "K", "--hand", "9TJQKA", "--beat", "9TJQK(K)", "--json")
    assert code == 0 and json.loads(out) == ["pass", "TJQK(K)A"]


def test_moves_lists_the_pure_wild_bomb_as_a_lead(capsys: pytest.CaptureFixture[str]) -> None:
    """W2 (a): the four wild cards alone are the pure wild bomb; they beat `2222` and lose to `BR` (§1.7 case 9)."""
    code, out, _ = run(capsys, "moves", "--variant", "laizi", "--wild", "5", "--hand", "5555BR", "--beat", "2222", "--json")
    assert code == 0 and json.loads(out) == ["pass", "BR", "5555"]


@pytest.mark.parametrize(
    "argv, reason",
    [
        (["--wild", "7"], "classic has no wild rank"),
        (["--variant", "spec-4p1d", "--wild", "7"], "spec-4p1d has no wild rank"),
        (["--variant", "laizi", "--wild", "R"], "a joker is never wild"),
        (["--variant", "laizi", "--wild", "B"], "a joker is never wild"),
        (["--variant", "laizi", "--wild", "x"], "not a rank"),
        (["--variant", "laizi", "--wild", "77"], "not a rank"),
    ],
)
def test_wild_is_refused_with_a_one_line_reason(capsys: pytest.CaptureFixture[str], argv: list[str], reason: str) -> None:
    """`--wild` needs a table with a wild rank and one rank 3…2: exit status 2 and one line, as other flags."""
    for command in (["classify", *argv, "7775"], ["moves", *argv, "--hand", "7775"]):
        code, out, err = run(capsys, *command)
        assert code == 2 and out == "" and reason in err and len(err.strip().splitlines()) == 1, err
