"""A balance run as a page a designer reads: one self-contained HTML file (its plots PNG data URIs drawn by matplotlib
off screen) with every role's score per hand and win rate, the score distributions, the score against bot strength,
the fair rows, the comparison of two tables on the same deals, and the exact command and versions that made it."""

from __future__ import annotations

import base64
import html
import io
import math
import platform
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from paiju.balance.stats import BalanceReport, FairRows, RoleDifference

__all__ = ["BalancePage", "headline", "page_html", "plus_minus", "versions"]


@dataclass
class BalancePage:
    """What the page shows: the runs (one per bot strength, the first the headline), the fair rows of the first, the
    comparison with a second table, and the command that made them."""

    runs: list[tuple[str, BalanceReport]]
    command: str
    fair: FairRows | None = None
    compared: tuple[str, list[RoleDifference]] | None = None
    extra: dict[str, str] = field(default_factory=dict)


def versions(ray: bool = False) -> dict[str, str]:
    """The versions a result depends on: paiju, Python, NumPy, matplotlib (and Ray where it ran)."""
    found = {"python": platform.python_version()}
    for name in ("paiju", "numpy", "matplotlib", *(["ray"] if ray else [])):
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "not installed"
    return found


def _plots() -> Any:
    """matplotlib's pyplot on its file-only backend (``ImportError`` without the plot extra)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(figure: Any) -> str:
    """A figure as an ``<img>`` with its PNG inline."""
    plt = _plots()
    data = io.BytesIO()
    figure.savefig(data, format="png", dpi=110)
    plt.close(figure)
    return f'<img alt="" src="data:image/png;base64,{base64.b64encode(data.getvalue()).decode()}">'


def _roles(report: BalanceReport) -> list[str]:
    """The roles in the order shown: the seat roles first, the speculator's split by side after."""
    return sorted(report.scores, key=lambda r: ("(" in r, r))


def _ev_plot(report: BalanceReport) -> str:
    """Each role's mean score per hand with its 95 % interval."""
    plt = _plots()
    roles = _roles(report)
    figure, axis = plt.subplots(figsize=(7, 0.5 * len(roles) + 1.2), constrained_layout=True)
    means = [report.scores[r].mean for r in roles]
    errors = [0 if math.isinf(report.scores[r].ci95) else report.scores[r].ci95 for r in roles]
    axis.errorbar(means, range(len(roles)), xerr=errors, fmt="o", capsize=4)
    axis.set_yticks(range(len(roles)), roles)
    axis.invert_yaxis()
    axis.axvline(0, color="grey", linewidth=0.8)
    axis.set_xlabel("mean score per hand (95 % interval)")
    axis.grid(True, axis="x", alpha=0.3)
    return _png(figure)


def _histograms(report: BalanceReport) -> str:
    """How often each score ended a seat's hand, per role."""
    plt = _plots()
    roles = sorted(report.histograms)
    figure, axes = plt.subplots(len(roles), 1, figsize=(7, 1.8 * len(roles) + 0.6), constrained_layout=True)
    for axis, role in zip([axes] if len(roles) == 1 else list(axes), roles, strict=True):
        counted = report.histograms[role]
        total = sum(counted.values())
        axis.bar([str(k) for k in sorted(counted)], [counted[k] / total for k in sorted(counted)], color="tab:blue")
        axis.set_title(f"{role}: share of seat-hands by score", fontsize=9)
        axis.tick_params(axis="x", labelsize=7, rotation=90)
    return _png(figure)


def _strength_plot(runs: Sequence[tuple[str, BalanceReport]]) -> str:
    """Each role's mean score per hand against the bots' strength: does the balance survive better players?"""
    plt = _plots()
    figure, axis = plt.subplots(figsize=(7, 4), constrained_layout=True)
    roles = sorted({r for _, rep in runs for r in rep.scores if "(" not in r})
    for role in roles:
        found = [(i, rep.scores[role]) for i, (_, rep) in enumerate(runs) if role in rep.scores]
        axis.errorbar(
            [i for i, _ in found], [m.mean for _, m in found],
            yerr=[0 if math.isinf(m.ci95) else m.ci95 for _, m in found], marker="o", capsize=4, label=role,
        )  # fmt: skip
    axis.set_xticks(range(len(runs)), [label for label, _ in runs])
    axis.axhline(0, color="grey", linewidth=0.8)
    axis.set_xlabel("bots")
    axis.set_ylabel("mean score per hand (95 %)")
    axis.legend(fontsize=8)
    axis.grid(True, alpha=0.3)
    return _png(figure)


def _compare_plot(name: str, differences: Sequence[RoleDifference]) -> str:
    """Each role's paired difference (this table − the other) with its 95 % interval."""
    plt = _plots()
    figure, axis = plt.subplots(figsize=(7, 0.5 * len(differences) + 1.2), constrained_layout=True)
    axis.errorbar(
        [d.difference.mean for d in differences], range(len(differences)),
        xerr=[d.difference.ci95 for d in differences], fmt="s", capsize=4, color="tab:red",
    )  # fmt: skip
    axis.set_yticks(range(len(differences)), [d.role for d in differences])
    axis.invert_yaxis()
    axis.axvline(0, color="grey", linewidth=0.8)
    axis.set_xlabel(f"mean score per hand, this table − {name} (paired, 95 %)")
    axis.grid(True, axis="x", alpha=0.3)
    return _png(figure)


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """An HTML table of text cells."""
    top = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f'<div class="scroll"><table><tr>{top}</tr>{body}</table></div>'


