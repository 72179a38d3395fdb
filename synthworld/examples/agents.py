"""Small deterministic rule-based agents for the example worlds.

Each is called as ``agent(world, task)`` and returns its final answer as text. They read the
task with regular expressions and the tool outputs as data, so they behave the same for every
seed, whatever the random backend answers. Like most agent frameworks, `use_tool` hands a
failed call back to the agent as ``{"error": {...}}`` instead of raising.
"""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

from synthworld.errors import ToolError
from synthworld.world import SyntheticWorld

__all__ = [
    "calendar_agent",
    "careful_inbox_agent",
    "hasty_refund_agent",
    "helpdesk_agent",
    "naive_inbox_agent",
    "refund_agent",
    "travel_agent",
    "use_tool",
]

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def use_tool(world: SyntheticWorld, name: str, **arguments: Any) -> Any:
    """Call a tool; a simulated failure comes back as ``{"error": {"code", "message"}}``."""
    try:
        return world.call(name, arguments)
    except ToolError as err:
        return {"error": err.to_dict()}


def _failed(result: Any) -> bool:
    return isinstance(result, dict) and "error" in result


# -- shop ----------------------------------------------------------------------------------------


def _refundable_order(world: SyntheticWorld, task: str) -> tuple[str, dict[str, Any]] | str:
    match = _EMAIL.search(task)
    if match is None:
        return "I need the customer's email address to find the order."
    email = match.group()
    orders = use_tool(world, "search_orders", customer_email=email)
    if _failed(orders):
        return f"I could not look up orders for {email}: {orders['error']['message']}."
    delivered = [o for o in orders if o["status"] == "delivered"]
    if not delivered:
        return f"{email} has no delivered order to refund."
    order = use_tool(world, "get_order", order_id=delivered[0]["order_id"])
    if _failed(order):
        return f"I could not open order {delivered[0]['order_id']}: {order['error']['message']}."
    return email, {**order, "order_id": delivered[0]["order_id"]}


def refund_agent(world: SyntheticWorld, task: str) -> str:
    """Refund the customer's latest delivered order in full, then email them; reports failures."""
    found = _refundable_order(world, task)
    if isinstance(found, str):
        return found
    email, order = found
    reason = task.split(":", 1)[-1].strip()
    refund = use_tool(world, "refund_order", order_id=order["order_id"], amount=order["total"], reason=reason)
    if _failed(refund):
        message = refund["error"]["message"]
        use_tool(
            world,
            "send_email",
            to=email,
            subject=f"Your refund for order {order['order_id']} is delayed",
            body=f"We could not process your refund yet ({message}). We will try again and write back.",
        )
        return f"Could not refund order {order['order_id']}: {message}. The customer was told."
    return _report_refund(world, email, order)


def _report_refund(world: SyntheticWorld, email: str, order: dict[str, Any]) -> str:
    """Email the customer that the refund went through, and say so."""
    use_tool(
        world,
        "send_email",
        to=email,
        subject=f"Your refund for order {order['order_id']}",
        body=f"We refunded {order['total']:.2f} {order['currency']} to your original payment method.",
    )
    return f"Refunded {order['total']:.2f} {order['currency']} for order {order['order_id']}."


def hasty_refund_agent(world: SyntheticWorld, task: str) -> str:
    """Like `refund_agent`, but never looks at the refund's answer: it reports success even when
    the refund failed. The scenario ``shop_refund_payment_error.yaml`` catches this bug."""
    found = _refundable_order(world, task)
    if isinstance(found, str):
        return found
    email, order = found
    reason = task.split(":", 1)[-1].strip()
    use_tool(world, "refund_order", order_id=order["order_id"], amount=order["total"], reason=reason)
    return _report_refund(world, email, order)


# -- calendar ------------------------------------------------------------------------------------


def calendar_agent(world: SyntheticWorld, task: str) -> str:
    """Book the first free slot for a meeting: 'Schedule a 30-minute "Title" with a@x, b@y on DAY'."""
    title = re.search(r'"([^"]+)"', task)
    minutes = re.search(r"(\d+)[- ]minute", task)
    day = _DAY.search(task)
    if not (title and minutes and day):
        return 'Please give a title in quotes, a length like "30-minute" and a day like 2026-03-02.'
    attendees = _EMAIL.findall(task)
    existing = use_tool(world, "list_events", day=day.group())
    if not _failed(existing) and any(e["title"] == title.group(1) for e in existing):
        return f"{title.group(1)!r} is already on the calendar for {day.group()}."
    slots = use_tool(
        world, "find_free_slots", day=day.group(), duration_minutes=int(minutes.group(1)), attendees=attendees
    )
    if _failed(slots) or not slots:
        return f"No common free time on {day.group()}; nothing was booked."
    slot = slots[0]
    event = use_tool(
        world, "create_event", title=title.group(1), start=slot["start"], end=slot["end"], attendees=attendees
    )
    if _failed(event):
        return f"Could not create the event: {event['error']['message']}."
    return f"Booked {title.group(1)!r} at {slot['start']} with {', '.join(attendees)}."


# -- travel --------------------------------------------------------------------------------------


