"""Workflows over stubs named as users name them: an ``id`` parameter for an answer keyed
``<kind>_id``, verbs at the end (``issues.create``, ``issueCreate``), REST-like names
(``get_orders_order_id``). Each family must behave like one backend across the workflow."""

from __future__ import annotations

from typing import Literal

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld, ToolError

SEEDS = range(6)


class Ticket(TypedDict):
    ticket_id: str
    subject: str
    status: Literal["new", "open", "solved", "closed"]
    requester_email: str


class Ok(TypedDict):
    success: bool


def helpdesk(seed: int) -> SyntheticWorld:
    """Tickets keyed ``ticket_id``, reached by parameters named ``id`` and ``ticket_id``."""
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_ticket(subject: str, requester_email: str) -> Ticket: ...

    @world.tool
    def get_ticket(id: str) -> Ticket: ...

    @world.tool
    def update_ticket(ticket_id: str, subject: str) -> Ok: ...

    @world.tool
    def delete_ticket(id: str) -> Ok: ...

    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_an_id_parameter_finds_the_entity_keyed_kind_id(seed: int) -> None:
    world = helpdesk(seed)
    made = world.call("create_ticket", {"subject": "VPN down", "requester_email": "amy@example.com"})
    assert world.call("get_ticket", {"id": made["ticket_id"]}) == made
    assert world.call("update_ticket", {"ticket_id": made["ticket_id"], "subject": "VPN down again"}) == {
        "success": True
    }
    assert world.call("get_ticket", {"id": made["ticket_id"]}) == {**made, "subject": "VPN down again"}
    assert world.call("delete_ticket", {"id": made["ticket_id"]}) == {"success": True}
    with pytest.raises(ToolError) as gone:
        world.call("get_ticket", {"id": made["ticket_id"]})
    assert gone.value.code == "not_found"


def test_an_id_parameter_echoes_into_the_kind_id_of_an_unknown_entity() -> None:
    world = helpdesk(3)
    assert world.call("get_ticket", {"id": "T-77"})["ticket_id"] == "T-77"
    assert world.trace[0].rules[0] == "echo"
