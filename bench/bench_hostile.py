"""Hostile input at every door (issue 16): what the door check costs on ordinary input, how fast
hostile input is refused, and what a big scenario file costs to validate.

    python bench/bench_hostile.py [--mib 2 10]

Prints µs per `ToolSpec.checked_input` (the door check of `world.call`) for a flat and a nested
input; ms to refuse each hostile input; and, each in a fresh process (so the peak memory is the
file's own), seconds and peak RSS of `load_scenario` on generated scenario files of the given
sizes with the size limit lifted. Then the cost of masking big values, and, each in a fresh
process, seconds, peak RSS and outcome of hostile returns schemas (registration and one call).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
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
    demo = (ROOT / "scenarios" / "shop_refund.yaml").read_text("utf-8")
    head = re.sub(r"(?m)^state:\n(?:  .*\n)*", "", demo) + "state:\n  order:\n"  # its own state replaced
    rows, size, i = [head], len(head), 0
    while size < mib * 2**20:
        row = (
            f"    ORD-{i}: {{order_id: ORD-{i}, status: delivered, total: {i % 1000 + 1}.5, "
            f"customer_email: user{i}@example.com}}\n"
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


SCHEMAS: dict[str, str] = {
    "pattern of 1,000,000 'a's": "{'type': 'string', 'pattern': 'a' * 1_000_000}",
    "pattern of 99,999 unanchored 'a's": "{'type': 'string', 'pattern': 'a' * 99_999}",
    "pattern with 5,000 capture groups": "{'type': 'string', 'pattern': '(a)' * 5000}",
    "enum of 100,000 values": "{'enum': [f'v{i}' for i in range(100_000)]}",
    "const of a 10 MB string": "{'const': {'k': 'x' * 10_000_000}}",
    "10,000 required properties": "{'type': 'object', 'properties': {f'p{i}': {'type': 'integer'} "
    "for i in range(10_000)}, 'required': [f'p{i}' for i in range(10_000)]}",
    "anyOf of 10,000 branches": "{'anyOf': [{'type': 'object', 'properties': {'k': {'const': i}}, "
    "'required': ['k']} for i in range(10_000)]}",
    "multipleOf 1e-300 in [0.1, 0.2]": "{'type': 'number', 'multipleOf': 1e-300, 'minimum': 0.1, "
    "'maximum': 0.2}",
    "email with minLength 10**7": "{'type': 'string', 'format': 'email', 'minLength': 10**7}",
    "$ref chain 5,000 deep": "{'$defs': {**{f'd{i}': {'$ref': f'#/$defs/d{i + 1}'} for i in range(5000)}, "
    "'d5000': {'type': 'string'}}, '$ref': '#/$defs/d0'}",
    "optional property with a $ref to nothing": "{'type': 'object', 'properties': "
    "{'a': {'$ref': '#/$defs/x'}}}",
}

SCHEMA_CHILD = """
import json, resource, time
from synthworld import SyntheticWorld, SynthworldError, ToolSpec
returns = {schema}
start = time.perf_counter()
try:
    world = SyntheticWorld(seed=1)
    world.register_tool(ToolSpec("t", "d", {{"type": "object"}}, returns))
    outcome = "value of %d JSON characters" % len(json.dumps(world.call("t", {{}})))
except SynthworldError as err:
    outcome = type(err).__name__ + ": " + str(err)[:90]
seconds = time.perf_counter() - start
print(json.dumps([seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, outcome]))
"""


def hostile_schemas(limit: float) -> None:
    """Each schema as a tool's returns in a fresh process: registration plus one call (stopped
    after `limit` seconds)."""
    for name, schema in SCHEMAS.items():
        code = SCHEMA_CHILD.format(schema=schema)
        try:
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=limit)
        except subprocess.TimeoutExpired:
            print(f"> {limit:.0f} s (stopped): {name}")
            continue
        if out.returncode != 0:
            print(f"died (exit {out.returncode}): {name}: {out.stderr.strip()[-120:]}")
            continue
        seconds, rss, outcome = json.loads(out.stdout)
        print(f"{seconds:6.2f} s, {rss:4.0f} MB: {name}: {outcome}")


def redaction() -> None:
    """Masking big values: a 100,000-key value, and an answer of 10,000 strings after an input
    holding 10,000 secrets."""
    from synthworld._redact import get_redactor

    policy = get_redactor()
    value = {f"someField{i}": f"value {i}" for i in range(100_000)} | {"password": "hunter2-hunter2"}
    start = time.perf_counter()
    policy.for_call(value)(value)
    print(
        f"mask a 100,000-key value (its call's policy, then the value): {time.perf_counter() - start:.2f} s"
    )
    secrets = [f"{i:08d}-secret" for i in range(10_000)]
    start = time.perf_counter()
    policy.for_call({"logins": [{"password": s} for s in secrets]})([f"with {s} ok" for s in secrets])
    print(f"mask 10,000 strings after an input of 10,000 secrets: {time.perf_counter() - start:.2f} s")
    deep: Any = "x"
    for _ in range(5_000):
        deep = {"a": deep, "token": "t0k3n-value"}
    start = time.perf_counter()
    policy(deep)
    print(f"mask a value 5,000 levels deep: {time.perf_counter() - start:.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mib", type=float, nargs="*", default=[2.0, 10.0], help="scenario sizes")
    parser.add_argument("--limit", type=float, default=120.0, help="seconds a hostile schema may take")
    args = parser.parse_args()
    sizes = args.mib
    world = echo_world()
    door(world)
    redaction()
    hostile_schemas(args.limit)
    with tempfile.TemporaryDirectory() as scratch:
        refusals(world, Path(scratch))
        big_scenarios(sizes, Path(scratch))


if __name__ == "__main__":
    main()
