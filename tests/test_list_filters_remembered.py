"""A listed entity keeps the list's exact filters it has no field for: what the call said of it."""

from __future__ import annotations

from typing import TypedDict

from synthworld import SyntheticWorld
from synthworld.examples import helpdesk


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


def test_a_partly_remembered_entity_is_listed_in_time_order() -> None:
    """Fields a list generates for an entity the world knows only in part (from `state`) keep
    the in-object rules: it was listed created after it was updated, and after the world's now."""
    known = {f"T-{n}": {"ticket_id": f"T-{n}", "title": "Printer", "status": "open"} for n in (1, 2)}
    for seed in (1, 3, 5):
        world = SyntheticWorld(seed=seed, state={"ticket": known})
        world.add_tools(helpdesk)
        listed = {t["ticket_id"]: t for t in world.call("list_tickets", {"status": "open"})}
        now = world.clock.now().strftime("%Y-%m-%dT%H:%M:%SZ")
        for ticket in (listed["T-1"], listed["T-2"]):
            assert ticket["created_at"] <= ticket["updated_at"] <= now, (seed, ticket)
            assert (ticket["title"], ticket["status"]) == ("Printer", "open")  # memory stays as it was
