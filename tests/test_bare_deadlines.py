"""A deadline lies after the time it follows, wherever it stands (stop 50: a read loan answered
``"borrowed_at": "2024-12-02T03:49:58Z", "due": "2024-09-09"``, a bare ``due`` outside every
time-order pair; a created loan's ``terms.due`` was before its creation, and a read one's
``terms.deadline`` before the loan's ``created_at``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import jsonschema
import pytest

from synthworld import SyntheticWorld
from tests._dated_worlds import CLOCK, DATE, SEEDS, TIME, at, closed, dated_world

TERMS = closed({"due": DATE, "deadline": TIME})
LOAN = closed(
    {"id": {"type": "string"}, "created_at": TIME, "borrowed_at": TIME, "due": DATE, "terms": TERMS}
)
TASK = closed({"id": {"type": "string"}, "started_at": TIME, "deadline": TIME, "expiry": DATE})


def _world(seed: int) -> SyntheticWorld:
    return dated_world(seed, {"get_loan": LOAN, "create_loan": LOAN, "get_task": TASK})


def _day(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


def _call(seed: int, tool: str) -> Any:
    world = _world(seed)
    answer = world.call(tool, {"ref": "x"})
    jsonschema.validate(answer, world.tools[tool].returns, format_checker=jsonschema.FormatChecker())
    return answer


@pytest.mark.parametrize("seed", SEEDS)
def test_a_read_loan_is_due_after_it_was_borrowed_and_made(seed: int) -> None:
    loan = _call(seed, "get_loan")
    assert _day(loan["due"]) > at(loan["borrowed_at"]).date(), loan
    assert _day(loan["due"]) > at(loan["created_at"]).date(), loan
    assert _day(loan["terms"]["due"]) >= at(loan["created_at"]).date(), loan
    assert at(loan["terms"]["deadline"]) > at(loan["created_at"]), loan


@pytest.mark.parametrize("seed", SEEDS)
def test_a_created_loans_inner_deadlines_follow_its_creation(seed: int) -> None:
    loan = _call(seed, "create_loan")
    assert at(loan["created_at"]) == CLOCK
    assert _day(loan["terms"]["due"]) >= CLOCK.date(), loan  # a date: today is not before
    assert at(loan["terms"]["deadline"]) > CLOCK, loan


@pytest.mark.parametrize("seed", SEEDS)
def test_a_bare_deadline_or_expiry_follows_the_start(seed: int) -> None:
    task = _call(seed, "get_task")
    assert at(task["deadline"]) >= at(task["started_at"]), task
    assert _day(task["expiry"]) > at(task["started_at"]).date(), task


def test_a_late_submission_stays_late() -> None:
    homework = closed({"id": {"type": "string"}, "assigned_at": TIME, "due_date": DATE, "submitted_at": TIME})
    late = 0
    for seed in range(20):
        world = dated_world(seed, {"get_homework": homework})
        answer = world.call("get_homework", {"ref": "h1"})
        assert _day(answer["due_date"]) > at(answer["assigned_at"]).date(), answer
        late += at(answer["submitted_at"]).date() > _day(answer["due_date"])
    assert late > 0  # submitted after the deadline: a late one, not a start the deadline follows
