"""Agent loops over list pages: for the worlds of ``tests/test_page_loops.py`` (Stripe-like,
GitHub-style, HAL, a DRF ``@world.tool`` stub), seeds 0-19, before and after 7 creates, an agent
calls the list until it reads no next page (at most 30 calls); how many loops ended with every
item seen once and the last page's count (where there is one) equal to the items seen.

    PYTHONPATH=$PWD:$PWD/bench python bench/page_loops.py
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import test_page_loops as loops

from synthworld import SyntheticWorld

Step = Callable[[dict[str, Any]], dict[str, Any] | None]


def run(
    name: str, make: Callable[[int], SyntheticWorld], first: dict[str, Any], step: Step, count: str
) -> None:
    """Print one world's row per number of creates."""
    for made in (0, 7):
        ok = bound = wrong = 0
        for seed in range(20):
            world = make(seed)
            ids = loops._made(world, made)
            pages: list[dict[str, Any]] = []
            try:
                seen = loops._loop(world, first, step, pages)
            except AssertionError:
                bound += 1
                continue
            except (KeyError, TypeError, AttributeError, IndexError):
                wrong += 1
                continue
            whole = pages[-1].get(count) if count else len(seen)
            good = len(seen) == len(set(seen)) == whole and seen[:made] == ids
            ok, wrong = ok + good, wrong + (not good)
        print(f"{name:9} made={made}: {ok}/20 every item once, {bound} hit the bound, {wrong} wrong")


def _stripe(page: dict[str, Any]) -> dict[str, Any] | None:
    last = page["data"][-1]["id"] if page["data"] else None
    return {"limit": 3, "starting_after": last} if page.get("has_more") and last else None


def _drf(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_thing(name: str) -> loops.Thing: ...
    @world.tool
    def list_things(page: int = 1, page_size: int = 2) -> loops.ThingPage: ...

    return world


def main() -> None:
    run("stripe", lambda s: SyntheticWorld.from_openapi(loops.STRIPE, seed=s), {"limit": 3}, _stripe, "")
    github = loops._follow(lambda p: (p.get("links") or {}).get("next"))
    run(
        "github",
        lambda s: SyntheticWorld.from_openapi(loops.GITHUB, seed=s),
        {"q": "t", "per_page": 2},
        github,
        "total_count",
    )
    hal = loops._follow(lambda p: p["_links"].get("next", {}).get("href"))
    run("hal", lambda s: SyntheticWorld.from_openapi(loops.HAL, seed=s), {"limit": 3}, hal, "total")
    run("drf stub", _drf, {}, loops._follow(lambda p: p.get("next")), "count")


if __name__ == "__main__":
    main()
