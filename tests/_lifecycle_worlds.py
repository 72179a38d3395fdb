"""Shared by the lifecycle tests: a ticket tracker world and the records its tools answer."""

from __future__ import annotations

from typing import Any, Literal

from typing_extensions import TypedDict

from synthworld import SimulatedClock, SyntheticWorld


class Ticket(TypedDict):
    ticket_id: str
    title: str
    status: Literal["open", "pending", "closed"]
    priority: Literal["low", "normal", "high"]
    created_at: str
    updated_at: str


class TicketPage(TypedDict):
    tickets: list[Ticket]
    count: int


class Deleted(TypedDict):
    ticket_id: str
    deleted: bool


class Ok(TypedDict):
    ok: bool


class Created(TypedDict):
    ticket_id: str


class Person(TypedDict):
    user_id: str
    name: str


class Author(TypedDict):
    login: str
    name: str


class Issue(TypedDict):
    id: int
    title: str
    author: Author


class GitUser(TypedDict):
    id: int
    login: str
    name: str


class Product(TypedDict):
    sku: str
    name: str
    price: float


def tracker(seed: int = 0, **options: Any) -> SyntheticWorld:
    """A ticket tracker: create, get, list, update, close, reopen, delete."""
    world = SyntheticWorld(seed, clock=SimulatedClock(tick=60), **options)

    @world.tool
    def create_ticket(title: str, priority: str = "normal") -> Ticket:
        """Open a ticket."""

    @world.tool
    def get_ticket(ticket_id: str) -> Ticket:
        """One ticket."""

    @world.tool
    def list_tickets(status: str | None = None, priority: str | None = None) -> TicketPage:
        """Tickets, optionally by status and priority."""

    @world.tool
    def update_ticket(ticket_id: str, priority: str) -> Ok:
        """Change a ticket's priority."""

    @world.tool
    def close_ticket(ticket_id: str) -> Ticket:
        """Close a ticket."""

    @world.tool
    def reopen_ticket(ticket_id: str) -> Ok:
        """Reopen a ticket."""

    @world.tool
    def delete_ticket(ticket_id: str) -> Deleted:
        """Delete a ticket."""

    return world


def ids(page: dict[str, Any]) -> list[str]:
    return [t["ticket_id"] for t in page["tickets"]]
