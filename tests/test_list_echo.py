"""List echo (`world/list_echo.py`): a list argument of scalars, where the answer holds a list of
objects with a matching field, comes back as those objects, one per value, in order, the other
fields drawn; memory keeps what the answer showed, so a later get or list agrees."""

from __future__ import annotations

from typing import Any, Literal

import jsonschema
import pytest
from typing_extensions import TypedDict

from synthworld import FunctionBackend, SyntheticWorld, ToolSpec
from synthworld.world.consistency import plan_for

INVITED = ["ana@example.com", "bo@example.com", "chen@example.com"]


class Attendee(TypedDict):
    email: str
    name: str
    response_status: Literal["needsAction", "accepted", "declined", "tentative"]


class Event(TypedDict):
    event_id: str
    title: str
    start: str
    attendees: list[Attendee]


def calendar(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_event(title: str, start: str, attendees: list[str]) -> Event: ...
    @world.tool
    def get_event(event_id: str) -> Event: ...
    @world.tool
    def list_events(start: str) -> list[Event]: ...

    return world


def emails(event: dict[str, Any]) -> list[str]:
    return [attendee["email"] for attendee in event["attendees"]]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("invited", [INVITED[:1], INVITED, [*INVITED, "dee@example.com", "eli@example.com"]])
def test_invited_emails_come_back_as_attendees_in_order(seed: int, invited: list[str]) -> None:
    world = calendar(seed)
    made = world.call(
        "create_event", {"title": "Standup", "start": "2026-03-02T09:00:00Z", "attendees": invited}
    )
    assert emails(made) == invited
    jsonschema.validate(made, world.tools["create_event"].returns)  # the other fields drawn, valid
    assert world.call("get_event", {"event_id": made["event_id"]}) == made
    listed = world.call("list_events", {"start": "2026-03-02T09:00:00Z"})
    assert [event for event in listed if event["event_id"] == made["event_id"]] == [made]


ANSWERED = {
    "event_id": "evt_fixed",
    "title": "Standup",
    "start": "2026-03-02T09:00:00Z",
    "attendees": [{"email": "someone@example.com", "name": "Ana Lima", "response_status": "accepted"}],
}


def answered_calendar() -> SyntheticWorld:
    """The calendar's tools, every call answered `ANSWERED` (a backend with a fixed answer)."""
    world = SyntheticWorld(seed=3, backend=FunctionBackend(lambda tool, args: ANSWERED))
    for spec in calendar(3).tools.values():
        world.register_tool(spec)
    return world


def test_the_create_keeps_its_own_id_and_its_items_other_fields() -> None:
    args = {"title": "Standup", "start": "2026-03-02T09:00:00Z", "attendees": INVITED}
    made = answered_calendar().call("create_event", args)
    assert made["event_id"] == "evt_fixed"  # the create's own id is the backend's, never redrawn
    # its name kept; invited just now (the backend's item was someone else's), Ana has not answered
    assert made["attendees"][0] == {"email": INVITED[0], "name": "Ana Lima", "response_status": "needsAction"}
    assert emails(made) == INVITED  # the two more invited are drawn around their emails
    assert answered_calendar().call("create_event", args) == made  # from the call's seed: the same


class Member(TypedDict):
    id: str
    name: str


class Team(TypedDict):
    team_id: str
    name: str
    members: list[Member]


class Line(TypedDict):
    sku: str
    quantity: int


class Order(TypedDict):
    order_id: str
    items: list[Line]


class Meeting(TypedDict):
    meeting_id: str
    attendees: list[Attendee]


def test_ids_skus_and_prefixed_fields_name_the_field_they_fill() -> None:
    world = SyntheticWorld(seed=5)

    @world.tool
    def create_team(name: str, member_ids: list[str]) -> Team: ...
    @world.tool
    def create_order(skus: list[str]) -> Order: ...
    @world.tool
    def schedule_meeting(attendee_emails: list[str]) -> Meeting: ...

    team = create_team("core", ["u-1", "u-2", "u-3"])
    assert [member["id"] for member in team["members"]] == ["u-1", "u-2", "u-3"]
    assert all(member["name"] != "core" for member in team["members"])  # the team's name, not theirs
    order = create_order(["SKU-1", "SKU-2"])
    assert [line["sku"] for line in order["items"]] == ["SKU-1", "SKU-2"]
    meeting = schedule_meeting(INVITED)
    assert emails(meeting) == INVITED


def test_a_list_answer_is_filtered_not_echoed() -> None:
    def search_events(attendees: list[str]) -> list[Event]: ...
    def create_event(title: str, attendees: list[str]) -> Event: ...

    assert plan_for(ToolSpec.from_function(search_events)).list_echo == {}
    assert dict(plan_for(ToolSpec.from_function(create_event)).list_echo)["attendees"][:2] == (
        "attendees",
        "email",
    )


QUERY = {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}}


