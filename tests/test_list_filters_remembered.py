"""A listed entity keeps the list's exact filters it has no field for: what the call said of it."""

from __future__ import annotations

from typing import TypedDict

from synthworld import SyntheticWorld


class OrderSummary(TypedDict):
    order_id: str
    status: str


class Order(TypedDict):
    order_id: str
    customer_email: str
    status: str
    total: float


def _shop(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def search_orders(customer_email: str, q: str = "", min_total: float = 0) -> list[OrderSummary]:
        """Search a customer's orders."""

    @world.tool
    def get_order(order_id: str) -> Order:
        """Fetch an order."""

    return world


def test_a_found_order_is_the_customers_when_fetched() -> None:
    for seed in range(20):
        world = _shop(seed)
        found = world.call("search_orders", {"customer_email": "maria@example.com"})
        for summary in found:
            order = world.call("get_order", {"order_id": summary["order_id"]})
            assert order["customer_email"] == "maria@example.com"
            assert order["status"] == summary["status"]


def test_another_customers_search_does_not_list_them() -> None:
    for seed in range(20):
        world = _shop(seed)
        marias = {o["order_id"] for o in world.call("search_orders", {"customer_email": "maria@example.com"})}
        bobs = {o["order_id"] for o in world.call("search_orders", {"customer_email": "bob@example.com"})}
        assert not marias & bobs
        again = {o["order_id"] for o in world.call("search_orders", {"customer_email": "maria@example.com"})}
        assert marias <= again


def test_a_scripted_search_answer_is_remembered_with_its_filter() -> None:
    world = _shop(3)
    world.script(
        "search_orders",
        when={"customer_email": "maria@example.com"},
        output=[{"order_id": "ORD-1042", "status": "delivered"}],
    )
    world.call("search_orders", {"customer_email": "maria@example.com"})
    assert world.call("get_order", {"order_id": "ORD-1042"})["customer_email"] == "maria@example.com"


def test_text_queries_and_ranges_are_not_fields() -> None:
    world = _shop(5)
    found = world.call("search_orders", {"customer_email": "a@example.com", "q": "blender", "min_total": 10})
    remembered = world.state["order"][found[0]["order_id"]] if found else {}
    assert found
    assert remembered["customer_email"] == "a@example.com"
    assert "q" not in remembered
    assert "min_total" not in remembered