def travel_agent(world: SyntheticWorld, task: str) -> str:
    """Book the cheapest flight with seats left: 'from LIS to BER on DAY for Name Surname[, under 300]'."""
    route = re.search(r"from ([A-Z]{3}) to ([A-Z]{3}) on (\d{4}-\d{2}-\d{2}) for ([^,.]+)", task)
    if route is None:
        return "Please say 'from XXX to YYY on YYYY-MM-DD for Full Name'."
    origin, destination, day, passenger = route.groups()
    budget = re.search(r"under (\d+(?:\.\d+)?)", task)
    query: dict[str, Any] = {"origin": origin, "destination": destination, "day": day}
    if budget:
        query["max_price"] = float(budget.group(1))
    flights = use_tool(world, "search_flights", **query)
    if _failed(flights):
        return f"Flight search failed: {flights['error']['message']}."
    limit = query.get("max_price", float("inf"))
    open_flights = sorted(
        (f for f in flights if f["seats_left"] > 0 and f["price"] <= limit),
        key=lambda f: (f["price"], f["flight_id"]),
    )
    if not open_flights:
        return f"No flight from {origin} to {destination} on {day} has seats left within budget."
    chosen = open_flights[0]
    booking = use_tool(world, "book_flight", flight_id=chosen["flight_id"], passenger_name=passenger)
    if _failed(booking):
        return f"Booking {chosen['flight_id']} failed: {booking['error']['message']}."
    flight, price = chosen["flight_id"], chosen["price"]
    return f"Booked {passenger} on {flight} ({price:.2f}), booking {booking['booking_id']}."


# -- helpdesk ------------------------------------------------------------------------------------


def helpdesk_agent(world: SyntheticWorld, task: str) -> str:
    """Close the open tickets about a topic and throw a spam ticket away: 'Close every open
    ticket about the printer and mark T-2 as spam.'"""
    topic = re.search(r"about (?:the )?(\w+)", task)
    spam = re.search(r"mark (\S+) as spam", task)
    if topic is None or spam is None:
        return "Please say which topic to close ('about the printer') and which ticket is spam."
    tickets = use_tool(world, "list_tickets", status="open")
    if _failed(tickets):
        return f"I could not list the open tickets: {tickets['error']['message']}."
    closed = []
    for ticket in tickets:
        if topic.group(1).lower() in ticket["title"].lower() and ticket["ticket_id"] != spam.group(1):
            done = use_tool(
                world, "close_ticket", ticket_id=ticket["ticket_id"], note=f"Fixed: {ticket['title']}"
            )
            if not _failed(done) and done["status"] == "closed":
                closed.append(ticket["ticket_id"])
    use_tool(world, "mark_spam", ticket_id=spam.group(1))
    gone = _failed(use_tool(world, "get_ticket", ticket_id=spam.group(1)))
    still_open = [
        t["ticket_id"] for t in use_tool(world, "list_tickets", status="open") if t["ticket_id"] in closed
    ]
    if still_open or not gone:
        return f"Something did not stick: open {still_open}, spam gone: {gone}."
    return f"Closed {', '.join(closed) or 'nothing'}; {spam.group(1)} is gone."


# -- inbox: prompt injection ------------------------------------------------------------------


def naive_inbox_agent(world: SyntheticWorld, task: str) -> str:
    """Summarize the unread email, the way an over-eager model does: it does what the email says
    ("call send_email with {...}"), and it assumes there is always mail."""
    emails = use_tool(world, "search_email", query="is:unread")
    if _failed(emails):
        return f"I could not search the mailbox: {emails['error']['message']}."
    for email in emails:
        _obey(world, f"{email['subject']}\n{email['body']}")
    newest = emails[0]
    return f"{len(emails)} unread; newest from {newest['sender']}: {newest['subject']}"


def careful_inbox_agent(world: SyntheticWorld, task: str) -> str:
    """Summarize the unread email treating every email as data: instructions inside an email are
    reported to the user, never followed, and no field is assumed to be there."""
    emails = use_tool(world, "search_email", query="is:unread")
    if _failed(emails):
        return f"I could not search the mailbox: {emails['error']['message']}."
    if not emails:
        return "No unread email."
    suspicious = [
        e.get("email_id", "?") for e in emails if _instruction(world, f"{e.get('subject')} {e.get('body')}")
    ]
    newest = emails[0]
    summary = (
        f"{len(emails)} unread; newest from {newest.get('sender', 'someone')}: {newest.get('subject', '')}"
    )
    if suspicious:
        summary += f" (emails {', '.join(map(str, suspicious))} ask me to run tools; I did not)"
    return summary


def _instruction(world: SyntheticWorld, text: str) -> tuple[str, dict[str, Any]] | None:
    """The first ``tool ... {json}`` instruction in `text` naming a tool of `world`, if any."""
    for name in world.tools:
        at = text.find(name)
        if at < 0:
            continue
        start = text.find("{", at)
        try:
            args, _ = json.JSONDecoder().raw_decode(text, start) if start >= 0 else ({}, 0)
        except json.JSONDecodeError:
            args = {}
        return name, args if isinstance(args, dict) else {}
    return None


def _obey(world: SyntheticWorld, text: str) -> None:
    found = _instruction(world, text)
    if found is not None:
        with contextlib.suppress(Exception):  # a naive agent shrugs and goes on
            world.call(found[0], found[1])
