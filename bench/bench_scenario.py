"""Cost of loading and running each example scenario (no pytest), to see where time goes.

Run: ``python bench/bench_scenario.py [-n 20]``. Prints, per file in ``scenarios/``, the median
milliseconds of ``load_scenario`` (parse, schema validation, imports, tool registration) and of
``Scenario.run`` (build the world, run the example agent, close, judge) over `n` rounds.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from synthworld.scenario import load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def median_ms(fn: Callable[[], Any], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=20, help="rounds per measurement")
    rounds = parser.parse_args().n
    print("| scenario | calls | load_scenario (ms) | run (ms) |")
    print("|---|---|---|---|")
    for path in sorted(SCENARIOS.glob("*.yaml")):
        scenario = load_scenario(path)
        calls = len(scenario.run().trace)
        load = median_ms(lambda p=path: load_scenario(p), rounds)
        run = median_ms(scenario.run, rounds)
        print(f"| {path.stem} | {calls} | {load:.1f} | {run:.1f} |")


if __name__ == "__main__":
    main()
