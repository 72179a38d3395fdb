# mypy: disable-error-code="empty-body"
# (stub bodies never run: a world answers every call)
"""A calendar assistant's tools: list events, find free slots, create events."""

from __future__ import annotations

import datetime
from typing import Annotated, Literal, TypedDict

from synthworld import tool
from synthworld.examples._types import Bounds

__all__ = ["create_event", "find_free_slots", "list_events"]

Minutes = Annotated[int, Bounds(ge=15, le=240, multiple_of=15)]


class Event(TypedDict):
    event_id: str
    title: str
    start: datetime.datetime
    end: datetime.datetime
    attendees: list[str]
    status: Literal["confirmed", "tentative", "cancelled"]


class Slot(TypedDict):
    start: datetime.datetime
    end: datetime.datetime


@tool
def list_events(day: datetime.date) -> list[Event]:
    """List the events on one day of the user's calendar.

    Args:
        day: The day to list.
    """


@tool
def find_free_slots(day: datetime.date, duration_minutes: Minutes, attendees: list[str]) -> list[Slot]:
    """Find times on `day` when the user and every attendee are free.

    Args:
        day: The day to search.
        duration_minutes: How long the meeting lasts.
        attendees: Email addresses of the other people invited.
    """


@tool(idempotent=False)
def create_event(title: str, start: datetime.datetime, end: datetime.datetime, attendees: list[str]) -> Event:
    """Create an event and invite the attendees.

    Args:
        title: The event's title.
        start: Start time (ISO 8601).
        end: End time (ISO 8601).
        attendees: Email addresses to invite.
    """
