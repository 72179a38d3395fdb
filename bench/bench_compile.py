"""CPU time of the schema compiler, per schema: to compare two trees of synthworld on one machine.

Three measures, each the best of ``--rounds`` (every round tags each schema with a fresh
``$comment``, so nothing is cached from the round before), in CPU time (``time.process_time``):

- ``tiny``: ``compile_generator({"type": "integer", "minimum": i})`` plus its first value, for
  ``--tiny`` distinct ``i`` a round, after an untimed round (a process past 4,096 distinct
  schemas: the records bounded at that size are full);
- ``jsts``: each JSTS corpus schema compiled plus its first value (seed 0); the median over the
  schemas of each one's best round, and the sum;
- ``schemastore``: each SchemaStore schema compiled plus seed 0, then seeds 1-4 (a "warm" call,
  compiling what that seed reaches first); the median over schemas of each one's mean warm call.

Schemas that fail to compile are left out. Run the two trees at the same time, so that a shared
machine's load falls on both alike:

    PYTHONPATH=/tmp/base python bench/bench_compile.py & PYTHONPATH=. python bench/bench_compile.py

``--calls`` counts Python calls (cProfile's count, builtins included) instead of timing, one
round: the same three measures as a work count that the machine's load does not move (a call
costs ~0.1 us), to tell a change of a few percent from noise.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench_corpora import load

from synthworld.schema import compile_generator


def tagged(schema: Any, round_: int) -> Any:
    return {**schema, "$comment": f"round {round_}"} if isinstance(schema, dict) else schema


def compiles(rows: list[dict[str, Any]]) -> list[Any]:
    """The schemas of ``rows`` that compile and give a first value."""
    out = []
    for row in rows:
        try:
            compile_generator(tagged(row["schema"], -1)).generate(random.Random(0))
        except Exception:  # the bench times the compiler on schemas it takes
            continue
        out.append(row["schema"])
    return out


def tiny(count: int, round_: int) -> float:
    start = time.process_time()
    for i in range(count):
        compile_generator({"type": "integer", "minimum": i + round_ * count}).generate(random.Random(0))
    return (time.process_time() - start) / count


def cold(schemas: list[Any], rounds: int) -> list[float]:
    best = [float("inf")] * len(schemas)
    for r in range(rounds):
        for i, schema in enumerate(schemas):
            fresh = tagged(schema, r)
            start = time.process_time()
            compile_generator(fresh).generate(random.Random(0))
            best[i] = min(best[i], time.process_time() - start)
    return best


def warm(schemas: list[Any], rounds: int) -> list[float]:
    best = [float("inf")] * len(schemas)
    for r in range(rounds):
        for i, schema in enumerate(schemas):
            generator = compile_generator(tagged(schema, r))
            generator.generate(random.Random(0))
            rngs = [random.Random(seed) for seed in range(1, 5)]
            start = time.process_time()
            for rng in rngs:
                generator.generate(rng)
            best[i] = min(best[i], (time.process_time() - start) / len(rngs))
    return best


def calls(run: Callable[[], object]) -> int:
    """How many Python calls ``run()`` makes."""
    profile = cProfile.Profile()
    profile.runcall(run)
    return int(pstats.Stats(profile).total_calls)  # type: ignore[attr-defined]  # set by Stats


def first_value(schema: Any) -> Callable[[], object]:
    return lambda: compile_generator(schema).generate(random.Random(0))


def warm_calls(schema: Any) -> float:
    """`calls` of seeds 1-4 after seed 0, per call."""
    generator = compile_generator(schema)
    generator.generate(random.Random(0))
    return calls(lambda: [generator.generate(random.Random(seed)) for seed in range(1, 5)]) / 4


def count(measures: list[str]) -> dict[str, float]:
    """The medians (and sums) of `calls` for each measure, over one fresh round."""
    out: dict[str, float] = {}
    if "tiny" in measures:
        tiny(6000, -1)  # past the first 4,096 schemas, as the timed measure is
        n = [calls(first_value({"type": "integer", "minimum": 10**6 + i})) for i in range(200)]
        out["tiny calls"] = statistics.median(n)
    if "jsts" in measures:
        n = [calls(first_value(tagged(schema, -2))) for schema in compiles(load("jsts"))]
        out["jsts cold calls p50"], out["jsts cold calls sum"] = statistics.median(n), sum(n)
    if "schemastore" in measures:
        per_call = [warm_calls(tagged(schema, -2)) for schema in compiles(load("schemastore"))]
        out["schemastore warm calls p50"] = statistics.median(per_call)
        out["schemastore warm calls sum"] = sum(per_call)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--measure", nargs="*", default=["tiny", "jsts", "schemastore"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tiny", type=int, default=6000, help="distinct tiny schemas a round")
    parser.add_argument("--calls", action="store_true", help="count Python calls instead of timing")
    args = parser.parse_args()
    if args.calls:
        print("  ".join(f"{name}: {value:.0f}" for name, value in count(args.measure).items()))
        return
    out: dict[str, float] = {}
    if "tiny" in args.measure:
        tiny(args.tiny, args.rounds)  # untimed: the process is past its first 4,096 schemas
        out["tiny, us"] = min(tiny(args.tiny, r) for r in range(args.rounds)) * 1e6
    if "jsts" in args.measure:
        times = cold(compiles(load("jsts")), args.rounds)
        out["jsts cold p50, us"] = statistics.median(times) * 1e6
        out["jsts cold sum, ms"] = sum(times) * 1e3
    if "schemastore" in args.measure:
        times = warm(compiles(load("schemastore")), args.rounds)
        out["schemastore warm p50, us"] = statistics.median(times) * 1e6
    print("  ".join(f"{name}: {value:.1f}" for name, value in out.items()))


if __name__ == "__main__":
    main()
