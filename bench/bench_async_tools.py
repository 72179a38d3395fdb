"""Per-call cost of an ``async def`` tool, each way a world awaits one, and of a plain synthetic
call (which now also marks what its call awaits, so `give_up` can cancel it).

    python bench/bench_async_tools.py [--calls 2000]

Prints microseconds per call (median of 5 rounds) for: `world.call` of a synthetic tool;
`world.call` of an async handler where no loop runs (``asyncio.run`` in the calling thread);
the same inside running async code (the handler on a loop in another thread); ``await
world.acall`` of it.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Callable

from synthworld import SyntheticWorld, ToolSpec


async def lookup(city: str) -> dict[str, str]:
    """Look a city up."""
    await asyncio.sleep(0)
    return {"city": city}


def _world() -> SyntheticWorld:
    world = SyntheticWorld(seed=0)
    world.register_tool(ToolSpec.from_function(lookup), handler=lookup)

    @world.tool
    def get_user(user_id: str) -> dict[str, str]:
        """Fetch a user."""

    return world


def _per_call(run: Callable[[int], None], calls: int) -> float:
    """Median microseconds per call over 5 rounds of `calls` calls."""
    rounds = []
    for _ in range(5):
        started = time.perf_counter()
        run(calls)
        rounds.append((time.perf_counter() - started) / calls * 1e6)
    return statistics.median(rounds)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=2000)
    calls = parser.parse_args().calls
    world = _world()

    def synthetic(n: int) -> None:
        for i in range(n):
            world.call("get_user", {"user_id": f"u{i % 50}"})

    def no_loop(n: int) -> None:
        for i in range(n):
            world.call("lookup", {"city": f"c{i % 50}"})

    async def in_loop(n: int) -> None:
        no_loop(n)

    async def awaited(n: int) -> None:
        for i in range(n):
            await world.acall("lookup", {"city": f"c{i % 50}"})

    rows = [
        ("world.call, synthetic tool", _per_call(synthetic, calls * 5)),
        ("world.call, async handler, no loop running", _per_call(no_loop, calls)),
        ("world.call, async handler, inside async code", _per_call(lambda n: asyncio.run(in_loop(n)), calls)),
        ("await world.acall, async handler", _per_call(lambda n: asyncio.run(awaited(n)), calls)),
    ]
    for what, micros in rows:
        print(f"{what:48} {micros:8.1f} us/call")


if __name__ == "__main__":
    main()
