"""Per-call cost of typed stubs and of the agent-framework adapters, next to `world.call`.

Run: ``python bench/bench_frameworks.py [-n 1000]``. Prints microseconds per call (median of 5
rounds) for: ``world.call``; a stub annotated with a TypedDict (the JSON answer as is) and with a
dataclass holding a datetime (validated into the type by pydantic); one tool call through each
adapter's own entry point (pydantic-ai ``Tool.function``, LangChain ``StructuredTool.invoke`` with
a tool call, Agents SDK ``FunctionTool.on_invoke_tool``); and the time to build the adapters of a
100-tool world.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import datetime
import statistics
import time
from collections.abc import Callable
from typing import Any, TypedDict

from synthworld import SyntheticWorld, ToolSpec


class UserDict(TypedDict):
    id: str
    name: str
    joined: datetime.datetime


@dataclasses.dataclass
class User:
    id: str
    name: str
    joined: datetime.datetime


def per_call(run: Callable[[int], Any], n: int) -> float:
    """Median microseconds per call over 5 rounds of `n` calls (inputs vary by index; the same
    inputs each round, so repeated calls are answered from the same seeds)."""
    rounds = []
    for _ in range(5):
        start = time.perf_counter()
        run(n)
        rounds.append((time.perf_counter() - start) / n * 1e6)
    return statistics.median(rounds)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=1000)
    n = parser.parse_args().n
    world = SyntheticWorld(seed=1)

    @world.tool
    def get_user_dict(user_id: str) -> UserDict:
        """Fetch a user."""

    @world.tool
    def get_user(user_id: str) -> User:
        """Fetch a user."""

    [pa_dict, _] = world.to_pydantic_ai()
    [lc_dict, _] = world.to_langchain()
    [oa_dict, _] = world.to_openai_agents()

    async def pydantic_ai_calls(count: int) -> None:
        for i in range(count):
            await pa_dict.function(user_id=f"u{i}")

    async def agents_calls(count: int) -> None:
        for i in range(count):
            await oa_dict.on_invoke_tool(None, f'{{"user_id": "u{i}"}}')

    def langchain_call(i: int) -> Any:
        call = {"name": "get_user_dict", "args": {"user_id": f"u{i}"}, "id": f"c{i}", "type": "tool_call"}
        return lc_dict.invoke(call)

    rows = {
        "world.call (TypedDict tool)": lambda k: [
            world.call("get_user_dict", {"user_id": f"u{i}"}) for i in range(k)
        ],
        "stub -> TypedDict (JSON as is)": lambda k: [get_user_dict(f"u{i}") for i in range(k)],
        "stub -> dataclass (pydantic TypeAdapter)": lambda k: [get_user(f"u{i}") for i in range(k)],
        "pydantic-ai Tool.function (acall)": lambda k: asyncio.run(pydantic_ai_calls(k)),
        "LangChain StructuredTool.invoke(tool_call)": lambda k: [langchain_call(i) for i in range(k)],
        "Agents SDK on_invoke_tool (acall)": lambda k: asyncio.run(agents_calls(k)),
    }
    print("| path | µs per call |\n|---|---|")
    for label, run in rows.items():
        run(50)  # warm up: imports, the TypeAdapter, the event loop machinery
        print(f"| {label} | {per_call(run, n):.0f} |")

    big = SyntheticWorld(seed=1)
    schema = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}
    for index in range(100):
        big.register_tool(ToolSpec(f"tool_{index}", "A tool.", schema, {"type": "object"}))
    print("\n| adapters of a 100-tool world | ms to build |\n|---|---|")
    for method in ("to_pydantic_ai", "to_langchain", "to_openai_agents"):
        timings = []
        for _ in range(5):
            start = time.perf_counter()
            getattr(big, method)()
            timings.append((time.perf_counter() - start) * 1e3)
        print(f"| {method}() | {statistics.median(timings):.1f} |")


if __name__ == "__main__":
    main()
