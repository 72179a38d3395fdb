"""A cart's or an order's lines (``{"product_id", "quantity"}``) are lines, not products: the
world never stores them in the product table, and a product's own fields never leak into them."""

from __future__ import annotations

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld

SEEDS = range(6)


class Line(TypedDict):
    product_id: str
    quantity: int


class Cart(TypedDict):
    cart_id: str
    items: list[Line]


class Stock(TypedDict):
    product_id: str
    quantity: int


class Product(TypedDict):
    product_id: str
    name: str
    price: float


def _world(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_cart(cart_id: str) -> Cart:
        """Fetch a cart."""

    @world.tool
    def get_stock(product_id: str) -> Stock:
        """How many of a product are in stock."""

    @world.tool
    def get_product(product_id: str) -> Product:
        """Fetch a product."""

    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_a_carts_lines_are_not_stored_as_products_but_a_top_object_is(seed: int) -> None:
    world = _world(seed)
    for cart in ("C1", "C2", "C3"):
        world.call("get_cart", {"cart_id": cart})
    assert "product" not in world.state
    assert set(world.state.entities("cart")) == {"C1", "C2", "C3"}
    stock = world.call("get_stock", {"product_id": "P9"})  # an answer about one product still is
    assert dict(world.state.entities("product")) == {"P9": stock}


@pytest.mark.parametrize("seed", SEEDS)
def test_a_line_does_not_take_a_remembered_products_fields(seed: int) -> None:
    world = _world(seed)
    world.state.remember("product", "P1", {"product_id": "P1", "name": "Lamp", "price": 9.5, "quantity": 40})
    world.state.remember("cart", "C1", {"cart_id": "C1", "items": [{"product_id": "P1", "quantity": 2}]})
    assert world.call("get_cart", {"cart_id": "C1"})["items"] == [{"product_id": "P1", "quantity": 2}]
    assert world.state.entity("product", "P1") == {
        "product_id": "P1",
        "name": "Lamp",
        "price": 9.5,
        "quantity": 40,
    }
