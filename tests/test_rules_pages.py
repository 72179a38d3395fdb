"""A page's fields agree with each other and with the items on it: the page size holds the items,
the page is one of the pages, ``total_pages`` is the count over the size, ``has_more`` says whether
pages follow. Beside the items or in a ``pagination``/``meta`` object; over many seeds; the schema
always wins, and a page number the input gave is kept."""

from __future__ import annotations

from typing import Any

import jsonschema

from synthworld import SyntheticWorld, ToolSpec

SEEDS = range(30)
INT = {"type": "integer"}
USER = {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}
USERS = {"type": "array", "items": USER}


def _answers(returns: dict[str, Any], params: dict[str, Any] | None = None, **inputs: Any) -> list[Any]:
    parameters = {"type": "object", "properties": params or {}}
    out = []
    for seed in SEEDS:
        world = SyntheticWorld(seed=seed)
        world.register_tool(ToolSpec("list_users", "List users.", parameters, returns))
        answer = world.call("list_users", inputs)
        jsonschema.validate(answer, returns)
        out.append(answer)
    return out


def _object(props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props)}


def _agree(pager: dict[str, Any], items: int, size: str, count: str, more: str) -> None:
    assert pager[size] >= items, pager
    assert 1 <= pager["page"] <= pager["total_pages"], pager
    assert pager["total_pages"] == max(-(-pager[count] // pager[size]), 1), pager
    assert pager[count] >= (pager["page"] - 1) * pager[size] + items, pager  # the page exists
    assert pager[more] == (pager["page"] < pager["total_pages"]), pager


def test_page_fields_in_a_pagination_object_agree_with_each_other_and_the_items() -> None:
    pager = _object(
        {
            "page": INT,
            "per_page": INT,
            "total_pages": INT,
            "total_count": INT,
            "has_next": {"type": "boolean"},
        }
    )
    returns = _object({"data": {**USERS, "minItems": 3}, "pagination": pager})
    for answer in _answers(returns):
        _agree(answer["pagination"], len(answer["data"]), "per_page", "total_count", "has_next")


def test_page_fields_beside_the_items_agree() -> None:
    props = {
        "items": USERS,
        "page": INT,
        "limit": INT,
        "total_pages": INT,
        "total": INT,
        "has_more": {"type": "boolean"},
    }
    for answer in _answers(_object(props)):
        _agree(answer, len(answer["items"]), "limit", "total", "has_more")


def test_a_page_the_input_asked_for_is_kept_and_the_pages_reach_it() -> None:
    pager = _object(
        {
            "page": INT,
            "page_size": INT,
            "total_pages": INT,
            "total_count": INT,
            "has_more": {"type": "boolean"},
        }
    )
    returns = _object({"data": USERS, "meta": pager})
    for answer in _answers(returns, {"page": INT}, page=900):
        meta = answer["meta"]
        assert meta["page"] == 900, meta
        _agree(meta, len(answer["data"]), "page_size", "total_count", "has_more")


def test_page_fields_agree_within_what_the_schema_allows() -> None:
    capped = {"type": "integer", "minimum": 1, "maximum": 3}
    props = {
        "items": USERS,
        "page": capped,
        "per_page": INT,
        "total_pages": INT,
        "total": INT,
        "hasMore": {"type": "boolean"},
    }
    for answer in _answers(_object(props)):
        assert 1 <= answer["page"] <= 3, answer
        _agree(answer, len(answer["items"]), "per_page", "total", "hasMore")
