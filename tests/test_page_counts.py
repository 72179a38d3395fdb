"""A page's ``count`` says the page or the whole collection as its description and siblings say
(`synthworld.world.page_counts`), and a ``next_page`` whose format is a URI holds the next page's
link. Before, ``count`` was left to the generator or the item-count rule (the page's length even
where it counts the whole: DRF's ``count``), and a URI-typed ``next_page`` got an opaque token."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest

from synthworld import SyntheticWorld, ToolSpec

TASK = {
    "type": "object",
    "required": ["id", "title"],
    "properties": {"id": {"type": "string"}, "title": {"type": "string"}},
}
NEW = {"type": "object", "required": ["title"], "properties": {"title": {"type": "string"}}}
SIZE = {"type": "object", "properties": {"limit": {"type": "integer"}, "offset": {"type": "integer"}}}


def _world(seed: int, beside: dict[str, Any]) -> tuple[SyntheticWorld, list[str]]:
    page = {
        "type": "object",
        "required": ["results", *beside],
        "properties": {"results": {"type": "array", "items": TASK}, **beside},
    }
    world = SyntheticWorld(seed=seed)
    world.register_tool(ToolSpec("create_task", "Add a task.", NEW, TASK))
    world.register_tool(ToolSpec("list_tasks", "List the tasks.", SIZE, page))
    return world, [world.call("create_task", {"title": f"t{n}"})["id"] for n in range(5)]


COUNT = {"type": "integer"}


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(
    ("beside", "told"),
    [
        ({"count": COUNT, "next": {"type": ["string", "null"]}}, {"count": 5}),  # DRF: the whole
        (
            {"count": {**COUNT, "description": "On this page."}, "total": COUNT},
            {"count": 2, "total": 5},
        ),
        ({"count": COUNT, "total_count": COUNT}, {"count": 2, "total_count": 5}),  # a sibling is the whole
        (
            {"count": {**COUNT, "description": "All tasks."}, "total": COUNT},
            {"count": 5, "total": 5},
        ),
    ],
)
def test_count_is_the_page_or_the_whole_as_its_description_and_siblings_say(
    seed: int, beside: dict[str, Any], told: dict[str, int]
) -> None:
    world, ids = _world(seed, beside)
    page = world.call("list_tasks", {"limit": 2})
    assert [t["id"] for t in page["results"]] == ids[:2]
    assert {k: page[k] for k in told} == told


@pytest.mark.parametrize("seed", range(4))
def test_a_uri_next_page_is_a_link_to_the_next_offset(seed: int) -> None:
    link = {"type": ["string", "null"], "format": "uri"}
    world, ids = _world(seed, {"next_page": link})
    first = world.call("list_tasks", {"limit": 3})
    query = dict(parse_qsl(urlsplit(first["next_page"]).query))
    assert query == {"limit": "3", "offset": "3"}
    last = world.call("list_tasks", {"limit": 3, "offset": 3})
    assert ([t["id"] for t in last["results"]], last["next_page"]) == (ids[3:], None)
