"""A basket's count of units beside its line items is the sum of their quantities
(`synthworld.world.rules.units`): Shopify's cart ``item_count`` counts 2 mugs and a cap as 3."""

from __future__ import annotations

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld


class Item(TypedDict):
    product_id: str
    quantity: int
    unit_price: float
    line_total: float


class Cart(TypedDict):
    cart_id: str
    items: list[Item]
    item_count: int
    total_items: int
    subtotal: float


class Basket(TypedDict):
    basket_id: str
    lines: list[Item]
    total_quantity: int


def units(lines: list[Item]) -> int:
    return sum(line["quantity"] for line in lines)


@pytest.mark.parametrize("seed", range(10))
def test_a_carts_item_count_is_its_lines_quantities(seed: int) -> None:
    """Before: ``item_count`` and ``total_items`` were drawn (41 and 167 beside one line of 4)."""
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_cart(cart_id: str) -> Cart: ...
    @world.tool
    def add_item_to_cart(cart_id: str, product_id: str, quantity: int = 1) -> Cart: ...
    @world.tool
    def get_basket(basket_id: str) -> Basket: ...

    before = world.call("get_cart", {"cart_id": "C1"})
    added = world.call("add_item_to_cart", {"cart_id": "C1", "product_id": "P1", "quantity": 3})
    for cart in (before, added, world.call("get_cart", {"cart_id": "C1"})):
        assert cart["item_count"] == cart["total_items"] == units(cart["items"]), cart
    assert added["item_count"] == before["item_count"] + 3
    basket = world.call("get_basket", {"basket_id": "B1"})
    assert basket["total_quantity"] == units(basket["lines"])


def test_the_counts_are_exact_for_a_fixed_seed() -> None:
    world = SyntheticWorld(seed=0, state={"cart": {"C1": {"cart_id": "C1", "items": []}}})

    @world.tool
    def add_item_to_cart(cart_id: str, product_id: str, quantity: int = 1) -> Cart: ...

    world.call("add_item_to_cart", {"cart_id": "C1", "product_id": "P1", "quantity": 2})
    cart = world.call("add_item_to_cart", {"cart_id": "C1", "product_id": "P2"})
    assert [(line["product_id"], line["quantity"]) for line in cart["items"]] == [("P1", 2), ("P2", 1)]
    assert (cart["item_count"], cart["total_items"]) == (3, 3)
