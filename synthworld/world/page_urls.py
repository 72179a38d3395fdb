"""Page links: a cursor that is a URL (``next``, ``next_url``, ``@odata.nextLink``, JSON:API's
``links.next``, HAL's ``_links.next.href``). Its query is the call's own (its size and filters)
with the next page's place in the parameter the tool takes for it (a token, an ``offset`` or a
``page`` number), so an agent that calls the list with that query gets the next page. On the
last page the link is null, or left out when it cannot be null; a ``previous`` link likewise
names the page before, null on the first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from synthworld.world.edits import Edits

__all__ = [
    "LINK_HOLDERS", "PREV_NAMES", "URL_NAMES", "is_url_cursor", "next_link", "query_token", "tell_link",
]  # fmt: skip

LINK_HOLDERS = ("links", "_links")
"""Objects of links beside the items (JSON:API, HAL), whose ``next`` is the next page's."""
URL_NAMES = (
    "next", "next_url", "nextUrl", "next_link", "nextLink", "next_page_url", "nextPageUrl",
    "@odata.nextLink", "odata.nextLink",
)  # fmt: skip
"""Properties holding the next page's URL."""
PREV_NAMES = (
    "previous", "prev", "previous_url", "prev_url", "previousUrl", "prevUrl", "previous_link",
    "prev_link", "previousLink", "prevLink", "previous_page_url", "prev_page_url",
)  # fmt: skip
"""Properties holding the previous page's URL (null on the first page)."""
_URL_FORMATS = frozenset({"uri", "url", "uri-reference", "iri", "iri-reference"})
_BASE = "https://api.example.com/"


def is_url_cursor(key: str, schema: Any) -> bool:
    """Whether the property `key` (of schema `schema`) holds the next page's URL."""
    return key in URL_NAMES or (isinstance(schema, Mapping) and schema.get("format") in _URL_FORMATS)


def next_link(old: Any, query: Mapping[str, Any]) -> str:
    """The URL of the next page: `old` (the generated link) with `query` as its query, or a
    made-up one when `old` is no absolute URL."""
    parts = urlsplit(old) if isinstance(old, str) else None
    if parts is None or not (parts.scheme and parts.netloc):
        parts = urlsplit(_BASE)
    text = {k: _text(v) for k, v in query.items() if type(v) in (str, int, float, bool)}
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(text), ""))


def query_token(value: str, names: tuple[str, ...]) -> str | None:
    """The value of the first of `names` in the query of `value` when it is a URL (an agent that
    passes the whole link as its cursor), else None."""
    if "?" not in value:
        return None
    pairs = dict(parse_qsl(urlsplit(value).query))
    return next((pairs[n] for n in names if n in pairs), None)


def tell_link(
    node: dict[str, Any], field: tuple[str, Any, bool], query: Mapping[str, Any] | None, edits: Edits
) -> None:
    """Set the link `field` (``(key, schema, required)``) of `node`: the next page's URL, or (no
    `query`: the last page) null, or left out when it cannot be null. A ``{href}`` object (HAL)
    holds the URL in its ``href``."""
    key, schema, required = field
    props = schema.get("properties") if isinstance(schema, Mapping) else None
    wrapped = isinstance(props, Mapping) and "href" in props
    if query is None:
        if _nullable(schema):
            edits.set(node, key, None, pin=True)
        elif not required:
            edits.remove(node, key)
        return
    old = node.get(key)
    if wrapped:
        fields = old if isinstance(old, dict) else {}
        edits.set(node, key, {**fields, "href": next_link(fields.get("href"), query)}, pin=True)
    else:
        edits.set(node, key, next_link(old, query), pin=True)


def _text(value: Any) -> str:
    return ("true" if value else "false") if type(value) is bool else str(value)


def _nullable(schema: Any) -> bool:
    if not isinstance(schema, Mapping):
        return False
    kind = schema.get("type")
    return schema.get("nullable") is True or kind == "null" or (isinstance(kind, list) and "null" in kind)
