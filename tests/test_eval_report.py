"""EvalReport and RunRecord without a scenario runner: summaries, pandas, save/load, compare."""

from __future__ import annotations

import contextlib
import json
from math import isclose
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from synthworld import (
    Answer,
    EvalReportError,
    FunctionBackend,
    SyntheticWorld,
    SynthworldError,
    ToolError,
    Trace,
)
from synthworld.eval import EvalReport, RunRecord
from synthworld.eval.record import record_from_result


def make_trace(*, calls: int, errors: int = 0, tokens: int | None = None) -> Trace:
    """A real trace: `calls` calls to `fetch`, the first `errors` of them failing with a timeout."""

    def answer(tool: str, args: dict[str, Any]) -> Any:
        usage = None if tokens is None else {"prompt_tokens": 1, "total_tokens": tokens}
        return Answer({"id": args["id"]}, usage=usage)

    world = SyntheticWorld(seed=0, backend=FunctionBackend(answer))

    @world.tool
    def fetch(id: str) -> dict:  # type: ignore[type-arg]
        """Fetch a thing."""

    if errors:
        world.script("fetch", error={"code": "timeout", "message": "slow"}, times=errors)
    for i in range(calls):
        with contextlib.suppress(ToolError):
            fetch(f"x{i}")
    return world.trace


def result(scenario: str, seed: int, passed: bool, **extra: Any) -> SimpleNamespace:
    """A ScenarioResult-shaped value (the runner's record type has exactly these fields)."""
    fields = {
        "path": f"/s/{scenario}.yaml",
        "failures": [] if passed else ["expect.calls[0]: expected x"],
        "trace": make_trace(calls=2),
        "error": None,
        "diverged_at": None,
    }
    return SimpleNamespace(scenario=scenario, seed=seed, passed=passed, **{**fields, **extra})


def report_of(outcomes: dict[str, list[bool]], agent: str = "a:b") -> EvalReport:
    runs = [
        record_from_result(result(name, seed, ok))
        for name, oks in outcomes.items()
        for seed, ok in enumerate(oks)
    ]
    return EvalReport(tuple(runs), agent=agent)


# -- RunRecord ------------------------------------------------------------------------------


def test_record_counts_calls_errors_tokens_and_recovery() -> None:
    trace = make_trace(calls=3, errors=1, tokens=7)
    record = record_from_result(result("s", 1, True, trace=trace), wall_time=0.5)
    assert (record.calls, record.tool_errors, record.tokens, record.recovered) == (3, 1, 14, True)
    assert record.trace == trace
    assert record.cause is None


def test_tokens_are_none_without_usage_and_no_error_means_no_recovery() -> None:
    record = record_from_result(result("s", 1, True, trace=make_trace(calls=2)))
    assert (record.tokens, record.tool_errors, record.recovered) == (None, 0, False)


def test_an_error_in_a_failed_run_is_not_a_recovery() -> None:
    trace = make_trace(calls=1, errors=1)
    record = record_from_result(result("s", 1, False, trace=trace))
    assert (record.tool_errors, record.recovered) == (1, False)


def test_duration_is_the_sum_of_simulated_call_durations() -> None:
    trace = Trace([c.__class__(**{**c.__dict__, "duration": 0.25}) for c in make_trace(calls=3)])
    assert record_from_result(result("s", 0, True, trace=trace)).duration == 0.75


@pytest.mark.parametrize(
    ("failures", "error", "cause"),
    [
        (["expect.calls[2]: expected a call to 'x'"], None, "expect.calls"),
        (["expect.output.equals: got 3"], None, "expect.output.equals"),
        (["expect.check checks.py:honest: the agent lied"], None, "expect.check"),
        (["the world ran out of answers: no more"], None, "the world ran out of answers"),
        (["the agent raised KeyError: 'x'"], "KeyError: 'x'", "agent raised KeyError: 'x'"),
        ([], None, "failed"),
    ],
)
def test_cause_labels_the_kind_of_failure(failures: list[str], error: str | None, cause: str) -> None:
    assert record_from_result(result("s", 0, False, failures=failures, error=error)).cause == cause


