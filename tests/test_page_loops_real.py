"""Agent loops over list operations of the vendored real documents: Stripe's search
(``GET /v1/products/search``: ``next_page`` passed back as the string ``page``) and Kubernetes'
lists (``limit``, ``continue`` passed back from ``metadata.continue``, ``remainingItemCount``).
Each ends with every item once and the counts it reads agree. Before, a string ``page`` and a
``continue`` were no place the world read: the page after was generated anew (a count that
disagrees), and Kubernetes' generated ``continue`` turned the same page for ever."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

from synthworld import SyntheticWorld

DOCS = Path(__file__).parent / "openapi"
SEEDS = range(8)
BOUND = 30


def _world(name: str, seed: int) -> SyntheticWorld:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return SyntheticWorld.from_openapi(DOCS / name, seed=seed)


def _pages(
    world: SyntheticWorld, tool: str, first: dict[str, Any], token: str, read: Any
) -> list[dict[str, Any]]:
    pages: list[dict[str, Any]] = []
    args: dict[str, Any] | None = first
    for _ in range(BOUND):
        if args is None:
            return pages
        pages.append(world.call(tool, args))
        place = read(pages[-1])
        args = {**first, token: place} if place else None
    raise AssertionError(f"still paging after {BOUND} calls")


@pytest.mark.parametrize("seed", SEEDS)
def test_stripe_search_pages_by_its_next_page_string(seed: int) -> None:
    world = _world("stripe-products-slice.json", seed)
    pages = _pages(
        world, "GetProductsSearch", {"query": "lamp", "limit": 3}, "page", lambda p: p.get("next_page")
    )
    seen = [item["id"] for page in pages for item in page["data"]]
    assert len(seen) == len(set(seen))
    assert [p["total_count"] for p in pages if "total_count" in p] == [len(seen)] * len(pages)
    assert [p["has_more"] for p in pages] == [True] * (len(pages) - 1) + [False]


@pytest.mark.parametrize("seed", SEEDS)
def test_kubernetes_lists_page_by_continue(seed: int) -> None:
    world = _world("kubernetes-apiextensions-slice.json", seed)
    tool = "listApiextensionsV1CustomResourceDefinition"
    pages = _pages(world, tool, {"limit": 3}, "continue", lambda p: (p.get("metadata") or {}).get("continue"))
    seen = [json.dumps(item, sort_keys=True) for page in pages for item in page["items"]]
    assert len(seen) == len(set(seen))
    shown = [len(p["items"]) for p in pages]
    for at, page in enumerate(pages):
        left = (page.get("metadata") or {}).get("remainingItemCount")
        assert left is None or left == len(seen) - sum(shown[: at + 1])
