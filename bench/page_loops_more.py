"""Agent loops over the worlds of ``tests/test_page_loops_more.py`` (camelCase ``startingAfter``,
link arrays FHIR- and RFC 8288-style, a left-out ``meta``), seeds 0-19, before and after 7
creates, at most 30 calls: how many ended with every item once and the last page's count (where
there is one) equal to the items seen.

    PYTHONPATH=$PWD:$PWD/bench python bench/page_loops_more.py
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from synthworld import SyntheticWorld
from tests import test_page_loops as loops
from tests import test_page_loops_more as more

Step = Callable[[dict[str, Any]], dict[str, Any] | None]
Count = Callable[[dict[str, Any]], Any]


def run(name: str, doc: dict[str, Any], step: Step, count: Count | None) -> None:
    """Print one world's row per number of creates."""
    for made in (0, 7):
        ok = bound = wrong = 0
        for seed in range(20):
            world = SyntheticWorld.from_openapi(doc, seed=seed)
            ids = loops._made(world, made)
            pages: list[dict[str, Any]] = []
            try:
                seen = loops._loop(world, {"limit": 3}, step, pages)
                whole = count(pages[-1]) if count else len(seen)
            except AssertionError:
                bound += 1
                continue
            except (KeyError, TypeError, AttributeError, IndexError, StopIteration):
                wrong += 1
                continue
            good = len(seen) == len(set(seen)) == whole and seen[:made] == ids
            ok, wrong = ok + good, wrong + (not good)
        print(f"{name:8} made={made}: {ok}/20 every item once, {bound} hit the bound, {wrong} wrong")


def _camel(page: dict[str, Any]) -> dict[str, Any] | None:
    last = page["data"][-1]["id"] if page["data"] else None
    return {"limit": 3, "startingAfter": last} if page.get("hasMore") and last else None


def _meta(page: dict[str, Any]) -> dict[str, Any] | None:
    cursor = (page.get("meta") or {}).get("next_cursor")
    return {"limit": 3, "cursor": cursor} if cursor else None


def main() -> None:
    run("camel", more.CAMEL, _camel, None)
    for style, (rel, url, place) in sorted(more.LINK_LISTS.items()):

        def link(page: dict[str, Any], rel: str = rel, url: str = url) -> Any:
            return next((e.get(url) for e in page.get("link") or () if e.get(rel) == "next"), None)

        run(style, more._link_list(rel, url, place), loops._follow(link), lambda p: p["total"])
    run("meta", more.META, _meta, lambda p: p["meta"]["total"])


if __name__ == "__main__":
    main()
