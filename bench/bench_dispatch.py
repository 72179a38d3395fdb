"""Per-call cost of the dispatch helpers and the in-process MCP server, next to `world.call`.

Run: ``python bench/bench_dispatch.py [-n 2000]``. Prints microseconds per call (median of 5
rounds) for: ``world.call``, ``world.handle_openai`` (one chat tool call with JSON text),
``world.handle_anthropic`` (one tool_use block), and a ``tools/call`` through the real ``mcp``
client connected in-process to `synthworld.serve.mcp.build_server`.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any, TypedDict

import anyio
from mcp import Client

from synthworld import SyntheticWorld
from synthworld.serve.mcp import build_server


class User(TypedDict):
    id: str
    name: str
    email: str
    age: int


def make_world() -> SyntheticWorld:
    world = SyntheticWorld(seed=1)

    @world.tool
    def get_user(user_id: str, include_email: bool = False) -> User:
        """Fetch a user."""

    return world


def per_call(run: Callable[[int], Any], n: int) -> float:
    """Median microseconds per call over 5 rounds of `n` calls (inputs vary by index)."""
    rounds = []
    for _ in range(5):
        start = time.perf_counter()
        run(n)
        rounds.append((time.perf_counter() - start) / n * 1e6)
    return statistics.median(rounds)


def bench_call(world: SyntheticWorld) -> Callable[[int], Any]:
    return lambda n: [world.call("get_user", {"user_id": f"u{i}"}) for i in range(n)]


def bench_openai(world: SyntheticWorld) -> Callable[[int], Any]:
    def message(i: int) -> dict[str, Any]:
        call = {
            "id": f"c{i}",
            "type": "function",
            "function": {"name": "get_user", "arguments": f'{{"user_id": "u{i}"}}'},
        }
        return {"role": "assistant", "tool_calls": [call]}

    return lambda n: [world.handle_openai(message(i)) for i in range(n)]


def bench_anthropic(world: SyntheticWorld) -> Callable[[int], Any]:
    def blocks(i: int) -> list[dict[str, Any]]:
        return [{"type": "tool_use", "id": f"t{i}", "name": "get_user", "input": {"user_id": f"u{i}"}}]

    return lambda n: [world.handle_anthropic(blocks(i)) for i in range(n)]


def bench_mcp(world: SyntheticWorld) -> Callable[[int], Any]:
    async def session(n: int) -> None:
        async with Client(build_server(world)) as client:
            for i in range(n):
                await client.call_tool("get_user", {"user_id": f"u{i}"})

    return lambda n: anyio.run(session, n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=2000, help="calls per round (default 2000)")
    n = parser.parse_args().n
    for label, factory in [
        ("world.call", bench_call),
        ("world.handle_openai", bench_openai),
        ("world.handle_anthropic", bench_anthropic),
        ("MCP tools/call (in-process client)", bench_mcp),
    ]:
        world = make_world()
        factory(world)(50)  # warm up: faker pools, validators
        print(f"{label:40s} {per_call(factory(world), n):8.1f} µs/call")


if __name__ == "__main__":
    main()
