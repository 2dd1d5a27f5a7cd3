"""The Q network of the Deep Monte-Carlo learner, the greedy policy it makes, and its checkpoints.

``Q(observation, action)`` is an MLP over the seat's observation vector (``paiju.env``'s climbing layout) joined with
the action's row (``paiju.learn.features``); the policy takes the legal action of highest Q. A checkpoint is a
``torch.save`` dict: the table's name and options, the network's sizes and weights, and how it was trained.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from numpy.typing import NDArray
from torch import nn

from paiju.env.aec import PaijuEnv, table
from paiju.learn.features import FEATURES, ActionFeatures

__all__ = ["Checkpoint", "Policy", "QNet", "load_checkpoint"]

#: The checkpoint format's version.
FORMAT = 1


class QNet(nn.Module):
    """An MLP from an observation vector joined with an action's row to that action's Q value."""

    def __init__(self, observation: int, hidden: Sequence[int]) -> None:
        super().__init__()
        layers: list[nn.Module] = []
        width = observation + FEATURES
        for size in hidden:
            layers += [nn.Linear(width, size), nn.ReLU()]
            width = size
        layers.append(nn.Linear(width, 1))
        self.body = nn.Sequential(*layers)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Q of each row of ``x`` (observation, then action row)."""
        out: torch.Tensor = self.body(x).squeeze(-1)
        return out


class Policy:
    """A table's network and the rows of its actions: scores a decision's legal actions and picks the best."""

    def __init__(self, net: QNet, hand: slice, observation: int) -> None:
        self.net = net
        self.observation = observation
        self.features = ActionFeatures(hand)

    def inputs(self, vector: NDArray[np.float32], actions: Sequence[object]) -> NDArray[np.float32]:
        """The network's input for each of ``actions``: ``vector`` joined with the action's row."""
        x = np.empty((len(actions), self.observation + FEATURES), dtype=np.float32)
        x[:, : self.observation] = vector
        x[:, self.observation :] = self.features.rows(vector, actions)
        return x

    def values(self, x: NDArray[np.float32]) -> NDArray[np.float32]:
        """Q of each row of ``x`` (``inputs``)."""
        with torch.no_grad():
            out: NDArray[np.float32] = self.net(torch.from_numpy(x)).numpy()
        return out

    def best(self, vector: NDArray[np.float32], actions: Sequence[object]) -> int:
        """The index in ``actions`` of the one with the highest Q (the first where Q ties)."""
        if len(actions) == 1:
            return 0
        return int(np.argmax(self.values(self.inputs(vector, actions))))


@dataclass
class Checkpoint:
    """A trained network and what it plays: the table (name and changed keys), the hidden sizes, the weights, and
    how it was trained (config name, frames, seconds)."""

    variant: str
    hidden: tuple[int, ...]
    state: dict[str, torch.Tensor]
    options: dict[str, Any] = field(default_factory=dict)
    trained: dict[str, Any] = field(default_factory=dict)

    def env(self, **kwargs: Any) -> PaijuEnv:
        """The AEC env of the checkpoint's table."""
        return PaijuEnv(table(self.variant, self.options), **kwargs)

    def policy(self, env: PaijuEnv | None = None) -> Policy:
        """The greedy policy of the weights, for ``env``'s table (the checkpoint's own by default)."""
        made = env if env is not None else self.env()
        size = made.encoder.size
        net = QNet(size, self.hidden)
        net.load_state_dict(self.state)
        net.eval()
        return Policy(net, made.layout()["hand"], size)

    def save(self, path: str | Path) -> None:
        """Write the checkpoint to ``path``."""
        torch.save(
            {
                "format": FORMAT,
                "variant": self.variant,
                "options": self.options,
                "hidden": list(self.hidden),
                "state": self.state,
                "trained": self.trained,
            },
            Path(path),
        )


def load_checkpoint(path: str | Path) -> Checkpoint:
    """The checkpoint written at ``path`` (a ``ValueError`` a person understands where it is not one)."""
    try:
        saved = torch.load(Path(path), map_location="cpu", weights_only=True)
    except FileNotFoundError:
        raise ValueError(f"no model checkpoint at {path}") from None
    except Exception as error:  # torch raises many kinds on a file that is not a checkpoint
        raise ValueError(f"{path} is not a paiju model checkpoint ({error})") from None
    if not isinstance(saved, dict) or saved.get("format") != FORMAT:
        raise ValueError(f"{path} is not a paiju model checkpoint (format {FORMAT})")
    return Checkpoint(
        saved["variant"], tuple(saved["hidden"]), saved["state"], dict(saved["options"]), dict(saved["trained"])
    )
