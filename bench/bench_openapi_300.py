"""Build a world from the first 300 operations of the vendored Kubernetes document (issue 17's target).

Run from the repo root: ``PYTHONPATH=. python bench/bench_openapi_300.py [--repeat N]``. The
one-time imports of a process (format checkers: ~1 s with ``jsonschema[format-nongpl]``) happen
before timing, by building a small world first.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
from pathlib import Path
from typing import Any

import jsonschema._format  # noqa: F401  (a one-time import cost, kept out of the timing)

from synthworld import SyntheticWorld

ROOT = Path(__file__).resolve().parent.parent
METHODS = {"get", "put", "post", "delete", "patch", "head", "options"}


def first_operations(doc: dict[str, Any], count: int) -> tuple[dict[str, Any], int]:
    """`doc` cut to its first paths holding at most `count` operations, and how many they hold."""
    paths: dict[str, Any] = {}
    total = 0
    for path, item in doc["paths"].items():
        n = sum(1 for method in item if method in METHODS)
        if total + n > count:
            break
        paths[path] = item
        total += n
    return {**doc, "paths": paths}, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    SyntheticWorld.from_openapi(ROOT / "tests/openapi/stripe-products-slice.json", seed=0)
    doc = json.loads(gzip.decompress((ROOT / "bench/data/kubernetes.json.gz").read_bytes()))
    cut, operations = first_operations(doc, 300)
    for _ in range(args.repeat):
        start = time.perf_counter()
        world = SyntheticWorld.from_openapi(cut, seed=0)
        print(f"{operations} operations -> {len(world.tools)} tools in {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
