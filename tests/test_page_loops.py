"""An agent that loops "while there is a next page" over a list sees every item once and stops, on
every seed: Stripe's ``starting_after``/``has_more``, a GitHub-style ``page``/``per_page`` with
``links.next``, HAL's ``_links.next.href``, a ``@world.tool`` stub answering Django REST
framework's ``{count, next, results}``, before and after the world made anything. Before, a
world that had made nothing answered a random count beside a token (or link) that turned no page,
and ``starting_after`` and links were never read: the loops ran to their bound."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypedDict
from urllib.parse import parse_qsl, urlsplit

import pytest

from synthworld import SyntheticWorld

SEEDS = range(5)
BOUND = 30
ITEM = {
    "type": "object",
    "required": ["id", "name"],
    "properties": {"id": {"type": "string"}, "name": {"type": "string"}},
}
NEW = {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}


def _api(path: str, params: list[tuple[str, str]], page: dict[str, Any]) -> dict[str, Any]:
    """An OpenAPI document: ``list_things`` (query `params`, answering `page`) and ``create_thing``."""
    ref = {"$ref": "#/components/schemas/Page"}
    return {
        "openapi": "3.0.3",
        "info": {"title": "Things", "version": "1"},
        "paths": {
            path: {
                "get": {
                    "operationId": "list_things",
                    "parameters": [{"name": n, "in": "query", "schema": {"type": t}} for n, t in params],
                    "responses": {
                        "200": {"description": "a page", "content": {"application/json": {"schema": ref}}}
                    },
                },
                "post": {
                    "operationId": "create_thing",
                    "requestBody": {"content": {"application/json": {"schema": NEW}}},
                    "responses": {
                        "201": {"description": "made", "content": {"application/json": {"schema": ITEM}}}
                    },
                },
            }
        },
        "components": {"schemas": {"Page": page, "Thing": ITEM}},
    }


def _things(key: str, **beside: Any) -> dict[str, Any]:
    items = {"type": "array", "items": {"$ref": "#/components/schemas/Thing"}}
    return {"type": "object", "required": [key], "properties": {key: items, **beside}}


STRIPE = _api(
    "/v1/things",
    [("limit", "integer"), ("starting_after", "string"), ("ending_before", "string")],
    _things(
        "data",
        object={"type": "string", "enum": ["list"]},
        has_more={"type": "boolean"},
        url={"type": "string"},
    ),
)
LINK = {"type": "string", "format": "uri", "nullable": True}
GITHUB = _api(
    "/search/things",
    [("q", "string"), ("page", "integer"), ("per_page", "integer")],
    _things(
        "items",
        total_count={"type": "integer"},
        incomplete_results={"type": "boolean"},
        links={"type": "object", "properties": {"self": LINK, "next": LINK}},
    ),
)
HREF = {"type": "object", "required": ["href"], "properties": {"href": {"type": "string"}}}
HAL = _api(
    "/things",
    [("limit", "integer"), ("cursor", "string")],
    _things(
        "items",
        total={"type": "integer"},
        _links={
            "type": "object",
            "required": ["self"],
            "properties": {
                "self": {"$ref": "#/components/schemas/Href"},
                "next": {"$ref": "#/components/schemas/Href"},
            },
        },
    ),
)
HAL["components"]["schemas"]["Href"] = HREF
HAL["components"]["schemas"]["Page"]["required"] += ["total", "_links"]


def _query(url: str) -> dict[str, Any]:
    """The arguments a link's query says, typed as the agent would (digits are integers)."""
    return {k: int(v) if v.isdigit() else v for k, v in parse_qsl(urlsplit(url).query)}


def _loop(
    world: SyntheticWorld,
    first: dict[str, Any],
    step: Callable[[dict[str, Any]], dict[str, Any] | None],
    pages: list[dict[str, Any]] | None = None,
) -> list[str]:
    """The ids an agent sees calling ``list_things`` with `first`, then with what `step` reads from
    each page, until it reads no next page (at most `BOUND` calls); the pages go in `pages`."""
    seen: list[str] = []
    pages = [] if pages is None else pages
    args: dict[str, Any] | None = first
    for _ in range(BOUND):
        if args is None:
            return seen
        page = world.call("list_things", args)
        pages.append(page)
        key = next(k for k in ("data", "items", "results") if k in page)
        seen += [item["id"] for item in page[key]]
        args = step(page)
    raise AssertionError(f"still paging after {BOUND} calls: {len(seen)} items, {len(set(seen))} distinct")


def _made(world: SyntheticWorld, count: int) -> list[str]:
    return [world.call("create_thing", {"name": f"thing {n}"})["id"] for n in range(count)]


