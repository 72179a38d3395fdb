"""A shop written as a user would: a new cart is empty when a tool adds items to carts, an
added line has the catalog's price and its line total, and a ``checkout(cart_id)`` places an
order (first status, created now) holding the cart's items and total."""

from __future__ import annotations

import datetime
from typing import Literal

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld

SEEDS = range(30)
NOW = "2025-01-01T00:00:00Z"


class Product(TypedDict):
    product_id: str
    name: str
    price: float


class Line(TypedDict):
    product_id: str
    name: str
    quantity: int
    unit_price: float
    line_total: float


class Cart(TypedDict):
    cart_id: str
    items: list[Line]
    subtotal: float
    total: float
    created_at: datetime.datetime


class Order(TypedDict):
    order_id: str
    items: list[Line]
    total: float
    status: Literal["shipped", "pending", "delivered", "cancelled"]
    created_at: datetime.datetime
    updated_at: datetime.datetime


def _shop(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_product(product_id: str) -> Product:
        """A product."""

    @world.tool
    def create_cart() -> Cart:
        """A new cart."""

    @world.tool
    def add_item_to_cart(cart_id: str, product_id: str, quantity: int) -> Cart:
        """Add a product to a cart."""

    @world.tool
    def checkout(cart_id: str, payment_method: str) -> Order:
        """Place an order for the cart."""

    @world.tool
    def get_order(order_id: str) -> Order:
        """An order."""

    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_a_new_cart_is_empty_when_a_tool_adds_to_carts(seed: int) -> None:
    cart = _shop(seed).call("create_cart", {})
    assert (cart["items"], cart["subtotal"], cart["total"]) == ([], 0, 0)


@pytest.mark.parametrize("seed", SEEDS)
def test_an_added_line_has_the_catalog_price_and_its_line_total(seed: int) -> None:
    world = _shop(seed)
    products = [world.call("get_product", {"product_id": id}) for id in ("P-1", "P-2")]
    cart = world.call("create_cart", {})
    for product, quantity in zip(products, (3, 1), strict=True):
        args = {"cart_id": cart["cart_id"], "product_id": product["product_id"], "quantity": quantity}
        cart = world.call("add_item_to_cart", args)
    lines = [(i["product_id"], i["name"], i["unit_price"], i["line_total"]) for i in cart["items"]]
    bought = zip(products, (3, 1), strict=True)
    assert lines == [(p["product_id"], p["name"], p["price"], round(q * p["price"], 2)) for p, q in bought]
    assert cart["subtotal"] == round(sum(line[3] for line in lines), 2)


@pytest.mark.parametrize("seed", SEEDS)
def test_checkout_places_an_order_holding_the_cart(seed: int) -> None:
    world = _shop(seed)
    cart = world.call("create_cart", {})
    args = {"cart_id": cart["cart_id"], "product_id": "P-1", "quantity": 2}
    cart = world.call("add_item_to_cart", args)
    order = world.call("checkout", {"cart_id": cart["cart_id"], "payment_method": "card"})
    assert (order["status"], order["created_at"], order["updated_at"]) == ("pending", NOW, NOW)
    assert (order["items"], order["total"]) == (cart["items"], cart["total"])
    assert world.call("get_order", {"order_id": order["order_id"]}) == order


class Attachment(TypedDict):
    file_name: str
    url: str


class Ticket(TypedDict):
    ticket_id: str
    attachments: list[Attachment]


class Comment(TypedDict):
    comment_id: str
    ticket_id: str
    attachments: list[Attachment]


@pytest.mark.parametrize("seed", SEEDS)
def test_only_line_items_are_carried_into_a_created_entity(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_ticket(ticket_id: str) -> Ticket:
        """A ticket."""

    @world.tool
    def create_comment(ticket_id: str, body: str) -> Comment:
        """Comment on a ticket."""

    world.state.remember("ticket", "T1", {"ticket_id": "T1", "attachments": [{"file_name": "a", "url": "u"}]})
    comment = world.call("create_comment", {"ticket_id": "T1", "body": "hi"})
    assert comment["attachments"] != [{"file_name": "a", "url": "u"}]  # the ticket's, not the comment's
