"""Calendar range filters: ``list_events(start_after=..., end_before=...)`` (and ``since``/``until``,
``after``/``before``, ``from_date``/``to_date``) list only the events inside the range, remembered
or generated; and an event's ``start``/``end`` strings without a format are ISO times."""

from __future__ import annotations

from typing import Any

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld, ToolSpec
from synthworld.world.rules.times import read_time

SEEDS = range(6)
LOW, HIGH = "2024-04-01T00:00:00Z", "2024-06-01T00:00:00Z"
RANGES = [
    ("start_after", "end_before"),
    ("since", "until"),
    ("after", "before"),
    ("from_date", "to_date"),
    ("start_from", "end_to"),
]


class Event(TypedDict):
    event_id: str
    title: str
    start: str
    end: str


EVENT = {
    "type": "object",
    "properties": {key: {"type": "string"} for key in ("event_id", "title", "start", "end")},
    "required": ["event_id", "title", "start", "end"],
}


def _world(seed: int, low: str, high: str) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_event(title: str, start: str, end: str) -> Event:
        """Create an event."""

    props: dict[str, Any] = {low: {"type": "string"}, high: {"type": "string"}}
    events = {"type": "array", "items": EVENT}
    world.register_tool(
        ToolSpec("list_events", "List events", {"type": "object", "properties": props}, events)
    )
    return world


def _at(text: str) -> Any:
    found = read_time(text)
    assert found is not None, text
    return found.at


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("low", "high"), RANGES)
def test_a_range_lists_only_the_events_inside_it(seed: int, low: str, high: str) -> None:
    world = _world(seed, low, high)
    made = {
        title: world.call("create_event", {"title": title, "start": start, "end": end})["event_id"]
        for title, start, end in [
            ("before", "2024-03-01T09:00:00Z", "2024-03-01T10:00:00Z"),
            ("inside", "2024-05-01T09:00:00Z", "2024-05-01T09:15:00Z"),
            ("after", "2024-07-01T09:00:00Z", "2024-07-01T10:00:00Z"),
        ]
    }
    listed = world.call("list_events", {low: LOW, high: HIGH})
    ids = [event["event_id"] for event in listed]
    assert made["inside"] in ids
    assert made["before"] not in ids
    assert made["after"] not in ids
    for event in listed:  # generated ones too
        assert _at(LOW) <= _at(event["start"]) <= _at(event["end"]) <= _at(HIGH)


@pytest.mark.parametrize("seed", SEEDS)
def test_event_times_without_a_format_are_iso_times(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_event(event_id: str) -> Event:
        """Fetch an event."""

    event = get_event("e1")
    assert _at(event["start"]) <= _at(event["end"])
    listed = _world(seed, "after", "before").call("list_events", {"after": "cursor-2"})  # a cursor
    assert all(read_time(e["start"]) is not None for e in listed)


class Flight(TypedDict):
    flight_id: str
    origin: str
    destination: str
    departure: str
    arrival: str
    scheduled_departure: str


@pytest.mark.parametrize("seed", SEEDS)
def test_a_flights_departure_and_arrival_without_a_format_are_times_in_order(seed: int) -> None:
    """A flight's ``departure`` and ``arrival`` strings were words (``land``, ``thought``) before: a
    LangChain user's flight search answered ``"departure": "land"``."""
    world = SyntheticWorld(seed=seed)

    @world.tool
    def search_flights(origin: str, destination: str, date: str) -> list[Flight]:
        """Search flights between two airports on a date."""

    flights = search_flights("SFO", "JFK", "2026-05-01")
    assert flights
    for flight in flights:
        assert _at(flight["departure"]) < _at(flight["arrival"])
        assert read_time(flight["scheduled_departure"]) is not None
