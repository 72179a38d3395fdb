"""Scenarios, evaluations and the pytest plugin's fixtures as a user writes them, checked by
``mypy`` (strict) and run by pytest. ``# type: ignore[code]`` marks a mistake mypy must flag.
"""

# mypy: warn-unused-ignores

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from typing_extensions import assert_type

import synthworld
from synthworld import (
    EvalReport,
    RandomBackend,
    RunRecord,
    Scenario,
    ScenarioResult,
    SyntheticWorld,
    Trace,
    evaluate,
    load_scenario,
)
from synthworld.eval import Summary
from synthworld.examples.agents import refund_agent

SHOP_REFUND = Path(__file__).resolve().parents[2] / "scenarios" / "shop_refund.yaml"


async def asking_agent(world: SyntheticWorld, task: str) -> str:
    await world.acall("search_orders", {"customer_email": "maria.lopez@example.com"})
    return "asked"


def check(trace: Trace, output: Any) -> str | None:
    """A scenario's ``check:``: a reason fails the run."""
    return None if trace.calls("search_orders") else "never searched"


def test_a_scenario_loads_runs_and_judges() -> None:
    scenario = assert_type(load_scenario(SHOP_REFUND), Scenario)
    seeds = assert_type(scenario.seeds, list[int])
    result = assert_type(scenario.run(seeds[0], agent=refund_agent), ScenarioResult)
    assert result.passed, result.failures
    assert_type(result.failures, list[str])
    assert check(result.trace, result.output) is None
    assert not scenario.run(agent=asking_agent).passed
    world = assert_type(scenario.build_world(seeds[0]), SyntheticWorld)
    assert "refund_order" in world.tools


def test_an_evaluation_reports_every_run(tmp_path: Path) -> None:
    report = assert_type(evaluate([SHOP_REFUND], agent=refund_agent, seeds=2, progress=False), EvalReport)
    assert_type(report.summary(k=2), Summary)
    failures = assert_type(report.failures, list[RunRecord])
    assert failures == []
    run = assert_type(report.run("shop_refund", 1), RunRecord)
    assert run.passed
    assert_type(run.cause, str | None)
    again = EvalReport.load(report.save(tmp_path / "report.jsonl"))
    assert again.runs == report.runs
    assert synthworld.evaluate(str(SHOP_REFUND), seeds=[1], progress=False).runs[0].seed == 1


def test_an_agent_is_a_callable_or_a_name() -> None:
    scenario = load_scenario(SHOP_REFUND)
    assert scenario.run(agent="synthworld.examples.agents:refund_agent").passed
    assert scenario.run(agent=refund_agent) == scenario.run(agent="synthworld.examples.agents:refund_agent")


@pytest.fixture
def synth_world_options() -> dict[str, Any]:
    """The plugin's fixture, overridden as the README says."""
    return {"backend": RandomBackend(realistic=False), "context": "A shop."}


@pytest.mark.synthworld(seed=3)
def test_the_plugin_world_is_a_world(synth_world: SyntheticWorld) -> None:
    @synth_world.tool
    def get_user(user_id: str) -> dict[str, Any]:
        """Fetch a user."""
        raise NotImplementedError

    user = assert_type(get_user("u1"), dict[str, Any])
    assert user == synth_world.call("get_user", {"user_id": "u1"})
    assert synth_world.seed == 3
    assert synth_world.context == "A shop."
    assert_type(synth_world.trace.assert_called("get_user", user_id="u1")[0].tool, str)
    assert asyncio.run(synth_world.astub("get_user")("u1")) == user
