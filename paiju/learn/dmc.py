"""Deep Monte-Carlo (DouZero's method) on ``paiju.env``: actor processes play whole hands with an epsilon-greedy
policy of the latest weights; each decision's target is the hand's outcome for the seat that took it (a Monte-Carlo
return), and a learner regresses ``Q(observation, action)`` on it.

The actors of a round play with the weights the learner had when the round began, while the learner trains on the
round before (one round stale, as DouZero's actors are); each actor's hands are dealt from its own seed, so a run is
the same from the same seed. One network plays every seat: the observation is relative to the seat.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from multiprocessing.pool import AsyncResult
from typing import Any

import numpy as np
import torch
from numpy.typing import NDArray

from paiju.env.aec import PaijuEnv, table
from paiju.learn.features import FEATURES
from paiju.learn.model import Checkpoint, Policy, QNet

__all__ = ["CONFIGS", "Config", "Frames", "play_hands", "train"]


@dataclass(frozen=True)
class Config:
    """A training run: the network's hidden sizes, the actors, how many frames (decisions) to learn from, and the
    learner's settings. ``objective``: ``wp`` learns the chance of winning (targets ±1), ``adp`` the score."""

    name: str
    hidden: tuple[int, ...]
    actors: int
    frames: int
    #: Hands each actor plays a round.
    hands: int
    batch: int
    lr: float
    epsilon: float
    objective: str = "wp"
    #: Passes the learner makes over each round's frames.
    epochs: int = 1
    #: ``cuda`` where present (``auto``), or a device name.
    device: str = "auto"
    #: Torch threads of the learner (each actor uses one).
    threads: int = 1


#: ``tiny`` learns to beat ``random`` at classic in seconds of one CPU core (the tests train it); ``full`` is
#: DouZero's network size, actors on every core, the learner on a GPU where there is one.
CONFIGS = {
    "tiny": Config("tiny", hidden=(128, 64), actors=1, frames=8_000, hands=16, batch=128, lr=1e-3, epsilon=0.1),
    "full": Config(
        "full",
        hidden=(512, 512, 512, 512, 512),
        actors=max(1, (multiprocessing.cpu_count() or 2) - 1),
        frames=20_000_000,
        hands=32,
        batch=1024,
        lr=1e-4,
        epsilon=0.01,
        objective="adp",
        threads=4,
    ),
}


@dataclass
class Frames:
    """Decisions played: each one's network input (observation and chosen action's row) and target."""

    x: NDArray[np.float32]
    y: NDArray[np.float32]

    def __len__(self) -> int:
        return len(self.y)


#: An actor process's env and policy (made once by ``_start_actor``).
_ACTOR: tuple[PaijuEnv, Policy] | None = None


def _actor(variant: str, options: dict[str, Any], hidden: tuple[int, ...]) -> tuple[PaijuEnv, Policy]:
    """A table's env (masks rewritten in place: the actor reads only the legal lists) and a policy to load weights
    into."""
    env = PaijuEnv(table(variant, options), reuse_buffers=True)
    size = env.encoder.size
    return env, Policy(QNet(size, hidden), env.layout()["hand"], size)


def _start_actor(variant: str, options: dict[str, Any], hidden: tuple[int, ...]) -> None:
    """An actor process's start: one torch thread, its env and policy."""
    global _ACTOR
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the learner's: it stops the actors
    torch.set_num_threads(1)
    _ACTOR = _actor(variant, options, hidden)


def _actor_hands(state: dict[str, NDArray[np.float32]], seed: int, hands: int, epsilon: float, objective: str) -> Frames:
    """``play_hands`` in an actor process, with the learner's weights of the round's launch."""
    assert _ACTOR is not None
    env, policy = _ACTOR
    policy.net.load_state_dict({k: torch.from_numpy(v) for k, v in state.items()})
    return play_hands(env, policy, seed, hands, epsilon, objective)


