"""Workflows over stubs named as users name them: an ``id`` parameter for an answer keyed
``<kind>_id``, verbs at the end (``issues.create``, ``issueCreate``), REST-like names
(``get_orders_order_id``). Each family must behave like one backend across the workflow."""

from __future__ import annotations

from typing import Any, Literal

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld, ToolError

SEEDS = range(6)


class Ticket(TypedDict):
    ticket_id: str
    subject: str
    status: Literal["new", "open", "solved", "closed"]
    requester_email: str


class Ok(TypedDict):
    success: bool


def helpdesk(seed: int) -> SyntheticWorld:
    """Tickets keyed ``ticket_id``, reached by parameters named ``id`` and ``ticket_id``."""
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_ticket(subject: str, requester_email: str) -> Ticket: ...

    @world.tool
    def get_ticket(id: str) -> Ticket: ...

    @world.tool
    def update_ticket(ticket_id: str, subject: str) -> Ok: ...

    @world.tool
    def solve_ticket(ticket_id: str) -> Ok: ...

    @world.tool
    def delete_ticket(id: str) -> Ok: ...

    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_an_id_parameter_finds_the_entity_keyed_kind_id(seed: int) -> None:
    world = helpdesk(seed)
    made = world.call("create_ticket", {"subject": "VPN down", "requester_email": "amy@example.com"})
    assert world.call("get_ticket", {"id": made["ticket_id"]}) == made
    assert world.call("update_ticket", {"ticket_id": made["ticket_id"], "subject": "VPN down again"}) == {
        "success": True
    }
    assert world.call("get_ticket", {"id": made["ticket_id"]}) == {**made, "subject": "VPN down again"}
    assert world.call("solve_ticket", {"ticket_id": made["ticket_id"]}) == {"success": True}
    assert world.call("get_ticket", {"id": made["ticket_id"]})["status"] == "solved"  # Zendesk's word
    assert world.call("delete_ticket", {"id": made["ticket_id"]}) == {"success": True}
    with pytest.raises(ToolError) as gone:
        world.call("get_ticket", {"id": made["ticket_id"]})
    assert gone.value.code == "not_found"


def test_an_id_parameter_echoes_into_the_kind_id_of_an_unknown_entity() -> None:
    world = helpdesk(3)
    assert world.call("get_ticket", {"id": "T-77"})["ticket_id"] == "T-77"
    assert world.trace[0].rules[0] == "echo"


class Issue(TypedDict):
    id: int
    title: str
    state: Literal["open", "closed"]
    labels: list[str]


def issues(seed: int, style: str) -> SyntheticWorld:
    """One issue tracker, its verbs at the end: ``issues.create`` or GraphQL's ``issueCreate``."""
    world = SyntheticWorld(seed=seed)
    names = {verb: f"issues.{verb}" if style == "dotted" else f"issue{verb.title()}" for verb in VERBS}

    @world.tool(name=names["create"])
    def create(title: str, labels: list[str]) -> Issue: ...

    @world.tool(name=names["get"])
    def get(id: int) -> Issue: ...

    @world.tool(name=names["list"])
    def list_(state: str | None = None, label: str | None = None) -> list[Issue]: ...

    @world.tool(name=names["close"])
    def close(id: int) -> Issue: ...

    return world


VERBS = ("create", "get", "list", "close")


@pytest.mark.parametrize("style", ["dotted", "camel"])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_verb_ending_the_name_leads_it(seed: int, style: str) -> None:
    world = issues(seed, style)
    name = dict(zip(VERBS, world.tools, strict=True))
    made = world.call(name["create"], {"title": "Crash on save", "labels": ["bug", "p1"]})
    assert (made["title"], made["labels"], made["state"]) == ("Crash on save", ["bug", "p1"], "open")
    assert world.call(name["get"], {"id": made["id"]}) == made
    bugs = world.call(name["list"], {"label": "bug"})
    assert made in bugs
    assert all("bug" in issue["labels"] for issue in bugs)
    assert world.call(name["close"], {"id": made["id"]}) == {**made, "state": "closed"}
    still_open = world.call(name["list"], {"state": "open"})
    assert made["id"] not in [issue["id"] for issue in still_open]
    assert {issue["state"] for issue in still_open} <= {"open"}


