"""The Deep Monte-Carlo baseline (paiju.learn) and its checkpoints as paiju bots (``model:PATH``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from paiju.arena import run_arena  # noqa: E402
from paiju.bots import make_bot  # noqa: E402
from paiju.cli import main  # noqa: E402
from paiju.climbing.actions import Bid, Pass, Play  # noqa: E402
from paiju.env import env  # noqa: E402
from paiju.learn.dmc import train  # noqa: E402
from paiju.learn.features import FEATURES, ActionFeatures  # noqa: E402
from paiju.learn.model import Checkpoint, QNet, load_checkpoint  # noqa: E402
from paiju.patterns import Move  # noqa: E402
from paiju.variants import PatternKind, get_variant  # noqa: E402

#: Games the tiny run is measured over: 84 deals, each in the arena's six seatings of classic.
DEALS = 84


@pytest.fixture(scope="module")
def untrained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A checkpoint of an untrained tiny network for classic (seeded)."""
    torch.manual_seed(0)
    path = tmp_path_factory.mktemp("learn") / "untrained.pt"
    Checkpoint("classic", (32,), QNet(env("classic").encoder.size, (32,)).state_dict()).save(path)
    return path


def test_an_action_row_counts_the_cards_played_and_the_hand_they_leave() -> None:
    e = env("classic")
    e.reset(seed=1)
    layout = e.layout()
    vector = np.zeros(e.encoder.size, dtype=np.float32)
    vector[layout["hand"].start + 0] = 1  # a 3
    vector[layout["hand"].start + 1] = 1  # another 3
    vector[layout["hand"].start + 52] = 1  # the black joker
    pair = Play(Move(PatternKind.PAIR, 0, 1, (0, 0)))
    rows = ActionFeatures(layout["hand"]).rows(vector, [pair, Pass(), Bid(2)])
    assert rows.shape == (3, FEATURES)
    assert rows[0, 0] == 2 and rows[0, :15].sum() == 2  # the pair of 3s it plays
    assert rows[0, 15] == 0 and rows[0, 15 + 13] == 1  # the hand it leaves: the black joker
    assert rows[1, 15] == 2 and rows[1, :15].sum() == 0  # a pass leaves the hand whole
    assert not np.array_equal(rows[1], rows[2]) and rows[2, -1] == 2  # a bid of 2 is no pass


def test_the_model_bot_reads_its_seat_s_env_observation_and_plays_its_best_action(untrained: Path) -> None:
    """At every decision of a hand the bot's vector is the env's observation of that seat (made from the seat's view
    alone), and its choice is the legal action of highest Q."""
    checkpoint = load_checkpoint(untrained)
    policy = checkpoint.policy()
    e = env("classic")
    e.reset(seed=5)
    bots = [make_bot(f"model:{untrained}", s) for s in range(3)]
    hand = e.hand
    assert hand is not None
    decisions = 0
    while not hand.is_over:
        agent = e.agent_selection
        seat = int(agent[-1])
        obs = e.family.observe(hand, seat)
        vector = e.observe(agent)["observation"]
        bot = bots[seat]
        assert np.array_equal(bot.encoder.encode(obs, hand), vector)  # type: ignore[attr-defined]
        chosen = bot.act(obs)
        legal = list(obs.legal)
        q = policy.values(policy.inputs(vector, legal))
        assert q[legal.index(chosen)] == q.max()
        ids = {action: i for i, action in e.choices(agent).actions.items()}
        e.step(ids[chosen])
        decisions += 1
    assert decisions > 10


def test_another_seats_hidden_cards_never_reach_the_model_bot(untrained: Path) -> None:
    """Swapping cards between the two hands a seat does not see changes neither its bot's input nor its values."""
    policy = load_checkpoint(untrained).policy()
    e = env("classic")
    e.reset(seed=7)
    for _ in range(8):  # bids, then a few plays
        e.step(e.legal(e.agent_selection)[-1])
    hand = e.hand
    assert hand is not None and not hand.is_over
    seat = int(e.agent_selection[-1])
    bot = make_bot(f"model:{untrained}")

    def seen() -> tuple[bytes, bytes]:
        obs = e.family.observe(hand, seat)
        vector = bot.encoder.encode(obs, hand)  # type: ignore[attr-defined]
        return vector.tobytes(), policy.values(policy.inputs(vector, list(obs.legal))).tobytes()

    before = seen()
    a, b = [s for s in range(3) if s != seat]
    hands = hand.state.hands
    i = next(i for i, card in enumerate(hands[a]) if all(card % 54 != c % 54 for c in hands[b]))
    hands[a][i], hands[b][0] = hands[b][0], hands[a][i]
    assert seen() == before


def test_a_table_of_model_bots_that_never_bid_still_plays_its_hands(tmp_path: Path) -> None:
    """A network that passes whenever it may, in every seat, would deal again forever: after ``PATIENCE`` passes of
    an open auction in a row a model bot bids its best bid."""
    e = env("classic")
    size = e.encoder.size
    net = QNet(size, (1,))
    pass_row = ActionFeatures(e.layout()["hand"]).rows(np.zeros(size, np.float32), [Pass()])[0]
    with torch.no_grad():  # Q = 1 for a pass, 0 for anything else
        for p in net.parameters():
            p.zero_()
        net.body[0].weight[0, size + int(np.flatnonzero(pass_row)[0])] = 1.0
        net.body[2].weight[0, 0] = 1.0
    Checkpoint("classic", (1,), net.state_dict()).save(tmp_path / "passer.pt")
    bots = [make_bot(f"model:{tmp_path / 'passer.pt'}", s) for s in range(3)]
    e.reset(seed=0)
    for _ in range(3):
        hand = e.hand
        assert hand is not None
        for _ in range(2000):
            if hand.is_over:
                break
            seat = min(hand.actors())
            hand.apply(bots[seat].act(e.family.observe(hand, seat)), seat)
        assert hand.is_over and hand.state.deal_count > 1  # dealt again, then bid
        e.reset()


