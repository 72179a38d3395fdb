"""The consistency plans of bench_register's 500 tools: the world's own share of registering them.

Each run gives the tools distinct answer schemas (as bench_register does), so no reading is kept
between runs; the first run also fills the per-key-set caches of the in-object rules. Each tool's
schema text is encoded before timing (registration shares one encoding among its steps), and the
cyclic collector is off while timing (its runs depend on the whole process, not on the plans).

    python bench/bench_plan.py [--tools 500] [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time

from bench_register import specs

from synthworld.schema import schema_text, shared_texts
from synthworld.world.consistency import plan_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tools", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    seconds = []
    for run in range(args.repeat):
        tools = specs(args.tools)
        for spec in tools:
            spec.returns["properties"]["run"] = {"const": run}
        busy = 0.0
        gc.disable()
        try:
            for spec in tools:
                with shared_texts():
                    schema_text(spec.returns)
                    start = time.perf_counter()
                    plan_for(spec)
                    busy += time.perf_counter() - start
        finally:
            gc.enable()
        seconds.append(busy)
    runs = ", ".join(f"{s:.3f}" for s in seconds)
    median = statistics.median(seconds)
    print(f"{args.tools} plans: first run {seconds[0]:.3f} s, median {median:.3f} s (runs: {runs})")


if __name__ == "__main__":
    main()
