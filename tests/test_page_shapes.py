"""Agent loops over lists paged as real APIs page them (`tests/_page_shapes.py`), on 20 seeds,
before and after the world made 7 things: the loop ends, sees every item once (the created
first), every count its pages say is the items it saw, and the same seed pages the same."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld import SyntheticWorld
from tests import _page_shapes as S

SEEDS = range(20)


def _check(shape: str, made: int) -> list[list[dict[str, Any]]]:
    """Loop `shape` on every seed and check it; the pages of each loop."""
    doc, first = S.SHAPES[shape][:2]
    out = []
    for seed in SEEDS:
        world = SyntheticWorld.from_openapi(doc, seed=seed)
        ids = S.made(world, made)
        pages: list[dict[str, Any]] = []
        seen = S.loop(world, shape, pages)
        assert len(seen) == len(set(seen)), (seed, seen)
        assert seen[:made] == ids
        assert all(count == len(seen) for count in S.counts(shape, pages)), (seed, S.counts(shape, pages))
        assert world.call("list_things", first) == pages[0]  # the first page again: the same
        again = SyntheticWorld.from_openapi(doc, seed=seed)
        S.made(again, made)
        assert S.loop(again, shape) == seen  # the same seed: the same loop
        out.append(pages)
    return out


@pytest.mark.parametrize("made", [0, 7])
def test_spring_data_pages_end_on_last(made: int) -> None:
    loops = _check("spring", made)
    for pages in loops:
        numbers = [page["number"] for page in pages]
        assert numbers == list(range(len(pages)))  # numbered from 0
        assert [page["last"] for page in pages] == [False] * (len(pages) - 1) + [True]
        assert [page["first"] for page in pages] == [True] + [False] * (len(pages) - 1)
        assert all(page["numberOfElements"] == len(page["content"]) for page in pages)
        assert all(page["totalPages"] == len(pages) or not page["content"] for page in pages)
    assert sum(len(pages) > 1 for pages in loops) >= 5  # loops that paged were checked


@pytest.mark.parametrize(
    ("shape", "made"),
    [
        *[("json_api", 7), ("odata", 0), ("odata", 7), ("aws", 0), ("aws", 7), ("google", 0), ("google", 7)],
        *[("slack", 0), ("slack", 7), ("notion", 0), ("notion", 7)],
    ],
)
def test_a_loop_over_a_real_paging_shape_ends_with_every_item_once(shape: str, made: int) -> None:
    loops = _check(shape, made)
    assert sum(len(pages) > 1 for pages in loops) >= 5  # loops that paged were checked


def test_json_api_numbers_are_no_filters() -> None:
    """``page[number]`` (the tool's ``page_number``) pages; it is not a field the listed things
    are said to have (then page 3 would hold none of those page 2 listed)."""
    world = SyntheticWorld.from_openapi(S.JSON_API, seed=1)
    ids = S.made(world, 7)
    pages = [world.call("list_things", {"page_size": 3, "page_number": n})["data"] for n in (1, 2, 3, 2)]
    assert [[t["id"] for t in page] for page in pages] == [ids[:3], ids[3:6], ids[6:], ids[3:6]]
    assert all("page_number" not in thing for thing in world.state["thing"].values())
