"""What a first page promises, the loop sees: in a world that has made nothing, a first page that
says more follow claims a collection (`synthworld.world.page_claims`); every page's count then
equals the items an agent looping "while there is a next page" sees, each once. Before, a later
page held only the strangers its own generated answer had, which could be fewer than the claim
left room for (3 of 20 HAL seeds saw fewer items than the first page's ``total``); a link that
names the next page by number (``offset``, ``page``) could claim nothing, so a fresh world's
first page was always its last; and a page object requiring ``page``/``per_page`` was left out,
or said a random page number on the first call."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from synthworld import SyntheticWorld
from tests.test_page_loops import GITHUB, HAL, _api, _follow, _loop, _made, _things
from tests.test_page_loops_more import META, _link_list

SEEDS = range(20)
Step = Callable[[dict[str, Any]], dict[str, Any] | None]


def _hal_next(page: dict[str, Any]) -> Any:
    return page["_links"].get("next", {}).get("href")


def _list_next(page: dict[str, Any]) -> Any:
    return next((e["href"] for e in page["link"] if e["rel"] == "next"), None)


def _meta_next(page: dict[str, Any]) -> dict[str, Any] | None:
    cursor = page["meta"]["next_cursor"]
    return {"limit": 3, "cursor": cursor} if cursor else None


def _fhir_next(page: dict[str, Any]) -> Any:
    return next((e["url"] for e in page["link"] if e["relation"] == "next"), None)


def _github_next(page: dict[str, Any]) -> Any:
    return (page.get("links") or {}).get("next")


TOKENED: dict[str, tuple[dict[str, Any], Step, Callable[[dict[str, Any]], Any]]] = {
    "hal": (HAL, _follow(_hal_next), lambda p: p["total"]),
    "rfc8288": (_link_list("rel", "href", "cursor"), _follow(_list_next), lambda p: p["total"]),
    "meta": (META, _meta_next, lambda p: p["meta"]["total"]),
}


def _pages(doc: dict[str, Any], first: dict[str, Any], step: Step, seed: int) -> tuple[list[str], list[Any]]:
    world = SyntheticWorld.from_openapi(doc, seed=seed)
    pages: list[dict[str, Any]] = []
    return _loop(world, first, step, pages), pages


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("style", sorted(TOKENED))
def test_every_page_of_a_claimed_collection_counts_the_items_the_loop_sees(style: str, seed: int) -> None:
    doc, step, count = TOKENED[style]
    seen, pages = _pages(doc, {"limit": 3}, step, seed)
    assert len(seen) == len(set(seen))
    assert [count(p) for p in pages] == [len(seen)] * len(pages)


NUMBERED: dict[str, tuple[dict[str, Any], dict[str, Any], Step, Callable[[dict[str, Any]], Any]]] = {
    "fhir offset": (
        _link_list("relation", "url", "offset"),
        {"limit": 3},
        _follow(_fhir_next),
        lambda p: p["total"],
    ),
    "github page": (GITHUB, {"q": "t", "per_page": 2}, _follow(_github_next), lambda p: p["total_count"]),
}


@pytest.mark.parametrize("style", sorted(NUMBERED))
def test_a_numbered_link_pages_through_what_a_fresh_worlds_first_page_promised(style: str) -> None:
    doc, first, step, count = NUMBERED[style]
    longer = 0
    for seed in SEEDS:
        seen, pages = _pages(doc, first, step, seed)
        assert len(seen) == len(set(seen)), seed
        assert [count(p) for p in pages] == [len(seen)] * len(pages), seed
        longer += len(pages) > 1
    assert longer >= 3  # some first pages say more follow, and the next call answers them


AGAIN = {
    "fhir offset": (_link_list("relation", "url", "offset"), {"limit": 3}, _follow(_fhir_next)),
    "github page": (GITHUB, {"q": "t", "per_page": 2}, _follow(_github_next)),
}


@pytest.mark.parametrize("style", sorted(AGAIN))
def test_a_claimed_collection_paged_again_is_the_same(style: str) -> None:
    doc, first, step = AGAIN[style]
    longer = 0
    for seed in range(8):
        world = SyntheticWorld.from_openapi(doc, seed=seed)
        pages: list[dict[str, Any]] = []
        once = _loop(world, first, step, pages)
        assert _loop(world, first, step) == once, seed
        longer += len(pages) > 1
    assert longer >= 1  # some of them page on (claimed), and the same pages come again


INT = {"type": "integer"}


def _page_object(holder: str, names: list[str], params: tuple[str, str]) -> dict[str, Any]:
    meta = {"type": "object", "required": names, "properties": dict.fromkeys(names, INT)}
    return _api(
        "/things", [(params[0], "integer"), (params[1], "integer")], _things("data", **{holder: meta})
    )


OBJECTS = {
    "meta page/per_page": (_page_object("meta", ["page", "per_page", "total"], ("page", "per_page")), "meta"),
    "pagination pageNumber/pageSize": (
        _page_object("pagination", ["pageNumber", "pageSize", "totalCount"], ("pageNumber", "pageSize")),
        "pagination",
    ),
}


@pytest.mark.parametrize("made", [0, 7])
@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("style", sorted(OBJECTS))
def test_a_page_object_requiring_its_number_and_size_is_made_and_says_the_call(
    style: str, seed: int, made: int
) -> None:
    doc, holder = OBJECTS[style]
    number, size = ("page", "per_page") if holder == "meta" else ("pageNumber", "pageSize")
    world = SyntheticWorld.from_openapi(doc, seed=seed)
    _made(world, made)
    first = world.call("list_things", {size: 3})
    assert first[holder][number] == 1
    assert first[holder][size] == 3
    second = world.call("list_things", {number: 2, size: 3})
    assert (second[holder][number], second[holder][size]) == (2, 3)


@pytest.mark.parametrize("seed", range(5))
def test_total_pages_is_the_count_over_the_size(seed: int) -> None:
    doc = _page_object("meta", ["page", "per_page", "total", "total_pages"], ("page", "per_page"))
    doc["components"]["schemas"]["Page"]["required"].append("meta")
    world = SyntheticWorld.from_openapi(doc, seed=seed)
    _made(world, 7)
    meta = world.call("list_things", {"per_page": 3})["meta"]
    assert (meta["page"], meta["total"], meta["total_pages"]) == (1, 7, 3)
