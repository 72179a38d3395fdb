"""The generator's cold start alone, in-process: compile plus the first value of every schema.

Each schema is compiled and asked for seed 0 under a JSON text no cache has seen (a ``$comment``
of the round), ``--repeat`` rounds, keeping each schema's fastest; the p50/p90 over schemas are
printed per corpus. Quicker and steadier than ``bench_corpora.py`` (no worker processes, no
oracle), for comparing two commits of the engine.

    python bench/bench_cold.py [--corpus jsts schemastore vendored] [--repeat 3]
"""

from __future__ import annotations

import argparse
import contextlib
import random
import time

from bench_corpora import load

from synthworld.schema import compile_generator


def fastest(rows: list[dict[str, object]], repeat: int) -> list[float]:
    best: dict[int, float] = {}
    for round_ in range(repeat):
        for i, row in enumerate(rows):
            schema = row["schema"]
            if isinstance(schema, dict):
                schema = {**schema, "$comment": f"cold round {round_}"}
            start = time.perf_counter()
            with contextlib.suppress(Exception):  # a refused schema costs its refusal
                compile_generator(schema).generate(random.Random(0))
            best[i] = min(best.get(i, float("inf")), time.perf_counter() - start)
    return sorted(best.values())


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--corpus", nargs="*", default=["jsts", "schemastore", "vendored"])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for corpus in args.corpus:
        times = fastest(load(corpus), args.repeat)
        p50, p90 = times[len(times) // 2], times[int(0.9 * len(times))]
        print(f"{corpus}: cold p50 {p50 * 1e3:.3f} ms, p90 {p90 * 1e3:.2f} ms ({len(times)} schemas)")


if __name__ == "__main__":
    main()