def plus_minus(mean: float, ci: float, sign: bool = True) -> str:
    """``+1.234 ± 0.567`` (``±  ?`` where the interval is not known yet)."""
    spread = "?" if math.isinf(ci) else f"{ci:.3f}"
    return f"{mean:+.3f} ± {spread}" if sign else f"{mean:.3f} ± {spread}"


def headline(report: BalanceReport) -> str:
    """Is the table balanced? Which roles' intervals exclude 0, and which way."""
    off = [
        f"{role} {'gains' if m.mean > 0 else 'loses'} {abs(m.mean):.2f} ± {m.ci95:.2f} a hand"
        for role, m in sorted(report.scores.items())
        if "(" not in role and m.n >= 2 and abs(m.mean) > m.ci95
    ]
    if not off:
        return "balanced as far as these hands show: every role's interval holds 0"
    return "not balanced: " + "; ".join(off)


def page_html(page: BalancePage) -> str:
    """The whole page, one self-contained HTML file."""
    label, report = page.runs[0]
    title = f"Balance of {report.variant}: {report.deals} deals, {report.hands} hands, bots {label}"
    parts = [
        f"<h1>{html.escape(title)}</h1>",
        f'<p class="headline">{html.escape(headline(report))}. Balance (1 − the largest gap between two roles\' win '
        f"rates): {report.balance():.3f}. {html.escape(report.stopped)}.</p>",
        "<h2>Score per hand by role</h2>",
        _ev_plot(report),
        _table(
            ("role", "hands", "mean score (95 %)", "win rate (95 %)"),
            [
                (
                    r,
                    str(report.scores[r].n),
                    plus_minus(report.scores[r].mean, report.scores[r].ci95),
                    plus_minus(report.wins[r].mean, report.wins[r].ci95, sign=False),
                )
                for r in _roles(report)
            ],
        ),  # fmt: skip
    ]
    if page.compared is not None:
        name, differences = page.compared
        parts += [
            f"<h2>Against {html.escape(name)}, on the same deals</h2>",
            _compare_plot(name, differences),
            _table(
                ("role", "deals", f"this table − {name} (95 %)", "shown"),
                [
                    (
                        d.role,
                        str(d.deals),
                        plus_minus(d.difference.mean, d.difference.ci95),
                        "differs" if d.difference.excludes_zero() else "no difference shown",
                    )
                    for d in differences
                ],
            ),  # fmt: skip
        ]
    if page.fair is not None:
        parts += [
            "<h2>Fair rows</h2>",
            "<p>The multiplier on each group of payments (a role, the class of hand, won or lost) that brings every "
            "role's expected score to 0 with these bots, each class of hand still summing to 0 and the table moving "
            "as many points a hand; share: the payment as a multiple of the unit now, and proposed.</p>",
            _table(
                (
                    "role",
                    "class",
                    "won",
                    "seat-hands",
                    "points now",
                    "share now",
                    "multiplier (95 %)",
                    "proposed share",
                ),
                [
                    (
                        r.cell.role,
                        r.cell.kind or "—",
                        "wins" if r.cell.won else "losses",
                        str(r.hands),
                        f"{r.points:.2f}",
                        "—" if r.share is None else f"{r.share:g}",
                        f"{r.multiplier:.3f} [{r.low:.3f}, {r.high:.3f}]",
                        "—" if r.share is None else f"{r.share * r.multiplier:.2f}",
                    )
                    for r in page.fair.rows
                ],
            ),  # fmt: skip
        ]
    if len(page.runs) > 1:
        parts += [
            "<h2>Score against bot strength</h2>",
            _strength_plot(page.runs),
            _table(
                ("bots", "role", "hands", "mean score (95 %)", "win rate (95 %)"),
                [
                    (
                        label,
                        r,
                        str(run.scores[r].n),
                        plus_minus(run.scores[r].mean, run.scores[r].ci95),
                        plus_minus(run.wins[r].mean, run.wins[r].ci95, sign=False),
                    )
                    for label, run in page.runs
                    for r in _roles(run)
                ],
            ),  # fmt: skip
        ]
    parts += [
        "<h2>Score distributions</h2>",
        _histograms(report),
        "<h2>How the hands went</h2>",
        _table(("side that won", "hands"), [(k, str(n)) for k, n in report.sides.most_common()]),
        _table(
            ("tally", "value", "hands"),
            [(name, kind, str(n)) for name, c in sorted(report.kinds.items()) for kind, n in sorted(c.items())]
            + [(name, f"{n / report.hands:.3f} a hand", str(n)) for name, n in sorted(report.counts.items())]
            + [("events per hand", "mean", plus_minus(report.events.mean, report.events.ci95, sign=False))],
        ),
        "<h2>How it was made</h2>",
        f"<pre>{html.escape(page.command)}</pre>",
        _table(("", ""), sorted({**page.extra}.items())),
    ]
    return (
        f'<!doctype html><html lang="en"><meta charset="utf-8"><title>{html.escape(title)}</title>'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<style>body{font-family:sans-serif;margin:1em;max-width:80em}img{max-width:100%;height:auto;display:block}"
        ".scroll{overflow-x:auto;margin:.5em 0}table{border-collapse:collapse}"
        "td,th{padding:.2em .7em;text-align:right;white-space:nowrap;border-bottom:1px solid #ddd}"
        "td:first-child,th:first-child{text-align:left}.headline{font-size:1.1em}pre{white-space:pre-wrap}</style>"
        + "".join(parts)
        + "</html>\n"
    )
