"""Hazards and answer-space coverage on real schemas (stop 43).

    python bench/bench_hazards_real.py --seeds 50            # both tables and a digest
    PYTHONHASHSEED=1 python bench/bench_hazards_real.py --seeds 50 --digest-only

Hazards: for each tool set (the OpenAPI documents of tests/openapi, every 40th Stripe and every
80th Kubernetes operation, an MCP-style set with hand-written output schemas, typed stubs), each
seed and each hazard kind, one call per tool on a world injecting the hazard into every answer and
the same call on a clean world. "valid" counts answers python-jsonschema (Draft 2020-12, with
format checks) accepts; "shaped" answers whose trace names the hazard; "honest" answers whose
`hazard` is set exactly when they differ from the clean one; "bad place" injections that landed in
an id, enum, const, format or pattern. The digest covers every answer and must not move with
PYTHONHASHSEED.

Answer space: per document, the outcomes `AnswerProbe` lists per tool (max and total), how many
tools' spaces were cut to fit, and the seconds to build every tool's probe. Big schemas
(`--big`): a world of one tool answering 20 times, then `world.coverage()`, its text and its HTML.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import jsonschema
from hazard_schemas import mcp_world, openapi_documents, openapi_specs, typed_world, world_of

from synthworld import HAZARD_KINDS, SyntheticWorld, ToolSpec, generate
from synthworld.world.answer_space import AnswerProbe
from synthworld.world.hazards.locate import hint, id_like, schemas_at

STRIDES = {"stripe": 40, "kubernetes": 80}


def tool_sets() -> Iterator[tuple[str, Callable[[int], SyntheticWorld]]]:
    for name, document in openapi_documents().items():
        specs = openapi_specs(document, STRIDES.get(name, 1))
        yield name, lambda seed, specs=specs: world_of(specs, seed)
    yield "mcp-style", mcp_world
    yield "typed stubs", typed_world


def changed_strings(old: Any, new: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Paths of strings in `new` that `old` lacks or holds otherwise."""
    if isinstance(new, dict):
        for key, value in new.items():
            yield from changed_strings(old.get(key) if isinstance(old, dict) else None, value, (*path, key))
    elif isinstance(new, list):
        for i, value in enumerate(new):
            yield from changed_strings(
                old[i] if isinstance(old, list) and i < len(old) else None, value, (*path, i)
            )
    elif isinstance(new, str) and new != old:
        yield path


def bad_place(spec: Any, path: tuple[Any, ...]) -> bool:
    key = next((step for step in reversed(path) if isinstance(step, str)), None)
    schemas = schemas_at(spec.returns, path)
    return id_like(key) or any(hint(schemas, k) is not None for k in ("enum", "const", "format", "pattern"))


def audit(seeds: int, digest: Any) -> dict[str, Counter[str]]:
    rows: dict[str, Counter[str]] = {}
    for label, make in tool_sets():
        for seed in range(seeds):
            clean = make(seed)
            hostile = {kind: make(seed) for kind in HAZARD_KINDS}
            for kind, world in hostile.items():
                world.add_faults([{"tool": "*", "inject": kind}])
            for name, spec in sorted(clean.tools.items()):
                try:
                    args = generate(spec.parameters, seed=seed)
                    base = clean.call(name, args)
                except Exception:  # an input the tool refuses, a scripted error: no answer to shape
                    continue
                oracle = jsonschema.Draft202012Validator(
                    spec.returns, format_checker=jsonschema.FormatChecker()
                )
                for kind, world in hostile.items():
                    value = world.call(name, args)
                    call = world.trace[-1]
                    digest.update(
                        json.dumps([label, name, seed, kind, value, call.hazard], sort_keys=True).encode()
                    )
                    row = rows.setdefault(kind, Counter())
                    row["answers"] += 1
                    row["valid"] += oracle.is_valid(value)
                    row["shaped"] += call.hazard == kind
                    row["honest"] += (call.hazard == kind) == (value != base)
                    if kind == "prompt_injection" and call.hazard:
                        row["bad place"] += any(bad_place(spec, p) for p in changed_strings(base, value))
    return rows


def answer_space() -> None:
    print("\n| document | tools | outcomes (max per tool) | outcomes (total) | cut | s to build |")
    print("|---|---|---|---|---|---|")
    for name, document in openapi_documents().items():
        specs = openapi_specs(document)
        started = time.perf_counter()
        probes = [AnswerProbe(spec.returns) for spec in specs]
        seconds = time.perf_counter() - started
        sizes = [len(p.outcomes) for p in probes]
        cut = sum(p.depth is not None for p in probes)
        print(f"| {name} | {len(specs)} | {max(sizes)} | {sum(sizes)} | {cut} | {seconds:.1f} |")


def big_schemas() -> None:
    print("\n| schema | outcomes | s for coverage() | text lines | HTML KB |\n|---|---|---|---|---|")
    kinds = (
        {"type": "string"},
        {"type": ["integer", "null"]},
        {"enum": ["a", "b", "c"]},
        {"type": "boolean"},
    )
    wide = {
        "type": "object",
        "properties": {f"f{i:03}": kinds[i % 4] for i in range(300)},
        "required": [f"f{i:03}" for i in range(0, 300, 3)],
    }
    schemas: dict[str, Any] = {"300 properties": wide}
    for depth in (8, 10, 12):
        nested: dict[str, Any] = {"type": "object", "properties": {"leaf": {"enum": ["p", "q"]}}}
        for level in range(depth):
            items = {"type": "array", "items": nested}
            nested = {"type": "object", "properties": {f"c{level}": nested, f"l{level}": items}}
        schemas[f"nested {depth} levels"] = nested
    for label, schema in schemas.items():
        world = SyntheticWorld(seed=0)
        world.register_tool(ToolSpec("get_x", "X.", {"type": "object", "properties": {}}, schema))
        for _ in range(20):
            world.call("get_x", {})
        started = time.perf_counter()
        coverage = world.coverage()
        seconds = time.perf_counter() - started
        lines, size = len(coverage.format().splitlines()), len(coverage._repr_html_()) / 1024
        print(f"| {label} | {len(coverage.answers)} | {seconds:.2f} | {lines} | {size:.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--digest-only", action="store_true")
    parser.add_argument("--answers-only", action="store_true")
    parser.add_argument("--big", action="store_true", help="only the big schemas' coverage")
    args = parser.parse_args()
    if args.big:
        big_schemas()
        return
    if not args.answers_only:
        digest = hashlib.sha256()
        rows = audit(args.seeds, digest)
        if not args.digest_only:
            print("| hazard | answers | valid | shaped | honest | bad place |\n|---|---|---|---|---|---|")
            for kind, row in rows.items():
                cells = [row[k] for k in ("answers", "valid", "shaped", "honest")]
                print(f"| {kind} | " + " | ".join(map(str, cells)) + f" | {row['bad place']} |")
        print("digest", digest.hexdigest())
    if not args.digest_only:
        answer_space()


if __name__ == "__main__":
    main()
