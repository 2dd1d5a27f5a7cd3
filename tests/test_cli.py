"""The `paiju` command's flags, output and exit codes: a contract other tools rely on."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from paiju.cli import main
from paiju.variants import get_variant


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command in-process; return (exit status, stdout, stderr)."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_variants_lists_classic(capsys: pytest.CaptureFixture[str]) -> None:
    """`paiju variants` prints one line per variant, `--json` their settings."""
    code, out, _ = run(capsys, "variants")
    assert code == 0
    assert out.splitlines()[0].startswith("classic")
    code, out, _ = run(capsys, "variants", "--json")
    data = json.loads(out)
    assert data[0]["name"] == "classic" and data[0]["hand_size"] == 17 and data[0]["players"] == 3


def test_classify_prints_every_interpretation(capsys: pytest.CaptureFixture[str]) -> None:
    """C1: `333444555666` reads three ways, and `classify` lists all three."""
    code, out, _ = run(capsys, "classify", "--variant", "classic", "333444555666")
    assert code == 0
    assert len(out.splitlines()) == 3
    code, out, _ = run(capsys, "classify", "--json", "333444555666")
    kinds = sorted((m["kind"], m["key"]) for m in json.loads(out))
    assert kinds == [("airplane+singles", "5"), ("airplane+singles", "6"), ("triple-chain", "6")]


def test_classify_rejects_a_non_combination(capsys: pytest.CaptureFixture[str]) -> None:
    """`33334` is no combination (K1): a clear message and exit status 1."""
    code, out, _ = run(capsys, "classify", "33334")
    assert code == 1
    assert "not a valid combination" in out
    code, out, _ = run(capsys, "classify", "--json", "33334")
    assert code == 1 and json.loads(out) == []


def test_mistyped_cards_quote_the_bad_token(capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input gets a one-line error that quotes it, exit status 2, no traceback."""
    code, out, err = run(capsys, "classify", "33x4")
    assert code == 2 and out == ""
    assert "'x'" in err and "Traceback" not in err
    code, _, err = run(capsys, "moves", "--hand", "3Z")
    assert code == 2 and "'Z'" in err


def test_unknown_variant_lists_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown variant is refused with the list of known names."""
    code, _, err = run(capsys, "moves", "--variant", "nope", "--hand", "33")
    assert code == 2 and "classic" in err


def test_moves_leading_lists_canonical_strings(capsys: pytest.CaptureFixture[str]) -> None:
    """Leading: every legal move once, cards low to high, no `pass`."""
    code, out, _ = run(capsys, "moves", "--hand", "3 4 4 B R", "--json")
    assert code == 0
    assert sorted(json.loads(out)) == sorted(["3", "4", "B", "R", "44", "BR"])
    code, out, _ = run(capsys, "moves", "--hand", "TT10")
    assert out.split() == ["T", "TT", "TTT"]


def test_moves_answering_includes_pass_first(capsys: pytest.CaptureFixture[str]) -> None:
    """Answering: `pass` whenever passing is allowed, then only beating moves (bombs included)."""
    code, out, _ = run(capsys, "moves", "--hand", "334455BR", "--beat", "33", "--json")
    assert code == 0
    assert json.loads(out) == ["pass", "44", "55", "BR"]
    code, out, _ = run(capsys, "moves", "--hand", "22223", "--beat", "BR")
    assert out.split() == ["pass"]


def test_moves_ambiguous_beat_needs_a_kind(capsys: pytest.CaptureFixture[str]) -> None:
    """`--beat` cards with several readings ask for `--beat-kind`; with it the answer is exact."""
    code, _, err = run(capsys, "moves", "--hand", "444555666777", "--beat", "333444555666")
    assert code == 2 and "--beat-kind" in err
    code, out, _ = run(
        capsys, "moves", "--hand", "444555666777", "--beat", "333444555666", "--beat-kind", "triple-chain"
    )
    assert out.split() == ["pass", "444555666777"]


def test_simulate_json_reports_roles(capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate --json`: per-role win rates and mean scores with intervals; scores sum to zero."""
    code, out, _ = run(capsys, "simulate", "--games", "30", "--bots", "heuristic,random,random", "--json")
    assert code == 0
    data = json.loads(out)
    roles = data["roles"]
    assert roles["landlord"]["hands"] == 30 and roles["farmer"]["hands"] == 60
    total = roles["landlord"]["mean_score"] * 30 + roles["farmer"]["mean_score"] * 60
    assert abs(total) < 1e-6
    assert set(roles["landlord"]) >= {"win_rate", "win_rate_ci95", "mean_score", "mean_score_ci95"}
    assert set(data["by_bot"]) == {"heuristic", "random"}


