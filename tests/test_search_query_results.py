"""A text search answers items that contain the query: ``search_products(query="lamp")`` lists
lamps, their names saying so, wherever the schema lets a name say it."""

from __future__ import annotations

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld

SEEDS = range(10)


class Product(TypedDict):
    product_id: str
    name: str
    price: float


class Article(TypedDict):
    id: int
    title: str


@pytest.mark.parametrize("seed", SEEDS)
def test_every_search_result_names_the_query(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def search_products(query: str) -> list[Product]: ...

    @world.tool
    def get_product(product_id: str) -> Product: ...

    found = search_products("desk lamp")
    assert all("desk lamp" in item["name"].casefold() for item in found)
    for item in found:  # the world remembers what it listed
        assert get_product(item["product_id"])["name"] == item["name"]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_q_parameter_titles_the_results(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def search_articles(q: str) -> list[Article]: ...

    assert all("refund" in item["title"].casefold() for item in search_articles("refund"))
