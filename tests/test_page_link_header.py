"""GitHub-style paging through a ``Link`` header (``<...?page=2>; rel="next"``): in a string
field ``link`` of the answer, and in the REST twin's ``Link`` response header when the operation
documents one. Each ``next`` URL is the call's query with the next page's place, which the world
reads back, so an agent looping over ``rel="next"`` sees every item once and stops. Before, the
field and the header were drawn from their schemas (a URL, a word: ``thought``)."""

from __future__ import annotations

import copy
import re
from typing import Any

import httpx
import pytest

from synthworld import SyntheticWorld
from synthworld.serve.rest.app import RestApp
from tests.test_page_loops import _api, _follow, _loop, _made, _things

SEEDS = range(6)
BODY = _api(
    "/search/things",
    [("q", "string"), ("page", "integer"), ("per_page", "integer")],
    _things("items", total_count={"type": "integer"}, link={"type": "string"}),
)


def _next(text: str | None) -> str | None:
    found = re.search(r'<([^>]*)>;\s*rel="next"', text or "")
    return found[1] if found else None


@pytest.mark.parametrize("made", [0, 7])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_link_field_names_the_next_page_by_rel_next(seed: int, made: int) -> None:
    world = SyntheticWorld.from_openapi(BODY, seed=seed)
    ids = _made(world, made)
    pages: list[dict[str, Any]] = []
    seen = _loop(world, {"q": "t", "per_page": 2}, _follow(lambda p: _next(p.get("link"))), pages)
    assert len(seen) == len(set(seen))
    assert [p["total_count"] for p in pages] == [len(seen)] * len(pages)
    assert seen[:made] == ids
    assert made == 0 or len(pages) == 4


def _bare(header: bool) -> dict[str, Any]:
    """GitHub's issues: a bare array, ``page``/``per_page``, the ``Link`` header documented."""
    doc = _api(
        "/repos/{owner}/things",
        [("page", "integer"), ("per_page", "integer")],
        {"type": "array", "items": {"$ref": "#/components/schemas/Thing"}},
    )
    doc = copy.deepcopy(doc)
    item = doc["paths"].pop("/repos/{owner}/things")
    item["parameters"] = [{"name": "owner", "in": "path", "required": True, "schema": {"type": "string"}}]
    if header:
        item["get"]["responses"]["200"]["headers"] = {"Link": {"schema": {"type": "string"}}}
    doc["paths"]["/repos/{owner}/things"] = item
    return doc


@pytest.mark.parametrize("made", [0, 7])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_twins_link_header_pages_a_bare_array(seed: int, made: int) -> None:
    world = SyntheticWorld.from_openapi(_bare(header=True), seed=seed)
    app = httpx.WSGITransport(app=RestApp(world))
    with httpx.Client(transport=app, base_url="http://twin") as client:
        ids = [client.post("/repos/me/things", json={"name": f"t{n}"}).json()["id"] for n in range(made)]
        url: str | None = "/repos/me/things?per_page=3"
        seen: list[str] = []
        for _ in range(10):
            if url is None:
                break
            answer = client.get(url)
            seen += [thing["id"] for thing in answer.json()]
            url = _next(answer.headers.get("link"))
            assert url is None or url.startswith("http://twin/repos/me/things?per_page=3&page=")
    assert url is None
    assert len(seen) == len(set(seen))
    assert made == 0 or seen == ids


def test_no_link_header_where_the_operation_documents_none() -> None:
    world = SyntheticWorld.from_openapi(_bare(header=False), seed=0)
    with httpx.Client(transport=httpx.WSGITransport(app=RestApp(world)), base_url="http://twin") as client:
        assert "link" not in client.get("/repos/me/things?per_page=3").headers
