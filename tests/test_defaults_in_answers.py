"""A parameter's declared default holds when the agent leaves it out: a paginated answer says
the default ``page``, and a default ``limit`` bounds the list (a stub's Python default, as a
schema's ``default`` already did)."""

from __future__ import annotations

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld

SEEDS = range(8)


class Product(TypedDict):
    product_id: str
    name: str


class Page(TypedDict):
    page: int
    limit: int
    items: list[Product]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_stub_default_page_and_limit_shape_the_page(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def search_products(query: str, page: int = 1, limit: int = 2) -> Page: ...

    answer = search_products("lamp")
    assert (answer["page"], answer["limit"]) == (1, 2)
    assert len(answer["items"]) <= 2
    assert search_products("lamp", page=3)["page"] == 3  # the input still wins


@pytest.mark.parametrize("seed", SEEDS)
def test_a_stub_default_limit_bounds_a_bare_list(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def list_products(category: str, limit: int = 1) -> list[Product]: ...

    assert len(list_products("lighting")) <= 1
    assert len(list_products("lighting", limit=0)) == 0
