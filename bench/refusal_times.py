"""CPU time of each refusal of a fuzz grammar, and which schemas one tree answers and another
refuses: a fuzz kind (`fuzz_schemas.KINDS`, or ``contains`` for `fuzz_contains.schema`) drawn for
``--seed``, each schema generated for seeds 0-2 and every value checked (python-jsonschema).

Writes one JSON row per schema (index, outcome, CPU of the seed-0 call, which compiles, and the
refusal's first words) and prints the counts and the slowest refusals. ``--compare a b`` prints
the schemas whose outcome differs between two runs (answered in ``a``, refused in ``b``: a
satisfiable schema refused) and the slowest refusals of each.

    PYTHONPATH=<tree>:$PWD/bench python bench/refusal_times.py contains --seed 0 --count 400 out.json
    PYTHONPATH=<tree>:$PWD/bench python bench/refusal_times.py combinators --seed 1 --count 2000 out.json
    python bench/refusal_times.py --compare before.json after.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

_SLOWEST = 5


def _make(kind: str) -> Any:
    if kind == "contains":
        import fuzz_contains

        return fuzz_contains.schema
    import fuzz_schemas

    return fuzz_schemas.KINDS[kind]


def _outcome(schema: Any) -> dict[str, Any]:
    import bench_corpora

    from synthworld.errors import SchemaError
    from synthworld.schema import generate

    check = bench_corpora.oracle(schema, None)
    row: dict[str, Any] = {}
    values = []
    for seed in range(3):
        start = time.process_time()
        try:
            values.append(generate(schema, seed))
        except SchemaError as exc:
            row.update(outcome="refused", reason=str(exc)[:200], error=type(exc).__name__)
        finally:
            row.setdefault("cpu", round(time.process_time() - start, 4))
        if "outcome" in row:
            return row
    try:
        ok = all(check(v) for v in values)
    except Exception:  # a ref cycle or a ref to nothing: the oracle cannot judge
        ok = True
    row["outcome"] = "answered" if ok else "invalid"
    return row


def run(kind: str, seed: int, count: int, out: str) -> None:
    from synthworld.schema import _fallback, generate

    for warm in [{"type": "string", "format": "date"}, {"oneOf": [{"minimum": 0}, {"type": "integer"}]}]:
        generate(warm, 0)
    _fallback.draw('{"type": "integer"}', {"type": "integer"}, random.Random(0))  # its imports: 1 s CPU
    rng = random.Random(seed)
    make = _make(kind)
    rows = []
    for i in range(count):
        schema = make(rng)
        row = {"i": i, **_outcome(schema), "schema": json.dumps(schema)[:400]}
        rows.append(row)
    with open(out, "w") as f:
        json.dump({"kind": kind, "seed": seed, "count": count, "rows": rows}, f)
    summary(rows, f"{kind} --seed {seed}")


def summary(rows: list[dict[str, Any]], title: str) -> None:
    counts = {k: sum(1 for r in rows if r["outcome"] == k) for k in ("answered", "refused", "invalid")}
    refused = sorted((r for r in rows if r["outcome"] == "refused"), key=lambda r: -r["cpu"])
    total = sum(r["cpu"] for r in refused)
    print(f"{title}: {counts}; refusals' CPU sum {total:.2f} s")
    for r in refused[:_SLOWEST]:
        print(f"  refusal {r['i']}: {r['cpu']:.3f} s CPU -- {r['reason'][:110]}")


def compare(a: str, b: str) -> None:
    runs = []
    for path in (a, b):
        with open(path) as f:
            runs.append(json.load(f))
    for path, data in zip((a, b), runs, strict=True):
        summary(data["rows"], path)
    flips = [
        (x, y) for x, y in zip(runs[0]["rows"], runs[1]["rows"], strict=True) if x["outcome"] != y["outcome"]
    ]
    print(f"{len(flips)} schemas changed outcome")
    for x, y in flips:
        print(f"  {x['i']}: {x['outcome']} -> {y['outcome']} {y.get('reason', '')[:100]} {x['schema'][:200]}")


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--compare":
        compare(sys.argv[2], sys.argv[3])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("out")
    args = parser.parse_args()
    run(args.kind, args.seed, args.count, args.out)


if __name__ == "__main__":
    main()
