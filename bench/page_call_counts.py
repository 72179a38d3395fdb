"""Python function calls per list call (cProfile's count), a cost a busy machine does not move:
(1) the Stripe slice of `tests/openapi/` after 5 creates, 320 calls of its GET tools with inputs
drawn from their schemas (seeds 0-39), and (2) the HAL world of `tests/test_page_loops.py`, an
agent's loop (``limit`` 3, ``_links.next.href``) over seeds 0-19 of a world that made nothing.

    PYTHONPATH=TREE:TREE/bench python bench/page_call_counts.py
"""

from __future__ import annotations

import contextlib
import cProfile
import pstats
import sys
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from synthworld import SyntheticWorld, generate  # noqa: E402
from tests import test_page_loops as loops  # noqa: E402


def _stripe() -> tuple[float, int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        world = SyntheticWorld.from_openapi(ROOT / "tests" / "openapi" / "stripe-products-slice.json", seed=0)
    specs = world.tools
    creates = [
        s for n, s in specs.items() if n.startswith("Post") and "{" not in str(s.metadata["openapi"]["path"])
    ]
    for n in range(5):
        spec = creates[n % len(creates)]
        world.call(spec.name, generate(spec.parameters, seed=n))
    gets = [s for n, s in specs.items() if s.metadata["openapi"]["method"] == "GET"]
    inputs = [(s.name, generate(s.parameters, seed=seed)) for seed in range(40) for s in gets][:320]
    return _counted(world, inputs)


def _counted(world: SyntheticWorld, inputs: list[tuple[str, dict[str, Any]]]) -> tuple[float, int]:
    profile = cProfile.Profile()
    done = 0
    for name, args in inputs:
        profile.enable()
        with contextlib.suppress(Exception):  # a drawn input the tool refuses is counted as any call
            world.call(name, args)
        profile.disable()
        done += 1
    return pstats.Stats(profile).total_calls / done, done


def _hal() -> tuple[float, int]:
    total = calls = 0.0
    for seed in range(20):
        world = SyntheticWorld.from_openapi(loops.HAL, seed=seed)
        profile = cProfile.Profile()
        profile.enable()
        pages: list[dict[str, Any]] = []
        loops._loop(
            world, {"limit": 3}, loops._follow(lambda p: p["_links"].get("next", {}).get("href")), pages
        )
        profile.disable()
        total += pstats.Stats(profile).total_calls
        calls += len(pages)
    return total / calls, int(calls)


def main() -> None:
    per, n = _stripe()
    print(f"stripe slice GETs: {per:,.0f} calls per call ({n} calls)")
    per, n = _hal()
    print(f"hal loops, made nothing: {per:,.0f} calls per call ({n} calls)")


if __name__ == "__main__":
    main()
