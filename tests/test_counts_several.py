"""A list answer with several count fields (``count`` and ``total_count``, ``total``...): each of
them equals the items it holds, not just the first."""

from __future__ import annotations

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld

SEEDS = range(10)


class Ticket(TypedDict):
    ticket_id: str
    title: str


class CountFirst(TypedDict):
    items: list[Ticket]
    count: int
    total_count: int


class TotalFirst(TypedDict):
    items: list[Ticket]
    total: int
    count: int
    totalResults: int


@pytest.mark.parametrize("seed", SEEDS)
def test_every_count_field_equals_the_items(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_ticket(title: str) -> Ticket: ...
    @world.tool
    def list_tickets(query: str) -> CountFirst: ...
    @world.tool
    def search_tickets(query: str) -> TotalFirst: ...

    create_ticket("Printer on fire")
    page = list_tickets("printer")
    assert page["count"] == page["total_count"] == len(page["items"]), page
    found = search_tickets("printer")
    held = len(found["items"])
    assert found["total"] == found["count"] == found["totalResults"] == held, found
