"""Learned bots for paiju tables: a Deep Monte-Carlo baseline (DouZero's method) trained on ``paiju.env``, its
checkpoints, and the policy a ``model:PATH`` bot plays (docs/learn.md). Needs the ``learn`` extra (PyTorch)."""

from paiju.learn.dmc import CONFIGS, Config, train
from paiju.learn.model import Checkpoint, load_checkpoint

__all__ = ["CONFIGS", "Checkpoint", "Config", "load_checkpoint", "train"]
