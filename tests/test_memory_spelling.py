"""Create and update store the input under the entity's own spelling: ``create_ticket(user_id=...)``
answering ``userId`` remembers one ``userId``, and ``update_ticket(user_id=...)`` moves it (an
entity never holds both ``user_id`` and ``userId``)."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld import SyntheticWorld, ToolSpec

SEEDS = range(4)


def _obj(props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": required}


_S = {"type": "string"}
TICKET = _obj({"ticketId": _S, "userId": _S, "title": _S}, ["ticketId", "title"])


def _world(seed: int, *, update_param: str = "user_id") -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)
    world.register_tool(
        ToolSpec("create_ticket", "Open a ticket", _obj({"user_id": _S, "title": _S}, ["title"]), TICKET)
    )
    update_params = _obj({"ticket_id": _S, update_param: _S}, ["ticket_id"])
    ok = _obj({"ok": {"type": "boolean"}}, ["ok"])
    world.register_tool(ToolSpec("update_ticket", "Change a ticket", update_params, ok))
    by_id = _obj({"ticket_id": _S}, ["ticket_id"])
    world.register_tool(ToolSpec("get_ticket", "Fetch a ticket", by_id, TICKET))
    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_a_create_stores_the_input_under_the_answers_spelling(seed: int) -> None:
    world = _world(seed)
    made = world.call("create_ticket", {"user_id": "u1", "title": "Hi"})
    stored = world.state.entity("ticket", made["ticketId"])
    assert stored == {"ticketId": made["ticketId"], "userId": "u1", "title": "Hi"}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("param", ["user_id", "userId", "user-id"])
def test_an_update_answering_ok_moves_the_remembered_field(seed: int, param: str) -> None:
    world = _world(seed, update_param=param)
    made = world.call("create_ticket", {"user_id": "u1", "title": "Hi"})
    world.call("update_ticket", {"ticket_id": made["ticketId"], param: "u2"})
    stored = world.state.entity("ticket", made["ticketId"])
    assert stored == {"ticketId": made["ticketId"], "userId": "u2", "title": "Hi"}
    assert world.call("get_ticket", {"ticket_id": made["ticketId"]})["userId"] == "u2"


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seeded_entity_keeps_its_own_spelling(seed: int) -> None:
    world = _world(seed)
    world.state.remember("ticket", "T1", {"ticketId": "T1", "userId": "u1", "title": "Hi"})
    world.call("update_ticket", {"ticket_id": "T1", "user_id": "u3"})
    assert world.state.entity("ticket", "T1") == {"ticketId": "T1", "userId": "u3", "title": "Hi"}
