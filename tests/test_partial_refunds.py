"""A refund of part of what a record was paid leaves it partially refunded
(`synthworld.world.partial_refunds`): Shopify's ``financial_status`` reads ``partially_refunded``,
a Stripe charge stays ``refunded: false`` with its ``amount_refunded`` adding up, and a refund
reaching the whole (with what was refunded before) is a full one."""

from __future__ import annotations

from typing import Any, Literal

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld


class Line(TypedDict):
    line_item_id: str
    sku: str
    quantity: int
    price: float


class Order(TypedDict):
    order_id: str
    total: float
    status: Literal["pending", "paid", "fulfilled", "partially_refunded", "refunded", "cancelled"]


class Refund(TypedDict):
    refund_id: str
    order_id: str
    amount: float
    status: Literal["pending", "succeeded", "failed"]


class Charge(TypedDict):
    id: str
    amount: int
    amount_refunded: int
    refunded: bool


class LinedOrder(TypedDict):
    order_id: str
    line_items: list[Line]
    status: Literal["paid", "partially_refunded", "refunded"]


def shop(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_order(total: float) -> Order: ...
    @world.tool
    def get_order(order_id: str) -> Order: ...
    @world.tool
    def refund_order(order_id: str, amount: float | None = None) -> Order: ...
    @world.tool
    def create_refund(order_id: str, amount: float) -> Refund: ...

    return world


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize(
    ("tool", "amounts", "status"),
    [
        ("refund_order", [30.0], "partially_refunded"),
        ("refund_order", [100.0], "refunded"),
        ("refund_order", [None], "refunded"),  # no amount: the whole
        ("create_refund", [30.0], "partially_refunded"),
        ("create_refund", [30.0, 70.0], "refunded"),  # the refunds it remembers add up to the whole
        ("create_refund", [30.0, 30.0], "partially_refunded"),
        ("create_refund", [100.0], "refunded"),
    ],
)
def test_an_order_refunded_in_part_reads_partially_refunded(
    seed: int, tool: str, amounts: list[float | None], status: str
) -> None:
    """Before: every refund, of 30 of 100 too, marked the order ``refunded``."""
    world = shop(seed)
    order = world.call("create_order", {"total": 100.0})
    for amount in amounts:
        answer = world.call(
            tool, {"order_id": order["order_id"], **({} if amount is None else {"amount": amount})}
        )
    assert world.call("get_order", {"order_id": order["order_id"]}) == {**order, "status": status}
    if tool == "refund_order":
        assert answer == {**order, "status": status}  # the answer and memory agree


@pytest.mark.parametrize("seed", range(10))
def test_a_charge_is_refunded_only_when_fully(seed: int) -> None:
    """Before: a new charge answered a drawn ``amount_refunded``, ``refund_charge(amount=300)``
    echoed 300 into the charge's own ``amount`` and set ``refunded: true``."""
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_charge(amount: int) -> Charge: ...
    @world.tool
    def refund_charge(charge_id: str, amount: int | None = None) -> Charge: ...
    @world.tool
    def get_charge(charge_id: str) -> Charge: ...

    charge = world.call("create_charge", {"amount": 1000})
    assert (charge["amount"], charge["amount_refunded"], charge["refunded"]) == (1000, 0, False)
    first = world.call("refund_charge", {"charge_id": charge["id"], "amount": 300})
    assert first == {**charge, "amount_refunded": 300, "refunded": False}
    assert world.call("get_charge", {"charge_id": charge["id"]}) == first
    second = world.call("refund_charge", {"charge_id": charge["id"], "amount": 700})
    assert second == {**charge, "amount_refunded": 1000, "refunded": True}
    assert world.call("get_charge", {"charge_id": charge["id"]}) == second


LINES = [
    {"line_item_id": "L1", "sku": "MUG", "quantity": 2, "price": 10.0},
    {"line_item_id": "L2", "sku": "CAP", "quantity": 1, "price": 25.0},
]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(
    ("lines", "status"),
    [
        (["L1"], "partially_refunded"),
        ([{"line_item_id": "L1", "quantity": 2}, {"line_item_id": "L2", "quantity": 1}], "refunded"),
        (
            [{"line_item_id": "L1", "quantity": 1}, {"line_item_id": "L2", "quantity": 1}],
            "partially_refunded",
        ),
        (["L1", "L2"], "refunded"),
        (["MUG", "CAP"], "refunded"),  # named by sku
    ],
)
def test_a_refund_of_some_lines_is_partial(seed: int, lines: list[Any], status: str) -> None:
    world = SyntheticWorld(
        seed=seed, state={"order": {"O-1": {"order_id": "O-1", "line_items": LINES, "status": "paid"}}}
    )

    @world.tool
    def refund_order(order_id: str, line_items: list[Any]) -> LinedOrder: ...
    @world.tool
    def get_order(order_id: str) -> LinedOrder: ...

    refunded = world.call("refund_order", {"order_id": "O-1", "line_items": lines})
    assert (refunded["status"], refunded["line_items"]) == (status, LINES)
    assert world.call("get_order", {"order_id": "O-1"})["status"] == status


class Sale(TypedDict):
    order_id: str
    total: float
    status: Literal["paid", "refunded"]


def test_an_enum_without_a_partial_value_keeps_the_status() -> None:
    world = SyntheticWorld(
        seed=1, state={"order": {"O-1": {"order_id": "O-1", "total": 80.0, "status": "paid"}}}
    )

    @world.tool
    def refund_order(order_id: str, amount: float) -> Sale: ...

    assert world.call("refund_order", {"order_id": "O-1", "amount": 20.0})["status"] == "paid"
    assert world.call("refund_order", {"order_id": "O-1", "amount": 80.0})["status"] == "refunded"
