"""A created entity's own events happen at its creation (stop 50: a ``createLoan`` in a world at
2025-01-01 answered ``"borrowed_at": "2024-04-18T21:00:09Z"``; a created order whose
``shipped_at`` the schema does not let be null kept one drawn months before its ``created_at``).
Other calls keep their drawn past."""

from __future__ import annotations

import datetime as dt
from typing import Any

import jsonschema
import pytest

from synthworld import SimulatedClock, SyntheticWorld, ToolSpec
from synthworld.world.new_events import is_event

CLOCK = dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)
SEEDS = range(10)
_TIME = {"type": "string", "format": "date-time"}
_DATE = {"type": "string", "format": "date"}


def _obj(props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


LOAN = _obj({"loan_id": {"type": "string"}, "borrowed_at": _TIME, "checked_out_on": _DATE, "due": _DATE})
ORDER = _obj(
    {
        "order_id": {"type": "string"},
        "created_at": _TIME,
        "shipped_at": _TIME,
        "paid_at": _TIME,
        "started_at": _TIME,
        "cancelled_at": {"type": ["string", "null"], "format": "date-time"},
    }
)
_ANY = _obj({"ref": {"type": "string"}})


def _world(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed, clock=SimulatedClock(CLOCK))
    for name, returns in (("createLoan", LOAN), ("getLoan", LOAN), ("create_order", ORDER)):
        world.register_tool(ToolSpec(name, "A tool.", _ANY, returns))
    return world


def _at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def _valid(world: SyntheticWorld, tool: str, answer: Any) -> None:
    jsonschema.validate(answer, world.tools[tool].returns, format_checker=jsonschema.FormatChecker())


@pytest.mark.parametrize("seed", SEEDS)
def test_a_loan_made_now_was_borrowed_now(seed: int) -> None:
    world = _world(seed)
    loan = world.call("createLoan", {"ref": "b1"})
    _valid(world, "createLoan", loan)
    assert _at(loan["borrowed_at"]) == CLOCK, loan
    assert loan["checked_out_on"] == "2025-01-01", loan
    assert dt.date.fromisoformat(loan["due"]) > CLOCK.date(), loan


@pytest.mark.parametrize("seed", SEEDS)
def test_times_a_new_order_cannot_leave_null_are_its_creation(seed: int) -> None:
    world = _world(seed)
    order = world.call("create_order", {"ref": "o1"})
    _valid(world, "create_order", order)
    assert _at(order["created_at"]) == CLOCK
    for key in ("shipped_at", "paid_at", "started_at"):
        assert _at(order[key]) == CLOCK, (key, order)
    assert order["cancelled_at"] is None  # the schema lets it be null: not yet


def test_read_loans_keep_their_drawn_past() -> None:
    borrowed = [_at(_world(seed).call("getLoan", {"ref": "b1"})["borrowed_at"]) for seed in SEEDS]
    assert any(at < CLOCK - dt.timedelta(days=30) for at in borrowed), borrowed


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
