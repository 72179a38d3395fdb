"""Runs per second of `synthworld.evaluate` over the example scenarios: serial and with 2 workers.

    python bench/bench_eval.py [--seeds 20] [--repeat 3]

Each mode evaluates every file in scenarios/ for seeds 0..N-1 with the scenarios' own agents.
"serial" runs in this process after one warm-up evaluation (imports and schema caches are hot).
"2 processes (cold)" includes starting the 2 spawned workers; "(warm)" reuses a pool that has
already run one evaluation. "2 threads" shares this process (the GIL limits it to ~1 core).
Every mode's report is checked equal to the serial one.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

from synthworld.eval import EvalReport, evaluate

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _evaluate(seeds: int, executor: Executor | None = None) -> EvalReport:
    return evaluate(SCENARIOS, seeds=range(seeds), executor=executor, progress=False)


def _timed(run: Callable[[], EvalReport]) -> tuple[float, EvalReport]:
    started = time.perf_counter()
    report = run()
    return time.perf_counter() - started, report


def _spawn_pool() -> ProcessPoolExecutor:
    return ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"))


def _cold(seeds: int) -> EvalReport:
    with _spawn_pool() as pool:
        return _evaluate(seeds, pool)


def measure(seeds: int, repeat: int) -> dict[str, list[float]]:
    """Seconds per evaluation for each mode, `repeat` times, each checked against the serial report."""
    baseline = _evaluate(seeds)
    times: dict[str, list[float]] = {
        "serial": [],
        "2 threads": [],
        "2 processes (cold)": [],
        "2 processes (warm)": [],
    }
    with ThreadPoolExecutor(2) as threads, _spawn_pool() as warm:
        _evaluate(seeds, warm)
        modes: dict[str, Callable[[], EvalReport]] = {
            "serial": lambda: _evaluate(seeds),
            "2 threads": lambda: _evaluate(seeds, threads),
            "2 processes (cold)": lambda: _cold(seeds),
            "2 processes (warm)": lambda: _evaluate(seeds, warm),
        }
        for _ in range(repeat):
            for name, run in modes.items():
                seconds, report = _timed(run)
                assert report == baseline, f"{name} gave a different report"
                times[name].append(seconds)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    runs = len(_evaluate(1).runs) * args.seeds
    print(
        f"{runs} runs per evaluation ({runs // args.seeds} scenarios x {args.seeds} seeds), "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}"
    )
    print("| mode | runs/s (median) | runs/s (best) | seconds per evaluation (median) |")
    print("|---|---|---|---|")
    for name, seconds in measure(args.seeds, args.repeat).items():
        median = statistics.median(seconds)
        print(f"| {name} | {runs / median:.0f} | {runs / min(seconds):.0f} | {median:.2f} |")


if __name__ == "__main__":
    main()
