"""Where SchemaStore's warm calls go, and what they cost in CPU time: to find and check cuts.

Two measures over every SchemaStore schema that compiles:

- ``--cpu``: `bench_corpora`'s order in one process (per schema: compile, seed 0, then seeds 1-4
  timed), in CPU time (``time.process_time``), so that a loaded machine's waits are left out; the
  median, p90 and sum of the warm calls. Run two trees alternately:

      PYTHONPATH=/tmp/base:/tmp/base/bench python bench/bench_warm_profile.py --cpu
      PYTHONPATH=.:bench python bench/bench_warm_profile.py --cpu

- ``--inclusive N``: Python calls per function, inclusive of everything below it (a function
  counted once however deep it recurses), over seeds 1-4 after seed 0 (`bench_compile`'s warm
  measure and order); ``--band LOW HIGH``: only the schemas whose per-call count is between those
  quantiles (``0.35 0.65``: the median band). The top ``N`` functions, with their own call counts.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from collections import Counter
from typing import Any

from bench_compile import compiles, tagged, warm_calls
from bench_corpora import load

from synthworld.schema import compile_generator


def cpu() -> str:
    warm: list[float] = []
    for row in load("schemastore"):
        try:
            generator = compile_generator(row["schema"])
            generator.generate(random.Random(0))
        except Exception:  # the bench times schemas the generator takes
            continue
        for seed in range(1, 5):
            rng = random.Random(seed)
            start = time.process_time()
            with contextlib.suppress(Exception):  # a failed call still took its time
                generator.generate(rng)
            warm.append(time.process_time() - start)
    warm.sort()
    n = len(warm)
    return (
        f"warm calls {n}: p50 {warm[n // 2] * 1e3:.3f} ms, p90 {warm[int(0.9 * n)] * 1e3:.2f} ms, "
        f"sum {sum(warm):.2f} s (CPU time)"
    )


class Inclusive:
    """A `sys.setprofile` hook counting each function's calls, and the calls below it."""

    def __init__(self) -> None:
        self.total = 0
        self.inclusive: Counter[str] = Counter()
        self.own: Counter[str] = Counter()
        self._active: Counter[str] = Counter()
        self._stack: list[tuple[str, int]] = []

    def __call__(self, frame: Any, event: str, arg: Any) -> None:
        if event in ("call", "c_call"):
            self.total += 1
            code = frame.f_code
            key = (
                f"{code.co_filename.rsplit('/', 1)[-1]}:{code.co_name}"
                if event == "call"
                else f"C:{getattr(arg, '__qualname__', arg)}"
            )
            self.own[key] += 1
            self._stack.append((key, self.total))
            self._active[key] += 1
        elif self._stack:  # return, c_return, c_exception
            key, start = self._stack.pop()
            self._active[key] -= 1
            if not self._active[key]:
                self.inclusive[key] += self.total - start + 1

    def reset(self) -> None:
        self._stack.clear()
        self._active.clear()


def inclusive(top: int, band: tuple[float, float] | None) -> str:
    schemas = compiles(load("schemastore"))
    if band is not None:
        counted = sorted((warm_calls(tagged(s, -5)), i) for i, s in enumerate(schemas))
        low, high = int(len(counted) * band[0]), int(len(counted) * band[1])
        keep = {i for _, i in counted[low:high]}
        schemas = [s for i, s in enumerate(schemas) if i in keep]
    hook = Inclusive()
    for schema in schemas:
        generator = compile_generator(tagged(schema, -2))
        generator.generate(random.Random(0))
        sys.setprofile(hook)
        for seed in range(1, 5):
            generator.generate(random.Random(seed))
        sys.setprofile(None)
        hook.reset()
    lines = [f"{len(schemas)} schemas, {hook.total:,} calls in their warm calls"]
    for key, count in hook.inclusive.most_common(top):
        lines.append(f"{count:10,d} {100 * count / hook.total:5.1f}%  own {hook.own[key]:8,d}  {key}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--cpu", action="store_true", help="CPU time of warm calls, bench_corpora's order")
    parser.add_argument("--inclusive", type=int, metavar="N", help="the top N functions by inclusive calls")
    parser.add_argument("--band", type=float, nargs=2, metavar=("LOW", "HIGH"), help="quantiles of schemas")
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    if args.cpu:
        print(cpu())
    if args.inclusive:
        print(inclusive(args.inclusive, tuple(args.band) if args.band else None))


if __name__ == "__main__":
    main()
