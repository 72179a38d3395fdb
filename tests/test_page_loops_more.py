"""More agent loops "while there is a next page" (as `tests/test_page_loops.py`), each ending with
every item once on seeds 0-4, before and after the world made anything: camelCase
``startingAfter``/``endingBefore`` with ``hasMore``; a ``link`` array of ``{relation, url}``
(FHIR Bundle style) and of ``{rel, href}`` (RFC 8288, Atlassian style); a ``meta`` object the
schema declares but does not require, holding the total and the next cursor. Before, the
camelCase ids were read as filters, the link arrays and the left-out ``meta`` were as generated:
the loops ran to their bound, missed items or found no cursor."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld import SyntheticWorld
from tests.test_page_loops import SEEDS, _api, _follow, _loop, _made, _things

CAMEL = _api(
    "/v1/things",
    [("limit", "integer"), ("startingAfter", "string"), ("endingBefore", "string")],
    _things("data", hasMore={"type": "boolean"}),
)


@pytest.mark.parametrize("made", [0, 7])
@pytest.mark.parametrize("seed", SEEDS)
def test_camel_case_starting_after_pages_until_has_more_is_false(seed: int, made: int) -> None:
    world = SyntheticWorld.from_openapi(CAMEL, seed=seed)
    ids = _made(world, made)

    def after(page: dict[str, Any]) -> dict[str, Any] | None:
        last = page["data"][-1]["id"] if page["data"] else None
        return {"limit": 3, "startingAfter": last} if page["hasMore"] and last else None

    seen = _loop(world, {"limit": 3}, after)
    assert len(seen) == len(set(seen))
    assert seen[:made] == ids
    assert made == 0 or seen == ids  # a page after an id holds no generated strangers


@pytest.mark.parametrize("seed", SEEDS)
def test_camel_case_ending_before_pages_back_to_the_first(seed: int) -> None:
    world = SyntheticWorld.from_openapi(CAMEL, seed=seed)
    ids = _made(world, 7)

    def before(page: dict[str, Any]) -> dict[str, Any] | None:
        return {"limit": 3, "endingBefore": page["data"][0]["id"]} if page["hasMore"] else None

    assert _loop(world, {"limit": 3, "endingBefore": ids[-1]}, before) == ids[3:6] + ids[:3]


def _link_list(rel: str, url: str, place: str) -> dict[str, Any]:
    entry = {
        "type": "object",
        "required": [rel, url],
        "properties": {rel: {"type": "string"}, url: {"type": "string", "format": "uri"}},
    }
    page = _things("items", total={"type": "integer"}, link={"type": "array", "items": entry})
    page["required"] += ["total", "link"]
    kind = "string" if place == "cursor" else "integer"
    return _api("/things", [("limit", "integer"), (place, kind)], page)


LINK_LISTS = {
    "fhir": ("relation", "url", "offset"),
    "rfc8288": ("rel", "href", "cursor"),
}


@pytest.mark.parametrize("made", [0, 7])
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("style", sorted(LINK_LISTS))
def test_a_link_array_next_entry_pages_through(style: str, seed: int, made: int) -> None:
    rel, url, place = LINK_LISTS[style]
    world = SyntheticWorld.from_openapi(_link_list(rel, url, place), seed=seed)
    ids = _made(world, made)

    def next_url(page: dict[str, Any]) -> Any:
        return next((e[url] for e in page["link"] if e[rel] == "next"), None)

    pages: list[dict[str, Any]] = []
    seen = _loop(world, {"limit": 3}, _follow(next_url), pages)
    assert len(seen) == len(set(seen)) == pages[-1]["total"]
    assert seen[:made] == ids
    assert all(next_url(p) for p in pages[:-1])


META = _api(
    "/things",
    [("limit", "integer"), ("cursor", "string")],
    _things(
        "data",
        meta={
            "type": "object",
            "properties": {
                "total": {"type": "integer"},
                "next_cursor": {"type": "string", "nullable": True},
            },
        },
    ),
)


@pytest.mark.parametrize("made", [0, 7])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_left_out_meta_object_is_made_to_hold_the_total_and_cursor(seed: int, made: int) -> None:
    world = SyntheticWorld.from_openapi(META, seed=seed)
    ids = _made(world, made)

    def step(page: dict[str, Any]) -> dict[str, Any] | None:
        cursor = page["meta"]["next_cursor"]
        return {"limit": 3, "cursor": cursor} if cursor else None

    pages: list[dict[str, Any]] = []
    seen = _loop(world, {"limit": 3}, step, pages)
    assert len(seen) == len(set(seen)) == pages[-1]["meta"]["total"]
    assert seen[:made] == ids


@pytest.mark.parametrize("seed", SEEDS)
def test_a_fhir_link_array_pages_back_by_its_previous_entry(seed: int) -> None:
    doc = _link_list("relation", "url", "offset")
    doc["components"]["schemas"]["Page"]["properties"]["link"]["items"]["properties"]["relation"]["enum"] = [
        "self", "next", "previous",
    ]  # fmt: skip
    world = SyntheticWorld.from_openapi(doc, seed=seed)
    ids = _made(world, 7)

    def previous(page: dict[str, Any]) -> Any:
        assert all(e["relation"] in ("self", "next", "previous") for e in page["link"])
        return next((e["url"] for e in page["link"] if e["relation"] == "previous"), None)

    assert _loop(world, {"limit": 3, "offset": 6}, _follow(previous)) == ids[6:] + ids[3:6] + ids[:3]
