"""A create whose input holds a field the answer's schema refuses there (invited emails, where an
event lists attendee objects) remembers the entity as the agent saw it, so it is still listed and
fetched later: before, memory took the input's value and every later answer of the kind fell back
to a generated one without the created entity."""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

from synthworld import SyntheticWorld


class Attendee(TypedDict):
    email: str
    response: Literal["accepted", "declined", "needs_action"]


class Event(TypedDict):
    event_id: str
    title: str
    start: str
    attendees: list[Attendee]


def _calendar() -> SyntheticWorld:
    world = SyntheticWorld(seed=4)

    @world.tool
    def create_event(title: str, start: str, attendees: list[str]) -> Event:
        """Create an event, inviting people by email."""

    @world.tool
    def list_events(day: str) -> list[Event]:
        """List the events of a day."""

    @world.tool
    def get_event(event_id: str) -> Event:
        """Fetch one event."""

    return world


def _create(world: SyntheticWorld, title: str, invited: list[str]) -> dict[str, object]:
    made: dict[str, object] = world.call(
        "create_event", {"title": title, "start": "2026-03-02T10:00:00Z", "attendees": invited}
    )
    return made


def test_an_event_created_with_invited_emails_is_listed_on_its_day() -> None:
    world = _calendar()
    made = _create(world, "Design review", ["ana@example.com"])
    listed = world.call("list_events", {"day": "2026-03-02"})
    assert listed[0] == made
    assert "collection" in world.trace[-1].rules


def test_it_does_not_hide_the_events_created_before_it() -> None:
    world = _calendar()
    first = _create(world, "Standup", [])
    second = _create(world, "Design review", ["ana@example.com"])
    ids = [event["event_id"] for event in world.call("list_events", {"day": "2026-03-02"})]
    assert ids[:2] == [first["event_id"], second["event_id"]]


def test_it_is_fetched_as_it_was_answered() -> None:
    world = _calendar()
    made = _create(world, "Design review", ["ana@example.com"])
    assert world.call("get_event", {"event_id": made["event_id"]}) == made
    assert world.state.entity("event", str(made["event_id"])) == made


def test_an_input_the_schema_takes_is_still_remembered_as_given() -> None:
    world = _calendar()
    made = _create(world, "Design review", [])
    assert made["attendees"] == []
    assert world.call("get_event", {"event_id": made["event_id"]})["attendees"] == []
