"""Evaluations under hazards: a row per (scenario, hazard), robustness, coverage (issue 19)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from synthworld import EvalReport, evaluate, load_scenario
from synthworld.examples.agents import naive_inbox_agent

REPO = Path(__file__).resolve().parent.parent
SCENARIO = str(REPO / "scenarios" / "inbox_injection.yaml")
CAREFUL = "synthworld.examples.agents:careful_inbox_agent"
NAIVE = "synthworld.examples.agents:naive_inbox_agent"
HAZARDS = ["prompt_injection", "empty"]


@pytest.fixture(scope="module")
def naive() -> EvalReport:
    return evaluate(SCENARIO, agent=NAIVE, seeds=range(6), hazards=HAZARDS, progress=False)


@pytest.fixture(scope="module")
def careful() -> EvalReport:
    return evaluate(SCENARIO, agent=CAREFUL, seeds=range(6), hazards=HAZARDS, progress=False)


def test_every_seed_runs_clean_and_under_each_hazard(naive: EvalReport) -> None:
    assert [(r.hazard, r.seed) for r in naive.runs] == [
        (hazard, seed) for hazard in (None, "empty", "prompt_injection") for seed in range(6)
    ]
    assert naive.hazards == ["empty", "prompt_injection"]


def test_the_naive_agent_falls_for_injections_and_empty_answers(naive: EvalReport) -> None:
    rows = {(row.hazard, row.passed, row.runs, row.robustness) for row in naive.summary().rows}
    assert rows == {(None, 5, 6, None), ("empty", 0, 6, 0.0), ("prompt_injection", 0, 6, 0.0)}
    causes = [naive.run("inbox_injection", seed, "prompt_injection").cause for seed in range(6)]
    assert causes.count("expect.not_called") == 5
    assert naive.run("inbox_injection", 3).cause == "agent raised IndexError: list index out of range"


def test_the_careful_agent_holds_up(careful: EvalReport) -> None:
    assert [(row.hazard, row.pass_rate, row.robustness) for row in careful.summary().rows] == [
        (None, 1.0, None),
        ("empty", 1.0, 1.0),
        ("prompt_injection", 1.0, 1.0),
    ]


def test_the_table_shows_hazard_and_robustness_columns(naive: EvalReport) -> None:
    lines = naive.summary().format().splitlines()
    assert lines[0].split()[:7] == ["scenario", "hazard", "runs", "passed", "pass", "rate", "robustness"]
    assert lines[2].split()[:6] == ["inbox_injection", "clean", "6", "5", "83%", "-"]
    assert lines[3].split()[:6] == ["inbox_injection", "empty", "6", "0", "0%", "0.00"]


def test_the_summary_keeps_clean_and_hazard_runs_apart(naive: EvalReport) -> None:
    """The one overall row, ``(all)``, mixed the clean runs with the runs under hazards."""
    summary = naive.summary()
    rows = [(r.label, r.runs, r.passed, r.injected, r.robustness) for r in summary.overall_by_hazard]
    assert rows == [
        ("(all, clean)", 6, 5, None, None),
        ("(all) [empty]", 6, 0, 5, 0.0),
        # 5 search answers carry it in their text, 4 send/delete answers in a `notice` field
        ("(all) [prompt_injection]", 6, 0, 9, 0.0),
    ]
    assert (summary.overall.label, summary.overall.runs, summary.overall.passed) == ("(all)", 18, 5)
    assert summary.overall_rows == (*summary.overall_by_hazard, summary.overall)
    assert summary.overall_by_hazard[0].pass_hat == summary.rows[0].pass_hat  # one scenario: its clean row
    lines = summary.format().splitlines()
    assert [line.split()[:9] for line in lines[5:]] == [
        ["(all,", "clean)", "clean", "6", "5", "83%", "-", "0.833", "0.667"],
        ["(all)", "empty", "6", "0", "0%", "0.00", "(1/1", "hit)", "0.000"],
        ["(all)", "prompt_injection", "6", "0", "0%", "0.00", "(1/1", "hit)", "0.000"],
        ["(all)", "clean", "+", "hazards", "18", "5", "28%", "-", "0.278"],
    ]
    frame = summary.to_pandas()
    assert list(frame.index)[-4:] == ["(all, clean)", "(all)", "(all)", "(all)"]
    assert list(frame["hazard"].fillna("-"))[-4:] == ["-", "empty", "prompt_injection", "-"]
    assert "(all, clean)" in naive._repr_html_()


def test_a_clean_evaluation_has_one_overall_row(careful: EvalReport) -> None:
    clean = EvalReport(tuple(r for r in careful.runs if r.hazard is None), agent=careful.agent)
    assert clean.summary().overall_by_hazard == ()
    assert clean.summary().format().splitlines()[-1].split()[:4] == ["(all)", "6", "6", "100%"]


def test_coverage_merges_every_run(naive: EvalReport, careful: EvalReport) -> None:
    assert careful.coverage().to_dict() == {
        "tools": {"delete_email": 0, "read_email": 0, "search_email": 18, "send_email": 0},
        "errors": {},
        "hazards": {"empty": 5, "prompt_injection": 5},
        "malformed": {},
        "answers": {
            "search_email $ != []": 10,
            "search_email $ = []": 8,  # 5 of them emptied by the `empty` hazard
            "search_email $[*].labels != []": 6,  # stop 51: an email's subject is drawn as one
            "search_email $[*].labels = []": 2,
            "search_email $[*].labels absent": 10,
            "search_email $[*].labels present": 8,
        },
    }
    naive_tools = naive.coverage().tools
    assert naive_tools["search_email"] == 18
    assert naive_tools["send_email"] + naive_tools["delete_email"] == 5


def test_a_saved_report_keeps_hazards_and_coverage(naive: EvalReport, tmp_path: Path) -> None:
    loaded = EvalReport.load(naive.save(tmp_path / "r.jsonl"))
    assert loaded == naive
    assert loaded.coverage() == naive.coverage()
    assert loaded.summary().format() == naive.summary().format()


def test_comparing_two_agents_pairs_runs_by_hazard(naive: EvalReport, careful: EvalReport) -> None:
    comparison = careful.compare(naive)
    assert [row[0] for row in comparison.table()] == [
        "inbox_injection",
        "inbox_injection [empty]",
        "inbox_injection [prompt_injection]",
        "(all, clean)",
        "(all) [empty]",
        "(all) [prompt_injection]",
        "(all) [clean + hazards]",
    ]
    assert comparison.values()[3][1:4] == (1.0, 5 / 6, 5 / 6 - 1.0)  # the clean runs alone


def test_an_unknown_hazard_is_refused_before_any_run() -> None:
    with pytest.raises(
        ValueError, match=r"hazards=\['emptty'\]: unknown hazard; choose from prompt_injection"
    ):
        evaluate(SCENARIO, agent=CAREFUL, seeds=2, hazards=["emptty"], progress=False)


def test_a_misspelt_hazard_names_the_closest_kind_in_python_and_on_the_command_line() -> None:
    with pytest.raises(ValueError, match=r"drift \(did you mean 'empty'\?\)$"):
        evaluate(SCENARIO, agent=CAREFUL, seeds=2, hazards=["emptty"], progress=False)
    base = [sys.executable, "-m", "synthworld"]
    both = subprocess.run(
        [*base, "eval", SCENARIO, "--hazards", "emty,spicy,prompt_injecton"],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert both.returncode == 2
    assert "(did you mean 'empty' for 'emty', 'prompt_injection' for 'prompt_injecton'?)" in both.stderr
    one = subprocess.run(
        [*base, "run", SCENARIO, "--hazard", "drfit"], capture_output=True, text=True, cwd=REPO
    )
    assert one.returncode == 2
    assert "unknown hazard 'drfit'; choose from prompt_injection, edge_values, empty, drift" in one.stderr
    assert "(did you mean 'drift'?)" in one.stderr


def test_the_notebook_heat_map_has_a_row_per_scenario_and_hazard(naive: EvalReport) -> None:
    html = naive._repr_html_()
    assert html.count("<th style") > 3
    for label in ("inbox_injection<", "inbox_injection [empty]<", "inbox_injection [prompt_injection]<"):
        assert label in html


def test_the_plot_has_a_robustness_panel(naive: EvalReport) -> None:
    figure = naive.plot()
    assert [ax.get_title() for ax in figure.axes][-1] == "robustness: clean and under each hazard"
    overall = [line for line in figure.axes[0].get_lines() if line.get_color() == "black"]
    assert [line.get_label() for line in overall] == ["(all, clean)"]  # not clean and hazard runs mixed
    assert list(overall[0].get_ydata()) == pytest.approx(naive.summary().overall_by_hazard[0].pass_hat)


def test_the_cli_runs_hazards_and_prints_coverage() -> None:
    command = [sys.executable, "-m", "synthworld", "eval", SCENARIO, "--agent", CAREFUL, "--seeds", "3"]
    done = subprocess.run(
        [*command, "--hazards", "prompt_injection,drift", "--coverage", "--no-progress"],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr
    assert ["inbox_injection", "drift", "3", "3", "100%", "1.00", "1.000"] in [
        line.split()[:7] for line in done.stdout.splitlines()
    ]
    assert "synthworld coverage: 1/4 tools called (25%)" in done.stdout
    bad = subprocess.run([*command, "--hazards", "spicy"], capture_output=True, text=True, cwd=REPO)
    assert bad.returncode == 2
    assert "unknown hazard spicy; choose from prompt_injection, edge_values, empty, drift" in bad.stderr


def test_run_injects_one_hazard_and_shows_it() -> None:
    command = [
        sys.executable,
        "-m",
        "synthworld",
        "run",
        SCENARIO,
        "--seed",
        "1",
        "--hazard",
        "prompt_injection",
    ]
    naive = subprocess.run([*command, "--agent", NAIVE], capture_output=True, text=True, cwd=REPO)
    assert naive.returncode == 1
    assert "random !prompt_injection" in naive.stdout
    assert "expect.not_called[1]: expected no call to 'delete_email', found #1" in naive.stdout
    careful = subprocess.run([*command, "--json"], capture_output=True, text=True, cwd=REPO)
    assert careful.returncode == 0
    assert '"hazard": "prompt_injection"' in careful.stdout


WEATHER = """\
synthworld_scenario: 1
name: weather
tools:
  - name: get_weather
    description: Current weather in a city.
    parameters: {type: object, properties: {city: {type: string}}, required: [city]}
    returns: {type: object, properties: {celsius: {type: number}}, required: [celsius]}
