"""A created entity's deadlines lie ahead of its creation (stop 49: ``createLoan`` in a world at
2025-01-01 answered ``"due": "2024-12-22"``); other calls keep past ones (old overdue loans), and
a bound of the schema wins."""

from __future__ import annotations

import datetime as dt

import pytest

from synthworld import SimulatedClock, SyntheticWorld, ToolSpec, openapi_tools
from synthworld.world.deadlines import is_deadline
from tests._dated_worlds import CLOCK, DATE, SEEDS, TIME, at, closed, valid

LOAN = closed(
    {
        "loan_id": {"type": "string"},
        "book_id": {"type": "string"},
        "borrowed_at": TIME,
        "due": DATE,
        "status": {"type": "string", "enum": ["active", "returned", "overdue"]},
    }
)
HOLD = closed(
    {
        "hold_id": {"type": "string"},
        "created_at": TIME,
        "due_date": DATE,
        "expires_at": TIME,
        "valid_until": TIME,
        "return_by": {"type": "string", "format": "date", "pattern": "^2024-"},
    }
)
_BY_BOOK = closed({"book_id": {"type": "string"}})


def _library(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed, clock=SimulatedClock(CLOCK))
    world.register_tool(ToolSpec("createLoan", "Lend a book.", _BY_BOOK, LOAN))
    world.register_tool(ToolSpec("getLoan", "A loan.", closed({"loan_id": {"type": "string"}}), LOAN))
    page = closed({"loans": {"type": "array", "items": LOAN}})
    world.register_tool(ToolSpec("listLoans", "Loans of a book.", _BY_BOOK, page))
    world.register_tool(ToolSpec("create_hold", "Hold a book.", _BY_BOOK, HOLD))
    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_a_created_loan_is_due_after_the_clock(seed: int) -> None:
    world = _library(seed)
    loan = world.call("createLoan", {"book_id": "b1"})
    valid(world, "createLoan", loan)
    assert dt.date.fromisoformat(loan["due"]) >= CLOCK.date(), loan
    assert world.call("getLoan", {"loan_id": loan["loan_id"]}) == loan


def test_listed_loans_keep_their_past_due_dates() -> None:
    dues = []
    for seed in SEEDS:
        world = _library(seed)
        world.call("createLoan", {"book_id": "b1"})
        page = world.call("listLoans", {"book_id": "b2"})
        valid(world, "listLoans", page)
        dues += [dt.date.fromisoformat(loan["due"]) for loan in page["loans"]]
    assert any(due < CLOCK.date() for due in dues), dues  # old overdue loans stay overdue


@pytest.mark.parametrize("seed", SEEDS)
def test_a_created_holds_deadlines_follow_its_creation_within_the_schema(seed: int) -> None:
    world = _library(seed)
    hold = world.call("create_hold", {"book_id": "b1"})
    valid(world, "create_hold", hold)
    created = at(hold["created_at"])
    assert created == CLOCK
    assert at(hold["expires_at"]) > created, hold
    assert at(hold["valid_until"]) > created, hold
    assert dt.date.fromisoformat(hold["due_date"]) > created.date(), hold
    assert hold["return_by"].startswith("2024-")  # its pattern forbids a later one: left as drawn


_OAS_LOAN = closed({"id": {"type": "string"}, "createdAt": TIME, "due": DATE})
_OAS = {
    "openapi": "3.0.0",
    "info": {"title": "library", "version": "1"},
    "paths": {
        "/loans": {
            "post": {
                "operationId": "createLoan",
                "requestBody": {"content": {"application/json": {"schema": _BY_BOOK}}},
                "responses": {"201": {"content": {"application/json": {"schema": _OAS_LOAN}}}},
            }
        }
    },
}


@pytest.mark.parametrize("seed", SEEDS)
def test_an_openapi_created_loan_is_due_after_its_creation(seed: int) -> None:
    world = SyntheticWorld(seed, clock=SimulatedClock(CLOCK))
    world.add_tools(openapi_tools(_OAS))
    loan = world.call("createLoan", {"book_id": "b1"})
    valid(world, "createLoan", loan)
    assert at(loan["createdAt"]) == CLOCK
    assert dt.date.fromisoformat(loan["due"]) > CLOCK.date(), loan


@pytest.mark.parametrize(
    ("key", "deadline"),
    [
        ("due", True), ("dueDate", True), ("expiresAt", True), ("expiration_date", True),
        ("validTo", True), ("return_by", True), ("payment_due_date", True), ("valid_token", False),
        ("expired_at", False), ("overdue", False), ("start_date", False),
    ],
)  # fmt: skip
def test_which_times_name_a_deadline(key: str, deadline: bool) -> None:
    assert is_deadline(key) is deadline