def test_wall_time_is_ignored_by_equality() -> None:
    a = record_from_result(result("s", 0, True), wall_time=1.0)
    b = RunRecord(**{**a.__dict__, "wall_time": 9.0})
    assert a == b
    assert a != RunRecord(**{**a.__dict__, "calls": 99})


def test_record_dict_round_trip_and_unknown_fields() -> None:
    record = record_from_result(result("s", 3, False, trace=make_trace(calls=2, errors=1, tokens=5)))
    assert RunRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record
    with pytest.raises(ValueError, match="unknown RunRecord field"):
        RunRecord.from_dict({**record.to_dict(), "colour": "red"})


# -- EvalReport ---------------------------------------------------------------------------


def test_runs_are_sorted_by_scenario_then_seed() -> None:
    runs = [record_from_result(result(n, s, True)) for n, s in [("b", 1), ("a", 2), ("b", 0), ("a", 0)]]
    report = EvalReport(tuple(runs))
    assert [(r.scenario, r.seed) for r in report.runs] == [("a", 0), ("a", 2), ("b", 0), ("b", 1)]
    assert report == EvalReport(tuple(reversed(runs)))


def test_summary_per_scenario_with_pass_hat_k() -> None:
    summary = report_of(
        {"alpha": [True, False, True, False], "beta": [True, True, True, True, False]}
    ).summary()
    alpha, beta = summary.rows
    assert summary.k == 4  # the fewest seeds of any scenario
    assert (alpha.runs, alpha.passed, alpha.pass_rate) == (4, 2, 0.5)
    assert all(isclose(a, b) for a, b in zip(alpha.pass_hat, (0.5, 1 / 6, 0.0, 0.0), strict=True))
    assert all(isclose(a, b) for a, b in zip(beta.pass_hat, (0.8, 0.6, 0.4, 0.2), strict=True))
    assert isclose(summary.overall.pass_hat[1], (1 / 6 + 0.6) / 2)
    assert (summary.overall.runs, summary.overall.passed, summary.overall.mean_calls) == (9, 6, 2.0)


def test_summary_text_table_has_a_row_per_scenario_and_overall() -> None:
    text = report_of({"alpha": [True, False], "beta": [True, True]}).summary().format()
    lines = text.splitlines()
    assert lines[0].split() == [
        "scenario",
        "runs",
        "passed",
        "pass",
        "rate",
        "pass^1",
        "pass^2",
        "mean",
        "calls",
        "tool",
        "errors",
        "recovered",
    ]
    assert lines[2].split() == ["alpha", "2", "1", "50%", "0.500", "0.000", "2.0", "0", "0"]
    assert lines[3].split() == ["beta", "2", "2", "100%", "1.000", "1.000", "2.0", "0", "0"]
    assert lines[4].split()[:6] == ["(all)", "4", "3", "75%", "0.750", "0.500"]


def test_summary_repr_is_the_table() -> None:
    summary = report_of({"alpha": [True, False]}).summary()
    assert repr(summary) == str(summary) == summary.format()


def test_summary_k_is_checked() -> None:
    report = report_of({"alpha": [True, False]})
    assert report.summary(k=1).k == 1
    with pytest.raises(ValueError, match="between 1 and 2"):
        report.summary(k=3)


def test_empty_report_cannot_be_summarized_but_prints() -> None:
    report = EvalReport(())
    assert "0 run(s)" in str(report)
    with pytest.raises(ValueError, match="no runs"):
        report.summary()


def test_run_lookup_and_failures() -> None:
    report = report_of({"alpha": [True, False]})
    assert report.run("alpha", 1).passed is False
    assert [r.seed for r in report.failures] == [1]
    with pytest.raises(KeyError, match="alpha"):
        report.run("gamma", 0)


