"""The cost of the threads `await world.acall` and an async tool inside async code run in: two
trees' ``synthworld/backends/awaiting.py`` in one process, rounds interleaved, so a load that
drifts (other jobs on the machine) weighs on both alike.

    PYTHONPATH=TREE python bench/bench_acall_threads.py BASE_TREE [--calls 1000]

Prints the median of 7 rounds, microseconds per call, for ``await in_thread(call)`` where the
call awaits an ``async def`` (what ``await world.acall`` of an async handler does), and for
``settled`` of one inside running async code (a sync ``world.call`` there).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import synthworld.backends.awaiting as tree


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


async def _tool() -> int:
    await asyncio.sleep(0)
    return 1


def _awaited(module: ModuleType, calls: int) -> float:
    async def agent() -> None:
        for _ in range(calls):
            await module.in_thread(lambda: module.settled(_tool()))

    started = time.perf_counter()
    asyncio.run(agent())
    return (time.perf_counter() - started) / calls * 1e6


def _inside(module: ModuleType, calls: int) -> float:
    async def agent() -> None:
        for _ in range(calls):
            module.settled(_tool())

    started = time.perf_counter()
    asyncio.run(agent())
    return (time.perf_counter() - started) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("base", type=Path, help="the other tree (its synthworld/backends/awaiting.py)")
    parser.add_argument("--calls", type=int, default=1000)
    args = parser.parse_args()
    base = _load("base_awaiting", args.base / "synthworld" / "backends" / "awaiting.py")
    ways: dict[str, Callable[[ModuleType, int], float]] = {
        "await in_thread (acall)": _awaited,
        "settled inside async code": _inside,
    }
    for what, way in ways.items():
        before, after = [], []
        for _ in range(7):
            before.append(way(base, args.calls))
            after.append(way(tree, args.calls))
        old, new = statistics.median(before), statistics.median(after)
        print(f"{what:28} base {old:7.1f} us  tree {new:7.1f} us  saved {old - new:6.1f} us")


if __name__ == "__main__":
    main()
