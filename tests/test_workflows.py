"""Workflows as an agent runs them, in several domains: each checks what a real backend would
answer after the steps before (create then list, delete then verify, cancel then refund...).
Office tools (contacts, files, tasks) are in ``test_workflows_office.py``."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Literal

import pytest
from typing_extensions import NotRequired, TypedDict

from synthworld import SimulatedClock, SyntheticWorld, ToolError

SEEDS = range(8)

# -- shop -------------------------------------------------------------------------------------

OrderStatus = Literal["pending", "paid", "shipped", "delivered", "cancelled", "refunded"]


class Buyer(TypedDict):
    name: str
    email: str


class OrderLine(TypedDict):
    sku: str
    quantity: int
    unit_price: float


class Order(TypedDict):
    order_id: str
    status: OrderStatus
    customer: Buyer
    items: list[OrderLine]
    subtotal: float
    shipping: float
    total: float
    placed_at: datetime.datetime
    updated_at: datetime.datetime


class Refund(TypedDict):
    refund_id: str
    order_id: str
    amount: float
    status: Literal["pending", "completed"]


def shop(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed, clock=SimulatedClock(tick=30))

    @world.tool
    def get_order(order_id: str) -> Order:
        """One order."""

    @world.tool
    def list_orders(status: OrderStatus | None = None) -> list[Order]:
        """Orders, optionally by status."""

    @world.tool
    def cancel_order(order_id: str) -> Order:
        """Cancel an order."""

    @world.tool(idempotent=False)
    def refund_order(order_id: str, amount: float) -> Refund:
        """Refund an order."""

    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_shop_cancel_then_refund(seed: int) -> None:
    world = shop(seed)
    order = world.call("get_order", {"order_id": "ORD-1"})
    cents = sum(round(line["quantity"] * round(line["unit_price"] * 100)) for line in order["items"])
    assert round(order["subtotal"] * 100) == cents
    assert round(order["total"] * 100) == cents + round(order["shipping"] * 100)
    cancelled = world.call("cancel_order", {"order_id": "ORD-1"})
    assert cancelled["status"] == "cancelled"
    assert {k: cancelled[k] for k in ("items", "total", "customer")} == {
        k: order[k] for k in ("items", "total", "customer")
    }
    assert cancelled["placed_at"] <= cancelled["updated_at"]
    assert "ORD-1" in [o["order_id"] for o in world.call("list_orders", {"status": "cancelled"})]
    refund = world.call("refund_order", {"order_id": "ORD-1", "amount": order["total"]})
    assert (refund["order_id"], refund["amount"]) == ("ORD-1", order["total"])
    assert refund["refund_id"] != "ORD-1"
    assert world.call("get_order", {"order_id": "ORD-1"})["status"] == "refunded"
    assert "ORD-1" not in [o["order_id"] for o in world.call("list_orders", {"status": "cancelled"})]


def test_shop_list_then_get_agree_and_buyers_are_coherent() -> None:
    for seed in SEEDS:
        world = shop(seed)
        for listed in world.call("list_orders", {"status": "paid"}):
            assert listed["status"] == "paid"
            assert world.call("get_order", {"order_id": listed["order_id"]}) == listed
            name = listed["customer"]["name"].split()[-1].lower()
            assert name in listed["customer"]["email"].replace(".", "")


# -- ticket tracker ---------------------------------------------------------------------------


class Ticket(TypedDict):
    id: int
    title: str
    state: Literal["new", "in_progress", "resolved", "closed"]
    assignee: str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    resolved_at: NotRequired[datetime.datetime]


class Tickets(TypedDict):
    results: list[Ticket]
    total: int


def helpdesk(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed, clock=SimulatedClock(tick=60))

    @world.tool
    def open_ticket(title: str, assignee: str) -> Ticket:
        """File a ticket."""

    @world.tool
    def search_tickets(query: str = "", assignee: str | None = None, state: str | None = None) -> Tickets:
        """Search tickets."""

    @world.tool
    def resolve_ticket(id: int) -> Ticket:
        """Mark a ticket resolved."""

    @world.tool
    def assign_ticket(id: int, assignee: str) -> Ticket:
        """Give a ticket to someone."""

    @world.tool
    def remove_ticket(id: int) -> dict[str, bool]:
        """Delete a ticket."""

    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_tracker_file_assign_resolve_search_delete(seed: int) -> None:
    world = helpdesk(seed)
    ticket = world.call("open_ticket", {"title": "VPN drops every hour", "assignee": "dana"})
    assert (ticket["state"], ticket["assignee"]) == ("new", "dana")
    found = world.call("search_tickets", {"query": "vpn drops"})
    assert ticket["id"] in [t["id"] for t in found["results"]]
    assert found["total"] == len(found["results"])
    moved = world.call("assign_ticket", {"id": ticket["id"], "assignee": "lee"})
    assert (moved["assignee"], moved["title"], moved["created_at"]) == (
        "lee",
        ticket["title"],
        ticket["created_at"],
    )
    assert moved["updated_at"] > ticket["updated_at"]
    assert ticket["id"] not in [
        t["id"] for t in world.call("search_tickets", {"assignee": "dana"})["results"]
    ]
    resolved = world.call("resolve_ticket", {"id": ticket["id"]})
    assert resolved["state"] == "resolved"
    assert ticket["id"] in [t["id"] for t in world.call("search_tickets", {"state": "resolved"})["results"]]
    world.call("remove_ticket", {"id": ticket["id"]})
    assert ticket["id"] not in [t["id"] for t in world.call("search_tickets", {"query": "vpn"})["results"]]
    with pytest.raises(ToolError) as caught:
        world.call("resolve_ticket", {"id": ticket["id"]})
    assert caught.value.code == "not_found"


# -- calendar ---------------------------------------------------------------------------------


class Event(TypedDict):
    event_id: str
    title: str
    start: datetime.datetime
    end: datetime.datetime
    status: Literal["confirmed", "tentative", "cancelled"]


def calendar(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed)

    @world.tool(idempotent=False)
    def create_event(title: str, start: datetime.datetime, end: datetime.datetime) -> Event:
        """Put an event on the calendar."""

    @world.tool
    def list_events(day: datetime.date) -> list[Event]:
        """The events of one day."""

    @world.tool
    def cancel_event(event_id: str) -> Event:
        """Cancel an event."""

    @world.tool
    def delete_event(event_id: str) -> dict[str, bool]:
        """Remove an event."""

    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_calendar_book_list_cancel_delete(seed: int) -> None:
    world = calendar(seed)
    event = world.call(
        "create_event",
        {"title": "Design review", "start": "2026-03-02T10:00:00Z", "end": "2026-03-02T10:30:00Z"},
    )
    assert event["status"] == "confirmed"
    day = world.call("list_events", {"day": "2026-03-02"})
    assert event["event_id"] in [e["event_id"] for e in day]
    assert all(e["start"][:10] == "2026-03-02" and e["start"] <= e["end"] for e in day)
    assert event["event_id"] not in [e["event_id"] for e in world.call("list_events", {"day": "2026-03-03"})]
    assert world.call("cancel_event", {"event_id": event["event_id"]})["status"] == "cancelled"
    world.call("delete_event", {"event_id": event["event_id"]})
    assert event["event_id"] not in [e["event_id"] for e in world.call("list_events", {"day": "2026-03-02"})]
    with pytest.raises(ToolError, match="not_found"):
        world.call("cancel_event", {"event_id": event["event_id"]})


# -- GitHub-like issues -----------------------------------------------------------------------


class Account(TypedDict):
    id: int
    login: str
    name: str
    email: str


class GitIssue(TypedDict):
    id: int
    number: int
    title: str
    state: Literal["open", "closed"]
    user: Account
    created_at: datetime.datetime
    closed_at: datetime.datetime | None


def forge(seed: int, *, declare: bool = True) -> SyntheticWorld:
    world = SyntheticWorld(seed)

    @world.tool
    def list_issues(owner: str, repo: str, state: str = "open") -> list[GitIssue]:
        """A repository's issues."""

    @world.tool
    def create_issue(owner: str, repo: str, title: str) -> GitIssue:
        """Open an issue."""

    @world.tool
    def close_issue(owner: str, repo: str, issue_number: int) -> GitIssue:
        """Close an issue."""

    @world.tool
    def get_user(login: str) -> Account:
        """A user by login."""

    if declare:
        world.identity("user", "login")
    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_issues_same_list_unique_numbers_authors_and_close(seed: int) -> None:
    world = forge(seed)
    where = {"owner": "acme", "repo": "web", "state": "open"}
    first = world.call("list_issues", where)
    assert world.call("list_issues", where) == first
    assert all(i["state"] == "open" for i in first)
    made = world.call("create_issue", {"owner": "acme", "repo": "web", "title": "Crash on save"})
    assert (made["state"], made["closed_at"]) == ("open", None)
    listed = world.call("list_issues", where)
    assert made["number"] in [i["number"] for i in listed]
    assert len({i["number"] for i in listed}) == len(listed)
    for issue in listed:
        assert world.call("get_user", {"login": issue["user"]["login"]}) == issue["user"]
    closed = world.call("close_issue", {"owner": "acme", "repo": "web", "issue_number": made["number"]})
    assert closed["state"] == "closed"
    assert closed["closed_at"] is not None
    assert closed["created_at"] <= closed["closed_at"]
    assert made["number"] not in [i["number"] for i in world.call("list_issues", where)]