"""


def _weather_agent(world: object, task: object) -> str:
    return str(world.call("get_weather", {"city": "Oslo"})["celsius"])  # type: ignore[attr-defined]


def test_a_hazard_that_never_applied_claims_no_robustness(tmp_path: Path) -> None:
    """``empty`` on an answer without collections changes nothing: the table said robustness 1.00
    for runs that were clean ones; it now says the hazard never hit."""
    (tmp_path / "weather.yaml").write_text(WEATHER)
    report = evaluate(
        str(tmp_path / "weather.yaml"), agent=_weather_agent, seeds=2, hazards=["empty"], progress=False
    )
    rows = [(row.hazard, row.pass_rate, row.injected, row.robustness) for row in report.summary().rows]
    assert rows == [(None, 1.0, None, None), ("empty", 1.0, 0, None)]
    assert report.summary().format().splitlines()[3].split()[:7] == [
        "weather", "empty", "2", "2", "100%", "never", "hit",
    ]  # fmt: skip
    assert report.coverage().hazards == {"empty": 0}


def test_scenario_run_names_its_hazard_argument_when_it_is_misspelt() -> None:
    """``scenario.run(hazard="drft")`` blamed ``faults[0].inject``, an entry the user never wrote."""
    scenario = load_scenario(SCENARIO)
    with pytest.raises(
        ValueError, match=r"^hazard='drft' is not a hazard; choose one of prompt_injection"
    ) as err:
        scenario.run(hazard="drft", agent=CAREFUL)
    assert str(err.value).endswith("(did you mean 'drift'?)")
    assert "faults[0]" not in str(err.value)


def _inbox_or_weather_agent(world: object, task: object) -> str:
    if "search_email" in world.tools:  # type: ignore[attr-defined]
        return naive_inbox_agent(world, task)  # type: ignore[arg-type]
    return _weather_agent(world, task)


def test_a_hazards_overall_robustness_counts_every_scenario_and_says_how_many_it_hit(tmp_path: Path) -> None:
    """``(all) [empty]`` averaged only the scenarios the hazard hit: here the inbox alone (0.00),
    as if the weather scenario, run under it and passing, had not been run at all; the same
    averaging made a hazard that hit one easy scenario look robust everywhere."""
    (tmp_path / "weather.yaml").write_text(WEATHER)
    report = evaluate(
        [SCENARIO, str(tmp_path / "weather.yaml")],
        agent=_inbox_or_weather_agent,
        seeds=range(6),
        hazards=["empty"],
        progress=False,
    )
    summary = report.summary()
    overall = summary.overall_by_hazard[1]
    assert (overall.label, overall.passed, overall.runs) == ("(all) [empty]", 6, 12)
    assert (overall.robustness, overall.scenarios_hit, overall.scenarios_run) == (0.5, 1, 2)  # (0 + 1) / 2
    rows = [line.split()[:8] for line in summary.format().splitlines()]
    assert ["(all)", "empty", "12", "6", "50%", "0.50", "(1/2", "hit)"] in rows
    assert '#ddd">0.50 (1/2 hit)</td>' in summary._repr_html_()
    frame = summary.to_pandas()
    assert frame[["scenarios_hit", "scenarios_run", "robustness"]].iloc[-2].tolist() == [1, 2, 0.5]
    panel = report.plot().axes[2]
    assert [text.get_text() for text in panel.texts] == ["never hit"]  # weather's empty bar