def reports_api() -> dict[str, Any]:
    """Operations named resource-then-verb; ``ReportArchive`` is a GET (it downloads one)."""
    report = {
        "type": "object",
        "required": ["id", "status"],
        "properties": {
            "id": {"type": "string"},
            "status": {"type": "string", "enum": ["active", "archived"]},
        },
    }
    answer = {"description": "ok", "content": {"application/json": {"schema": report}}}
    report_id = [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}]
    return {
        "openapi": "3.0.3",
        "info": {"title": "Reports", "version": "1"},
        "paths": {
            "/reports": {"post": {"operationId": "ReportCreate", "responses": {"201": answer}}},
            "/reports/{id}": {
                "get": {"operationId": "ReportInspect", "parameters": report_id, "responses": {"200": answer}}
            },
            "/reports/{id}/archive": {
                "get": {"operationId": "ReportArchive", "parameters": report_id, "responses": {"200": answer}}
            },
        },
    }


def test_a_get_whose_name_reads_as_a_change_changes_nothing() -> None:
    world = SyntheticWorld.from_openapi(reports_api(), seed=2)
    made = world.call("ReportCreate", {})
    assert made["status"] == "active"
    assert world.call("ReportArchive", {"id": made["id"]}) == made
    assert world.call("ReportInspect", {"id": made["id"]}) == made


class Order(TypedDict):
    id: str
    customer_id: str
    status: Literal["new", "paid", "shipped", "cancelled"]
    amount: float


def rest_shop(seed: int) -> SyntheticWorld:
    """Stubs named after their requests: ``POST /orders``, ``GET /orders/{order_id}``..."""
    world = SyntheticWorld(seed=seed)

    @world.tool
    def post_orders(customer_id: str, amount: float) -> Order: ...

    @world.tool
    def get_orders_order_id(order_id: str) -> Order: ...

    @world.tool
    def get_orders(customer_id: str | None = None) -> list[Order]: ...

    @world.tool
    def delete_orders_order_id(order_id: str) -> dict[str, bool]: ...

    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_a_name_spelt_like_a_rest_path_is_about_its_collection(seed: int) -> None:
    world = rest_shop(seed)
    made = world.call("post_orders", {"customer_id": "CUS-1", "amount": 42.5})
    assert (made["customer_id"], made["amount"], made["status"]) == ("CUS-1", 42.5, "new")
    assert world.call("get_orders_order_id", {"order_id": made["id"]}) == made
    listed = world.call("get_orders", {"customer_id": "CUS-1"})
    assert made in listed
    assert {order["customer_id"] for order in listed} == {"CUS-1"}
    world.call("delete_orders_order_id", {"order_id": made["id"]})
    with pytest.raises(ToolError) as gone:
        world.call("get_orders_order_id", {"order_id": made["id"]})
    assert gone.value.code == "not_found"
    assert made["id"] not in [order["id"] for order in world.call("get_orders", {})]


class Customer(TypedDict):
    id: str
    name: str


class Invoice(TypedDict):
    id: str
    customer: Customer
    amount: float


class Account(TypedDict):
    id: str
    name: str
    email: str


def billing(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_customer(name: str, email: str) -> Account: ...

    @world.tool
    def create_invoice(customer_id: str, amount: float) -> Invoice: ...

    @world.tool
    def get_invoice(invoice_id: str) -> Invoice: ...

    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_a_kind_id_input_names_the_nested_object_of_that_kind(seed: int) -> None:
    world = billing(seed)
    assert world.call("create_invoice", {"customer_id": "C-9", "amount": 12.5})["customer"]["id"] == "C-9"
    ada = world.call("create_customer", {"name": "Ada Lovelace", "email": "ada@example.com"})
    invoice = world.call("create_invoice", {"customer_id": ada["id"], "amount": 99.0})
    assert invoice["customer"] == {"id": ada["id"], "name": "Ada Lovelace"}
    assert world.call("get_invoice", {"invoice_id": invoice["id"]}) == invoice
