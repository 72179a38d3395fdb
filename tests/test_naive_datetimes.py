"""A ``date-time`` (or ``time``) without a timezone is refused, never guessed, and every door that
refuses one says how to fix it: a handler's answer, a scenario's ``state:``, ``SyntheticWorld(state=...)``."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import TypedDict

import pytest

from synthworld import BackendError, ScenarioError, SyntheticWorld, ToolSpec
from synthworld.scenario import load_scenario
from synthworld.schema import compile_validator

UTC_FIX = "write '2025-03-01T10:00:00Z' for UTC, or another offset such as +02:00"


class Event(TypedDict):
    event_id: str
    starts_at: datetime.datetime


def get_event(event_id: str) -> Event:
    return {"event_id": event_id, "starts_at": datetime.datetime(2025, 3, 1, 10, 0)}


def test_a_handler_answering_a_naive_datetime_is_told_to_give_it_a_timezone() -> None:
    world = SyntheticWorld(seed=1)
    world.register_tool(ToolSpec.from_function(get_event), handler=get_event)
    with pytest.raises(BackendError) as info:
        world.call("get_event", {"event_id": "e1"})
    message = str(info.value)
    assert "$.starts_at: '2025-03-01T10:00:00' is not a 'date-time' (it has no timezone offset" in message
    assert UTC_FIX in message
    assert ".replace(tzinfo=timezone.utc)" in message

    def aware(event_id: str) -> Event:
        return {
            "event_id": event_id,
            "starts_at": datetime.datetime(2025, 3, 1, 10, tzinfo=datetime.timezone.utc),
        }

    world.register_tool(ToolSpec.from_function(get_event), handler=aware)  # replaces it
    assert world.call("get_event", {"event_id": "e1"})["starts_at"] == "2025-03-01T10:00:00Z"


@pytest.mark.parametrize(
    ("schema_format", "text", "fixed"),
    [
        ("date-time", "2025-03-01 10:00:00", "2025-03-01T10:00:00Z"),  # str() of a naive datetime
        ("date-time", "2025-03-01T10:00:00.250000", "2025-03-01T10:00:00.250000Z"),
        ("time", "10:00:00", "10:00:00Z"),
    ],
)
def test_the_message_shows_the_text_that_would_pass(schema_format: str, text: str, fixed: str) -> None:
    validator = compile_validator({"type": "string", "format": schema_format})
    [problem] = validator.problems(text)
    assert f"write {fixed!r} for UTC" in problem
    assert validator.is_valid(fixed)
    for unfixable in ("garbage", "2025-13-01T10:00:00", "2025-03-01"):  # a timezone would not help
        assert validator.problems(unfixable) == [f"$: {unfixable!r} is not a {schema_format!r}"]


def test_a_scenario_state_with_a_naive_timestamp_names_file_line_and_fix(tmp_path: Path) -> None:
    (tmp_path / "ev.py").write_text(
        "import datetime\nfrom typing import TypedDict\nimport synthworld\n\n"
        "class Event(TypedDict):\n    event_id: str\n    starts_at: datetime.datetime\n\n"
        "@synthworld.tool\ndef get_event(event_id: str) -> Event:\n    '''Fetch one event.'''\n"
    )
    (tmp_path / "s.yaml").write_text(
        "synthworld_scenario: 1\nname: naive\ntools: ev.py\nagent: m:agent\ntask: E1\n"
        "state:\n  event:\n    E1: {event_id: E1, starts_at: 2025-03-01 10:00:00}\n"
    )
    with pytest.raises(ScenarioError) as info:
        load_scenario(tmp_path / "s.yaml")
    assert "s.yaml:8: state.event.E1.starts_at: '2025-03-01 10:00:00' is not a 'date-time'" in str(info.value)
    assert UTC_FIX in str(info.value)


def test_a_python_state_holding_a_datetime_names_where_and_what_to_pass() -> None:
    when = datetime.datetime(2025, 3, 1, 10, 0)
    with pytest.raises(TypeError) as info:
        SyntheticWorld(state={"event": {"e1": {"event_id": "e1", "starts_at": when}}})
    assert str(info.value) == (
        "SyntheticWorld(state=...) holds what is not JSON data: $.event.e1.starts_at: "
        "datetime.datetime(2025, 3, 1, 10, 0) (datetime) is not JSON data; pass value.isoformat() "
        "of an aware value, e.g. value.replace(tzinfo=UTC).isoformat()"
    )