def test_the_report_says_its_pass_rate_as_the_summary_and_fail_under_read_it() -> None:
    # a notebook's `assert report.pass_rate >= 0.9` raised AttributeError: the rate sat in
    # report.summary().overall.pass_rate alone
    report = report_of({"alpha": [True, False, True], "beta": [True]})
    assert report.pass_rate == 0.75 == report.summary().overall.pass_rate
    assert EvalReport(()).pass_rate == 0.0  # no runs: nothing passed (summary() refuses)


def test_to_pandas_has_one_row_per_run() -> None:
    frame = report_of({"alpha": [True, False], "beta": [True]}).to_pandas()
    assert list(frame["scenario"]) == ["alpha", "alpha", "beta"]
    assert list(frame["passed"]) == [True, False, True]
    assert frame["cause"].isna().tolist() == [True, False, True]
    assert frame["cause"][1] == "expect.calls"
    assert "trace" not in frame.columns
    summary = report_of({"alpha": [True, False]}).summary().to_pandas()
    assert summary.loc["alpha", "pass^1"] == 0.5
    assert list(summary.index) == ["alpha", "(all)"]


def test_save_load_round_trip(tmp_path: Path) -> None:
    runs = [
        record_from_result(result("s", i, i % 2 == 0, trace=make_trace(calls=2, errors=i % 2, tokens=3)))
        for i in range(4)
    ]
    report = EvalReport(tuple(runs), agent="pkg.mod:agent", wall_time=1.5)
    path = report.save(tmp_path / "out" / "report.jsonl")
    loaded = EvalReport.load(path)
    assert loaded == report
    assert (loaded.agent, loaded.wall_time) == ("pkg.mod:agent", 1.5)
    assert loaded.runs[1].trace[0].error == {"code": "timeout", "message": "slow"}
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5
    assert json.loads(lines[0])["synthworld_eval"] == 1


def test_an_agent_error_holding_a_lone_surrogate_saves_and_loads_back(tmp_path: Path) -> None:
    error = "OSError: cannot open b\udcffd.txt"  # a file name os.fsdecode() gave the agent
    run = record_from_result(result("s", 0, False, error=error, failures=[f"the agent raised {error}"]))
    path = EvalReport((run,)).save(tmp_path / "r.jsonl")
    assert EvalReport.load(path).runs == (run,)
    assert "\\udcff" in path.read_text(encoding="utf-8")


_BAD_REPORTS = [
    (
        '{"synthworld_eval": 1, "agent": "x"}\n{"scenario": "s", "seed": 0, "passed": true}\n{oops\n',
        r"r\.jsonl:3: invalid JSON at column 2: .*; mend or delete line 3",
    ),
    ('{"synthworld_trace": 1}\n', r"r\.jsonl:1: not a synthworld evaluation .*EvalReport\.save"),
    ('{"synthworld_eval": 2}\n', r"r\.jsonl:1: unsupported version 2; this synthworld reads version 1"),
    ("", r"r\.jsonl:1: an empty first line"),
    (
        '{"synthworld_eval": 1}\n{"scenario": "s"}\n',
        r"r\.jsonl:2: bad run record: .*; mend or delete line 2, or save",
    ),
]