def play_hands(env: PaijuEnv, policy: Policy, seed: int, hands: int, epsilon: float, objective: str) -> Frames:
    """Play ``hands`` hands dealt from ``seed``, every seat by ``policy`` with probability ``epsilon`` of a uniformly
    random legal action instead, and give each decision with a choice its target: the hand's outcome for its seat
    (``wp``: +1 won, -1 lost; ``adp``: the score). Each seat reads its own observation only."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    xs: list[NDArray[np.float32]] = []
    ys: list[float] = []
    for _ in range(hands):
        taken: list[tuple[int, NDArray[np.float32]]] = []
        hand = env.hand
        assert hand is not None
        while not hand.is_over:
            agent = env.agent_selection
            actions = env.choices(agent).actions
            ids = list(actions)
            if len(ids) == 1:
                env.step(ids[0])
                continue
            x = policy.inputs(env.observe(agent)["observation"], list(actions.values()))
            k = rng.randrange(len(ids)) if rng.random() < epsilon else int(np.argmax(policy.values(x)))
            taken.append((int(agent.rpartition("_")[2]), x[k]))
            env.step(ids[k])
        assert hand.result is not None
        scores = hand.result.scores
        for seat, x in taken:
            xs.append(x)
            ys.append(float(np.sign(scores[seat])) if objective == "wp" else float(scores[seat]))
        env.reset()
    width = policy.observation + FEATURES
    return Frames(np.stack(xs) if xs else np.empty((0, width), np.float32), np.asarray(ys, dtype=np.float32))


@contextmanager
def _hash_seed() -> Iterator[None]:
    """Actor processes started inside it hash strings alike (``PYTHONHASHSEED``): the kernel lists some choices in
    an order that follows string hashes, and a run must be the same from the same seed."""
    before = os.environ.get("PYTHONHASHSEED")
    os.environ["PYTHONHASHSEED"] = "0"
    try:
        yield
    finally:
        if before is None:
            del os.environ["PYTHONHASHSEED"]
        else:
            os.environ["PYTHONHASHSEED"] = before


def _device(name: str) -> torch.device:
    """The learner's device: ``auto`` is CUDA where present, else the CPU."""
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    return torch.device(name)


def _rounds(seed: int) -> Iterator[tuple[int, int]]:
    """Each round's number and the seed of its first actor's hands."""
    seeds = random.Random(seed)
    n = 0
    while True:
        yield n, seeds.getrandbits(62)
        n += 1


def train(
    variant: str = "classic",
    config: Config | str = "tiny",
    *,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    frames: int | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> Checkpoint:
    """Train a network for ``variant`` (a registered table; ``options`` change its keys) by Deep Monte-Carlo with
    ``config`` (a ``CONFIGS`` name or a ``Config``) up to ``frames`` decisions (the config's by default), and return
    the checkpoint (Ctrl-C stops the run early with the weights learnt so far). ``progress`` is told each round's
    figures (frames, loss, frames a second)."""
    chosen = CONFIGS[config] if isinstance(config, str) else config
    if frames is not None:
        chosen = replace(chosen, frames=frames)
    options = dict(options or {})
    torch.manual_seed(seed)
    torch.set_num_threads(chosen.threads)
    device = _device(chosen.device)
    env, policy = _actor(variant, options, chosen.hidden)
    if env.variant.family != "climbing":
        raise ValueError(f"the learner plays climbing tables (Dou Dizhu and its kin), not {env.variant.name}")
    net = policy.net.to(device)
    optimiser = torch.optim.Adam(net.parameters(), lr=chosen.lr)
    shuffle = torch.Generator().manual_seed(seed)
    context = multiprocessing.get_context("spawn")
    started = time.perf_counter()
    done = 0
    interrupted = False
    losses: list[float] = []
    with _hash_seed(), context.Pool(chosen.actors, _start_actor, (variant, options, chosen.hidden)) as pool:
        rounds = _rounds(seed)

        def launch() -> list[AsyncResult[Frames]]:
            n, base = next(rounds)
            # A copy taken now: the pool pickles its tasks in a thread of its own while the learner steps on, and
            # plain arrays travel in the pickle instead of through shared memory an ended actor leaves half-fetched.
            state = {k: v.detach().cpu().numpy().copy() for k, v in net.state_dict().items()}
            return [
                pool.apply_async(_actor_hands, (state, base + a, chosen.hands, chosen.epsilon, chosen.objective))
                for a in range(chosen.actors)
            ]

        pending = launch()
        try:
            while done < chosen.frames:
                played = [result.get() for result in pending]
                pending = launch()
                x = torch.from_numpy(np.concatenate([f.x for f in played])).to(device)
                y = torch.from_numpy(np.concatenate([f.y for f in played])).to(device)
                losses = []
                for _ in range(chosen.epochs):
                    order = torch.randperm(len(y), generator=shuffle).to(device)
                    for start in range(0, len(y), chosen.batch):
                        rows = order[start : start + chosen.batch]
                        loss = torch.nn.functional.mse_loss(net(x[rows]), y[rows])
                        optimiser.zero_grad()
                        loss.backward()  # type: ignore[no-untyped-call]  # torch leaves it untyped
                        optimiser.step()
                        losses.append(loss.item())
                done += len(y)
                if progress is not None:
                    seconds = time.perf_counter() - started
                    progress({"frames": done, "loss": float(np.mean(losses)), "frames_per_s": done / seconds})
        except KeyboardInterrupt:  # Ctrl-C: the weights learnt so far are the checkpoint
            interrupted = True
        # Leaving the pool stops the actors: the hands of the round under way are not waited for.
    seconds = time.perf_counter() - started
    state = {k: v.detach().cpu() for k, v in net.state_dict().items()}
    trained = {
        **asdict(chosen),
        "frames": done,
        "seed": seed,
        "seconds": round(seconds, 1),
        "frames_per_s": round(done / seconds),
        "device": str(device),
        "interrupted": interrupted,
    }
    return Checkpoint(variant, chosen.hidden, state, options, trained)
