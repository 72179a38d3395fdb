"""A deadline lies after the time it follows, wherever it stands (stop 50: a read loan answered
``"borrowed_at": "2024-12-02T03:49:58Z", "due": "2024-09-09"``, a bare ``due`` outside every
time-order pair; a created loan's ``terms.due`` was before its creation, and a read one's
``terms.deadline`` before the loan's ``created_at``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import jsonschema
import pytest

from synthworld import SimulatedClock, SyntheticWorld, ToolSpec

CLOCK = dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)
SEEDS = range(10)
_TIME = {"type": "string", "format": "date-time"}
_DATE = {"type": "string", "format": "date"}


def _obj(props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


TERMS = _obj({"due": _DATE, "deadline": _TIME})
LOAN = _obj(
    {"id": {"type": "string"}, "created_at": _TIME, "borrowed_at": _TIME, "due": _DATE, "terms": TERMS}
)
TASK = _obj({"id": {"type": "string"}, "started_at": _TIME, "deadline": _TIME, "expiry": _DATE})
_ANY = _obj({"ref": {"type": "string"}})


def _world(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed, clock=SimulatedClock(CLOCK))
    for name, returns in (("get_loan", LOAN), ("create_loan", LOAN), ("get_task", TASK)):
        world.register_tool(ToolSpec(name, "A tool.", _ANY, returns))
    return world


def _at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


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
    assert _day(loan["due"]) > _at(loan["borrowed_at"]).date(), loan
    assert _day(loan["due"]) > _at(loan["created_at"]).date(), loan
    assert _day(loan["terms"]["due"]) >= _at(loan["created_at"]).date(), loan
    assert _at(loan["terms"]["deadline"]) > _at(loan["created_at"]), loan


@pytest.mark.parametrize("seed", SEEDS)
def test_a_created_loans_inner_deadlines_follow_its_creation(seed: int) -> None:
    loan = _call(seed, "create_loan")
    assert _at(loan["created_at"]) == CLOCK
    assert _day(loan["terms"]["due"]) >= CLOCK.date(), loan  # a date: today is not before
    assert _at(loan["terms"]["deadline"]) > CLOCK, loan


@pytest.mark.parametrize("seed", SEEDS)
def test_a_bare_deadline_or_expiry_follows_the_start(seed: int) -> None:
    task = _call(seed, "get_task")
    assert _at(task["deadline"]) >= _at(task["started_at"]), task
    assert _day(task["expiry"]) > _at(task["started_at"]).date(), task


def test_a_late_submission_stays_late() -> None:
    homework = _obj(
        {"id": {"type": "string"}, "assigned_at": _TIME, "due_date": _DATE, "submitted_at": _TIME}
    )
    late = 0
    for seed in range(20):
        world = SyntheticWorld(seed, clock=SimulatedClock(CLOCK))
        world.register_tool(ToolSpec("get_homework", "A tool.", _ANY, homework))
        answer = world.call("get_homework", {"ref": "h1"})
        assert _day(answer["due_date"]) > _at(answer["assigned_at"]).date(), answer
        late += _at(answer["submitted_at"]).date() > _day(answer["due_date"])
    assert late > 0  # submitted after the deadline: a late one, not a start the deadline follows
