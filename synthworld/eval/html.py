"""HTML for notebooks: the summary table, the seeds × pass/fail heat map, failing traces."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from synthworld._redact import redact_text
from synthworld.eval.broken import BrokenScenario
from synthworld.eval.record import RunRecord
from synthworld.eval.replay import replay_command
from synthworld.eval.run_html import run_html

if TYPE_CHECKING:
    from synthworld.eval.report import EvalReport
    from synthworld.eval.summary import Comparison, Summary

__all__ = ["broken_html", "comparison_html", "report_html", "summary_html"]

_CELL = "padding:2px 8px;text-align:right;border-bottom:1px solid #ddd"
_PASS, _FAIL = "#34a853", "#ea4335"


def table_html(headers: Sequence[str], rows: Sequence[Sequence[str]], *, css_class: str) -> str:
    """A plain HTML table of already formatted cells (escaped here)."""
    head = "".join(f'<th style="{_CELL}">{escape(h)}</th>' for h in headers)
    body = "".join(
        "<tr>" + "".join(f'<td style="{_CELL}">{escape(c)}</td>' for c in row) + "</tr>" for row in rows
    )
    return (
        f'<table class="{css_class}" style="border-collapse:collapse;font-size:12px">'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def summary_html(summary: Summary) -> str:
    """The summary table (pass rate, pass^1..K, mean calls) with the overall row last."""
    return table_html(summary.headers(), summary.table(), css_class="synthworld-summary")


def heatmap_html(runs: Sequence[RunRecord]) -> str:
    """One row per scenario (and per scenario and hazard), one cell per seed: green passed, red
    failed (hover for why)."""
    seeds = sorted({r.seed for r in runs})
    head = "".join(f'<th style="{_CELL}">{s}</th>' for s in seeds)
    rows = []
    groups: dict[str, list[RunRecord]] = {}
    for run in sorted(runs, key=lambda r: r.hazard is not None):  # clean rows first
        groups.setdefault(run.label, []).append(run)
    for name, group in groups.items():
        by_seed = {r.seed: r for r in group}
        cells = "".join(_heat_cell(by_seed.get(s)) for s in seeds)
        rows.append(f'<tr><th style="{_CELL}">{escape(name)}</th>{cells}</tr>')
    return (
        f'<table class="synthworld-heatmap" style="border-collapse:collapse;font-size:11px">'
        f'<thead><tr><th style="{_CELL}">scenario \\ seed</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _heat_cell(run: RunRecord | None) -> str:
    if run is None:
        return "<td></td>"
    why = (
        "passed"
        if run.passed
        else "failed: " + redact_text("; ".join(run.failures or [run.error or "failed"]))
    )
    color, mark = (_PASS, "✓") if run.passed else (_FAIL, "✗")
    return (
        f'<td class="{"pass" if run.passed else "fail"}" title="seed {run.seed}: {escape(why)}" '
        f'style="background:{color};color:white;text-align:center;width:18px">{mark}</td>'
    )


def report_html(report: EvalReport, *, max_traces: int = 5, summary: Summary | None = None) -> str:
    """The whole report: heading, summary table (`summary`, default ``report.summary()``), heat
    map, and the first failing runs' traces."""
    runs = report.runs
    failing = [r for r in runs if not r.passed]
    heading = (
        f"<h4>EvalReport: {escape(report.agent)} — {len(runs)} run(s), {len(runs) - len(failing)} passed</h4>"
    )
    if not runs:
        return heading + broken_html(report.broken)
    table = summary_html(summary or report.summary())
    parts = [heading, table, broken_html(report.broken), "<h5>seeds × pass/fail</h5>", heatmap_html(runs)]
    if failing:
        parts.append(f"<h5>failing runs ({len(failing)}; first {min(len(failing), max_traces)} shown)</h5>")
        parts.extend(run_html(r, replay=replay_command(r, report.agent)) for r in failing[:max_traces])
    return '<div class="synthworld-report">' + "".join(parts) + "</div>"


def broken_html(broken: Sequence[BrokenScenario]) -> str:
    """The scenario files that could not be loaded, each with its error ('' when none)."""
    if not broken:
        return ""
    items = "".join(
        f'<li><code>{escape(b.path)}</code><pre style="white-space:pre-wrap;color:#a00">'
        f"{escape(redact_text(b.error))}</pre></li>"
        for b in broken
    )
    return f"<h5>scenario files not loaded ({len(broken)}; no runs)</h5><ul>{items}</ul>"


def comparison_html(comparison: Comparison) -> str:
    """The comparison table and the runs the two agents disagree on."""
    a, b = comparison.labels
    parts = [
        f"<h4>{escape(a)} vs {escape(b)}</h4>",
        table_html(comparison.headers(), comparison.table(), css_class="synthworld-comparison"),
    ]
    items = [
        f"<li>only <strong>{escape(label)}</strong> passed {escape(scenario)} with seed(s) "
        f"{', '.join(map(str, seeds))}</li>"
        for side, label in enumerate(comparison.labels)
        for scenario, seeds in comparison.only_passed(side).items()
    ]
    if items:
        parts.append(f"<h5>runs only one agent passed</h5><ul>{''.join(items)}</ul>")
    return '<div class="synthworld-comparison">' + "".join(parts) + "</div>"
