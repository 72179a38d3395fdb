"""pytest's cache options pick scenario items out by node ID: ``--lf``, ``--ff`` and ``--sw``."""

from __future__ import annotations

import pytest

from tests._plugin_support import isolate

pytest_plugins = ["pytester"]

SCENARIO = """\
synthworld_scenario: 1
name: {name}
tools: synthworld.examples.shop
seeds: [1, 2]
agent: synthworld.examples.agents:refund_agent
task: "Customer lee@example.com writes: it broke"
expect: {{output: {{regex: "{regex}"}}}}
"""


@pytest.fixture
def pyt(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """Two passing scenarios around a failing one, in collection order a, b (failing), c."""
    pyt = isolate(pytester, monkeypatch)
    folder = pyt.path / "scenarios"
    folder.mkdir()
    for name, regex in (("a", "."), ("b", "^never$"), ("c", ".")):
        (folder / f"{name}.yaml").write_text(SCENARIO.format(name=name, regex=regex), encoding="utf-8")
    return pyt


def run_cached(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    """Run pytest in-process with the synthworld plugin and pytest's cache (the plugin tests' `run`
    turns the cache off)."""
    return pytester.runpytest("-p", "synthworld.pytest_plugin", "-p", "cacheprovider", "-v", *args)


def ran(result: pytest.RunResult) -> list[str]:
    """The node IDs of the items that ran, in order."""
    return [line.split(" ")[0] for line in result.outlines if line.startswith("scenarios/") and "::" in line]


def test_last_failed_runs_only_the_failed_scenario_items(pyt: pytest.Pytester) -> None:
    run_cached(pyt, "scenarios").assert_outcomes(passed=4, failed=2)
    again = run_cached(pyt, "--lf", "scenarios")
    again.assert_outcomes(failed=2)
    assert ran(again) == ["scenarios/b.yaml::b[seed=1]", "scenarios/b.yaml::b[seed=2]"]
    again.stdout.fnmatch_lines(["run-last-failure: rerun previous 2 failures (skipped 2 files)"])


def test_failed_first_runs_the_failed_scenario_items_first(pyt: pytest.Pytester) -> None:
    run_cached(pyt, "scenarios").assert_outcomes(passed=4, failed=2)
    again = run_cached(pyt, "--ff", "scenarios")
    assert ran(again)[:2] == ["scenarios/b.yaml::b[seed=1]", "scenarios/b.yaml::b[seed=2]"]


def test_stepwise_goes_on_from_the_failed_scenario_item(pyt: pytest.Pytester) -> None:
    run_cached(pyt, "--sw", "scenarios").assert_outcomes(passed=2, failed=1)
    again = run_cached(pyt, "--sw", "scenarios")
    assert ran(again)[0] == "scenarios/b.yaml::b[seed=1]"
    again.assert_outcomes(failed=1, deselected=2)