@pytest.mark.parametrize("seed", SEEDS)
def test_an_author_is_found_by_login_without_declaring_it(seed: int) -> None:
    world = forge(seed, declare=False)
    for issue in world.call("list_issues", {"owner": "acme", "repo": "api", "state": "open"}):
        assert world.call("get_user", {"login": issue["user"]["login"]}) == issue["user"]


def test_a_workflow_is_the_same_for_the_same_seed() -> None:
    def run(seed: int) -> list[Any]:
        world = shop(seed)
        world.call("list_orders", {})
        world.call("cancel_order", {"order_id": "ORD-9"})
        world.call("refund_order", {"order_id": "ORD-9", "amount": 1.0})
        return [call.to_dict() for call in world.trace] + [world.state.snapshot()]

    assert run(3) == run(3)
    assert run(3) != run(4)


WORKFLOW = """
import json, sys
sys.path.insert(0, sys.argv[2])
from test_workflows import forge, helpdesk, shop

repo, order = {"owner": "a", "repo": "b"}, {"order_id": "O1"}
out = []
for make, steps in (
    (shop, [("list_orders", {}), ("cancel_order", order), ("refund_order", {**order, "amount": 5})]),
    (helpdesk, [("open_ticket", {"title": "VPN", "assignee": "dana"}), ("search_tickets", {"query": "vpn"})]),
    (forge, [("list_issues", {**repo, "state": "open"}), ("create_issue", {**repo, "title": "x"})]),
):
    world = make(int(sys.argv[1]))
    for name, args in steps:
        world.call(name, args)
    out.append([json.loads(world.trace.to_json()), world.state.snapshot()])
print(json.dumps(out))
"""


def test_the_same_workflow_in_processes_with_other_hash_seeds(tmp_path: Path) -> None:
    script = tmp_path / "workflow.py"
    script.write_text(WORKFLOW, encoding="utf-8")

    def run(hashseed: str) -> Any:
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        command = [sys.executable, str(script), "5", str(Path(__file__).parent)]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True, timeout=120)
        return json.loads(done.stdout)

    assert run("1") == run("999")
