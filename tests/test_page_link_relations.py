"""The relations of page links name the pages they say: in a link array (RFC 8288 ``{rel,
href}``) an entry's relation is a page relation (``self``, ``first``, ``prev``, ``next``,
``last``) or one the schema's ``enum`` lists, never a generated word or URL; ``self``, ``first``
and ``last`` (in an array, or in HAL's ``_links``/JSON:API's ``links`` object) name this page, the
first and the last, and a new previous entry takes the name the relation's ``pattern`` allows.
Before, a free relation was generated (``https://www.example.com/movement/...``), the ``first``,
``last`` and ``self`` URLs were generated ones, and a ``prev`` entry the pattern refused was
undone (no way back)."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld import SyntheticWorld
from tests.test_page_loops import HAL, _follow, _loop, _made, _query
from tests.test_page_loops_more import _link_list

SEEDS = range(6)
PAGE_RELATIONS = ("self", "first", "prev", "previous", "next", "last")


def _doc(rel: dict[str, Any]) -> dict[str, Any]:
    doc = _link_list("rel", "href", "offset")
    doc["components"]["schemas"]["Page"]["properties"]["link"]["items"]["properties"]["rel"] = rel
    return doc


def _entry(page: dict[str, Any], rel: str) -> Any:
    return next((e["href"] for e in page["link"] if e["rel"] == rel), None)


@pytest.mark.parametrize("made", [0, 7])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_free_relation_is_a_page_relation(seed: int, made: int) -> None:
    world = SyntheticWorld.from_openapi(_doc({"type": "string"}), seed=seed)
    _made(world, made)
    pages: list[dict[str, Any]] = []
    _loop(world, {"limit": 3}, _follow(lambda p: _entry(p, "next")), pages)
    assert all(e["rel"] in PAGE_RELATIONS for p in pages for e in p["link"])
    assert all(_entry(p, "self") for p in pages)


ENDS = {"type": "string", "enum": ["self", "first", "last", "next", "prev", "alternate"]}


@pytest.mark.parametrize("seed", SEEDS)
def test_first_last_and_self_entries_name_those_pages(seed: int) -> None:
    world = SyntheticWorld.from_openapi(_doc(ENDS), seed=seed)
    ids = _made(world, 7)
    first = world.call("list_things", {"limit": 3})
    second = world.call("list_things", _query(_entry(first, "next")))
    assert world.call("list_things", _query(_entry(second, "self")))["items"] == second["items"]
    if _entry(second, "first") is not None:
        assert world.call("list_things", _query(_entry(second, "first")))["items"] == first["items"]
    last = _entry(second, "last")
    if last is not None:
        tail = world.call("list_things", _query(last))
        assert [t["id"] for t in tail["items"]] == ids[6:]
        assert _entry(tail, "next") is None


@pytest.mark.parametrize("seed", SEEDS)
def test_a_previous_entry_takes_the_name_the_relation_pattern_allows(seed: int) -> None:
    doc = _doc({"type": "string", "pattern": "^(self|first|last|next|previous)$"})
    world = SyntheticWorld.from_openapi(doc, seed=seed)
    ids = _made(world, 7)
    back = _loop(world, {"limit": 3, "offset": 6}, _follow(lambda p: _entry(p, "previous")))
    assert back == ids[6:] + ids[3:6] + ids[:3]


@pytest.mark.parametrize("seed", SEEDS)
def test_hal_self_names_the_page_it_is_on(seed: int) -> None:
    world = SyntheticWorld.from_openapi(HAL, seed=seed)
    _made(world, 7)  # (a fresh world's first page, called again after the loop, lists what it saw)
    pages: list[dict[str, Any]] = []
    _loop(world, {"limit": 3}, _follow(lambda p: p["_links"].get("next", {}).get("href")), pages)
    for page in pages:
        again = world.call("list_things", _query(page["_links"]["self"]["href"]))
        assert again["items"] == page["items"]
