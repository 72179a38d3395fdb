"""Per-scenario summaries (pass rate, pass^k, mean calls) and side-by-side comparisons."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from synthworld.eval.html import comparison_html, summary_html
from synthworld.eval.optional import import_optional
from synthworld.eval.passk import pass_hat_curve
from synthworld.eval.plot import plot_comparison
from synthworld.eval.record import RunRecord

__all__ = ["Comparison", "ScenarioSummary", "Summary", "compare_runs", "summarize"]

OVERALL = "(all)"
OVERALL_CLEAN = "(all, clean)"
MIXED = "clean + hazards"
"""The hazard cell of the `(all)` row when hazards were injected: it counts every run."""


@dataclass(frozen=True)
class ScenarioSummary:
    """One scenario's results over its seeds (or, as ``(all)``, every scenario's)."""

    scenario: str
    """The scenario's name (``(all)`` for an overall row, ``(all, clean)`` for the clean runs')."""
    runs: int
    """How many runs (seeds)."""
    passed: int
    """How many runs passed."""
    pass_hat: tuple[float, ...]
    """pass^1 .. pass^K (an overall row averages its scenario rows' values, as tau-bench does)."""
    mean_calls: float
    """Mean tool calls per run."""
    tool_errors: int
    """Tool errors seen over all runs."""
    recovered: int
    """Runs that saw a tool error and still passed."""
    hazard: str | None = None
    """The hazard injected in these runs (None: clean runs, and the `(all)` row of every run)."""
    robustness: float | None = None
    """Pass rate under the hazard / the same scenario's clean pass rate (None: a clean row, no
    clean run passed, or the hazard shaped no answer). An overall hazard row's is the mean over
    every scenario run under the hazard whose clean runs passed at least once, a scenario it
    never hit counted at its own ratio (its runs were clean ones): as its pass rate counts every
    run; `scenarios_hit` says how many scenarios the hazard reached."""
    injected: int | None = None
    """Answers the hazard shaped over these runs (None: a clean row); 0 means the hazard never
    applied (``empty`` on answers without collections), so the row measures no robustness."""
    scenarios_hit: int | None = None
    """An overall hazard row's: how many of its scenarios the hazard shaped an answer of (None
    on other rows)."""
    scenarios_run: int | None = None
    """An overall hazard row's: how many scenarios ran under the hazard (None on other rows)."""

    @property
    def pass_rate(self) -> float:
        """The share of runs that passed."""
        return self.passed / self.runs if self.runs else 0.0

    @property
    def label(self) -> str:
        """``scenario``, or ``scenario [hazard]`` for runs under a hazard."""
        return self.scenario if self.hazard is None else f"{self.scenario} [{self.hazard}]"


@dataclass(frozen=True, repr=False)
class Summary:
    """Rows per scenario, an overall row, and K (the largest k shown).

    Under hazards, `overall_by_hazard` keeps clean and hazard runs apart: the table shows them
    before `overall`, whose hazard cell says it counts both (``clean + hazards``)."""

    rows: tuple[ScenarioSummary, ...]
    overall: ScenarioSummary
    """Every run: ``(all)`` (what ``--fail-under`` compares)."""
    k: int
    overall_by_hazard: tuple[ScenarioSummary, ...] = ()
    """With hazards: ``(all, clean)`` over the clean runs, then ``(all)`` per hazard (with its
    hazard and robustness); empty for an evaluation of clean runs only."""

    @property
    def overall_rows(self) -> tuple[ScenarioSummary, ...]:
        """The rows the table shows after the scenarios': `overall_by_hazard`, then `overall`."""
        return (*self.overall_by_hazard, self.overall)

    def shown_ks(self) -> list[int]:
        """The k values the table shows: 1, 2, 4, 8, ... and K itself (every k is in `to_pandas`)."""
        return sorted({*(2**i for i in range(self.k.bit_length()) if 2**i <= self.k), self.k})

    @property
    def hazardous(self) -> bool:
        """True when some rows are runs under a hazard (the table then shows hazard and robustness)."""
        return any(row.hazard is not None for row in self.rows)

    def headers(self) -> list[str]:
        """Column names of the table."""
        hazard = ["hazard"] if self.hazardous else []
        robustness = ["robustness"] if self.hazardous else []
        return [
            "scenario",
            *hazard,
            "runs",
            "passed",
            "pass rate",
            *robustness,
            *(f"pass^{k}" for k in self.shown_ks()),
            "mean calls",
            "tool errors",
            "recovered",
        ]

    def table(self) -> list[list[str]]:
        """Formatted cells, one list per row (the overall rows last)."""
        ks = self.shown_ks()
        return [_cells(row, ks, hazardous=self.hazardous) for row in (*self.rows, *self.overall_rows)]

    def format(self) -> str:
        """The summary as an aligned text table."""
        return text_table(self.headers(), self.table())

    def __str__(self) -> str:
        return self.format()

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return summary_html(self)

    def to_pandas(self) -> Any:
        """A ``pandas.DataFrame`` with one row per scenario and the overall rows last."""
        pandas = import_optional("pandas")
        rows = [_row_dict(r) for r in (*self.rows, *self.overall_rows)]
        return pandas.DataFrame(rows).set_index("scenario")


def summarize(runs: Sequence[RunRecord], *, k: int | None = None) -> Summary:
    """Summarize `runs` per scenario; `k` defaults to the fewest runs any scenario has."""
    groups = group_by_variant(runs)
    if not groups:
        raise ValueError("cannot summarize an evaluation with no runs")
    fewest = min(len(g) for g in groups.values())
    top = fewest if k is None else k
    if not 1 <= top <= fewest:
        raise ValueError(f"k={k!r} must be between 1 and {fewest} (the fewest runs of any scenario)")
    clean = {name: _rate(group) for (name, hazard), group in groups.items() if hazard is None}
    rows = tuple(
        _scenario_row(name, hazard, group, top, clean.get(name)) for (name, hazard), group in groups.items()
    )
    return Summary(rows, _overall_row(OVERALL, rows, runs, top), top, _overall_by_hazard(rows, runs, top))


def group_by_variant(runs: Sequence[RunRecord]) -> dict[tuple[str, str | None], list[RunRecord]]:
    """Runs per (scenario, hazard): each scenario's clean runs first, then its hazards by name."""
    groups: dict[tuple[str, str | None], list[RunRecord]] = {}
    for run in sorted(runs, key=lambda r: (r.hazard is not None, r.hazard or "")):
        groups.setdefault((run.scenario, run.hazard), []).append(run)
    order = list(dict.fromkeys(r.scenario for r in runs))
    return dict(sorted(groups.items(), key=lambda item: order.index(item[0][0])))


def _rate(runs: Sequence[RunRecord]) -> float:
    return sum(r.passed for r in runs) / len(runs)


def _scenario_row(
    name: str, hazard: str | None, runs: Sequence[RunRecord], k: int, clean_rate: float | None
) -> ScenarioSummary:
    passed = sum(r.passed for r in runs)
    injected = None if hazard is None else sum(c.hazard == hazard for r in runs for c in r.trace)
    robust = _rate(runs) / clean_rate if injected and clean_rate else None
    return ScenarioSummary(
        scenario=name,
        hazard=hazard,
        robustness=robust,
        injected=injected,
        runs=len(runs),
        passed=passed,
        pass_hat=pass_hat_curve(len(runs), passed, k),
        mean_calls=sum(r.calls for r in runs) / len(runs),
        tool_errors=sum(r.tool_errors for r in runs),
        recovered=sum(r.recovered for r in runs),
    )


def _overall_by_hazard(
    rows: Sequence[ScenarioSummary], runs: Sequence[RunRecord], k: int
) -> tuple[ScenarioSummary, ...]:
    """``(all, clean)`` and an ``(all)`` row per hazard; none when every run was clean."""
    hazards = list(dict.fromkeys(row.hazard for row in rows if row.hazard is not None))
    if not hazards:
        return ()
    clean = [r for r in runs if r.hazard is None]
    found = [_overall_row(OVERALL_CLEAN, [r for r in rows if r.hazard is None], clean, k)]
    clean_rates = {r.scenario: r.pass_rate for r in rows if r.hazard is None}
    for hazard in sorted(hazards):
        group = [r for r in rows if r.hazard == hazard]
        row = _overall_row(OVERALL, group, [r for r in runs if r.hazard == hazard], k)
        hit = sum(1 for r in group if r.injected)
        # every scenario run under the hazard, not only those it hit (as the row's pass rate)
        ratios = [r.pass_rate / clean_rates[r.scenario] for r in group if clean_rates.get(r.scenario)]
        found.append(
            replace(
                row,
                hazard=hazard,
                injected=sum(r.injected or 0 for r in group),
                robustness=sum(ratios) / len(ratios) if ratios and hit else None,
                scenarios_hit=hit,
                scenarios_run=len(group),
            )
        )
    return tuple(found)


def _overall_row(
    name: str, rows: Sequence[ScenarioSummary], runs: Sequence[RunRecord], k: int
) -> ScenarioSummary:
    means = tuple(sum(r.pass_hat[i] for r in rows) / len(rows) for i in range(k))
    return ScenarioSummary(
        scenario=name,
        runs=len(runs),
        passed=sum(r.passed for r in runs),
        pass_hat=means,
        mean_calls=sum(r.calls for r in runs) / len(runs),
        tool_errors=sum(r.tool_errors for r in runs),
        recovered=sum(r.recovered for r in runs),
    )


def _robustness_cell(row: ScenarioSummary) -> str:
    """``0.83``; ``never hit`` when the hazard changed no answer (the runs were clean ones); an
    overall hazard row adds how many scenarios it hit: ``0.83 (1/3 hit)``."""
    if row.injected == 0:
        return "never hit"
    robustness = "-" if row.robustness is None else f"{row.robustness:.2f}"
    if row.scenarios_run is not None:
        robustness += f" ({row.scenarios_hit}/{row.scenarios_run} hit)"
    return robustness


def _cells(row: ScenarioSummary, ks: Sequence[int], *, hazardous: bool = False) -> list[str]:
    robustness = _robustness_cell(row)
    return [
        row.scenario,
        *([row.hazard or ("clean" if row.scenario != OVERALL else MIXED)] if hazardous else []),
        str(row.runs),
        str(row.passed),
        f"{row.pass_rate:.0%}",
        *([robustness] if hazardous else []),
        *(f"{row.pass_hat[k - 1]:.3f}" for k in ks),
        f"{row.mean_calls:.1f}",
        str(row.tool_errors),
        str(row.recovered),
    ]


def _row_dict(row: ScenarioSummary) -> dict[str, Any]:
    data: dict[str, Any] = {
        "scenario": row.scenario,
        "hazard": row.hazard,
        "runs": row.runs,
        "passed": row.passed,
        "pass_rate": row.pass_rate,
        "robustness": row.robustness,
        "injected": row.injected,
        "scenarios_hit": row.scenarios_hit,
        "scenarios_run": row.scenarios_run,
    }
    data.update({f"pass^{i}": p for i, p in enumerate(row.pass_hat, start=1)})
    data.update(mean_calls=row.mean_calls, tool_errors=row.tool_errors, recovered=row.recovered)
    return data


# -- comparison -----------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class Comparison:
    """Two agents on the (scenario, seed) runs both reports have."""

    labels: tuple[str, str]
    """The two agents' names."""
    left: Summary
    """The first agent's summary over the shared runs."""
    right: Summary
    """The second agent's summary over the shared runs."""
    disagreements: tuple[tuple[str, int, bool, bool], ...]
    """``(scenario, seed, first passed, second passed)`` for every shared run they disagree on
    (``scenario [hazard]`` for a run under a hazard, as the table's rows say)."""

    def headers(self) -> list[str]:
        """Column names of the table."""
        a, b, k = *self.labels, self.left.k
        return [
            "scenario",
            f"pass^1 [{a}]",
            f"pass^1 [{b}]",
            "Δ pass^1",
            f"pass^{k} [{a}]",
            f"pass^{k} [{b}]",
            f"Δ pass^{k}",
        ]

    def table(self) -> list[list[str]]:
        """Formatted cells, one list per scenario and the overall row last."""
        return [
            [row[0], *(_number(value, column) for column, value in enumerate(row[1:]))]
            for row in self.values()
        ]

    def values(self) -> list[tuple[str, float, float, float, float, float, float]]:
        """The table's rows as numbers: ``(row label, pass^1 a, b, b - a, pass^K a, b, b - a)``."""
        pairs = zip(
            (*self.left.rows, *self.left.overall_rows),
            (*self.right.rows, *self.right.overall_rows),
            strict=True,
        )
        return [
            (
                f"{OVERALL} [{MIXED}]" if a is self.left.overall and self.left.hazardous else a.label,
                *_side_by_side(a.pass_hat[0], b.pass_hat[0]),
                *_side_by_side(a.pass_hat[-1], b.pass_hat[-1]),
            )
            for a, b in pairs
        ]

    def only_passed(self, side: int) -> dict[str, list[int]]:
        """Seeds per scenario that only agent `side` (0: first, 1: second) passed."""
        found: dict[str, list[int]] = {}
        for scenario, seed, *passed in self.disagreements:
            if passed[side]:
                found.setdefault(scenario, []).append(seed)
        return found

    def format(self) -> str:
        """The comparison as text: the table, then the seeds only one of the agents passed."""
        lines = [text_table(self.headers(), self.table())]
        for side, label in enumerate(self.labels):
            for scenario, seeds in self.only_passed(side).items():
                lines.append(f"only {label} passed {scenario} with seed(s) {', '.join(map(str, seeds))}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format()

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return comparison_html(self)

    def plot(self) -> Any:
        """A matplotlib figure: both agents' overall pass^k curves and per-scenario pass rates."""
        return plot_comparison(self)

    def to_pandas(self) -> Any:
        """A ``pandas.DataFrame`` of the table (numbers, not text), one row per scenario."""
        pandas = import_optional("pandas")
        return pandas.DataFrame(self.values(), columns=self.headers()).set_index("scenario")


def compare_runs(
    left: Sequence[RunRecord], right: Sequence[RunRecord], labels: tuple[str, str], *, k: int | None = None
) -> Comparison:
    """Compare two agents' runs on the (scenario, seed) pairs both have."""
    right_by_key = {(r.scenario, r.hazard, r.seed): r for r in right}
    shared = [r for r in left if (r.scenario, r.hazard, r.seed) in right_by_key]
    if not shared:
        raise ValueError(
            "the two reports share no (scenario, seed) run; evaluate both on the same scenarios and seeds"
        )
    theirs = [right_by_key[(r.scenario, r.hazard, r.seed)] for r in shared]
    disagree = tuple(
        (a.label, a.seed, a.passed, b.passed)
        for a, b in zip(shared, theirs, strict=True)
        if a.passed != b.passed
    )
    return Comparison(short_labels(*labels), summarize(shared, k=k), summarize(theirs, k=k), disagree)


def short_labels(first: str, second: str) -> tuple[str, str]:
    """``pkg.mod:careful`` -> ``careful`` for both agents, unless that makes them look the same."""
    a, b = (label.rsplit(":", 1)[-1] for label in (first, second))
    if a != b:
        return a, b
    return (first, second) if first != second else (f"{first} (1)", f"{second} (2)")


# -- helpers --------------------------------------------------------------------------------


def text_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """An aligned plain-text table (first column left-aligned, the others right-aligned)."""
    widths = [max(len(str(c)) for c in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: Sequence[str]) -> str:
        first, *rest = cells
        return "  ".join(
            [first.ljust(widths[0]), *(c.rjust(w) for c, w in zip(rest, widths[1:], strict=True))]
        )

    return "\n".join([line(headers), "  ".join("-" * w for w in widths), *(line(r) for r in rows)])


def _side_by_side(a: float, b: float) -> tuple[float, float, float]:
    return a, b, b - a


def _number(value: float, column: int) -> str:
    """A comparison cell: pass^k as ``0.667``, each third column (the difference) as ``+0.333``."""
    return f"{value:+.3f}" if column % 3 == 2 else f"{value:.3f}"
