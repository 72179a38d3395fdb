"""A shop written as a user would: a new cart is empty when a tool adds items to carts, an
added line has the catalog's price and its line total, and a ``checkout(cart_id)`` places an
order (first status, created now) holding the cart's items and total."""

from __future__ import annotations

import datetime
import json
from typing import Literal

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld, ToolSpec

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
    def get_cart(cart_id: str) -> Cart:
        """A cart."""

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
    spent = world.call("get_cart", {"cart_id": cart["cart_id"]})  # before: it kept its lines
    assert (spent["items"], spent["subtotal"], spent["total"]) == ([], 0, 0)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_order_writes_the_carts_money_as_the_cart_does(seed: int) -> None:
    """A sum is written as its parts are (``1802`` over whole prices, never ``1802.0`` in one answer
    and ``1802`` in the next): before, each total kept the type it was drawn in."""
    world = _shop(seed)
    cart = world.call("create_cart", {})
    cart = world.call("add_item_to_cart", {"cart_id": cart["cart_id"], "product_id": "P-1", "quantity": 2})
    order = world.call("checkout", {"cart_id": cart["cart_id"], "payment_method": "card"})
    as_text = [json.dumps([v["items"], v["total"]]) for v in (cart, order)]
    assert as_text[0] == as_text[1]
    assert json.dumps(cart["subtotal"]) == json.dumps(cart["total"])
    whole = all(type(line["unit_price"]) is int for line in cart["items"])
    assert type(cart["total"]) is (int if whole else float)


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


class Basket(TypedDict):
    basket_id: str
    lines: list[Line]
    total: float
    status: Literal["open", "checked_out", "abandoned"]


class Shopper(TypedDict):
    customer_id: str
    orders_placed: int
    status: Literal["active", "completed"]


@pytest.mark.parametrize("tool", ["place_order", "purchase", "create_order"])
def test_a_basket_whose_status_can_say_so_reads_checked_out_and_keeps_its_lines(tool: str) -> None:
    lines = [{"product_id": "P-1", "name": "Mug", "quantity": 2, "unit_price": 9.5, "line_total": 19.0}]
    basket = {"basket_id": "B-1", "lines": lines, "total": 19.0, "status": "open"}
    shopper = {"customer_id": "C-1", "orders_placed": 3, "status": "active"}
    world = SyntheticWorld(seed=2, state={"basket": {"B-1": basket}, "customer": {"C-1": shopper}})

    @world.tool
    def get_basket(basket_id: str) -> Basket: ...
    @world.tool
    def get_customer(customer_id: str) -> Shopper: ...

    world.register_tool(ToolSpec.from_function(_order_from_basket, name=tool))
    order = world.call(tool, {"basket_id": "B-1", "customer_id": "C-1"})
    after = world.call("get_basket", {"basket_id": "B-1"})
    if tool == "create_order":  # a create that does not say it checks out spends nothing
        assert after == basket
        return
    assert (order["items"], order["total"]) == (lines, 19.0)
    assert after == {**basket, "status": "checked_out"}  # the record of what was bought
    assert world.call("get_customer", {"customer_id": "C-1"}) == shopper  # holds no lines: untouched


def _order_from_basket(basket_id: str, customer_id: str) -> Order:
    """Place an order for the basket."""
    raise NotImplementedError


class Variant(TypedDict):
    sku: str
    price: float


class Listing(TypedDict):
    product_id: str
    variants: list[Variant]


def test_buying_a_product_spends_no_basket() -> None:
    """A product's priced variants are no basket's lines (no quantity): buying it keeps them."""
    variants = [{"sku": "MUG-RED", "price": 9.5}, {"sku": "MUG-BLUE", "price": 9.5}]
    listing = {"product_id": "P-1", "variants": variants}
    world = SyntheticWorld(seed=2, state={"product": {"P-1": listing}})

    @world.tool
    def get_product(product_id: str) -> Listing: ...
    @world.tool
    def buy_product(product_id: str, quantity: int) -> Order: ...

    order = world.call("buy_product", {"product_id": "P-1", "quantity": 1})
    assert all("sku" not in line for line in order["items"])
    assert world.call("get_product", {"product_id": "P-1"}) == listing
    assert "parent" not in world.trace[0].rules
