"""Paging: a list call that names a page (a size: ``page_size``, ``limit``...; a place: a token
this world handed out in ``page_token``/``cursor``..., an ``offset``, a ``page`` number) answers
that slice of its collection. The first page holds the first N; the count beside the items
(``total``...) is the whole collection; the next-page token (opaque, derived from the offset the
next page starts at) has a value while items remain and is null on the last page, and ``has_more``
agrees. A page past the first holds no generated strangers: the first page's count left them out.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from synthworld.world.edits import Edits
from synthworld.world.filters import limit_of
from synthworld.world.shapes import MORE_KEYS, PAGE_HOLDERS, Collection

__all__ = ["Page", "page_of", "tell_page", "token_for"]

_TOKENS = (
    "page_token", "pageToken", "cursor", "next_token", "nextToken", "continuation_token",
    "continuationToken", "next_cursor", "nextCursor", "after", "token", "starting_token",
)  # fmt: skip
_OFFSETS = ("offset", "skip")
_PAGES = ("page", "page_number", "pageNumber")
_CURSORS = (
    "next_cursor", "nextCursor", "next_page_token", "nextPageToken", "next_token", "nextToken",
    "next_page", "nextPage", "continuation_token", "continuationToken", "end_cursor", "endCursor",
)  # fmt: skip
_COUNTS = (
    "total_count", "totalCount", "total", "total_results", "totalResults", "total_items", "totalItems",
    "total_entries", "totalEntries", "total_size", "totalSize",
)  # fmt: skip
_PREFIX = "pg_"


@dataclass(frozen=True)
class Page:
    """The page a list call asks for."""

    start: int
    """The offset of its first item in the collection."""
    size: int | None
    """How many items it holds at most (None: the input does not say)."""


def token_for(start: int) -> str:
    """The opaque next-page token of the page starting at offset `start`."""
    return _PREFIX + base64.urlsafe_b64encode(f"offset:{start}".encode()).decode().rstrip("=")


def _offset_in(token: str) -> int | None:
    """The offset a token of `token_for` stands for (None: not one of this world's)."""
    if not token.startswith(_PREFIX):
        return None
    body = token[len(_PREFIX) :]
    try:
        text = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    number = text.removeprefix("offset:")
    return int(number) if text.startswith("offset:") and number.isdigit() else None


def page_of(args: Mapping[str, Any]) -> Page | None:
    """The page `args` ask for, or None when they name neither a size nor a place."""
    size = limit_of(args)
    start = 0
    tokens = [str(args[key]) for key in _TOKENS if type(args.get(key)) is str]
    offsets = [int(args[key]) for key in _OFFSETS if type(args.get(key)) is int and args[key] >= 0]
    numbers = [int(args[key]) for key in _PAGES if type(args.get(key)) is int and args[key] >= 1]
    found = next((n for n in map(_offset_in, tokens) if n is not None), None)
    if found is not None:
        start = found
    elif offsets:
        start = offsets[0]
    elif numbers and size:
        start = (numbers[0] - 1) * size
    return Page(start, size) if size is not None or start > 0 else None


def tell_page(
    node: dict[str, Any], coll: Collection, page: Page, shown: int, whole: int, edits: Edits
) -> None:
    """Make the count, next-page cursor and ``has_more`` of `node` (a page holding `shown` items
    of a collection of `whole`) say so, beside the items or in the page's own object
    (``meta``, ``pagination``...); each field its own edit, kept off the rules."""
    edits.begin("paging", single=True)
    _tell(node, (coll.beside, coll.required), page, shown, whole, edits)
    for holder in [
        k for k in PAGE_HOLDERS if type(node.get(k)) is dict and isinstance(coll.beside.get(k), Mapping)
    ]:
        schema = coll.beside[holder]
        props, need = schema.get("properties"), schema.get("required")
        if isinstance(props, Mapping):
            required = frozenset(need) if isinstance(need, list) else frozenset()
            _tell(node[holder], (props, required), page, shown, whole, edits)


def _tell(
    node: dict[str, Any],
    fields: tuple[Mapping[str, Any], frozenset[str]],
    page: Page,
    shown: int,
    whole: int,
    edits: Edits,
) -> None:
    """`tell_page` for one object, whose properties' schemas and required ones are `fields`."""
    beside, required = fields
    more = page.start + shown < whole
    for key in [k for k in _COUNTS if _takes(beside.get(k), "integer")]:
        edits.set(node, key, whole, pin=True)
    cursor = next((k for k in _CURSORS if k in beside), None)
    if cursor is not None:
        last = "" if cursor in required else None  # a required cursor that cannot be null
        _cursor(node, (cursor, beside[cursor]), page, shown if more else last, edits)
    for key in [k for k in MORE_KEYS if _takes(beside.get(k), "boolean")]:
        edits.set(node, key, more, pin=True)


def _cursor(
    node: dict[str, Any], field: tuple[str, Any], page: Page, shown: int | str | None, edits: Edits
) -> None:
    """Set the next-page cursor: a token (a page number when it is an integer) while items remain
    (`shown` is a count), else null; one that cannot be null is left out, or empty when required
    (`shown` is ``""``)."""
    key, schema = field
    if type(shown) is not int:
        if _takes(schema, "null"):
            edits.set(node, key, None, pin=True)
        elif shown is None:
            edits.remove(node, key)
        elif _takes(schema, "string"):
            edits.set(node, key, "", pin=True)
    elif _takes(schema, "string"):
        edits.set(node, key, token_for(page.start + shown), pin=True)
    elif _takes(schema, "integer") and page.size:
        edits.set(node, key, (page.start + shown) // page.size + 1, pin=True)


def _takes(schema: Any, kind: str) -> bool:
    """Whether `schema` (a property's, ``$ref`` followed) admits values of JSON type `kind`."""
    if not isinstance(schema, Mapping):
        return False
    if kind == "null" and schema.get("nullable") is True:
        return True
    found = schema.get("type")
    if isinstance(found, str):
        return found == kind or (kind == "integer" and found == "number")
    if isinstance(found, list):
        return kind in found
    parts = [p for key in ("anyOf", "oneOf") for p in schema.get(key) or () if isinstance(p, Mapping)]
    return any(_takes(part, kind) for part in parts)
