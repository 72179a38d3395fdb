"""Memory of a process that compiles many big documents: Kubernetes' API types one after another.

Each of the ~860 types is compiled as the root of the one 1 MB document that holds them all, and
asked for 5 values; every ``--every`` schemas the allocated blocks (Python's own objects), the
resident set and the generator cache's size are printed. Caches bounded by count alone once let
this grow by ~7.7 MB a schema (3.1 GB at 400).

    python bench/bench_memory.py [--schemas 400] [--every 80]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import bench_corpora  # beside this file, found through the path set above


def resident_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096 / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--schemas", type=int, default=400)
    parser.add_argument("--every", type=int, default=80)
    args = parser.parse_args()
    from synthworld.schema import _api, compile_generator

    rows = bench_corpora.kubernetes()[: args.schemas]
    print("| schemas | allocated blocks | resident | generators kept | their text |")
    print("|---|---|---|---|---|")
    for done, row in enumerate(rows, 1):
        generator = compile_generator(row["schema"])
        for seed in range(5):
            generator.generate(random.Random(seed))
        if done % args.every == 0 or done == len(rows):
            text = getattr(_api._CACHE, "total", None)  # None: a cache bounded by count alone
            print(
                f"| {done} | {sys.getallocatedblocks() / 1e6:.1f} M | {resident_mb():,.0f} MB | "
                f"{len(_api._CACHE)} | {'-' if text is None else f'{text / 2**20:.0f} MiB'} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
