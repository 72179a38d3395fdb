"""A create retried after an injected fault is a fresh create (the faulted call never happened);
an answered create repeated is the same create; an idempotency key in the input decides which
calls are one request."""

from __future__ import annotations

from typing import Literal

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld, ToolError

SEEDS = range(10)


class Ticket(TypedDict):
    ticket_id: str
    title: str
    status: Literal["open", "pending", "closed"]
    created_at: str
    updated_at: str


class Payment(TypedDict):
    payment_id: str
    amount: float
    status: Literal["pending", "succeeded"]


def _desk(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_ticket(title: str) -> Ticket: ...
    @world.tool
    def list_tickets(status: str) -> list[Ticket]: ...

    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_a_create_retried_after_a_fault_creates(seed: int) -> None:
    world = _desk(seed)
    world.add_faults([{"tool": "create_ticket", "on_call": 1, "error": "timeout"}])
    with pytest.raises(ToolError):
        world.call("create_ticket", {"title": "Printer on fire"})
    made = world.call("create_ticket", {"title": "Printer on fire"})
    assert world.trace[-1].rules == ("echo", "create")
    assert made["status"] == "open"
    assert made["created_at"] == made["updated_at"]
    listed = world.call("list_tickets", {"status": "open"})
    assert made in listed
    assert world.call("create_ticket", {"title": "Printer on fire"}) == made  # answered: a repeat
    assert "create" not in world.trace[-1].rules


@pytest.mark.parametrize("seed", SEEDS)
def test_an_idempotency_key_decides_repeats(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_payment(amount: float, idempotency_key: str) -> Payment: ...

    first = create_payment(10.0, "k1")
    other = create_payment(10.0, "k2")
    again = create_payment(12.5, "k1")  # the key of the first: the first request, answered again
    assert other["payment_id"] != first["payment_id"]
    assert again == first
    assert sorted(world.state["payment"]) == sorted([first["payment_id"], other["payment_id"]])
    assert world.trace[-1].backend == "replay"
