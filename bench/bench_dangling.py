"""What the compile-time check of every reachable ``$ref`` (`schema._dangling`) costs a cold
compile: per corpus schema, the Python calls (cProfile's count, builtins included: the machine's
load does not move it) and the CPU time of ``dangling_ref`` alone, beside those of
``compile_generator`` plus the first value (which includes the check).

    PYTHONPATH=. python bench/bench_dangling.py [--corpus schemastore jsts vendored]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from bench_corpora import load

from synthworld.schema import compile_generator
from synthworld.schema._dangling import dangling_ref
from synthworld.schema._intake import root_of, schema_key


def calls(run: Callable[[], object]) -> int:
    profile = cProfile.Profile()
    profile.runcall(run)
    return int(pstats.Stats(profile).total_calls)  # type: ignore[attr-defined]  # set by Stats


def cpu(run: Callable[[], object]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def measure(schema: Any, tag: int) -> tuple[int, int, float, float] | None:
    """(check calls, cold calls, check s, cold s) of a schema, or None when it does not compile."""
    tagged = {**schema, "$comment": f"bench-dangling {tag}"} if isinstance(schema, dict) else schema
    text = schema_key(tagged)
    loc = root_of(tagged, None, text)
    check_calls, check_s = calls(lambda: dangling_ref(loc, text)), cpu(lambda: dangling_ref(loc, text))
    try:
        cold_calls = calls(lambda: compile_generator(tagged).generate(random.Random(0)))
        again = {**tagged, "$comment": f"bench-dangling {tag} again"}
        cold_s = cpu(lambda: compile_generator(again).generate(random.Random(0)))
    except Exception:  # refused: not compared
        return None
    return check_calls, cold_calls, check_s, cold_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", nargs="*", default=["schemastore", "jsts", "vendored"])
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    for corpus in args.corpus:
        rows = [m for i, row in enumerate(load(corpus)) if (m := measure(row["schema"], i)) is not None]
        check_calls, cold_calls = sum(r[0] for r in rows), sum(r[1] for r in rows)
        share = [r[0] / r[1] for r in rows]
        print(
            f"{corpus}: {len(rows)} schemas; check calls {check_calls:,} of cold {cold_calls:,} "
            f"({check_calls / cold_calls:.2%}); per schema share p50 {statistics.median(share):.2%}, "
            f"max {max(share):.2%}; check CPU sum {sum(r[2] for r in rows) * 1e3:.1f} ms of cold "
            f"{sum(r[3] for r in rows) * 1e3:.1f} ms"
        )


if __name__ == "__main__":
    main()
