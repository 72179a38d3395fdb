"""Huge sizes (issue 15): how long the generator takes to answer, or to refuse, schemas that ask
for very many items, properties or characters, or for numbers past the range of floats.

Each schema is compiled and asked for seed 0 in a fresh process (memory capped at 3 GiB, killed
after ``--limit`` seconds), so one that explodes costs only its own row.

    python bench/bench_sizes.py [--limit 60]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from typing import Any

THOUSAND_INTS = {"type": "array", "minItems": 1000, "items": {"type": "integer"}}
MILLION_INTS = {"type": "array", "minItems": 1000, "items": THOUSAND_INTS}
SCHEMAS: dict[str, Any] = {
    "minItems 10**9": {"type": "array", "minItems": 10**9},
    "minLength 10**9": {"type": "string", "minLength": 10**9},
    "minItems 1000 x 1000 x 1000": {"type": "array", "minItems": 1000, "items": MILLION_INTS},
    "minItems 100,000 objects": {"type": "array", "minItems": 100_000, "items": {"type": "object"}},
    "minItems 100,000 of anything": {"type": "array", "minItems": 100_000},
    "minProperties 10,000": {"type": "object", "minProperties": 10_000},
    "minLength 10,000,000": {"type": "string", "minLength": 10_000_000},
    "integer minimum 10**400": {"type": "integer", "minimum": 10**400},
}  # fmt: skip

CHILD = """
import json, random, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, 3 * 2**30))
from synthworld.schema import compile_generator
schema = json.loads(sys.stdin.read())
start = time.perf_counter()
try:
    generator = compile_generator(schema)
    compiled = time.perf_counter() - start
    value = generator.generate(random.Random(0))
    called = time.perf_counter() - start - compiled
    print(f"answered: compile {compiled:.2f} s, first call {called:.2f} s, {len(json.dumps(value)):,} bytes")
except BaseException as exc:
    print(f"{type(exc).__name__} after {time.perf_counter() - start:.2f} s: {str(exc)[:90]}")
"""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per schema")
    args = parser.parse_args()
    for name, schema in SCHEMAS.items():
        try:
            done = subprocess.run(
                [sys.executable, "-c", CHILD],
                input=json.dumps(schema),
                capture_output=True,
                text=True,
                timeout=args.limit,
                check=False,
            )
            outcome = done.stdout.strip() or f"died: {done.stderr.strip().splitlines()[-1:]}"
        except subprocess.TimeoutExpired:
            outcome = f"over {args.limit:g} s"
        print(f"{name:32s} {outcome}")


if __name__ == "__main__":
    main()
