"""A scenario run from a thread that runs an event loop (Jupyter, an async test) still runs an
agent that starts its own loop, as ``asyncio.run`` and frameworks' ``run_sync`` do."""

from __future__ import annotations

import asyncio
import textwrap
from pathlib import Path

from synthworld.eval import EvalReport, evaluate
from synthworld.scenario import ScenarioResult, format_result, load_scenario

AGENT = """
import asyncio


def agent(world, task):
    async def go():
        return world.call("search_orders", {"customer_email": task})

    orders = asyncio.run(go())
    return f"{len(orders)} order(s)"
"""

SCENARIO = """
synthworld_scenario: 1
name: loop_agent
tools: synthworld.examples.shop
agent: loop_agent:agent
task: ana@example.com
seeds: [1, 2]
expect:
  calls: [{tool: search_orders, input: {customer_email: ana@example.com}}]
  output: {regex: "order"}
"""


def _scenario(folder: Path) -> Path:
    (folder / "loop_agent.py").write_text(textwrap.dedent(AGENT), encoding="utf-8")
    path = folder / "loop_agent.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    return path


def test_an_agent_that_runs_its_own_loop_passes_inside_a_running_loop(tmp_path: Path) -> None:
    scenario = load_scenario(_scenario(tmp_path))
    outside = scenario.run(1)

    async def inside_a_loop() -> ScenarioResult:
        return scenario.run(1)

    inside = asyncio.run(inside_a_loop())
    assert inside.passed, format_result(inside)
    assert (inside.output, inside.trace) == (outside.output, outside.trace)


def test_evaluate_in_a_running_loop_gives_the_report_it_gives_outside(tmp_path: Path) -> None:
    path = str(_scenario(tmp_path))

    async def inside_a_loop() -> EvalReport:
        return evaluate([path], seeds=range(3), progress=False)

    inside = asyncio.run(inside_a_loop())
    assert inside == evaluate([path], seeds=range(3), progress=False)
    assert [run.passed for run in inside.runs] == [True, True, True]
