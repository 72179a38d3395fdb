"""The pytest plugin collects scenario files: one item per seed, clear failures, clean errors."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests._plugin_support import isolate, run

pytest_plugins = ["pytester"]


SCENARIO = """\
synthworld_scenario: 1
name: refund
tools: synthworld.examples.shop
seeds: [1, 2]
responses:
  - tool: search_orders
    output: [{order_id: ORD-9, status: delivered, total: 12.5, placed_on: "2026-01-01"}]
agent: synthworld.examples.agents:refund_agent
task: "Customer lee@example.com writes: it broke"
expect:
{expect}
"""
PASSING = "  calls: [{tool: refund_order, input: {order_id: ORD-9}}]"


@pytest.fixture
def pyt(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    return isolate(pytester, monkeypatch)


def scenario(pytester: pytest.Pytester, expect: str = PASSING, path: str = "scenarios/refund.yaml") -> Path:
    target = pytester.path / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(SCENARIO.replace("{expect}", expect), encoding="utf-8")
    return target


def test_scenarios_become_one_item_per_seed(pyt: pytest.Pytester) -> None:
    scenario(pyt)
    result = run(pyt, "--collect-only", "-q", "scenarios")
    result.stdout.fnmatch_lines(
        ["scenarios/refund.yaml::refund[[]seed=1[]]", "scenarios/refund.yaml::refund[[]seed=2[]]"]
    )
    run(pyt, "scenarios").assert_outcomes(passed=2)


def test_other_yaml_files_are_ignored(pyt: pytest.Pytester) -> None:
    scenario(pyt)
    (pyt.path / "scenarios" / "cassette.yaml").write_text("synthworld_cassette: 1\ninteractions: []\n")
    (pyt.path / "scenarios" / "notes.yml").write_text("title: not a scenario\n")
    run(pyt, "scenarios").assert_outcomes(passed=2)


def test_files_outside_the_scenario_folders_need_naming(pyt: pytest.Pytester) -> None:
    scenario(pyt, path="elsewhere/refund.yaml")
    run(pyt, "elsewhere").assert_outcomes()
    run(pyt, "elsewhere/refund.yaml").assert_outcomes(passed=2)


def test_the_ini_option_names_the_scenario_folders(pyt: pytest.Pytester) -> None:
    scenario(pyt, path="worlds/refund.yaml")
    pyt.makeini("[pytest]\nsynthworld_scenarios = worlds\n")
    run(pyt, "worlds").assert_outcomes(passed=2)


def test_a_default_run_also_collects_the_scenario_folders(pyt: pytest.Pytester) -> None:
    scenario(pyt)
    pyt.makepyfile(tests__test_a="def test_a():\n    pass\n")
    (pyt.path / "tests").mkdir(exist_ok=True)
    (pyt.path / "tests__test_a.py").rename(pyt.path / "tests" / "test_a.py")
    pyt.makeini("[pytest]\ntestpaths = tests\n")
    result = run(pyt, "-v")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(
        ["*tests/test_a.py::test_a PASSED*", "*scenarios/refund.yaml::refund*seed=2* PASSED*"]
    )


def test_a_failing_scenario_shows_the_expectation_and_the_trace(pyt: pytest.Pytester) -> None:
    scenario(pyt, expect="  calls: [{tool: search_orders}, {tool: refund_order, input: {order_id: ORD-1}}]")
    result = run(pyt, "scenarios", "-p", "no:randomly")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(
        [
            "*_ scenario refund [[]seed=1[]] _*",
            "expect.calls[[]1[]]: expected a call to 'refund_order' "
            'with input {"order_id": "ORD-1"} after call #0,'
            " found none; closest: #2 refund_order (input.order_id: 'ORD-9' != 'ORD-1')",
            "trace:",
            "  #  tool * input * output",
            "  0  search_orders *",
            "> 2  refund_order *",
            "> call #2: where the run first left the expected path",
            "call #2 refund_order (random):",
            "  input: {",
            '    "order_id": "ORD-9",',
        ]
    )
    result.stdout.fnmatch_lines(
        ["FAILED scenarios/refund.yaml::refund[[]seed=1[]] - expect.calls[[]1[]]: expected a ca*"]
    )
    assert "Traceback" not in result.stdout.str()
    assert "def runtest" not in result.stdout.str()


def test_an_invalid_scenario_is_a_collection_error_with_the_message(pyt: pytest.Pytester) -> None:
    target = scenario(pyt)
    target.write_text(target.read_text().replace("seeds: [1, 2]", "seeds: [1, two]"))
    result = run(pyt, "scenarios")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        [
            "*ERROR collecting scenarios/refund.yaml*",
            "*refund.yaml:4: seeds[[]1[]]: 'two' is not of type 'integer'",
        ]
    )
    assert "Traceback" not in result.stdout.str()


EXPECTATIONS = [
    (
        "calls",
        "  calls: [{tool: get_order}]",
        "  calls: [{tool: send_email}, {tool: get_order}]",
        "expect.calls[1]: expected a call to 'get_order' after call #3, found none",
    ),
    (
        "calls_in_any_order",
        "  calls_in_any_order: [{tool: send_email}, {tool: search_orders}]",
        "  calls_in_any_order: [{tool: send_email}, {tool: send_email}]",
        "expect.calls_in_any_order[1]: expected a call to 'send_email', found none",
    ),
    (
        "not_called",
        "  not_called: [{tool: refund_order, input: {order_id: X}}]",
        "  not_called: [refund_order]",
        "expect.not_called[0]: expected no call to 'refund_order', found #2",
    ),
    ("max_calls", "  max_calls: 4", "  max_calls: 3", "expect.max_calls: expected at most 3 calls, got 4"),
    (
        "min_calls",
        "  min_calls: {send_email: 1}",
        "  min_calls: {send_email: 2}",
        "expect.min_calls: expected at least 2 calls to 'send_email', got 1",
    ),
    (
        "output",
        "  output: {regex: '^Refunded 12.50'}",
        "  output: {contains: Sorry}",
        'expect.output.contains: expected the output to contain "Sorry", got "Refunded 12.50*',
    ),
    (
        "schema",
        "  output: {schema: {type: string}}",
        "  output: {schema: {type: object}}",
        "expect.output.schema: the output breaks the schema: *",
    ),
    (
        "check",
        "  check: synthworld.examples.checks:refund_equals_order_total",
        "  check: checks:always_wrong",
        "expect.check checks:always_wrong: wrong on purpose",
    ),
]


@pytest.mark.parametrize(
    ("passing", "failing", "message"), [e[1:] for e in EXPECTATIONS], ids=[e[0] for e in EXPECTATIONS]
)
def test_each_expectation_kind_passes_and_fails_under_pytest(
    pyt: pytest.Pytester, passing: str, failing: str, message: str
) -> None:
    (pyt.path / "scenarios").mkdir()
    (pyt.path / "scenarios" / "checks.py").write_text(
        "def always_wrong(trace, output):\n    return 'wrong on purpose'\n"
    )
    scenario(pyt, expect=passing)
    run(pyt, "scenarios").assert_outcomes(passed=2)
    scenario(pyt, expect=failing)
    result = run(pyt, "scenarios")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines([message])


def test_a_json_scenario_is_collected_too(pyt: pytest.Pytester) -> None:
    import json

    import yaml

    data = yaml.safe_load(textwrap.dedent(SCENARIO.replace("{expect}", PASSING)))
    (pyt.path / "scenarios").mkdir()
    (pyt.path / "scenarios" / "refund.json").write_text(json.dumps(data, indent=2))
    run(pyt, "scenarios").assert_outcomes(passed=2)
