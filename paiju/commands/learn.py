"""``paiju learn``: train a Deep Monte-Carlo network at a climbing table and save its checkpoint (docs/learn.md)."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console

from paiju.commands import UsageError

__all__ = ["cmd_learn"]


def cmd_learn(args: argparse.Namespace, out: Console) -> int:
    """Train with the chosen configuration, printing each round's figures, and write the checkpoint."""
    try:
        from paiju.learn.dmc import train
    except ImportError:
        raise UsageError("paiju learn needs PyTorch: pip install 'paiju[learn]'") from None

    def progress(figures: dict[str, Any]) -> None:
        out.print(
            f"frames {figures['frames']:>10,}  loss {figures['loss']:.4f}  {figures['frames_per_s']:,.0f} frames/s"
        )

    if args.frames is not None and args.frames < 1:
        raise UsageError("--frames must be 1 or more")
    try:
        checkpoint = train(args.variant, args.config, seed=args.seed, frames=args.frames, progress=progress)
    except ValueError as error:  # an unknown table, or one of a family the learner does not play
        raise UsageError(str(error)) from None
    checkpoint.save(args.out)
    t = checkpoint.trained
    out.print(
        f"{args.out}: {checkpoint.variant}, {t['name']}{' stopped early' if t['interrupted'] else ''} "
        f"({t['frames']:,} frames in {t['seconds']} s, "
        f"{t['frames_per_s']:,} frames/s on {t['device']}); play it as --bots model:{args.out}"
    )
    return 0
