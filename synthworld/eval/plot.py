"""matplotlib figures: pass^k curves and failure causes; two agents' curves side by side.

Each function returns a ``matplotlib.figure.Figure`` that pyplot no longer tracks, so a notebook
shows it exactly once; in a script, ``fig.savefig(...)`` it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from synthworld.eval.optional import import_optional
from synthworld.eval.record import RunRecord

if TYPE_CHECKING:
    from synthworld.eval.summary import Comparison, ScenarioSummary, Summary

__all__ = ["plot_comparison", "plot_report"]


def _figure(width: float) -> Any:
    pyplot = import_optional("matplotlib.pyplot")
    fig = pyplot.figure(figsize=(width, 3.6), layout="constrained")
    pyplot.close(fig)  # pyplot made the notebook register how to show figures; the caller owns this one
    return fig


def plot_report(summary: Summary, runs: Sequence[RunRecord]) -> Any:
    """Left: pass^k per scenario and overall (of the clean runs, when hazards were injected).
    Middle: how many runs failed for each cause. Right, when hazards were injected: pass rate per
    scenario, clean and under each hazard (a bar of a hazard that changed no answer says ``never
    hit``, as the table does)."""
    fig = _figure(16 if summary.hazardous else 11)
    axes = fig.subplots(1, 3 if summary.hazardous else 2)
    _curves(axes[0], summary)
    _causes(axes[1], runs)
    if summary.hazardous:
        _robustness(axes[2], summary)
    return fig


def _robustness(ax: Any, summary: Summary) -> None:
    scenarios = list(dict.fromkeys(row.scenario for row in summary.rows))
    variants = list(dict.fromkeys(row.hazard for row in summary.rows))
    height = 0.8 / len(variants)
    for n, variant in enumerate(variants):
        rows = {row.scenario: row for row in summary.rows if row.hazard == variant}
        positions = [i - 0.4 + height * (n + 0.5) for i in range(len(scenarios))]
        rates = [rows[s].pass_rate if s in rows else 0.0 for s in scenarios]
        ax.barh(positions, rates, height=height, label=variant or "clean")
        for position, scenario, rate in zip(positions, scenarios, rates, strict=True):
            if scenario in rows and rows[scenario].injected == 0:  # as the table says: clean runs
                x, align = (rate - 0.02, "right") if rate > 0.3 else (rate + 0.02, "left")  # in the axes
                ax.text(x, position, "never hit", ha=align, va="center", fontsize=7)
    ax.set(yticks=list(range(len(scenarios))), yticklabels=scenarios, xlim=(0, 1), xlabel="pass rate")
    ax.set_title("robustness: clean and under each hazard")
    ax.invert_yaxis()
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)


def plot_comparison(comparison: Comparison) -> Any:
    """Left: both agents' overall pass^k (of the clean runs, when hazards were injected). Right:
    pass rate per scenario, side by side."""
    fig = _figure(11)
    curves, bars = fig.subplots(1, 2)
    for summary, label in zip((comparison.left, comparison.right), comparison.labels, strict=True):
        ks = range(1, summary.k + 1)
        curves.plot(ks, _headline(summary).pass_hat, marker="o", linewidth=2, label=label)
    _style_curves(curves, comparison.left.k)
    names = [row.scenario for row in comparison.left.rows]
    positions = range(len(names))
    for offset, summary, label in (
        (-0.2, comparison.left, comparison.labels[0]),
        (0.2, comparison.right, comparison.labels[1]),
    ):
        bars.barh(
            [p + offset for p in positions], [r.pass_rate for r in summary.rows], height=0.4, label=label
        )
    bars.set(yticks=list(positions), yticklabels=names, xlim=(0, 1), xlabel="pass rate", title="per scenario")
    bars.invert_yaxis()
    bars.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)
    return fig


def _curves(ax: Any, summary: Summary) -> None:
    ks = range(1, summary.k + 1)
    for row in summary.rows:
        ax.plot(ks, row.pass_hat, marker=".", alpha=0.6, label=row.label)
    overall = _headline(summary)
    ax.plot(ks, overall.pass_hat, color="black", linewidth=2.5, label=overall.label)
    _style_curves(ax, summary.k)


def _headline(summary: Summary) -> ScenarioSummary:
    """The overall row a plot draws: ``(all, clean)`` under hazards (``(all)`` mixes clean and
    hazard runs), else ``(all)``."""
    return summary.overall_by_hazard[0] if summary.overall_by_hazard else summary.overall


def _style_curves(ax: Any, k: int) -> None:
    ax.set(xlabel="k", ylabel="pass^k", ylim=(-0.02, 1.02), title="pass^k (reliability over k tries)")
    ax.set_xticks(range(1, k + 1))
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)


def _causes(ax: Any, runs: Sequence[RunRecord]) -> None:
    counts = Counter(r.cause for r in runs if r.cause is not None).most_common()
    ax.set(title="failure causes", xlabel="failed runs")
    if not counts:
        ax.text(0.5, 0.5, "no failures", ha="center", va="center", transform=ax.transAxes)
        return
    labels, values = zip(*counts, strict=True)
    labels = tuple(label if len(label) <= 48 else label[:47] + "…" for label in labels)  # messages are long
    ax.barh(range(len(values)), values, color="#ea4335")
    ax.set_yticks(range(len(values)), labels=labels, fontsize=8)
    ax.invert_yaxis()
