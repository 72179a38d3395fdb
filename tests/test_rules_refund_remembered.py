"""A refund of an entity the input names is no more than the world remembers it was paid."""

from __future__ import annotations

from typing import TypedDict

import jsonschema
import pytest

from synthworld import SyntheticWorld

SEEDS = range(30)


class Order(TypedDict):
    order_id: str
    total: float


class Refund(TypedDict):
    refund_id: str
    order_id: str
    amount: float


class Booking(TypedDict):
    booking_id: str
    total_price: float


class Cancellation(TypedDict):
    booking_id: str
    refund_amount: float


def shop(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_order(order_id: str) -> Order:
        """Fetch an order."""

    @world.tool
    def refund_order(order_id: str) -> Refund:
        """Refund an order."""

    @world.tool
    def refund_part(order_id: str, amount: float) -> Refund:
        """Refund part of an order."""

    return world


def valid(world: SyntheticWorld, tool: str, answer: object) -> bool:
    return jsonschema.Draft202012Validator(world.tools[tool].returns).is_valid(answer)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_refund_of_a_remembered_order_is_within_its_total(seed: int) -> None:
    world = shop(seed)
    order = world.call("get_order", {"order_id": "A1"})
    refund = world.call("refund_order", {"order_id": "A1"})
    assert refund["order_id"] == "A1"
    assert valid(world, "refund_order", refund)
    assert 0 <= refund["amount"] <= order["total"], (order, refund)


def test_refunds_were_above_the_total_for_many_seeds_without_the_order_in_memory() -> None:
    """The same calls on worlds that never saw the order: the cap comes from memory alone."""
    above = 0
    for seed in SEEDS:
        world = shop(seed)
        refund = world.call("refund_order", {"order_id": "A1"})
        order = world.call("get_order", {"order_id": "A1"})
        above += refund["amount"] > order["total"]
    assert above > 0  # what the remembered order prevents in the test above


@pytest.mark.parametrize("seed", SEEDS)
def test_a_cancellation_refunds_no_more_than_the_remembered_booking_cost(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_booking(booking_id: str) -> Booking:
        """Fetch a booking."""

    @world.tool
    def cancel_booking(booking_id: str) -> Cancellation:
        """Cancel a booking."""

    booking = get_booking("B7")
    cancelled = cancel_booking("B7")
    assert valid(world, "cancel_booking", cancelled)
    assert cancelled["refund_amount"] <= booking["total_price"], (booking, cancelled)


def test_an_amount_the_input_gives_is_kept() -> None:
    world = shop(3)
    order = world.call("get_order", {"order_id": "A1"})
    asked = order["total"] + 100.0
    refund = world.call("refund_part", {"order_id": "A1", "amount": asked})
    assert refund["amount"] == asked
