"""The strength-versus-time curve: one arena per thinking budget of a search bot against the same opponent on the
same deals, and its picture (a PNG and an HTML page holding it and the numbers behind it; matplotlib, the optional
``plot`` extra, is imported only to draw).

Bot A is a search level (``pimc``, ``normal``, ``hard``) and each budget is written after its colon (``hard:30ms``);
every budget plays deals ``0 … deals - 1`` of the seed, so the points differ by the budget alone."""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from paiju.arena import ArenaReport, run_arena
from paiju.bots.search import Budget, parse_budget
from paiju.variants import Variant

__all__ = ["CurvePoint", "budget_bot", "curve_files", "run_curve"]


@dataclass(frozen=True)
class CurvePoint:
    """One budget's arena."""

    budget: Budget
    report: ArenaReport

    @property
    def x(self) -> float:
        """Where the point sits: the budget's seconds, or its rollouts."""
        return self.budget.seconds if self.budget.seconds is not None else float(self.budget.iterations or 0)


def budget_bot(bot: str, budget: str) -> str:
    """Bot ``bot`` (a search level, with or without a budget of its own) thinking ``budget`` a decision."""
    return f"{bot.partition(':')[0]}:{budget}"


def budgets_of(texts: Sequence[str]) -> list[Budget]:
    """The budgets written, all times or all rollouts (one axis), in increasing order as written (``ValueError``
    otherwise)."""
    budgets = [parse_budget(t) for t in texts]
    if len({b.seconds is None for b in budgets}) > 1:
        raise ValueError("--budgets: write all times (30ms, 1s) or all rollouts (200), not both")
    return budgets


def run_curve(
    variant: Variant,
    bots: Sequence[str],
    budgets: Sequence[str],
    deals: int,
    seed: int = 0,
    against: str | None = None,
    out: Path | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
) -> list[CurvePoint]:
    """An arena of ``bots[0]`` at each budget against ``bots[1]`` (or ``against``); with ``out``, each budget's
    results go to their own file beside it (``results.jsonl`` → ``results.30ms.jsonl``), resumed as an arena's are.
    ``progress(n)`` is told the deals done over all budgets; ``workers`` processes play each arena."""
    points: list[CurvePoint] = []
    for i, (text, budget) in enumerate(zip(budgets, budgets_of(budgets), strict=True)):
        told = None if progress is None else (lambda n, done=i * deals: progress(done + n))
        where = None if out is None else out.with_name(f"{out.stem}.{budget}{out.suffix or '.jsonl'}")
        pair = [budget_bot(bots[0], text), bots[1]]
        points.append(CurvePoint(budget, run_arena(variant, pair, deals, seed, against, where, told, workers)))
    return points


def curve_files(points: Sequence[CurvePoint], prefix: Path) -> tuple[Path, Path]:
    """Draw the curve: ``prefix.png`` (A − B per hand and A's win rate per deal, each with its 95 % interval, against
    the budget on a log axis) and ``prefix.html`` (the picture and the numbers behind it). ``ImportError`` without
    matplotlib."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no window
    import matplotlib.pyplot as plt

    first = points[0].report
    a, b = points[0].report.bots[0].partition(":")[0], first.bots[1]
    timed = points[0].budget.seconds is not None
    xs = [p.x for p in points]
    figure, (adp, wp) = plt.subplots(1, 2, figsize=(10, 4), constrained_layout=True)
    for axis, name, label in ((adp, "score_diff", f"ADP, {a} − {b} (points per hand)"), (wp, "win_a", f"WP of {a} per deal")):  # fmt: skip
        figures = [p.report.paired[name] for p in points]
        axis.errorbar(xs, [f.mean for f in figures], yerr=[f.ci95 for f in figures], marker="o", capsize=4)
        axis.set_xscale("log")
        axis.set_xticks(xs, [str(p.budget) for p in points])
        axis.minorticks_off()
        axis.set_xlabel("thinking time a decision" if timed else "rollouts a decision")
        axis.set_ylabel(label)
        axis.grid(True, which="both", alpha=0.3)
    adp.axhline(0, color="grey", linewidth=0.8)
    title = f"{first.variant}: {a} against {b}, {first.deals} deals each (duplicate), seed {first.seed}"
    figure.suptitle(title)
    picture = io.BytesIO()
    figure.savefig(picture, format="png", dpi=120)
    plt.close(figure)
    png, page = prefix.with_name(prefix.name + ".png"), prefix.with_name(prefix.name + ".html")
    png.write_bytes(picture.getvalue())
    page.write_text(_page(points, title, base64.b64encode(picture.getvalue()).decode()), encoding="utf-8")
    return png, page


def _page(points: Sequence[CurvePoint], title: str, png: str) -> str:
    """The HTML page: the title, the picture inline, and a row of numbers per budget."""
    rows = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in _row(p)) + "</tr>" for p in points)
    head = "".join(f"<th>{h}</th>" for h in ("budget", "deals", "ADP A − B (95%)", "WP A − B (95%)", "WP of A (95%)"))
    return (
        f'<!doctype html><html lang="en"><meta charset="utf-8"><title>{html.escape(title)}</title>'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<style>body{font-family:sans-serif;margin:1em}img{max-width:100%;height:auto}"
        "table{border-collapse:collapse;display:block;overflow-x:auto}td,th{padding:.2em .8em;text-align:right;white-space:nowrap}</style>"
        f'<h1>{html.escape(title)}</h1><img alt="strength against thinking time" src="data:image/png;base64,{png}">'
        f"<table><tr>{head}</tr>{rows}</table></html>\n"
    )


def _row(point: CurvePoint) -> list[str]:
    """One budget's numbers as text."""
    p = point.report.paired
    return [
        str(point.budget),
        str(point.report.deals),
        f"{p['score_diff'].mean:+.3f} ± {p['score_diff'].ci95:.3f}",
        f"{p['win_diff'].mean:+.3f} ± {p['win_diff'].ci95:.3f}",
        f"{p['win_a'].mean:.3f} ± {p['win_a'].ci95:.3f}",
    ]
