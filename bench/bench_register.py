"""Registering a big world: 500 API-like tools (as from a large OpenAPI spec), then one call each.

Each tool gets its own parameters and returns schemas (an object resource with 6-14 fields from
a vocabulary of common API field names: strings with formats, enums, numbers with bounds, nested
objects, arrays of objects), all distinct (each has its own title), so no compiled generator is
shared between tools. Reported: the wall time to register
all tools, and to make the first call of each (the cold cost of its generator). Each run builds a
new world in the same process, beside the earlier ones' cached generators, so a full collection
of Python's cyclic garbage collector (whose cost grows with the whole heap) lands in some runs and
not others: the time the collector took in each run is reported beside it, and the first run
(a fresh process's world, as a test session builds it) apart.

    python bench/bench_register.py [--tools 500] [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from typing import Any

from synthworld import SyntheticWorld, ToolSpec

_FIELDS: list[dict[str, Any]] = [
    {"type": "string", "format": "uuid"},
    {"type": "string", "format": "date-time"},
    {"type": "string", "format": "email"},
    {"type": "string", "format": "uri"},
    {"type": "string", "minLength": 1, "maxLength": 80},
    {"type": "string", "pattern": "^[A-Z]{3}-[0-9]{4}$"},
    {"type": "string", "enum": ["active", "pending", "closed", "archived"]},
    {"type": "integer", "minimum": 0, "maximum": 10_000},
    {"type": "number", "minimum": 0, "multipleOf": 0.01},
    {"type": "boolean"},
    {"type": ["string", "null"]},
    {"type": "array", "items": {"type": "string"}, "maxItems": 5},
]


_NAMES = [
    *("id", "name", "title", "email", "status", "created_at", "updated_at", "description"),
    *("owner_id", "amount", "currency", "quantity", "price", "total", "url", "slug", "type"),
    *("kind", "tags", "labels", "count", "enabled", "priority", "due_date", "first_name"),
    *("last_name", "phone", "address", "city", "country", "zip_code", "version", "notes"),
    *("parent_id", "started_at", "ended_at", "expires_at", "score", "rating", "category"),
    *("code", "reference", "message", "level"),
]
"""Field names as API resources use them (shared across tools, as in a real spec)."""


def _resource(rng: random.Random, tag: str, depth: int = 0) -> dict[str, Any]:
    names = rng.sample(_NAMES, rng.randint(6, 14))
    properties: dict[str, Any] = {}
    for name in names:
        roll = rng.random()
        if depth < 2 and roll < 0.12:
            properties[name] = _resource(rng, f"{name}_o", depth + 1)
        elif depth < 2 and roll < 0.2:
            properties[name] = {"type": "array", "items": _resource(rng, f"{name}_i", depth + 1)}
        else:
            properties[name] = dict(rng.choice(_FIELDS))
    required = rng.sample(names, rng.randint(1, len(names) // 2))
    return {"title": tag, "type": "object", "properties": properties, "required": required}


def specs(count: int) -> list[ToolSpec]:
    rng = random.Random(15)
    out = []
    for i in range(count):
        params = {
            "type": "object",
            "properties": {f"p{i}_{k}": dict(rng.choice(_FIELDS[:9])) for k in range(rng.randint(1, 5))},
        }
        out.append(ToolSpec(f"op_{i}", f"Operation {i}.", params, _resource(rng, f"r{i}")))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tools", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    registers, calls, cpu, collecting = [], [], [], []
    collector = _CollectorClock()
    gc.callbacks.append(collector)
    for run in range(args.repeat):
        tools = specs(args.tools)
        for spec in tools:  # distinct per run: no generator cached by an earlier run
            spec.returns["properties"]["run"] = {"const": run}
        world = SyntheticWorld(seed=run)
        collector.spent = 0.0
        start, busy = time.perf_counter(), time.process_time()
        for spec in tools:
            world.register_tool(spec)
        registers.append(time.perf_counter() - start)
        cpu.append(time.process_time() - busy)
        collecting.append(collector.spent)
        start = time.perf_counter()
        for spec in tools:
            world.call(spec.name, {})
        calls.append(time.perf_counter() - start)
    print(f"{args.tools} tools, {args.repeat} runs (median):")
    runs = ", ".join(f"{r:.3f}" for r in registers)
    print(f"  register all: {statistics.median(registers):.3f} s (runs: {runs})")
    print(f"  of which the garbage collector: {', '.join(f'{c:.3f}' for c in collecting)} s")
    print(f"  the first run, less the collector: {registers[0] - collecting[0]:.3f} s")
    print(f"  register all, CPU time of this process: {statistics.median(cpu):.3f} s")
    print(f"  first call of each: {statistics.median(calls):.3f} s in all")


class _CollectorClock:
    """A `gc.callbacks` entry summing the seconds the collector runs."""

    def __init__(self) -> None:
        self.spent, self._start = 0.0, 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.spent += time.perf_counter() - self._start


if __name__ == "__main__":
    main()
