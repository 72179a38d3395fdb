"""Worlds paged as real APIs page (for `tests/test_page_shapes.py` and `bench/page_loops_shapes.py`):
Spring Data's ``Page`` (``page`` from 0, ``size``; ``content``, ``totalElements``, ``last``),
JSON:API (``page[size]``/``page[number]``; ``links.next``, ``meta.total``), OData
(``$top``/``$skiptoken``; ``value``, ``@odata.nextLink``, ``@odata.count``), GraphQL relay
connections (``first``/``after``; ``edges[].node``, ``pageInfo {hasNextPage, endCursor}``), AWS
(``MaxResults``/``NextToken``), Google (``pageSize``/``pageToken``; ``nextPageToken``,
``totalSize``), Slack (``cursor``; ``response_metadata.next_cursor``, empty on the last page) and
Notion (``start_cursor``/``page_size``; ``next_cursor``, ``has_more``), each with the agent's loop
its documentation shows: what it reads from a page to call the next, and the count a page says."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from synthworld import SyntheticWorld

BOUND = 30
THING = {
    "type": "object",
    "required": ["id", "name"],
    "properties": {"id": {"type": "string"}, "name": {"type": "string"}},
}
NEW = {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}
INT = {"type": "integer"}
STR = {"type": "string"}
BOOL = {"type": "boolean"}
NULLABLE = {"type": "string", "nullable": True}
_THINGS = {"type": "array", "items": {"$ref": "#/components/schemas/Thing"}}

Step = Callable[[dict[str, Any], dict[str, Any]], dict[str, Any] | None]
"""What an agent calls next, read from a page and the call that answered it (None: no next)."""


def api(params: dict[str, Any], page: dict[str, Any], path: str = "/things") -> dict[str, Any]:
    """An OpenAPI document: ``list_things`` (query `params` by name and schema, answering `page`)
    and ``create_thing``."""
    ref = {"$ref": "#/components/schemas/Page"}
    answer = {"content": {"application/json": {"schema": ref}}}
    made = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}}
    return {
        "openapi": "3.0.3",
        "info": {"title": "Things", "version": "1"},
        "paths": {
            path: {
                "get": {
                    "operationId": "list_things",
                    "parameters": [{"name": n, "in": "query", "schema": s} for n, s in params.items()],
                    "responses": {"200": {"description": "a page", **answer}},
                },
                "post": {
                    "operationId": "create_thing",
                    "requestBody": {"content": {"application/json": {"schema": NEW}}},
                    "responses": {"201": {"description": "made", **made}},
                },
            }
        },
        "components": {"schemas": {"Page": page, "Thing": THING}},
    }


def _obj(required: list[str], **props: Any) -> dict[str, Any]:
    return {"type": "object", "required": required, "properties": props}


_SORT = _obj([], sorted=BOOL, unsorted=BOOL, empty=BOOL)
SPRING = api(
    {
        "page": {"type": "integer", "minimum": 0, "default": 0},
        "size": {"type": "integer", "minimum": 1, "default": 20},
        "sort": {"type": "array", "items": STR},
    },
    _obj(
        ["content", "totalElements", "totalPages", "number", "size", "first", "last", "numberOfElements"],
        content=_THINGS,
        pageable=_obj(
            [], pageNumber=INT, pageSize=INT, offset={"type": "integer", "format": "int64"}, paged=BOOL,
            unpaged=BOOL, sort=_SORT,
        ),
        totalElements={"type": "integer", "format": "int64"},
        totalPages=INT,
        last=BOOL,
        first=BOOL,
        size=INT,
        number=INT,
        numberOfElements=INT,
        sort=_SORT,
        empty=BOOL,
    ),
)  # fmt: skip
LINK = {"type": "string", "format": "uri", "nullable": True}
JSON_API = api(
    {"page[number]": {"type": "integer", "minimum": 1}, "page[size]": {"type": "integer", "minimum": 1}},
    _obj(
        ["data", "links"],
        data=_THINGS,
        links=_obj([], self=LINK, first=LINK, prev=LINK, next=LINK, last=LINK),
        meta=_obj([], total=INT),
    ),
)
ODATA = api(
    {"$top": INT, "$skiptoken": STR, "$count": BOOL},
    _obj(["value"], value=_THINGS, **{"@odata.nextLink": STR, "@odata.count": INT}),
)
RELAY = api(
    {"first": INT, "after": STR},
    _obj(
        ["edges", "pageInfo"],
        edges={
            "type": "array",
            "items": _obj(["node", "cursor"], node={"$ref": "#/components/schemas/Thing"}, cursor=STR),
        },
        pageInfo=_obj(["hasNextPage", "endCursor"], hasNextPage=BOOL, endCursor=NULLABLE),
        totalCount=INT,
    ),
)  # fmt: skip
AWS = api({"MaxResults": INT, "NextToken": STR}, _obj(["Things"], Things=_THINGS, NextToken=STR))
GOOGLE = api(
    {"pageSize": INT, "pageToken": STR},
    _obj([], things=_THINGS, nextPageToken=STR, totalSize=INT),
)

SLACK = api(
    {"limit": INT, "cursor": STR},
    _obj(
        ["ok", "channels", "response_metadata"],
        ok=BOOL,
        channels={"type": "array", "items": {"$ref": "#/components/schemas/Thing"}},
        response_metadata=_obj(["next_cursor"], next_cursor=STR),
    ),
    path="/conversations.list",
)
NOTION = api(
    {"start_cursor": STR, "page_size": INT},
    _obj(
        ["object", "results", "next_cursor", "has_more"],
        object={"type": "string", "enum": ["list"]},
        results=_THINGS,
        next_cursor=NULLABLE,
        has_more=BOOL,
    ),
)


def query(url: str) -> dict[str, Any]:
    """The arguments a link's query says, typed as the agent would (digits are integers, ``true``
    and ``false`` booleans)."""
    return {k: _typed(v) for k, v in parse_qsl(urlsplit(url).query)}


def _typed(text: str) -> Any:
    return int(text) if text.isdigit() else {"true": True, "false": False}.get(text, text)


def spring(page: dict[str, Any], call: dict[str, Any]) -> dict[str, Any] | None:
    return None if page["last"] else {**call, "page": page["number"] + 1}


def json_api(page: dict[str, Any], call: dict[str, Any]) -> dict[str, Any] | None:
    link = (page.get("links") or {}).get("next")
    return query(link) if link else None


def odata(page: dict[str, Any], call: dict[str, Any]) -> dict[str, Any] | None:
    link = page.get("@odata.nextLink")
    return query(link) if link else None


def relay(page: dict[str, Any], call: dict[str, Any]) -> dict[str, Any] | None:
    info = page["pageInfo"]
    return {**call, "after": info["endCursor"]} if info["hasNextPage"] else None


def aws(page: dict[str, Any], call: dict[str, Any]) -> dict[str, Any] | None:
    return {**call, "NextToken": page["NextToken"]} if page.get("NextToken") else None


def google(page: dict[str, Any], call: dict[str, Any]) -> dict[str, Any] | None:
    return {**call, "pageToken": page["nextPageToken"]} if page.get("nextPageToken") else None


def slack(page: dict[str, Any], call: dict[str, Any]) -> dict[str, Any] | None:
    cursor = page["response_metadata"]["next_cursor"]
    return {**call, "cursor": cursor} if cursor else None


def notion(page: dict[str, Any], call: dict[str, Any]) -> dict[str, Any] | None:
    return {**call, "start_cursor": page["next_cursor"]} if page["has_more"] else None


def _spring_items(page: dict[str, Any]) -> list[Any]:
    return list(page["content"])


def _edges(page: dict[str, Any]) -> list[Any]:
    return [edge["node"] for edge in page["edges"]]


SHAPES: dict[str, tuple[dict[str, Any], dict[str, Any], Step, Callable[[dict[str, Any]], list[Any]], Any]] = {
    "spring": (SPRING, {"page": 0, "size": 3}, spring, _spring_items, lambda p: [p["totalElements"]]),
    "json_api": (
        JSON_API,
        {"page_size": 3},  # the tool's name of ``page[size]``
        json_api,
        lambda p: list(p["data"]),
        lambda p: [p["meta"]["total"]] if "total" in (p.get("meta") or {}) else [],
    ),
    "odata": (
        ODATA,
        {"top": 3, "count": True},  # ``$top``, ``$count``
        odata,
        lambda p: list(p["value"]),
        lambda p: [p["@odata.count"]] if "@odata.count" in p else [],
    ),
    "relay": (RELAY, {"first": 3}, relay, _edges, lambda p: [p["totalCount"]] if "totalCount" in p else []),
    "aws": (AWS, {"MaxResults": 3}, aws, lambda p: list(p["Things"]), lambda p: []),
    "google": (
        GOOGLE,
        {"pageSize": 3},
        google,
        lambda p: list(p.get("things") or ()),
        lambda p: [p["totalSize"]] if "totalSize" in p else [],
    ),
    "slack": (SLACK, {"limit": 3}, slack, lambda p: list(p["channels"]), lambda p: []),
    "notion": (NOTION, {"page_size": 3}, notion, lambda p: list(p["results"]), lambda p: []),
}
"""Each shape: its document, the first call, the agent's step, a page's items, a page's counts."""


def made(world: SyntheticWorld, count: int) -> list[str]:
    """Create `count` things; their ids."""
    return [world.call("create_thing", {"name": f"thing {n}"})["id"] for n in range(count)]


def loop(world: SyntheticWorld, shape: str, pages: list[dict[str, Any]] | None = None) -> list[str]:
    """The ids an agent sees paging `shape`'s list from its first call while the page says
    another follows (at most `BOUND` calls); raises AssertionError at the bound."""
    _, first, step, items, _ = SHAPES[shape]
    seen: list[str] = []
    pages = [] if pages is None else pages
    call: dict[str, Any] | None = first
    for _ in range(BOUND):
        if call is None:
            return seen
        page = world.call("list_things", call)
        pages.append(page)
        seen += [item["id"] for item in items(page)]
        call = step(page, call)
    raise AssertionError(f"{shape}: still paging after {BOUND} calls ({len(seen)} items)")


def counts(shape: str, pages: list[dict[str, Any]]) -> list[int]:
    """Every count the pages said of their collection."""
    return [n for page in pages for n in SHAPES[shape][4](page)]
