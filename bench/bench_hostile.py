"""Hostile input at every door (issue 16): what the door check costs on ordinary input, how fast
hostile input is refused, and what a big scenario file costs to validate.

    python bench/bench_hostile.py [--mib 2 10]

Prints µs per `ToolSpec.checked_input` (the door check of `world.call`) for a flat and a nested
input; ms to refuse each hostile input; and, each in a fresh process (so the peak memory is the
file's own), seconds and peak RSS of `load_scenario` on generated scenario files of the given
sizes with the size limit lifted.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from synthworld import SyntheticWorld, SynthworldError, load_scenario

ROOT = Path(__file__).resolve().parent.parent


def echo_world() -> SyntheticWorld:
    world = SyntheticWorld(seed=1)

    @world.tool
    def echo(data: dict, n: int = 0) -> dict:  # type: ignore[type-arg]
        """Echo the data."""

    return world


def per_call_us(fn: Callable[[], Any], n: int = 20_000, repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(n):
            fn()
        times.append((time.perf_counter() - start) / n)
    return statistics.median(times) * 1e6


def refusal_ms(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    with contextlib.suppress(SynthworldError):
        fn()
    return (time.perf_counter() - start) * 1000


def nested(depth: int) -> dict[str, Any]:
    root = node = {}
    for _ in range(depth):
        node["a"] = {}
        node = node["a"]
    return root


def alias_bomb(levels: int) -> str:
    lines = ["  a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"  a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


def door(world: SyntheticWorld) -> None:
    spec = world.tools["echo"]
    flat = {"data": {"order_id": "ORD-1", "limit": 5}, "n": 3}
    deep = {"data": {"customer": {"name": "Ann", "tags": ["a", "b"]}, "items": [{"sku": "a", "q": 1}]}}
    print(f"door check, flat input:   {per_call_us(lambda: spec.checked_input(flat)):.2f} us")
    print(f"door check, nested input: {per_call_us(lambda: spec.checked_input(deep)):.2f} us")


def refusals(world: SyntheticWorld, scratch: Path) -> None:
    bomb = scratch / "bomb.yaml"
    bomb.write_text(
        "synthworld_scenario: 1\nname: b\ntools: synthworld.examples.shop\nstate:\n" + alias_bomb(8)
    )
    arguments = {"id": "c", "type": "function", "function": {"name": "echo", "arguments": "[" * 200_000}}
    cases: dict[str, Callable[[], Any]] = {
        "world.call, 200,000 levels of nesting": lambda: world.call("echo", {"data": nested(200_000)}),
        "world.call, an int of 5,001 digits": lambda: world.call("echo", {"data": {"r": 10**5000}}),
        "handle_openai, arguments '[' * 200,000": lambda: world.handle_openai([arguments]),
        "load_scenario, 8-level alias bomb": lambda: load_scenario(bomb),
    }
    for name, fn in cases.items():
        print(f"refused in {refusal_ms(fn):8.1f} ms: {name}")


def scenario_text(mib: float) -> str:
    head = (ROOT / "scenarios" / "shop_refund.yaml").read_text("utf-8") + "state:\n  orders:\n"
    rows, size, i = [head], len(head), 0
    while size < mib * 2**20:
        row = (
            f"    - {{order_id: ORD-{i}, status: delivered, total: {i}.5, "
            f"customer: user{i}@example.com, items: [a, b, c]}}\n"
        )
        rows.append(row)
        size, i = size + len(row), i + 1
    return "".join(rows)


def big_scenario(path: str) -> None:
    """In a child process: time `load_scenario(path)` with the size limit lifted; print JSON."""
    import synthworld.scenario.load as loader

    loader.MAX_SCENARIO_BYTES = 2**40
    start = time.perf_counter()
    loader.load_scenario(path)
    seconds = time.perf_counter() - start
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": seconds, "rss_mb": rss}))


def big_scenarios(sizes: list[float], scratch: Path) -> None:
    for mib in sizes:
        path = scratch / f"big-{mib}.yaml"
        path.write_text(scenario_text(mib), encoding="utf-8")
        code = f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
        code += f"from bench.bench_hostile import big_scenario; big_scenario({str(path)!r})"
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        result = json.loads(out.stdout)
        seconds, rss = result["seconds"], result["rss_mb"]
        print(f"load_scenario of a {mib:g} MiB file: {seconds:.2f} s, peak RSS {rss:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mib", type=float, nargs="*", default=[2.0, 10.0], help="scenario sizes")
    sizes = parser.parse_args().mib
    world = echo_world()
    door(world)
    with tempfile.TemporaryDirectory() as scratch:
        refusals(world, Path(scratch))
        big_scenarios(sizes, Path(scratch))


if __name__ == "__main__":
    main()
