"""An add to the list of an entity the world has not seen, answered ``{"ok": true}``, is
remembered: a later ``get_cart`` answers the line added (not lines drawn without it), and a
later remove takes it out again."""

from __future__ import annotations

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld


class Line(TypedDict):
    product_id: str
    quantity: int


class Cart(TypedDict):
    cart_id: str
    items: list[Line]


class Ok(TypedDict):
    ok: bool


def _shop(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_cart(cart_id: str) -> Cart:
        """Fetch a cart."""

    @world.tool
    def add_item_to_cart(cart_id: str, product_id: str, quantity: int = 1) -> Ok:
        """Add a product to a cart."""

    @world.tool
    def remove_item_from_cart(cart_id: str, product_id: str) -> Ok:
        """Take a product out of a cart."""

    return world


@pytest.mark.parametrize("seed", range(10))
def test_an_add_to_an_unseen_cart_is_what_the_cart_then_holds(seed: int) -> None:
    world = _shop(seed)
    world.call("add_item_to_cart", {"cart_id": "C1", "product_id": "P9", "quantity": 2})
    assert world.call("get_cart", {"cart_id": "C1"})["items"] == [{"product_id": "P9", "quantity": 2}]
    world.call("add_item_to_cart", {"cart_id": "C2", "product_id": "P7"})  # the default quantity
    assert world.call("get_cart", {"cart_id": "C2"})["items"] == [{"product_id": "P7", "quantity": 1}]
    world.call("remove_item_from_cart", {"cart_id": "C1", "product_id": "P9"})
    assert world.call("get_cart", {"cart_id": "C1"})["items"] == []


class PricedLine(TypedDict):
    product_id: str
    name: str
    quantity: int
    price: float
    line_total: float


class PricedCart(TypedDict):
    cart_id: str
    items: list[PricedLine]
    total: float


@pytest.mark.parametrize("seed", range(10))
def test_lines_drawn_for_an_unseen_cart_are_priced_as_the_added_one(seed: int) -> None:
    """``add_to_cart`` answering the whole cart of an id never seen: the lines drawn beside the
    added one have line totals of their quantity times their price, so they add up to the
    total the answer shows (they were drawn apart from it, and the total followed the prices)."""
    world = SyntheticWorld(seed=seed)

    @world.tool
    def add_to_cart(cart_id: str, product_id: str, quantity: int = 1) -> PricedCart:
        """Add a product to the cart; answers the whole cart."""

    cart = world.call("add_to_cart", {"cart_id": "CART-1", "product_id": "P-1", "quantity": 2})
    lines = cart["items"]
    assert (lines[-1]["product_id"], lines[-1]["quantity"]) == ("P-1", 2)
    for line in lines:
        assert line["line_total"] == pytest.approx(line["quantity"] * line["price"], abs=0.005), line
    assert cart["total"] == pytest.approx(sum(line["line_total"] for line in lines), abs=0.005)