def test_a_model_bot_is_refused_without_a_checkpoint_or_at_another_table(untrained: Path, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="model:PATH"):
        make_bot("model")
    with pytest.raises(ValueError, match="no model checkpoint"):
        make_bot(f"model:{tmp_path / 'missing.pt'}")
    (tmp_path / "junk.pt").write_text("not a checkpoint")
    with pytest.raises(ValueError, match="not a paiju model checkpoint"):
        make_bot(f"model:{tmp_path / 'junk.pt'}")
    with pytest.raises(ValueError, match="climbing tables"):
        make_bot(f"model:{untrained}", 0, "trick")
    four = env("four-player")
    four.reset(seed=0)
    assert four.hand is not None
    with pytest.raises(ValueError, match="trained for classic"):
        make_bot(f"model:{untrained}").act(four.family.observe(four.hand, 0))
    assert main(["simulate", "--variant", "four-player", "--games", "1", "--bots", f"model:{untrained}"]) == 2


def test_a_checkpoint_plays_in_simulate_arena_and_play(untrained: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    model = f"model:{untrained}"
    assert main(["simulate", "--games", "3", "--bots", f"{model},random,random", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3
    assert main(["arena", "--bots", f"{model},random", "--deals", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["plays"] == 12 and report["bots"]["A"] == model
    run = subprocess.run(
        [sys.executable, "-m", "paiju.cli", "play", "--seed", "3", "--bots", f"{model},{model}", "--hands", "1"],
        input="p\nquit\n", capture_output=True, text=True, timeout=60,
        env=dict(os.environ, PAIJU_HOME=str(tmp_path), COLUMNS="120"),
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stdout + run.stderr


def test_a_training_run_is_the_same_from_the_same_seed() -> None:
    """Two runs of ``tiny`` from one seed learn the same weights from the same frames, however fast the learner steps
    while the actors play (each round's actors get the weights of the moment it is launched)."""
    first, second = (train("classic", "tiny", seed=3, frames=2_500) for _ in range(2))
    assert first.trained["frames"] == second.trained["frames"] >= 2_500
    assert first.state.keys() == second.state.keys()
    assert all(torch.equal(first.state[k], second.state[k]) for k in first.state)


@pytest.mark.slow
def test_the_tiny_run_beats_random_at_classic(tmp_path: Path) -> None:
    """``paiju learn --config tiny`` (one actor, seed 0), then the arena against ``random``: the trained network wins
    at least 65 % of its seats over 504 games (an untrained one wins about 44 %, docs/learn.md)."""
    path = tmp_path / "tiny.pt"
    assert main(["learn", "--variant", "classic", "--config", "tiny", "--seed", "0", "--out", str(path)]) == 0
    report = run_arena(get_variant("classic"), [f"model:{path}", "random"], deals=DEALS)
    win = report.paired["win_a"]
    assert report.plays >= 500
    assert win.mean >= 0.65, f"tiny DMC wins {win.mean:.3f} ± {win.ci95:.3f} (95 %) of {report.plays} games vs random"
    print(f"tiny DMC vs random: {win.mean:.3f} ± {win.ci95:.3f} (95 %) over {report.plays} games")


def test_a_server_lists_and_seats_its_own_model_only(untrained: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """``paiju serve --model PATH``: a room at the checkpoint's table lists the bot ``model`` in its seat menu
    (``bots``) and plays a hand with it; a room at another table, or a server without ``--model``, lists none and
    refuses it; no room may name a file of the server's (``model:PATH``)."""
    from fastapi.testclient import TestClient

    import paiju.bots.model
    from paiju.server import create_app
    from paiju.server.launch import server_config
    from tests.server.wire import create_room, hello

    monkeypatch.setattr(paiju.bots.model, "_SERVED", [])  # the served model is the process's: none after the test
    with pytest.raises(ValueError, match="no model checkpoint"):
        server_config("127.0.0.1", model=str(tmp_path / "missing.pt"))
    for model, listed in ((None, []), (str(untrained), ["model"])):
        config = server_config("127.0.0.1", allowed_hosts=["testserver"], model=model)
        with TestClient(create_app(f"sqlite:///{tmp_path}/{len(listed)}.db", bot_delay=0, config=config)) as client:
            four = create_room(client, variant="four-player")
            assert client.get(f"/api/rooms/{four['code']}").json()["bots"] == []
            room = create_room(client)
            assert client.get(f"/api/rooms/{room['code']}").json()["bots"] == listed
            with client.websocket_connect(f"/ws/{room['code']}") as ws:
                hello(ws, "host", room["token"])
                for name in ("model:/etc/hostname", f"model:{untrained.name}", *([] if listed else ["model"])):
                    ws.send_json({"type": "bots", "strength": name})
                    while (frame := ws.receive_json())["type"] != "error":
                        pass
                    assert frame["code"] == "bad_message" and frame["reason"] in ("bad_field", "bot_level"), frame
                if listed:
                    ws.send_json({"type": "bots", "strength": "model"})
                    ws.send_json({"type": "start"})
                    while (frame := ws.receive_json())["type"] != "result":
                        pass
                    assert sum(frame["scores"]) == 0
                    seats = client.get(f"/api/rooms/{room['code']}").json()["seats"]
                    assert [s["bot"] for s in seats] == ["model"] * 3
