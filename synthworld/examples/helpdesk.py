# mypy: disable-error-code="empty-body"
# (stub bodies never run: a world answers every call)
"""A helpdesk: list tickets, close them, and throw spam away.

The world keeps the tickets' lifecycle: a closed ticket leaves the open list, and a ticket marked
as spam is gone (``mark_spam`` is declared a delete by the scenario's ``lifecycle`` key, since its
name does not say so).
"""

from __future__ import annotations

import datetime
from typing import Literal, TypedDict

from synthworld import tool

__all__ = ["close_ticket", "get_ticket", "list_tickets", "mark_spam"]

TicketStatus = Literal["open", "pending", "closed"]


class Requester(TypedDict):
    name: str
    email: str


class Ticket(TypedDict):
    ticket_id: str
    title: str
    status: TicketStatus
    requester: Requester
    created_at: datetime.datetime
    updated_at: datetime.datetime


class Done(TypedDict):
    ok: bool


@tool
def list_tickets(status: TicketStatus) -> list[Ticket]:
    """List the tickets in one status, oldest first.

    Args:
        status: Only tickets in this status.
    """


@tool
def get_ticket(ticket_id: str) -> Ticket:
    """Fetch one ticket.

    Args:
        ticket_id: The ticket's ID, as listed.
    """


@tool
def close_ticket(ticket_id: str, note: str) -> Ticket:
    """Close a ticket with a note to the requester.

    Args:
        ticket_id: The ticket to close.
        note: Why it is closed, for the requester.
    """


@tool
def mark_spam(ticket_id: str) -> Done:
    """Throw a spam ticket away (it cannot be opened again).

    Args:
        ticket_id: The spam ticket.
    """
