"""What the world keeps of a first page's claim (`synthworld.world.page_claims`): the first page
of a cursor-paged world that made nothing, asked again after the loop, is the same page (it
showed the later pages' items, remembered since); a page whose count the schema refuses (the
edit undone) claims nothing, so the numbered pages after it hold no strangers."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from synthworld import SyntheticWorld
from tests import test_page_loops as L
from tests import test_page_loops_more as M

SEEDS = range(20)


def _hal_next(page: dict[str, Any]) -> Any:
    return page["_links"].get("next", {}).get("href")


def _meta_next(page: dict[str, Any]) -> dict[str, Any] | None:
    cursor = page["meta"].get("next_cursor")
    return {"limit": 3, "cursor": cursor} if cursor else None


@pytest.mark.parametrize(
    ("doc", "step"), [(L.HAL, L._follow(_hal_next)), (M.META, _meta_next)], ids=["hal", "meta"]
)
def test_the_first_page_asked_again_after_a_cursor_loop_is_the_same(doc: Any, step: Any) -> None:
    paged = 0
    for seed in SEEDS:
        world = SyntheticWorld.from_openapi(doc, seed=seed)
        first = world.call("list_things", {"limit": 3})
        pages: list[dict[str, Any]] = []
        seen = L._loop(world, {"limit": 3}, step, pages)
        paged += len(pages) > 1
        assert len(seen) == len(set(seen))
        assert world.call("list_things", {"limit": 3}) == first, seed
        again = SyntheticWorld.from_openapi(doc, seed=seed)
        assert L._loop(again, {"limit": 3}, step) == seen  # the same values for the same seed
    assert paged >= 5  # loops that paged were checked


def _capped() -> dict[str, Any]:
    """Numbered pages (``page``/``per_page``) that say ``has_more`` and a ``total_count`` of at
    most 2: a first page of 2 that says more follow cannot say how many (its count's edit is
    undone as invalid)."""
    doc = copy.deepcopy(L.GITHUB)
    page = doc["components"]["schemas"]["Page"]
    page["properties"]["total_count"]["maximum"] = 2
    page["properties"]["has_more"] = {"type": "boolean"}
    page["required"] += ["total_count", "has_more"]
    return doc


def _next_number(page: dict[str, Any], call: dict[str, Any]) -> dict[str, Any] | None:
    return {**call, "page": call.get("page", 1) + 1} if page["has_more"] else None


def test_a_page_whose_count_was_refused_claims_no_later_items() -> None:
    doc = _capped()
    said_more = 0
    for seed in SEEDS:
        world = SyntheticWorld.from_openapi(doc, seed=seed)
        call: dict[str, Any] | None = {"q": "t", "per_page": 2}
        seen: list[str] = []
        for _ in range(L.BOUND):
            if call is None:
                break
            page = world.call("list_things", call)
            said_more += page["has_more"] and "page" not in call
            seen += [item["id"] for item in page["items"]]
            assert page["total_count"] <= 2
            call = _next_number(page, call)
        assert call is None  # the loop ended
        assert len(seen) == len(set(seen)) <= 2, seed  # no page holds what no count could say
    assert said_more  # first pages that said more follow were checked