@pytest.mark.parametrize(("text", "message"), _BAD_REPORTS)
def test_load_names_file_and_line_of_a_bad_record(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text(text)
    with pytest.raises(EvalReportError, match=message):
        EvalReport.load(path)


def test_a_bad_report_is_a_synthworld_error_and_still_a_value_error(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text("[[[" * 100_000 + "\n")
    with pytest.raises(EvalReportError, match=r"r\.jsonl:1: invalid JSON \(nested too deeply") as info:
        EvalReport.load(path)
    assert isinstance(info.value, SynthworldError)
    assert isinstance(info.value, ValueError)  # what callers caught before EvalReportError existed
    with pytest.raises(FileNotFoundError):
        EvalReport.load(tmp_path / "missing.jsonl")


def test_text_holding_line_separators_loads_back_on_its_line(tmp_path: Path) -> None:
    """`save` writes U+2028, a form feed and a carriage return as they are; `load` split lines at them."""
    error = "ValueError: a\u2028b\x0cc\rd\x1ce"
    run = record_from_result(result("s", 0, False, error=error, failures=[f"the agent raised {error}"]))
    path = EvalReport((run,), agent="a:b").save(tmp_path / "r.jsonl")
    assert EvalReport.load(path).runs == (run,)
    path.write_text(path.read_text(encoding="utf-8") + "{oops\n", encoding="utf-8")
    with pytest.raises(EvalReportError, match=r"r\.jsonl:3: invalid JSON"):
        EvalReport.load(path)


def _saved_run(tmp_path: Path, **changes: Any) -> Path:
    """A saved one-run report whose run line has `changes` applied."""
    path = report_of({"s": [True]}).save(tmp_path / "r.jsonl")
    header, run = path.read_text(encoding="utf-8").splitlines()
    path.write_text(f"{header}\n{json.dumps({**json.loads(run), **changes})}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seed": "7"}, "$.seed: '7' is not of type 'integer'"),
        ({"passed": "no"}, "$.passed: 'no' is not of type 'boolean'"),
        ({"failures": "oops"}, "$.failures: 'oops' is not of type 'array'"),
        ({"coverage": [1]}, "$.coverage: [1] is not of type 'object', 'null'"),
        ({"trace": [{"tool": "fetch"}]}, "$.trace[0]: 'index' is a required property"),
    ],
    ids=["seed", "passed", "failures", "coverage", "trace"],
)
def test_load_names_the_field_of_a_record_of_the_wrong_type(
    tmp_path: Path, changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(EvalReportError, match=r"r\.jsonl:2: bad run record: ") as info:
        EvalReport.load(_saved_run(tmp_path, **changes))
    assert str(info.value).startswith(f"{tmp_path / 'r.jsonl'}:2: bad run record: {message}")


def test_load_names_the_file_of_a_bad_header_or_bytes_that_are_not_text(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text('{"synthworld_eval": 1, "wall_time": "long"}\n', encoding="utf-8")
    with pytest.raises(
        EvalReportError, match=r"r\.jsonl:1: bad header: \$\.wall_time: 'long' is not of type"
    ):
        EvalReport.load(path)
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00")
    with pytest.raises(
        EvalReportError, match=r"r\.jsonl:1: not a synthworld evaluation: not UTF-8 text \(byte 0"
    ):
        EvalReport.load(path)
    path.write_bytes(b'{"synthworld_eval": 1}\n{"scenario": "caf\xe9"}\n')
    with pytest.raises(
        EvalReportError, match=r"r\.jsonl:2: not a synthworld evaluation: not UTF-8 text \(byte 40"
    ):
        EvalReport.load(path)


def test_a_trace_keeping_an_agents_nan_input_loads_back(tmp_path: Path) -> None:
    world = SyntheticWorld(seed=0)

    @world.tool
    def fetch(id: str) -> dict:  # type: ignore[type-arg]
        """Fetch a thing."""

    with contextlib.suppress(ValueError):
        world.call("fetch", {"id": float("nan")})  # refused, and kept in the trace as sent
    report = EvalReport((record_from_result(result("s", 0, True, trace=world.trace)),))
    loaded = EvalReport.load(report.save(tmp_path / "r.jsonl"))
    assert str(loaded.runs[0].trace[0].input) == "{'id': nan}"


# -- compare --------------------------------------------------------------------------------


def test_compare_two_agents_side_by_side() -> None:
    first = report_of({"alpha": [True, False, True], "beta": [False, False, False]}, agent="naive")
    second = report_of({"alpha": [True, True, True], "beta": [False, True, False]}, agent="careful")
    comparison = first.compare(second)
    assert comparison.labels == ("naive", "careful")
    assert comparison.disagreements == (("alpha", 1, False, True), ("beta", 1, False, True))
    assert [r.pass_rate for r in comparison.right.rows] == [1.0, 1 / 3]
    table = comparison.table()
    assert table[0] == ["alpha", "0.667", "1.000", "+0.333", "0.000", "1.000", "+1.000"]
    assert table[-1][0] == "(all)"
    text = comparison.format()
    assert "only careful passed alpha with seed(s) 1\nonly careful passed beta with seed(s) 1" in text
    assert list(comparison.to_pandas().index) == ["alpha", "beta", "(all)"]
    assert comparison.to_pandas().loc["alpha", "Δ pass^1"] == pytest.approx(1 / 3)


def test_compare_under_hazards_names_the_hazard_of_each_run_only_one_agent_passed() -> None:
    def runs(passed: dict[str | None, list[bool]], agent: str) -> EvalReport:
        records = [
            record_from_result(result("inbox", seed, ok, hazard=hazard))
            for hazard, oks in passed.items()
            for seed, ok in enumerate(oks)
        ]
        return EvalReport(tuple(records), agent=agent)

    naive = runs({None: [True, True], "empty": [False, True], "drift": [False, False]}, "naive")
    careful = runs({None: [True, True], "empty": [True, True], "drift": [True, True]}, "careful")
    comparison = naive.compare(careful)
    assert comparison.disagreements == (
        ("inbox [drift]", 0, False, True),
        ("inbox [drift]", 1, False, True),
        ("inbox [empty]", 0, False, True),
    )
    assert comparison.format().splitlines()[-2:] == [
        "only careful passed inbox [drift] with seed(s) 0, 1",
        "only careful passed inbox [empty] with seed(s) 0",
    ]


def test_compare_uses_only_shared_runs() -> None:
    first = report_of({"alpha": [True, False, True, True]})
    second = report_of({"alpha": [True, True], "other": [True]})
    comparison = first.compare(second)
    assert (comparison.left.overall.runs, comparison.right.overall.runs) == (2, 2)
    with pytest.raises(ValueError, match="share no"):
        first.compare(report_of({"other": [True]}))


@pytest.mark.parametrize(
    ("k", "shown"), [(1, [1]), (3, [1, 2, 3]), (4, [1, 2, 4]), (10, [1, 2, 4, 8, 10]), (16, [1, 2, 4, 8, 16])]
)
def test_table_shows_powers_of_two_and_k(k: int, shown: list[int]) -> None:
    summary = report_of({"alpha": [True] * 16}).summary(k=k)
    assert summary.shown_ks() == shown
    assert [h for h in summary.headers() if h.startswith("pass^")] == [f"pass^{i}" for i in shown]
    assert len(summary.overall.pass_hat) == k
    assert len(summary.to_pandas().filter(like="pass^").columns) == k


@pytest.mark.parametrize(
    ("first", "second", "labels"),
    [
        ("pkg.agents:careful", "pkg.agents:hasty", ("careful", "hasty")),
        ("a:run", "b:run", ("a:run", "b:run")),
        ("x:run", "x:run", ("x:run (1)", "x:run (2)")),
    ],
)
def test_comparison_labels_are_short_but_distinct(first: str, second: str, labels: tuple[str, str]) -> None:
    comparison = report_of({"s": [True]}, agent=first).compare(report_of({"s": [False]}, agent=second))
    assert comparison.labels == labels


def test_a_records_repr_masks_the_secrets_its_failures_and_error_quote() -> None:
    error = "RuntimeError: login failed for password=hunter2-pass with sk-proj-0123456789abcdef"
    failures = (f"the agent raised {error}", "expect.output.regex: got 'token=tok-0123456789'")
    record = RunRecord(scenario="login", seed=3, passed=False, failures=failures, error=error)
    with pytest.raises(AssertionError) as caught:
        assert record.passed, record  # pytest prints the record's repr
    shown = repr(record) + str(caught.value)
    for secret in ("hunter2-pass", "sk-proj-0123456789abcdef", "tok-0123456789"):
        assert secret not in shown
    assert "password=[REDACTED] with [REDACTED]" in shown
    assert shown.startswith("RunRecord(scenario='login', seed=3, passed=False, failures=(")
    assert record.error == error  # the record in memory keeps the real values
