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


class Issue(TypedDict):
    key: str
    summary: str


class IssueSearch(TypedDict):
    total: int
    issues: list[Issue]
    warning_messages: list[str]


class Entries(TypedDict):
    count: int
    files: list[str]
    folders: list[str]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_count_beside_several_lists_counts_the_one_named_for_the_kind_else_all(seed: int) -> None:
    """Before, a count beside two lists was left as drawn: it matched neither."""
    world = SyntheticWorld(seed=seed)

    @world.tool
    def search_issues(jql: str) -> IssueSearch: ...
    @world.tool
    def list_entries(path: str) -> Entries: ...

    found = search_issues("project = OPS")
    assert found["total"] == len(found["issues"]), found  # Jira's total counts the issues only
    listed = list_entries("/")
    assert listed["count"] == len(listed["files"]) + len(listed["folders"]), listed
