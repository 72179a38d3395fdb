"""Worlds from OpenAPI documents: build time, share of operations turned into tools, valid answers.

For each document: time `openapi_tools` (tools/s) and `SyntheticWorld.from_openapi` (what a user
waits for: tools plus registration, which checks and compiles every schema), count the
operations without synthworld, then call every tool once with an input drawn from its
parameters and check the answer with python-jsonschema against the tool's returns schema.

Documents: the real ones vendored in tests/openapi/ (see its README) and, from bench/data/
(gzipped JSON of the documents shipped in the openapi-spec-validator 0.9.0 sdist), the whole
Kubernetes API (1067 operations) and its core group ``/api/v1/*`` (248 operations: the ~300-
operation case). ``--big`` adds the whole Stripe API (588 operations; it calls every tool, so the
run takes about half a minute).

    python bench/bench_openapi.py [--big] [--repeat 3]
"""

from __future__ import annotations

import argparse
import gzip
import json
import platform
import subprocess
import sys
import time
from pathlib import Path
from random import Random
from typing import Any

import jsonschema
import yaml

from synthworld import SyntheticWorld, openapi_tools
from synthworld.schema import compile_generator

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests" / "openapi"
DATA = ROOT / "bench" / "data"
METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def load(path: Path) -> dict[str, Any]:
    if path.suffix == ".gz":
        data: dict[str, Any] = json.loads(gzip.decompress(path.read_bytes()))
    elif path.suffix == ".json":
        data = json.loads(path.read_text())
    else:
        data = yaml.safe_load(path.read_text())
    return data


def operations(doc: dict[str, Any], prefix: str) -> int:
    count = 0
    for path, item in doc.get("paths", {}).items():
        if not path.startswith(prefix):
            continue
        if "$ref" in item:
            node: Any = doc
            for part in item["$ref"][2:].split("/"):
                node = node[part]
            item = node
        count += sum(1 for method in item if method in METHODS)
    return count


def best_of(repeat: int, job: Any) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = job()
        best = min(best, time.perf_counter() - start)
    return best, result


def measure(
    name: str, source: Path | dict[str, Any], doc: dict[str, Any], prefix: str, repeat: int
) -> dict[str, Any]:
    options: dict[str, Any] = {"include_paths": [f"{prefix}*"]} if prefix else {}
    tools_s, tools = best_of(repeat, lambda: openapi_tools(source, **options))
    world_s, world = best_of(repeat, lambda: SyntheticWorld.from_openapi(source, seed=1, **options))
    valid = 0
    for index, spec in enumerate(world.tools.values()):
        world.reset()  # each call on a fresh world: an earlier delete may make a read a not_found
        answer = world.call(spec.name, compile_generator(spec.parameters).generate(Random(index)))
        checker = jsonschema.Draft202012Validator.FORMAT_CHECKER  # 2020-12's formats, not draft 3's `time`
        valid += jsonschema.Draft202012Validator(spec.returns, format_checker=checker).is_valid(answer)
    ops = operations(doc, prefix)
    return {
        "name": name,
        "operations": ops,
        "tools": len(tools),
        "share": len(tools) / ops if ops else 1.0,
        "tools_s": tools_s,
        "world_s": world_s,
        "valid": valid,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", action="store_true", help="add the whole Stripe API (588 operations)")
    parser.add_argument(
        "--repeat", type=int, default=3, help="best of this many openapi_tools runs (default 3)"
    )
    parser.add_argument("--case", type=int, default=None, help=argparse.SUPPRESS)  # one row, in a child
    args = parser.parse_args()
    cases: list[tuple[str, Path | dict[str, Any], dict[str, Any], str]] = []
    for path in sorted(TESTS.glob("*.*")):
        if path.suffix in (".yaml", ".json") and "external" not in path.name:
            cases.append((path.name, path, load(path), ""))
    kubernetes = load(DATA / "kubernetes.json.gz")
    cases.append(("kubernetes (whole, 2.0)", kubernetes, kubernetes, ""))
    cases.append(("kubernetes /api/v1/* (2.0)", kubernetes, kubernetes, "/api/v1/"))
    if args.big:
        stripe = load(DATA / "stripe.json.gz")
        cases.append(("stripe (whole, 3.0)", stripe, stripe, ""))
    if args.case is None:
        print(
            f"python {platform.python_version()}, {platform.machine()}; openapi_tools: best of {args.repeat}"
        )
        print("from_openapi: the first build, cold, each document in a fresh process\n")
        print(
            "| document | operations | tools | share | openapi_tools s | tools/s | from_openapi s | valid |"
        )
        print("|---|---|---|---|---|---|---|---|")
        for index in range(len(cases)):
            extra = ["--big"] if args.big else []
            command = [sys.executable, __file__, "--case", str(index), "--repeat", str(args.repeat), *extra]
            subprocess.run(command, check=True)
        return
    for name, source, doc, prefix in cases[args.case : args.case + 1]:
        row = measure(name, source, doc, prefix, args.repeat)
        print(
            f"| {row['name']} | {row['operations']} | {row['tools']} | {row['share']:.0%} | "
            f"{row['tools_s']:.2f} | {row['tools'] / row['tools_s']:.0f} | {row['world_s']:.2f} | "
            f"{row['valid']}/{row['tools']} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