def test_simulate_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    """The same seed gives the same report."""
    a = run(capsys, "simulate", "--games", "10", "--seed", "4", "--json")[1]
    b = run(capsys, "simulate", "--games", "10", "--seed", "4", "--json")[1]
    assert a == b


def test_a_simulation_written_to_a_file_or_a_pipe_runs_no_progress_bar(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where stderr is no terminal the transient bar would show nothing, so no bar runs (no thread redraws it) and the
    report is printed as ever; --json or not makes no difference."""
    import paiju.simulate as simulation

    played = simulation.simulate
    redrawing: list[bool] = []

    def watched(*args: object, **kwargs: object) -> simulation.SimulationReport:
        redrawing.append(any(type(t).__name__ == "_RefreshThread" for t in threading.enumerate()))
        return played(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(simulation, "simulate", watched)
    code, out, err = run(capsys, "simulate", "--games", "3", "--bots", "random,random,random")
    assert code == 0 and "landlord" in out and err == ""
    assert redrawing == [False]


def test_simulate_rejects_wrong_bot_count(capsys: pytest.CaptureFixture[str]) -> None:
    """A bot list that does not fit the seats is refused with the numbers."""
    code, _, err = run(capsys, "simulate", "--games", "1", "--bots", "random,random")
    assert code == 2 and "3 players" in err


def test_a_classic_simulation_loads_only_what_it_plays() -> None:
    """`simulate` at a classic table starts without the card commands, 炒地皮's engine and bots, the climbing family's
    action ids and text parsing, the TOML reader of table files, a progress bar its output to a pipe would not show,
    a bot it does not seat, another table's phases (五人斗地主's, 癞子's, 斗帝主's, the speculator's gifts), the sampled
    worlds a search bot draws, or Python's logging (its start-up is part of its run), and a 炒地皮 table's own bot still
    comes when it is asked for."""
    probe = (
        "import sys\n"
        "from paiju.cli import main\n"
        "main(['simulate', '--variant', 'classic', '--games', '2', '--bots', 'random,random,random', '--json'])\n"
        "unused = ('paiju.commands.cards', 'paiju.trick', 'paiju.bots.trick', 'paiju.climbing.action_ids',"
        " 'paiju.climbing.parse', 'paiju.variants.files', 'tomllib', 'rich.progress', 'paiju.bots.heuristic',"
        " 'paiju.bots.minimal', 'paiju.bots.search', 'logging', 'paiju.climbing.phases.five',"
        " 'paiju.climbing.phases.laizi', 'paiju.climbing.phases.emperor', 'paiju.climbing.phases.gifts',"
        " 'paiju.engine.worlds')\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(unused))\n"
        "print('loaded', loaded)\n"
        "main(['simulate', '--variant', 'chaodipi', '--games', '1', '--bots', 'rule', '--json'])\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    lines = done.stdout.splitlines()
    assert "loaded []" in lines, done.stdout
    assert json.loads(lines[-1])["bots"] == ["rule"] * 4


def _play(tmp_path: Path, keys: str, *extra: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PAIJU_HOME=str(tmp_path), COLUMNS="120")
    return subprocess.run(
        [sys.executable, "-m", "paiju.cli", "play", "--seed", "3", *extra],
        input=keys, capture_output=True, text=True, env=env, timeout=60,
    )


def test_play_refuses_bad_input_and_saves_on_leaving(tmp_path: Path) -> None:
    """Illegal input gets a one-line reason and a new prompt; leaving saves the hand, no traceback."""
    done = _play(tmp_path, "9\nxx\n2\nxx\np\n556677\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "bids go from 1 to 3" in done.stdout
    assert "'x' is not a card" in done.stdout
    assert "you lead this trick, so you must play" in done.stdout
    assert "plays 5" in done.stdout
    saved = list((tmp_path / "hands").glob("*.json"))
    assert len(saved) == 1
    log = json.loads(saved[0].read_text())
    assert log["format"] == "paiju-hand" and any(e["type"] == "play" for e in log["events"])


def _read_until_prompt(proc: subprocess.Popen[bytes], deadline: float) -> str:
    """Read the program's output until it waits at a prompt (``> ``) or exits."""
    assert proc.stdout is not None
    chunks: list[bytes] = []
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.5)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                break
            chunks.append(chunk)
            if b"".join(chunks).rstrip(b" ").endswith(b">"):
                break
        elif proc.poll() is not None:
            break
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize(
    ("variant", "seed"),
    [
        ("classic", 11),
        ("spec-4p1d", 1),
        ("spec-4p2d", 3),
        ("spec-5p1d", 4),
        ("spec-5p2d", 5),
        ("spec-5p3d", 6),
        ("spec-3p1d", 2),
        ("spec-6p2d", 1),
        ("spec-6p3d", 2),
        ("spec-7p2d", 3),
        ("spec-7p3d", 4),
        ("spec-8p3d", 5),
        ("spec-4p3d-2c", 1),
        ("spec-5p3d-2c", 2),
        ("two-player", 2),
        ("laizi", 3),
        ("four-player", 1),
        ("five-player", 2),
        ("dou-dizhu-emperor", 1),
    ],
)
def test_play_a_whole_hand_from_the_keyboard_and_replay_it(tmp_path: Path, variant: str, seed: int) -> None:
    """A hand is played to the end by typing at the prompt; its saved log replays with `paiju replay`.

    The typist passes in the auction (on the two-landlord tables it bids 3, to name a partner, and at 斗帝主 to
    choose among the bottom cards; at two players it calls the landlord), and otherwise asks for the legal actions (`h`) and types the first one offered (as the
    speculator on spec-4p1d seed 1, it chooses every gift card), so every input is one the game
    must accept.
    """
    rules = get_variant(variant).speculator
    two_landlords = rules is not None and bool(rules.partner)
    emperor = get_variant(variant).climbing.bottom_choice
    env = dict(os.environ, PAIJU_HOME=str(tmp_path), COLUMNS="200")
    proc = subprocess.Popen(
        [sys.executable, "-u", "-m", "paiju.cli", "play", "--variant", variant, "--seed", str(seed), "--hands", "1"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
    )
    assert proc.stdin is not None
    deadline = time.monotonic() + 120
    transcript = ""
    while proc.poll() is None and time.monotonic() < deadline:
        screen = _read_until_prompt(proc, deadline)
        transcript += screen
        if not screen.rstrip().endswith(">"):
            continue
        if "bid 1-3 or p to pass>" in screen.splitlines()[-1]:
            reply = "3" if two_landlords or emperor else "p"
        elif "call the landlord (叫地主) or p to pass (不叫)>" in screen.splitlines()[-1]:
            reply = "1"  # two players: the typist calls the landlord
        elif "which one>" in screen.splitlines()[-1]:
            reply = "1"  # cards that read several ways (two colours, wild 3s): the first reading
        else:
            proc.stdin.write(b"h\n")
            proc.stdin.flush()
            listing = _read_until_prompt(proc, deadline)
            transcript += listing
            first = listing.splitlines()[0].split("): ", 1)[-1]  # a pattern's plays: `pair (12): 33 · 44 · …`
            reply = first.split(" · ")[0].split(" … ")[0]  # the first listed action, typed back as it is written
        proc.stdin.write(reply.encode() + b"\n")
        proc.stdin.flush()
    proc.wait(timeout=10)
    assert proc.returncode == 0, transcript[-2000:]
    assert "Traceback" not in transcript
    assert ("went out" in transcript or "wins at once" in transcript) and "session total" in transcript
    if variant.startswith("spec"):
        assert "is the speculator" in transcript and "the gifts are shown" in transcript
    if two_landlords:
        assert "partner" in transcript or "一打四" in transcript
    if variant == "two-player":
        assert "calls the landlord (叫地主)" in transcript
    if emperor:  # the typist keeps the whole bottom, the first choice offered
        assert "keep the bottom cards you want" in transcript and "you (seat 0) keeps 6 of the 6 bottom cards" in transcript
    if variant == "laizi":  # the typist opens before the deal, as the first choice offered
        assert "you (seat 0): open" in transcript and "wild (癞子): every" in transcript
    saved = sorted((tmp_path / "hands").glob("*.json"))
    assert len(saved) == 1
    shown = subprocess.run(
        [sys.executable, "-m", "paiju.cli", "replay", str(saved[0])], capture_output=True, text=True, timeout=60, env=env
    )
    assert shown.returncode == 0, shown.stderr
    assert "went out" in shown.stdout and "the landlord for" in shown.stdout
    if variant.startswith("spec"):
        assert "the speculator sides with the" in shown.stdout


def test_replay_rejects_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file that is not a hand log is refused with a reason (exit status 2)."""
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "cannot read" in err


@pytest.mark.parametrize("variant", ["chaodipi", "chaodipi-live"])
def test_play_a_whole_chaodipi_hand_from_the_keyboard_and_replay_it(tmp_path: Path, variant: str) -> None:
    """炒地皮 in the terminal: the typist passes while declaring and in 抄底, and otherwise types the first action `h`
    lists (a burial when it holds the kitty, then its plays); the hand ends with the level table's verdict, and
    its saved log replays with `paiju replay`. On chaodipi-live (Q7.3 (ii)) it is asked while the cards are dealt,
    only when it holds a declaration, and declares the first time."""
    env = dict(os.environ, PAIJU_HOME=str(tmp_path), COLUMNS="200")
    proc = subprocess.Popen(
        [sys.executable, "-u", "-m", "paiju.cli", "play", "--variant", variant, "--seed", "5", "--hands", "1"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
    )  # fmt: skip
    assert proc.stdin is not None
    deadline = time.monotonic() + 120
    transcript = ""
    typed: list[str] = []
    while proc.poll() is None and time.monotonic() < deadline:
        screen = _read_until_prompt(proc, deadline)
        transcript += screen
        if not screen.rstrip().endswith(">"):
            continue
        prompt = screen.splitlines()[-1]
        if "or pass>" in prompt and not ("dealing: round" in screen and "declared" not in typed):
            reply = "pass"
        else:
            proc.stdin.write(b"h\n")
            proc.stdin.flush()
            listing = _read_until_prompt(proc, deadline)
            transcript += listing
            first = listing.splitlines()[0].split("): ", 1)[-1]  # a group of plays: `trumps, singles (3): 2s · …`
            reply = first.split(" · ")[0]
            if reply == "pass":  # a paced deal: the declaration listed after the pass
                reply, typed = first.split(" · ")[1], [*typed, "declared"]
        typed.append(reply)
        proc.stdin.write(reply.encode() + b"\n")
        proc.stdin.flush()
    proc.wait(timeout=10)
    assert proc.returncode == 0, transcript[-2000:]
    assert "Traceback" not in transcript and "session total" in transcript
    assert "trump:" in transcript and "wins the trick" in transcript and "Levels now:" in transcript
    plays = [t for t in typed if t not in ("pass", "declared") and not t.startswith(("bury", "declare"))]
    assert "pass" in typed and sum(t.count(" ") + 1 for t in plays) >= 25
    if variant == "chaodipi-live":
        assert "declared" in typed and "dealing: round" in transcript and "you (seat 0) declares" in transcript
    saved = sorted((tmp_path / "hands").glob("*.json"))
    assert len(saved) == 1
    shown = subprocess.run(
        [sys.executable, "-m", "paiju.cli", "replay", str(saved[0])], capture_output=True, text=True, timeout=60, env=env
    )
    assert shown.returncode == 0, shown.stderr
    assert "cards dealt, the first to" in shown.stdout and "wins the trick" in shown.stdout and "the kitty:" in shown.stdout


def test_play_seats_bots_at_the_levels_named(tmp_path: Path) -> None:
    """``paiju play --bots hard:20ms,easy``: a level (with its budget) for each other seat in turn; a level that takes
    no budget is refused in one line."""
    done = _play(tmp_path, "p\nquit\n", "--bots", "hard:20ms,easy")
    assert done.returncode == 0, done.stderr
    assert "hard:20ms 1" in done.stdout and "heuristic 2" in done.stdout
    refused = _play(tmp_path, "", "--bots", "easy:1s")
    assert refused.returncode == 2 and "easy plays by rules of thumb" in refused.stderr and "Traceback" not in refused.stderr
