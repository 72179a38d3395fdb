"""Custom expectations for the example scenarios: ``check(trace, output)`` returns None or a reason."""

from __future__ import annotations

from typing import Any

from synthworld.trace import Trace

__all__ = ["booked_cheapest_open_flight", "refund_equals_order_total", "spam_is_gone"]


def refund_equals_order_total(trace: Trace, output: Any) -> str | None:
    """Every refund is for the full total that get_order reported for that order."""
    totals = {c.input["order_id"]: c.output["total"] for c in trace.calls("get_order") if c.ok}
    for call in trace.calls("refund_order"):
        expected = totals.get(call.input["order_id"])
        if expected is None:
            return f"call #{call.index} refunds order {call.input['order_id']!r} without looking it up first"
        if call.input["amount"] != expected:
            return f"call #{call.index} refunds {call.input['amount']} but the order total is {expected}"
    return None


def booked_cheapest_open_flight(trace: Trace, output: Any) -> str | None:
    """The booked flight is the cheapest with seats left within the budget among those searched."""
    offered = [
        f
        for c in trace.calls("search_flights")
        if c.ok
        for f in c.output
        if f["seats_left"] > 0 and f["price"] <= c.input.get("max_price", float("inf"))
    ]
    booked = trace.calls("book_flight")
    if not offered:
        return f"booked {len(booked)} flight(s) although none had seats" if booked else None
    cheapest = min(f["price"] for f in offered)
    if len(booked) != 1:
        return f"expected exactly one booking, got {len(booked)}"
    price = next((f["price"] for f in offered if f["flight_id"] == booked[0].input["flight_id"]), None)
    if price is None:
        return f"booked {booked[0].input['flight_id']!r}, which no search offered with seats"
    return None if price == cheapest else f"booked a flight at {price}, but one at {cheapest} was open"


def spam_is_gone(trace: Trace, output: Any) -> str | None:
    """A ticket marked as spam is not found afterwards, and a closed ticket is no longer listed open."""
    for mark in trace.calls("mark_spam"):
        later = [c for c in trace.calls("get_ticket") if c.index > mark.index]
        if any(c.input["ticket_id"] == mark.input["ticket_id"] and c.ok for c in later):
            return f"ticket {mark.input['ticket_id']!r} was marked as spam but still answers"
    closed = {c.input["ticket_id"]: c.index for c in trace.calls("close_ticket") if c.ok}
    for listing in trace.calls("list_tickets", status="open"):
        reopened = [
            t["ticket_id"]
            for t in listing.output or []
            if closed.get(t["ticket_id"], listing.index) < listing.index
        ]
        if reopened:
            return f"call #{listing.index} still lists closed tickets as open: {reopened}"
    return None
