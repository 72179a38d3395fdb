"""A ``@synthworld.tool`` stub with an empty body, called directly, says how to call it through a
world. Before, ``tracker.get_ticket("T-7")`` after ``world.add_tools(tracker)`` ran the empty body
and returned None, and the user's code failed later on ``None["status"]``."""

from __future__ import annotations

import asyncio
import inspect
import pickle
from typing import TypedDict

import pytest

import synthworld
from synthworld import SyntheticWorld, ToolSpecError


class Ticket(TypedDict):
    ticket_id: str
    status: str


@synthworld.tool
def get_ticket(ticket_id: str) -> Ticket:
    """Fetch one ticket."""


@synthworld.tool
def ping(host: str) -> bool: ...


@synthworld.tool(name="find_tickets")
async def search(query: str) -> list[str]:
    """Search tickets."""


@synthworld.tool
def shout(text: str) -> str:
    return text.upper()  # a body of its own: it stays the function


class Desk:
    @synthworld.tool
    def close_ticket(self, ticket_id: str) -> Ticket:
        """Close a ticket."""


ADVICE = (
    "get_ticket() is a @synthworld.tool stub, answered by a world, not by its body: register it "
    "(world.add_tools(module), or a scenario's tools:), then call the world "
    "(world.call('get_ticket', {...}) or world.stub('get_ticket')(...)); or decorate it with "
    "@world.tool to call it directly"
)


def test_an_empty_stub_called_directly_says_how_to_call_it() -> None:
    with pytest.raises(ToolSpecError) as info:
        get_ticket("T-7")
    assert str(info.value) == ADVICE
    assert isinstance(info.value, TypeError)


@pytest.mark.parametrize(
    "call", [lambda: ping("db"), lambda: asyncio.run(search("x")), lambda: Desk().close_ticket("T-7")]
)
def test_every_empty_body_is_refused(call: object) -> None:
    with pytest.raises(ToolSpecError, match=r"is a @synthworld\.tool stub, answered by a world"):
        call()  # type: ignore[operator]


def test_a_stub_with_a_body_of_its_own_still_runs_it() -> None:
    assert shout("hi") == "HI"


def test_a_world_registers_and_answers_them_as_before() -> None:
    world = SyntheticWorld(seed=1)
    specs = world.add_tools([get_ticket, ping, search, Desk()])
    assert [spec.name for spec in specs] == ["get_ticket", "ping", "find_tickets", "close_ticket"]
    assert specs[0].description == "Fetch one ticket."
    assert world.stub("get_ticket")("T-7")["ticket_id"] == "T-7"
    assert world.call("close_ticket", {"ticket_id": "T-9"})["ticket_id"] == "T-9"
    assert isinstance(asyncio.run(world.astub("find_tickets")("x")), list)
    assert world.tool(get_ticket)("T-8") == world.call("get_ticket", {"ticket_id": "T-8"})


def test_an_async_stub_registered_directly_stays_async() -> None:
    assert inspect.iscoroutinefunction(search)  # what frameworks read to await a tool
    world = SyntheticWorld(seed=1)
    bound = world.tool(search)
    answer = asyncio.run(bound("x"))  # type: ignore[arg-type]
    assert answer == world.call("search", {"query": "x"})


def test_a_guarded_stub_keeps_its_name_and_pickles_by_reference() -> None:
    assert (get_ticket.__name__, get_ticket.__doc__) == ("get_ticket", "Fetch one ticket.")
    assert pickle.loads(pickle.dumps(get_ticket)) is get_ticket
