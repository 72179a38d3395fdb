"""report.plot() and comparison.plot(): real matplotlib figures (Agg), checked by their contents."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import pytest

from tests.test_eval_report import report_of

matplotlib.use("Agg")


def test_report_plot_draws_pass_hat_curves_and_failure_causes(tmp_path: Path) -> None:
    report = report_of({"alpha": [True, False, True, True], "beta": [False, False, True, True]})
    fig = report.plot()
    curves, causes = fig.axes
    lines = {line.get_label(): list(line.get_ydata()) for line in curves.get_lines()}
    assert set(lines) == {"alpha", "beta", "(all)"}
    assert lines["alpha"] == pytest.approx([0.75, 0.5, 0.25, 0.0])
    assert lines["(all)"] == pytest.approx([0.625, (0.5 + 1 / 6) / 2, 0.125, 0.0])
    assert [t.get_text() for t in causes.get_yticklabels()] == ["expect.calls"]
    assert [bar.get_width() for bar in causes.patches] == [3]
    fig.savefig(tmp_path / "plot.png")
    assert (tmp_path / "plot.png").stat().st_size > 1000


def test_report_plot_with_no_failures_says_so() -> None:
    fig = report_of({"alpha": [True, True]}).plot(k=1)
    curves, causes = fig.axes
    assert next(line.get_xdata().tolist() for line in curves.get_lines()) == [1]
    assert [t.get_text() for t in causes.texts] == ["no failures"]


def test_comparison_plot_draws_both_agents() -> None:
    first = report_of({"alpha": [True, False], "beta": [True, True]}, agent="naive")
    second = report_of({"alpha": [True, True], "beta": [False, True]}, agent="careful")
    curves, bars = first.compare(second).plot().axes
    assert [line.get_label() for line in curves.get_lines()] == ["naive", "careful"]
    assert [bar.get_width() for bar in bars.patches] == [0.5, 1.0, 1.0, 0.5]
