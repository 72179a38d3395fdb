"""A list answer's ``Link`` header (GitHub's paging: ``<...?page=2>; rel="next"``), when the
operation documents one: instead of a value drawn from its schema, the links of the pages before
and after the one answered, each the request's query with the place of that page, which the twin
reads back. A full page (as many items as the request's size) has a next page; without a size in
the request (or its parameters' defaults) there is nothing to link and the header is left out,
as GitHub leaves it out of a single page."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.spec import ToolSpec
from synthworld.world.page_link_header import link_header
from synthworld.world.paging import PLACES, page_of, place_query
from synthworld.world.plan_reads import param_defaults

__all__ = ["paged_headers"]


def paged_headers(
    spec: ToolSpec, args: Mapping[str, Any], value: Any, base: str, headers: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """`headers` with the ``Link`` header `spec`'s answer documents telling the pages around the
    list answer `value` to the request `args` (`base`: the request's URL without its query)."""
    documented = spec.metadata.get("openapi", {}).get("answer_headers", {})
    name = next((n for n in documented if n.lower() == "link"), None)
    if name is None:
        return headers
    kept = [(n, v) for n, v in headers if n.lower() != "link"]
    text = _links(spec, args, value, base)
    return [*kept, (name, text)] if text else kept


def _links(spec: ToolSpec, args: Mapping[str, Any], value: Any, base: str) -> str:
    items = value if type(value) is list else None
    if type(value) is dict:
        items = next((v for v in value.values() if type(v) is list), None)
    places = spec.metadata.get("openapi", {}).get("parameters", {})
    query = [k for k, place in places.items() if isinstance(place, Mapping) and place.get("in") == "query"]
    call = ({**param_defaults(spec.parameters), **args}, tuple(query))
    page = page_of(call[0])
    if items is None or page is None or not page.size:
        return ""
    first = {k: v for k, v in call[0].items() if k not in PLACES}
    after = place_query(call, page, page.start + len(items)) if len(items) >= page.size else None
    before = place_query(call, page, max(0, page.start - page.size)) if page.start else None
    wire = {"next": after, "prev": before, "first": first if before else None}
    return link_header(base, {rel: _wire(q, places, query) for rel, q in wire.items()})


def _wire(
    query: Mapping[str, Any] | None, places: Mapping[str, Any], names: list[str]
) -> dict[str, Any] | None:
    """`query` (a tool input) as the request's query: its query parameters under their names in
    the document."""
    if query is None:
        return None
    return {str(places[k].get("name", k)): v for k, v in query.items() if k in names}
