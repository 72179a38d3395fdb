"""HTML for notebooks: trace timelines, the report's summary table and heat map, comparisons."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from synthworld import Trace
from synthworld.eval import EvalReport
from synthworld.eval.record import record_from_result
from synthworld.trace import ToolCall
from synthworld.trace.html import render_trace_html
from tests.test_eval_report import make_trace, report_of, result


class _Rows(HTMLParser):
    """Collects the text of every table row, per table class."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.row_classes: list[str] = []
        self.headings: list[str] = []
        self._table = ""
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "table":
            self._table = attributes.get("class") or ""
            self.tables.setdefault(self._table, [])
        elif tag == "tr":
            self._row = []
            self.row_classes.append(attributes.get("class") or "")
        elif tag in ("td", "th", "h4"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "h4" and self._cell is not None:
            self.headings.append("".join(self._cell))
            self._cell = None
        elif tag in ("td", "th") and self._row is not None and self._cell is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.tables[self._table].append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def parse(html: str) -> _Rows:
    parser = _Rows()
    parser.feed(html)
    return parser


# -- traces ---------------------------------------------------------------------------------


def test_trace_html_has_a_row_per_call_with_errors_highlighted() -> None:
    html = render_trace_html(make_trace(calls=3, errors=1))
    rows = parse(html).tables[""]
    assert rows[0] == ["#", "tool", "input", "output", "backend", "started", "duration"]
    assert [r[0] for r in rows[1:]] == ["0", "1", "2"]
    assert rows[1][3] == "ERROR timeout: slow"
    assert rows[2][2:5] == ['{"id": "x1"}', '{"id": "x1"}', "function"]
    assert parse(html).row_classes == ["", "error", "ok", "ok"]
    assert "3 call(s), 1 error(s)" in html


def test_long_values_are_folded_and_everything_is_escaped() -> None:
    call = ToolCall(0, "search", {"q": "<script>alert(1)</script>"}, {"items": ["x" * 80]}, duration=1.5)
    html = render_trace_html(Trace([call]))
    assert "<script>" not in html
    assert "&lt;script&gt;" in html
    assert re.search(r"<details><summary><code>\{&quot;items&quot;: \[&quot;x+…</code></summary>", html)
    assert "1.5 s" in html
    assert "width:60px" in html


def test_trace_html_caps_rows_and_handles_empty_traces() -> None:
    calls = [ToolCall(i, "ping", {"i": i}, {}) for i in range(5)]
    assert "… 3 more call(s)" in render_trace_html(Trace(calls), max_calls=2)
    assert "no calls" in render_trace_html(Trace())


# -- reports --------------------------------------------------------------------------------


def test_report_html_has_summary_rows_and_heatmap_cells() -> None:
    report = report_of({"alpha": [True, False, True], "beta": [False, False, True]})
    tables = parse(report._repr_html_()).tables
    summary = tables["synthworld-summary"]
    assert summary[0][:6] == ["scenario", "runs", "passed", "pass rate", "pass^1", "pass^2"]
    assert [r[0] for r in summary[1:]] == ["alpha", "beta", "(all)"]
    assert summary[1][:7] == ["alpha", "3", "2", "67%", "0.667", "0.333", "0.000"]
    heat = tables["synthworld-heatmap"]
    assert heat[0] == ["scenario \\ seed", "0", "1", "2"]
    assert heat[1] == ["alpha", "✓", "✗", "✓"]
    assert heat[2] == ["beta", "✗", "✗", "✓"]


def test_report_html_shows_failing_traces_with_reasons() -> None:
    failing = record_from_result(result("gamma", 4, False, trace=make_trace(calls=2, errors=2)))
    html = EvalReport((failing,), agent="x:y")._repr_html_()
    assert "EvalReport: x:y — 1 run(s), 0 passed" in html
    assert "gamma · seed 4 · expect.calls" in html
    assert "<li>expect.calls[0]: expected x</li>" in html
    assert 'title="seed 4: failed: expect.calls[0]: expected x"' in html
    assert "ERROR timeout" in html


def test_a_failing_run_under_a_hazard_is_shown_with_its_hazard() -> None:
    clean = record_from_result(result("gamma", 4, True))
    hazardous = record_from_result(result("gamma", 4, False, hazard="edge_values"))
    html = EvalReport((clean, hazardous), agent="x:y")._repr_html_()
    assert "<summary>gamma [edge_values] · seed 4 · expect.calls</summary>" in html
    assert [row[0] for row in parse(html).tables["synthworld-heatmap"][1:]] == [
        "gamma",
        "gamma [edge_values]",
    ]


def test_report_html_lists_only_the_first_failing_runs() -> None:
    html = report_of({"alpha": [False] * 7})._repr_html_()
    assert "failing runs (7; first 5 shown)" in html
    assert html.count("<details><summary>alpha · seed") == 5


def test_summary_and_comparison_render_as_html() -> None:
    first = report_of({"alpha": [True, False]}, agent="naive")
    second = report_of({"alpha": [True, True]}, agent="careful")
    rows = parse(first.summary()._repr_html_()).tables["synthworld-summary"]
    assert rows[1][0] == "alpha"
    html = first.compare(second)._repr_html_()
    table = parse(html).tables["synthworld-comparison"]
    assert table[1] == ["alpha", "0.500", "1.000", "+0.500", "0.000", "1.000", "+1.000"]
    assert "<li>only <strong>careful</strong> passed alpha with seed(s) 1</li>" in html


def test_a_run_shown_alone_in_a_notebook_says_why_it_failed_with_its_trace() -> None:
    """A cell ending in ``report.failures[0]`` showed the record's one-line dataclass repr."""
    failing = record_from_result(result("gamma", 4, False, trace=make_trace(calls=2, errors=2)))
    html = failing._repr_html_()
    assert html.startswith("<details open><summary>gamma · seed 4 · expect.calls</summary>")
    assert "<li>expect.calls[0]: expected x</li>" in html
    assert "ERROR timeout" in html  # the trace
    assert "replay:" not in html  # the agent is the report's: report.replay_command(run)
    passing = record_from_result(result("gamma", 5, True))
    assert passing._repr_html_().startswith("<details open><summary>gamma · seed 5 · passed</summary>")