@pytest.mark.parametrize("made", [0, 7])
@pytest.mark.parametrize("seed", SEEDS)
def test_stripe_starting_after_pages_until_has_more_is_false(seed: int, made: int) -> None:
    world = SyntheticWorld.from_openapi(STRIPE, seed=seed)
    ids = _made(world, made)

    def after(page: dict[str, Any]) -> dict[str, Any] | None:
        last = page["data"][-1]["id"] if page["data"] else None
        return {"limit": 3, "starting_after": last} if page["has_more"] and last else None

    seen = _loop(world, {"limit": 3}, after)
    assert len(seen) == len(set(seen))
    assert seen[:made] == ids
    assert _loop(world, {"limit": 3}, after) == seen  # the same collection, paged again


@pytest.mark.parametrize("seed", SEEDS)
def test_stripe_ending_before_pages_back_to_the_first(seed: int) -> None:
    world = SyntheticWorld.from_openapi(STRIPE, seed=seed)
    ids = _made(world, 7)

    def before(page: dict[str, Any]) -> dict[str, Any] | None:
        return {"limit": 3, "ending_before": page["data"][0]["id"]} if page["has_more"] else None

    back = _loop(world, {"limit": 3, "ending_before": ids[-1]}, before)
    assert back == ids[3:6] + ids[:3]


def _follow(link: Callable[[dict[str, Any]], Any]) -> Callable[[dict[str, Any]], dict[str, Any] | None]:
    def step(page: dict[str, Any]) -> dict[str, Any] | None:
        url = link(page)
        return _query(url) if url else None

    return step


@pytest.mark.parametrize("made", [0, 7])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_github_style_search_follows_links_next(seed: int, made: int) -> None:
    world = SyntheticWorld.from_openapi(GITHUB, seed=seed)
    ids = _made(world, made)
    first = world.call("list_things", {"q": "thing", "per_page": 2})
    pages: list[dict[str, Any]] = []
    seen = _loop(
        world, {"q": "thing", "per_page": 2}, _follow(lambda p: (p.get("links") or {}).get("next")), pages
    )
    assert len(seen) == len(set(seen)) == pages[-1]["total_count"]
    assert seen[:made] == ids
    assert pages[0] == first  # the first page again: the same


@pytest.mark.parametrize("made", [0, 7])
@pytest.mark.parametrize("seed", SEEDS)
def test_hal_links_next_href_pages_through(seed: int, made: int) -> None:
    world = SyntheticWorld.from_openapi(HAL, seed=seed)
    ids = _made(world, made)
    first = world.call("list_things", {"limit": 3})
    pages: list[dict[str, Any]] = []
    seen = _loop(world, {"limit": 3}, _follow(lambda p: p["_links"].get("next", {}).get("href")), pages)
    assert len(seen) == len(set(seen)) == pages[-1]["total"]
    assert seen[:made] == ids
    assert pages[0] == first  # the first page again: the same
    assert ("next" in first["_links"]) == (first["total"] > len(first["items"]))


class Thing(TypedDict):
    id: str
    name: str


class ThingPage(TypedDict):
    count: int
    next: str | None
    previous: str | None
    results: list[Thing]


@pytest.mark.parametrize("made", [0, 7])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_tool_stub_answering_drf_pages_follows_next(seed: int, made: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_thing(name: str) -> Thing: ...
    @world.tool
    def list_things(page: int = 1, page_size: int = 2) -> ThingPage: ...

    ids = _made(world, made)
    first = world.call("list_things", {})
    pages: list[dict[str, Any]] = []
    seen = _loop(world, {}, _follow(lambda p: p["next"]), pages)
    assert len(seen) == len(set(seen)) == pages[-1]["count"]
    assert seen[:made] == ids
    assert pages[0] == first  # the first page again: the same


def test_a_link_passed_whole_as_the_cursor_turns_the_page() -> None:
    world = SyntheticWorld.from_openapi(HAL, seed=0)
    ids = _made(world, 3)
    first = world.call("list_things", {"limit": 2})
    assert first["_links"]["next"]["href"].endswith("?limit=2&cursor=pg_b2Zmc2V0OjI")
    second = world.call("list_things", {"limit": 2, "cursor": first["_links"]["next"]["href"]})
    assert [t["id"] for t in second["items"]] == ids[2:]
    assert "next" not in second["_links"]


@pytest.mark.parametrize("seed", SEEDS)
def test_drf_previous_links_page_back_to_the_first(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_thing(name: str) -> Thing: ...
    @world.tool
    def list_things(page: int = 1, page_size: int = 2) -> ThingPage: ...

    ids = _made(world, 7)
    first = world.call("list_things", {})
    assert first["previous"] is None
    back = _loop(world, {"page": 4}, _follow(lambda p: p["previous"]))
    assert back == ids[6:] + ids[4:6] + ids[2:4] + ids[:2]
