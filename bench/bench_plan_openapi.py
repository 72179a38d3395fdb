"""The consistency plans of every tool of the vendored OpenAPI documents (`tests/openapi/`), whose
metadata (path parameters, the request) the plans read besides the schemas. Readings are cached
after the first run, as in a world that registers the same tools again.

    python bench/bench_plan_openapi.py [--repeat 15]
"""

from __future__ import annotations

import argparse
import statistics
import time
import warnings
from pathlib import Path

from synthworld import openapi_tools
from synthworld.world.consistency import plan_for

DOCS = Path(__file__).resolve().parents[1] / "tests" / "openapi"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    specs = []
    for doc in sorted(DOCS.glob("*.[jy]*")):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # keywords some vendored documents misspell, on purpose
            specs += openapi_tools(doc, on_error="skip")
    seconds = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        for spec in specs:
            plan_for(spec)
        seconds.append(time.perf_counter() - start)
    median, least = statistics.median(seconds) * 1000, min(seconds) * 1000
    print(f"{len(specs)} OpenAPI plans: median {median:.1f} ms, min {least:.1f} ms")


if __name__ == "__main__":
    main()
