"""How big synthworld's values are beside jsf's for the same schema (issue 15: is a slower warm
call only a bigger value?): the JSON length of seeds 0-4 of each tool, per schema.

Each schema is asked of both tools in this process (jsf seeded through the global RNG, as in
`bench_corpora`), each tool given ``--limit`` seconds a schema (``SIGALRM``); the schemas both
answer are compared: the median over them of the ratio of synthworld's median length to jsf's.

    python bench/bench_value_sizes.py [--corpus schemastore] [--limit 10]
"""

from __future__ import annotations

import argparse
import json
import signal
import statistics
from collections.abc import Callable
from typing import Any

from bench_corpora import jsf_tool, load, synthworld_tool

SEEDS = 5


def _expire(signum: int, frame: Any) -> None:
    raise TimeoutError


def lengths(make_tool: Callable[[Any], Callable[[int], Any]], schema: Any, limit: int) -> list[int]:
    """The JSON length of each seed's value (empty: the tool failed or ran past ``limit``)."""
    signal.alarm(limit)
    try:
        make = make_tool(schema)
        return [len(json.dumps(make(seed), default=str)) for seed in range(SEEDS)]
    except BaseException:  # a tool's own failure on this schema
        return []
    finally:
        signal.alarm(0)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--corpus", default="schemastore")
    parser.add_argument("--limit", type=int, default=10)
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _expire)
    ratios, ours, theirs = [], [], []
    rows = load(args.corpus)
    for row in rows:
        mine = lengths(synthworld_tool, row["schema"], args.limit)
        jsf = lengths(jsf_tool, row["schema"], args.limit)
        if not mine or not jsf:
            continue
        ours.append(statistics.median(mine))
        theirs.append(statistics.median(jsf))
        ratios.append(ours[-1] / max(theirs[-1], 1))
    bigger = sum(r > 1 for r in ratios)
    print(
        f"{args.corpus}: {len(ratios)} of {len(rows)} schemas answered by both; JSON length p50 "
        f"synthworld {statistics.median(ours):.0f}, jsf {statistics.median(theirs):.0f}; ratio per "
        f"schema p25 {statistics.quantiles(ratios, n=4)[0]:.2f}, p50 {statistics.median(ratios):.2f}, "
        f"p75 {statistics.quantiles(ratios, n=4)[2]:.2f}; synthworld bigger on {bigger}"
    )


if __name__ == "__main__":
    main()
