"""Answers whose times are near the year 1 or 9999 (drawn from a pattern, or asked for as a bound)
come back valid; the world's time rules never raise ``OverflowError`` moving them (AWS
Marketplace Catalog's ``DateTimeISO8601`` pattern takes any four-digit year: its
``LastModifiedDate`` in the year 8532 was mirrored into the past, below the year 1)."""

from __future__ import annotations

import datetime
import itertools
from typing import Any

import jsonschema
import pytest

from synthworld import FunctionBackend, SimulatedClock, SyntheticWorld, ToolSpec

ISO_8601 = (
    r"^([\d]{4})\-(1[0-2]|0[1-9])\-(0[1-9]|1[0-9]|2[0-8])T(2[0-3]|[01][0-9]):([0-5][0-9]):([0-5][0-9])Z$"
)
"""AWS's pattern, its days up to the 28th: every string it matches is a date."""
EXTREMES = ["9999-12-31T23:59:59Z", "0001-01-01T00:00:00Z", "9999-12-31", "0001-01-01", "2024-05-01"]
EVENT = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "start_time": {"type": "string", "format": "date-time"},
        "end_time": {"type": "string", "format": "date-time"},
        "created_at": {"type": "string", "format": "date-time"},
    },
    "required": ["id", "start_time", "end_time", "created_at"],
}


def _world(
    returns: dict[str, Any],
    parameters: dict[str, Any] | None = None,
    *,
    name: str = "list_events",
    seed: int = 3,
    **options: Any,
) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed, **options)
    spec = ToolSpec(
        name=name,
        description="List events",
        parameters=parameters or {"type": "object", "properties": {}},
        returns=returns,
    )
    world.register_tool(spec)
    return world


def test_a_creation_time_far_in_the_future_is_put_in_the_past() -> None:
    entity = {
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "created_at": {"pattern": ISO_8601},
        },
        "required": ["id", "name", "created_at"],
    }
    by_id = {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}
    stamps, now = [], SimulatedClock().now()
    for seed in range(24):
        world = _world(entity, by_id, name="get_event", seed=seed, clock=SimulatedClock())
        answer = world.call("get_event", {"id": "ev_1"})
        jsonschema.validate(answer, entity)
        stamps.append(datetime.datetime.fromisoformat(answer["created_at"].replace("Z", "+00:00")))
    assert all(stamp <= now for stamp in stamps)  # drawn from 0000 to 9999, mirrored into the past
    assert len(set(stamps)) == len(stamps)


def test_fixed_times_near_the_ends_of_the_calendar_are_answered_as_drawn() -> None:
    for early, late in itertools.product(EXTREMES, repeat=2):
        span = {
            "type": "object",
            "properties": {
                "departure_time": {"type": "string", "enum": [early]},
                "arrival_time": {"type": "string", "enum": [late]},
                "created_at": {"type": "string", "enum": [late]},
            },
            "required": ["departure_time", "arrival_time", "created_at"],
        }
        answer = _world(span).call("list_events", {})
        assert answer == {"departure_time": early, "arrival_time": late, "created_at": late}


def test_time_bounds_near_the_ends_of_the_calendar_give_valid_lists() -> None:
    events = {"type": "array", "items": EVENT, "minItems": 2}
    listing = {"type": "object", "properties": {"events": events}, "required": ["events"]}
    parameters = {"type": "object", "properties": {"since": {"type": "string"}, "until": {"type": "string"}}}
    world = _world(listing, parameters)
    for since, until in itertools.product(EXTREMES, repeat=2):
        answer = world.call("list_events", {"since": since, "until": until})
        jsonschema.validate(answer, listing)
        assert len(answer["events"]) >= 2


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (ISO_8601, "2024-01-03T00:40:59Z"),  # the mirror, 29 Dec, breaks the pattern: a year back
        (None, "2024-12-29T23:19:01Z"),  # as far before now as it was after
    ],
)
def test_a_future_creation_is_put_in_the_past_in_a_form_its_pattern_takes(
    pattern: str | None, expected: str
) -> None:
    field: dict[str, Any] = {"type": "string"} if pattern is None else {"type": "string", "pattern": pattern}
    returns = {"type": "object", "properties": {"created_at": field}, "required": ["created_at"]}
    world = SyntheticWorld(backend=FunctionBackend(lambda tool, args: {"created_at": "2025-01-03T00:40:59Z"}))
    world.register_tool(ToolSpec("get_event", "", {"type": "object"}, returns))
    assert world.call("get_event", {}) == {"created_at": expected}
