"""A ``{"product_id", "quantity"}`` object inside an answer is an order's line, not a product,
also under a ``products`` key: its quantity is never remembered as the product's own (a stock
count), and the product answers later as if the order had never shown it."""

from __future__ import annotations

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld


class Line(TypedDict):
    product_id: str
    quantity: int


class Order(TypedDict):
    order_id: str
    products: list[Line]


class Product(TypedDict):
    product_id: str
    name: str
    quantity: int


def _shop(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_order(order_id: str) -> Order:
        """Fetch an order."""

    @world.tool
    def get_product(product_id: str) -> Product:
        """Fetch a product (its quantity in stock)."""

    return world


@pytest.mark.parametrize("seed", [0, 1, 3, 4, 5])
def test_a_line_under_products_is_not_remembered_as_a_product(seed: int) -> None:
    world = _shop(seed)
    order = world.call("get_order", {"order_id": "O1"})
    assert order["products"], "the seed draws no line"
    assert world.state.snapshot().get("product", {}) == {}
    ids = [line["product_id"] for line in order["products"]]
    fresh = _shop(seed)  # a world that never saw the order
    for id in ids:
        assert world.call("get_product", {"product_id": id}) == fresh.call("get_product", {"product_id": id})
