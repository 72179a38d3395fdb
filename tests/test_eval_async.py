"""`evaluate_async` plays async agents on the caller's event loop (where a notebook's clients
live), sync ones in a thread, and keeps the finished runs when it is cancelled."""

from __future__ import annotations

import asyncio
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from synthworld import EvalCancelled, evaluate, evaluate_async, load_scenario

SCENARIO = str(Path(__file__).resolve().parents[1] / "scenarios" / "shop_refund.yaml")


def test_an_async_agent_runs_on_the_callers_loop_and_gives_the_report_evaluate_gives() -> None:
    loops: list[Any] = []

    async def agent(world: Any, task: str) -> str:
        loops.append(asyncio.get_running_loop())
        world.call("search_orders", {"customer_email": "ana@example.com"})
        return "Refunded" if world.seed % 2 else "no"

    async def main() -> tuple[Any, Any]:
        report = await evaluate_async(SCENARIO, agent=agent, seeds=4, progress=False)
        return report, asyncio.get_running_loop()

    report, caller = asyncio.run(main())
    assert loops == [caller] * 4
    assert report == evaluate(SCENARIO, agent=agent, seeds=4, progress=False)
    assert len({id(loop) for loop in loops[4:]}) == 4  # evaluate: a new loop per run


def test_a_sync_agent_plays_in_a_thread_where_it_may_start_a_loop() -> None:
    threads: list[str] = []

    def agent(world: Any, task: str) -> str:
        threads.append(threading.current_thread().name)
        return str(asyncio.run(asyncio.sleep(0, result="no")))  # a framework's run_sync, say

    report = asyncio.run(evaluate_async(SCENARIO, agent=agent, seeds=[1, 2], progress=False))
    assert threads == ["synthworld-agent", "synthworld-agent"]
    assert [run.error for run in report.runs] == [None, None]


def test_cancelled_it_keeps_the_finished_runs() -> None:
    async def main() -> None:
        started, never = asyncio.Event(), asyncio.Event()

        async def agent(world: Any, task: str) -> str:
            if world.seed == 3:
                started.set()
                await never.wait()
            return "no"

        evaluation = asyncio.create_task(evaluate_async(SCENARIO, agent=agent, seeds=6, progress=False))
        await started.wait()
        evaluation.cancel()
        with pytest.raises(asyncio.CancelledError) as caught:
            await evaluation
        # 3.10's asyncio hands the awaiter a plain CancelledError whose context is ours
        stopped = caught.value if sys.version_info >= (3, 11) else caught.value.__context__
        assert isinstance(stopped, EvalCancelled)
        assert [run.seed for run in stopped.report.runs] == [0, 1, 2]
        assert stopped.total == 6
        assert str(stopped).startswith("evaluation cancelled after 3 of 6 runs (0 passed)")

    asyncio.run(main())


def test_scenario_run_async_awaits_the_agent_on_the_running_loop() -> None:
    async def agent(world: Any, task: str) -> Any:
        return asyncio.get_running_loop()

    async def main() -> bool:
        result = await load_scenario(SCENARIO).run_async(5, agent=agent)
        return result.output is asyncio.get_running_loop()

    assert asyncio.run(main())
