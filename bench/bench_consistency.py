"""What consistency, fault plans and latency add to `world.call` (issue 7).

Times the benchmark world of `bench_world_call.py` (an 8-field order fetched by ``order_id``) with
consistency off, on, and on with a fault plan and a latency model that never fire, in CPU time
(``time.process_time``, so a busy machine skews it less), next to one python-jsonschema validation.

    python bench/bench_consistency.py [--calls 5000]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable

import jsonschema
from bench_world_call import make_world

from synthworld import SyntheticWorld


def cpu_us(fn: Callable[[int], object], n: int, repeats: int = 5) -> float:
    """Median over `repeats` of the CPU microseconds per call of `fn(i)` for i in range(n)."""
    samples = []
    for _ in range(repeats):
        start = time.process_time()
        for i in range(n):
            fn(i)
        samples.append((time.process_time() - start) / n * 1e6)
    return statistics.median(samples)


def configured(remember: bool, hazards: bool) -> SyntheticWorld:
    world = make_world()
    world.remember = remember
    if hazards:
        world.add_faults([{"tool": "get_order", "when": {"order_id": "never"}, "error": "timeout"}])
        world.set_latency("*", {"distribution": "lognormal", "median": 0.2, "sigma": 0.5})
    return world


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=5000)
    args = parser.parse_args()
    reference = make_world()
    returns = reference.tools["get_order"].returns
    output = reference.call("get_order", {"order_id": "A1"})
    cls = jsonschema.validators.validator_for(returns)
    validator = cls(returns, format_checker=cls.FORMAT_CHECKER)
    print(f"python {platform.python_version()} on {platform.machine()}, CPU us per call, {args.calls} calls")
    validation = cpu_us(lambda i: validator.is_valid(output), args.calls)
    print(f"  jsonschema is_valid of one answer:          {validation:7.1f}")
    for label, remember, hazards in [
        ("remember=False", False, False),
        ("remember=True (echo, recall, memory)", True, False),
        ("remember=True + faults + latency", True, True),
    ]:
        world = configured(remember, hazards)

        def call(i: int, world: SyntheticWorld = world) -> None:
            world.call("get_order", {"order_id": f"A{i % 50}"})  # 50 orders, each fetched again and again

        print(f"  world.call, {label:37s} {cpu_us(call, args.calls):7.1f}")


if __name__ == "__main__":
    main()
