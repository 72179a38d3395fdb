"""A created entity's own events happen at its creation (stop 50: a ``createLoan`` in a world at
2025-01-01 answered ``"borrowed_at": "2024-04-18T21:00:09Z"``; a created order whose
``shipped_at`` the schema does not let be null kept one drawn months before its ``created_at``).
Other calls keep their drawn past."""

from __future__ import annotations

import datetime as dt

import pytest

from synthworld import SyntheticWorld
from synthworld.world.new_events import is_event
from tests._dated_worlds import CLOCK, DATE, SEEDS, TIME, at, closed, dated_world, valid

LOAN = closed({"loan_id": {"type": "string"}, "borrowed_at": TIME, "checked_out_on": DATE, "due": DATE})
ORDER = closed(
    {
        "order_id": {"type": "string"},
        "created_at": TIME,
        "shipped_at": TIME,
        "paid_at": TIME,
        "started_at": TIME,
        "cancelled_at": {"type": ["string", "null"], "format": "date-time"},
    }
)


def _world(seed: int) -> SyntheticWorld:
    return dated_world(seed, {"createLoan": LOAN, "getLoan": LOAN, "create_order": ORDER})


@pytest.mark.parametrize("seed", SEEDS)
def test_a_loan_made_now_was_borrowed_now(seed: int) -> None:
    world = _world(seed)
    loan = world.call("createLoan", {"ref": "b1"})
    valid(world, "createLoan", loan)
    assert at(loan["borrowed_at"]) == CLOCK, loan
    assert loan["checked_out_on"] == "2025-01-01", loan
    assert dt.date.fromisoformat(loan["due"]) > CLOCK.date(), loan


@pytest.mark.parametrize("seed", SEEDS)
def test_times_a_new_order_cannot_leave_null_are_its_creation(seed: int) -> None:
    world = _world(seed)
    order = world.call("create_order", {"ref": "o1"})
    valid(world, "create_order", order)
    assert at(order["created_at"]) == CLOCK
    for key in ("shipped_at", "paid_at", "started_at"):
        assert at(order[key]) == CLOCK, (key, order)
    assert order["cancelled_at"] is None  # the schema lets it be null: not yet


def test_read_loans_keep_their_drawn_past() -> None:
    borrowed = [at(_world(seed).call("getLoan", {"ref": "b1"})["borrowed_at"]) for seed in SEEDS]
    assert any(when < CLOCK - dt.timedelta(days=30) for when in borrowed), borrowed


@pytest.mark.parametrize(
    ("key", "event"),
    [
        ("borrowed_at", True), ("checkedOutAt", True), ("shipped_at", True), ("paid_date", True),
        ("startedAt", True), ("issued_on", True), ("created_at", False), ("approved_by", False),
        ("start_date", False), ("due_date", False), ("paid", True), ("shipping_address", False),
        ("ordered_items", False),
    ],
)  # fmt: skip
def test_which_times_name_an_event(key: str, event: bool) -> None:
    assert is_event(key) is event