def tagged(tag: dict[str, Any], *, max_items: int | None = None) -> SyntheticWorld:
    tags = {"type": "array", "items": tag} | ({"maxItems": max_items} if max_items is not None else {})
    returns = {"type": "object", "properties": {"note_id": {"type": "string"}, "tags": tags}}
    returns["required"] = ["note_id", "tags"]
    world = SyntheticWorld(seed=2)
    world.register_tool(ToolSpec("create_note", "Create a note with tags.", QUERY, returns))
    return world


NAMED_TAG = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "color": {"type": "string"}},
    "required": ["name", "color"],
}


def test_names_fill_a_natural_key_and_a_list_the_schema_refuses_stays_as_drawn() -> None:
    made = tagged(NAMED_TAG).call("create_note", {"tags": ["red", "urgent", "q3"]})
    assert [tag["name"] for tag in made["tags"]] == ["red", "urgent", "q3"]
    capped = tagged(NAMED_TAG, max_items=2)
    made = capped.call("create_note", {"tags": ["red", "urgent", "q3"]})
    assert len(made["tags"]) <= 2  # three tags do not fit: the answer stays valid
    jsonschema.validate(made, capped.tools["create_note"].returns)


def test_a_field_of_another_type_is_not_filled() -> None:
    numbered = {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}
    assert plan_for(tagged(numbered).tools["create_note"]).list_echo == {}


def test_a_member_named_by_id_is_the_person_the_world_remembers() -> None:
    world = SyntheticWorld(seed=5)

    @world.tool
    def create_user(name: str) -> Member: ...
    @world.tool
    def create_team(name: str, member_ids: list[str]) -> Team: ...
    @world.tool
    def get_team(team_id: str) -> Team: ...

    ana = create_user("Ana")
    team = create_team("core", [ana["id"], "u-9"])
    assert team["members"][0] == ana  # a user, remembered as such, is the team's member
    assert team["members"][1]["id"] == "u-9"
    assert get_team(team["team_id"]) == team


GraphResponse = Literal["organizer", "accepted", "declined", "tentativelyAccepted", "notResponded", "none"]


class GraphAttendee(TypedDict):
    email: str
    response: GraphResponse | None  # an optional enum: anyOf [enum, null]


class GraphEvent(TypedDict):
    id: str
    attendees: list[GraphAttendee]


class Seat(TypedDict):
    email: str
    status: Literal["active", "suspended"]


class Workspace(TypedDict):
    workspace_id: str
    members: list[Seat]


@pytest.mark.parametrize("seed", range(6))
def test_new_invitees_have_not_answered_yet(seed: int) -> None:
    world = calendar(seed)

    @world.tool
    def create_meeting(title: str, attendees: list[str]) -> GraphEvent: ...

    args = {"title": "Standup", "start": "2026-03-02T09:00:00Z", "attendees": INVITED}
    made = world.call("create_event", args)
    assert [(a["email"], a["response_status"]) for a in made["attendees"]] == [
        (email, "needsAction") for email in INVITED
    ]  # Google Calendar's answer for a new attendee (before: drawn, often "accepted")
    assert world.call("get_event", {"event_id": made["event_id"]}) == made
    met = world.call("create_meeting", {"title": "Sync", "attendees": INVITED[:2]})
    assert met["attendees"] == [{"email": email, "response": "none"} for email in INVITED[:2]]  # Graph's


def test_a_status_that_answers_no_invitation_stays_as_drawn() -> None:
    world = calendar(5)

    @world.tool
    def create_workspace(name: str, members: list[str]) -> Workspace: ...

    seats = world.call("create_workspace", {"name": "core", "members": INVITED})["members"]
    assert [(seat["email"], seat["status"]) for seat in seats] == [
        (INVITED[0], "suspended"), (INVITED[1], "active"), (INVITED[2], "suspended"),
    ]  # fmt: skip
