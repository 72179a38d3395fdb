"""Agents of every shape a user hands over: ``async def`` agents are awaited, and whatever an agent
returns, raises or exits with fails its own run only, with a message saying what it did."""

from __future__ import annotations

import asyncio
import json
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from synthworld import SyntheticWorld
from synthworld.eval import evaluate
from synthworld.scenario import Scenario, ScenarioResult, format_result, load_scenario
from synthworld.serve.cli import main

SCENARIO = """
synthworld_scenario: 1
name: shapes
tools: synthworld.examples.shop
seeds: [1, 2]
task: maria.lopez@example.com
expect:
  calls: [{tool: search_orders, input: {customer_email: maria.lopez@example.com}}]
  output: {regex: "^found [0-9]+ order"}
"""


def _scenario(folder: Path) -> Scenario:
    path = folder / "shapes.yaml"
    path.write_text(textwrap.dedent(SCENARIO), encoding="utf-8")
    return load_scenario(path)


async def async_agent(world: SyntheticWorld, task: str) -> str:
    orders = await world.acall("search_orders", {"customer_email": task})
    return f"found {len(orders)} order(s)"


def sync_agent(world: SyntheticWorld, task: str) -> str:
    orders = world.call("search_orders", {"customer_email": task})
    return f"found {len(orders)} order(s)"


def test_an_async_agent_is_awaited_and_passes_as_its_sync_twin(tmp_path: Path) -> None:
    scenario = _scenario(tmp_path)
    awaited, plain = scenario.run(1, agent=async_agent), scenario.run(1, agent=sync_agent)
    assert awaited.passed, awaited.failures
    assert (awaited.output, awaited.trace) == (plain.output, plain.trace)


def test_an_async_agent_is_awaited_inside_a_running_loop(tmp_path: Path) -> None:
    scenario = _scenario(tmp_path)

    async def in_a_notebook() -> ScenarioResult:
        return scenario.run(2, agent=async_agent)

    result = asyncio.run(in_a_notebook())
    assert result.passed, result.failures
    assert result.output == scenario.run(2, agent=sync_agent).output


def test_evaluate_runs_an_async_agent(tmp_path: Path) -> None:
    scenario = _scenario(tmp_path)
    report = evaluate(scenario, agent=async_agent, seeds=range(3), progress=False)
    assert [run.passed for run in report.runs] == [True, True, True]
    assert report.runs == evaluate(scenario, agent=sync_agent, seeds=range(3), progress=False).runs


def exiting_agent(world: SyntheticWorld, task: str) -> str:
    world.call("search_orders", {"customer_email": task})
    sys.exit(3)


class _Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no text for this one")


def unprintable_agent(world: SyntheticWorld, task: str) -> str:
    raise _Unprintable()


def test_an_agent_calling_sys_exit_fails_its_run_and_the_evaluation_goes_on(tmp_path: Path) -> None:
    report = evaluate(_scenario(tmp_path), agent=exiting_agent, seeds=range(2), progress=False)
    assert [(run.passed, run.error) for run in report.runs] == [(False, "SystemExit: 3")] * 2
    assert report.runs[0].cause == "agent raised SystemExit: 3"
    assert report.runs[0].calls == 1


def test_an_exception_that_cannot_be_printed_is_named(tmp_path: Path) -> None:
    result = _scenario(tmp_path).run(1, agent=unprintable_agent)
    assert not result.passed
    assert result.error == "_Unprintable: <str() of the exception failed>"


def _deep(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("answer", "shown"),
    [({(1, 2): "x"}, "{(1, 2): 'x'}"), (10**5000, "<int>"), (_deep(100_000), "<list>")],
    ids=["tuple-keys", "huge-int", "deep-nesting"],
)
def test_an_answer_json_cannot_show_fails_the_output_check_with_its_repr(
    tmp_path: Path, answer: Any, shown: str
) -> None:
    def agent(world: SyntheticWorld, task: str) -> Any:
        world.call("search_orders", {"customer_email": task})
        return answer

    result = _scenario(tmp_path).run(1, agent=agent)
    assert f"agent output: {shown}" in format_result(result)  # what pytest shows for a failure
    (failure,) = result.failures
    assert failure.startswith(
        f"expect.output.regex: expected the output to match /^found [0-9]+ order/, got {shown}"
    )


def tuple_keyed_agent(world: SyntheticWorld, task: str) -> Any:
    return {(1, 2): "x"}


def test_run_json_notes_an_answer_json_cannot_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _scenario(tmp_path)
    agent = f"{__name__}:tuple_keyed_agent"
    assert main(["run", str(tmp_path / "shapes.yaml"), "--seed", "1", "--agent", agent, "--json"]) == 1
    (line,) = capsys.readouterr().out.splitlines()
    assert json.loads(line)["output"] == {
        "$not_json": "{(1, 2): 'x'}",
        "problems": ["$: key (1, 2) is not a string; JSON object keys are strings"],
    }
