"""A list with a page size pages through what the world created: after 7 creates,
``listBooks(page_size=5)`` answers the first 5 with ``total: 7`` and a next-page token, and the
token answers the other 2 with a null token. Before, the first page said ``total: 5`` (or a random
count) beside a token the world could not read back: the other 2 could never be listed."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_allof_recall import DOCUMENT

from synthworld import SyntheticWorld, ToolSpec
from synthworld.world.paging import token_for

SEEDS = range(6)


def _library() -> dict[str, Any]:
    doc = copy.deepcopy(DOCUMENT)
    doc["paths"]["/books"]["get"]["parameters"].append(
        {"name": "page_size", "in": "query", "schema": {"type": "integer"}}
    )
    props = doc["components"]["schemas"]["Page"]["properties"]
    props["total"] = {"type": "integer"}
    props["has_more"] = {"type": "boolean"}
    return doc


def _pages(seed: int) -> tuple[list[str], dict[str, Any], dict[str, Any]]:
    world = SyntheticWorld.from_openapi(_library(), seed=seed)
    ids = [world.call("createBook", {"title": f"Book {n}", "author": "A. Writer"})["id"] for n in range(7)]
    first = world.call("listBooks", {"page_size": 5})
    second = world.call("listBooks", {"page_size": 5, "page_token": first["next_page_token"]})
    return ids, first, second


@pytest.mark.parametrize("seed", SEEDS)
def test_seven_created_books_list_as_two_pages_of_five(seed: int) -> None:
    ids, first, second = _pages(seed)
    assert [b["id"] for b in first["items"]] == ids[:5]
    assert (first["total"], first["next_page_token"], first["has_more"]) == (7, "pg_b2Zmc2V0OjU", True)
    assert [b["id"] for b in second["items"]] == ids[5:]
    assert (second["total"], second["next_page_token"], second["has_more"]) == (7, None, False)


def test_the_same_seed_pages_the_same() -> None:
    assert _pages(3) == _pages(3)
    assert token_for(5) == "pg_b2Zmc2V0OjU"


TASK = {
    "type": "object",
    "required": ["id", "title"],
    "properties": {"id": {"type": "string"}, "title": {"type": "string"}},
}
NEW = {"type": "object", "required": ["title"], "properties": {"title": {"type": "string"}}}


def _tasks(params: dict[str, Any], beside: dict[str, Any]) -> SyntheticWorld:
    page = {
        "type": "object",
        "required": ["tasks", *beside],
        "properties": {"tasks": {"type": "array", "items": TASK}, **beside},
    }
    world = SyntheticWorld(seed=1)
    world.register_tool(ToolSpec("create_task", "Add a task.", NEW, TASK))
    world.register_tool(
        ToolSpec("list_tasks", "List the tasks.", {"type": "object", "properties": params}, page)
    )
    return world


def test_offset_and_limit_page_with_a_count_and_a_required_cursor_empty_on_the_last_page() -> None:
    integer = {"type": "integer", "minimum": 0}
    world = _tasks(
        {"limit": integer, "offset": integer},
        {
            "total_count": {"type": "integer"},
            "next_cursor": {"type": "string"},
            "hasMore": {"type": "boolean"},
        },
    )
    ids = [world.call("create_task", {"title": f"t{n}"})["id"] for n in range(4)]
    first = world.call("list_tasks", {"limit": 3})
    assert [t["id"] for t in first["tasks"]] == ids[:3]
    assert (first["total_count"], first["next_cursor"], first["hasMore"]) == (4, token_for(3), True)
    last = world.call("list_tasks", {"limit": 3, "offset": 3})
    assert [t["id"] for t in last["tasks"]] == ids[3:]
    assert (last["total_count"], last["hasMore"], last["next_cursor"]) == (4, False, "")  # required


def test_page_numbers_page_and_an_integer_next_page_says_the_next_number() -> None:
    number = {"type": "integer", "minimum": 1}
    world = _tasks(
        {"page": number, "per_page": number},
        {"totalItems": {"type": "integer"}, "nextPage": {"type": ["integer", "null"]}},
    )
    ids = [world.call("create_task", {"title": f"t{n}"})["id"] for n in range(5)]
    pages = [world.call("list_tasks", {"page": n, "per_page": 2}) for n in (1, 2, 3)]
    assert [[t["id"] for t in p["tasks"]] for p in pages] == [ids[:2], ids[2:4], ids[4:]]
    assert [(p["totalItems"], p["nextPage"]) for p in pages] == [(5, 2), (5, 3), (5, None)]


def test_the_page_fields_in_a_meta_object_say_the_page_too() -> None:
    meta = {
        "type": "object",
        "required": ["total", "next_cursor"],
        "properties": {"total": {"type": "integer"}, "next_cursor": {"type": ["string", "null"]}},
    }
    page = {
        "type": "object",
        "required": ["tasks", "meta"],
        "properties": {"tasks": {"type": "array", "items": TASK}, "meta": {"$ref": "#/$defs/Meta"}},
        "$defs": {"Meta": meta},
    }
    size = {"type": "object", "properties": {"limit": {"type": "integer"}, "cursor": {"type": "string"}}}
    world = SyntheticWorld(seed=2)
    world.register_tool(ToolSpec("create_task", "Add a task.", NEW, TASK))
    world.register_tool(ToolSpec("list_tasks", "List the tasks.", size, page))
    ids = [world.call("create_task", {"title": f"t{n}"})["id"] for n in range(3)]
    first = world.call("list_tasks", {"limit": 2})
    assert ([t["id"] for t in first["tasks"]], first["meta"]) == (
        ids[:2],
        {"total": 3, "next_cursor": token_for(2)},
    )
    last = world.call("list_tasks", {"limit": 2, "cursor": first["meta"]["next_cursor"]})
    assert ([t["id"] for t in last["tasks"]], last["meta"]) == (ids[2:], {"total": 3, "next_cursor": None})
