"""An update keeps what it is not told: an optional argument left out (or sent as null) says
nothing, and a list argument naming the elements of a remembered list finds each element by the
field it names, not by its position (Google Calendar's ``events.patch`` keys attendees by email)."""

from __future__ import annotations

from typing import Any, Literal

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld


class Attendee(TypedDict):
    email: str
    displayName: str
    responseStatus: Literal["needsAction", "declined", "tentative", "accepted"]


class Event(TypedDict):
    id: str
    summary: str
    attendees: list[Attendee]


ANA = {"email": "ana@x.org", "displayName": "Ana", "responseStatus": "accepted"}
BO = {"email": "bo@x.org", "displayName": "Bo", "responseStatus": "declined"}


def calendar(seed: int) -> SyntheticWorld:
    seeded = {"event": {"E1": {"id": "E1", "summary": "Standup", "attendees": [ANA, BO]}}}
    world = SyntheticWorld(seed=seed, state=seeded)

    @world.tool
    def update_event(
        event_id: str, attendees: list[str] | None = None, summary: str | None = None
    ) -> Event: ...
    @world.tool
    def get_event(event_id: str) -> Event: ...

    return world


@pytest.mark.parametrize("seed", range(6))
def test_a_reordered_attendee_list_keeps_each_attendees_answer(seed: int) -> None:
    """Before: the optional list was not read as a list of attendees (echo refused, answered
    ``[]`` or drawn people), and a required one matched attendees by position (Bo took Ana's
    ``accepted``)."""
    world = calendar(seed)
    reordered = ["BO@x.org", "ana@x.org", "cy@x.org"]
    updated = world.call("update_event", {"event_id": "E1", "attendees": reordered})
    assert updated["summary"] == "Standup"
    assert updated["attendees"][:2] == [{**BO, "email": "BO@x.org"}, ANA]  # as the agent wrote it
    assert (updated["attendees"][2]["email"], updated["attendees"][2]["responseStatus"]) == (
        "cy@x.org", "needsAction",
    )  # fmt: skip
    assert world.call("get_event", {"event_id": "E1"}) == updated
    dropped = world.call("update_event", {"event_id": "E1", "attendees": ["cy@x.org", "ana@x.org"]})
    assert dropped["attendees"] == [updated["attendees"][2], ANA]


def test_the_answer_is_exact_for_a_fixed_seed() -> None:
    world = calendar(0)
    updated = world.call("update_event", {"event_id": "E1", "attendees": ["bo@x.org", "cy@x.org"]})
    assert updated == {
        "id": "E1",
        "summary": "Standup",
        "attendees": [
            BO,
            {"email": "cy@x.org", "displayName": "Jessica Griffin", "responseStatus": "needsAction"},
        ],
    }


class Ticket(TypedDict):
    id: str
    title: str
    priority: Literal["low", "high"]
    description: str


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("sent", [{}, {"title": None}])
def test_an_optional_argument_left_out_keeps_the_field(seed: int, sent: dict[str, Any]) -> None:
    """Before: ``title: str | None = None`` echoed its null default, the schema refused it, and the
    title, no longer recalled, was drawn anew (a later get read the drawn title)."""
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_ticket(title: str, description: str) -> Ticket: ...
    @world.tool
    def update_ticket(ticket_id: str, title: str | None = None, priority: str | None = None) -> Ticket: ...
    @world.tool
    def get_ticket(ticket_id: str) -> Ticket: ...

    made = world.call("create_ticket", {"title": "Printer on fire", "description": "3rd floor"})
    updated = world.call("update_ticket", {"ticket_id": made["id"], "priority": "high", **sent})
    assert updated == {**made, "priority": "high"}
    assert world.call("get_ticket", {"ticket_id": made["id"]}) == updated
