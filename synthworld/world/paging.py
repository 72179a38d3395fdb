"""Paging: a list call that names a page (a size: ``page_size``, ``limit``...; a place: a token
this world handed out in ``page_token``/``cursor``..., an ``offset``, a ``page`` number, an item's
id in Stripe's ``starting_after``/``ending_before``) answers that slice of its collection. The
first page holds the first N; the count beside the items (``total``...; ``count`` by
`synthworld.world.page_counts`) is the whole collection; the next-page token (opaque, derived from
the offset the next page starts at; a URL whose query names it, `synthworld.world.page_urls`) has
a value while items remain and is null on the last page, and ``has_more`` agrees. A page past the
first holds no generated strangers: the first page's count left them out (except up to what the
first page of a world that had made nothing claimed: `synthworld.world.page_claims`). A list
answer with such fields answers its page even when the call names none (the first).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from synthworld.world.edits import Edits
from synthworld.world.filters import limit_of
from synthworld.world.page_counts import COUNT_KEYS, count_is_whole
from synthworld.world.page_ids import AFTER, BEFORE, id_place
from synthworld.world.page_link_header import LINK_TEXT_KEYS, link_header
from synthworld.world.page_link_list import LIST_HOLDERS, link_list_keys, tell_link_list
from synthworld.world.page_numbers import NUMBER_KEYS, tell_numbers
from synthworld.world.page_spring import LAST_KEYS, numbered_from, tell_flags
from synthworld.world.page_urls import (
    LINK_HOLDERS,
    PREV_NAMES,
    URL_NAMES,
    is_url_cursor,
    query_token,
    tell_link,
)
from synthworld.world.shapes import MORE_KEYS, PAGE_HOLDERS, Collection

__all__ = [
    "CURSORS",
    "COUNTS",
    "NUMBERED",
    "PLACES",
    "TOKENS",
    "Page",
    "page_at",
    "page_of",
    "place_key",
    "tell_page",
    "token_for",
]

TOKENS = (
    "page_token", "pageToken", "cursor", "next_token", "nextToken", "continuation_token",
    "continuationToken", "next_cursor", "nextCursor", "after", "token", "starting_token", "continue",
    "NextToken", "ContinuationToken", "Marker", "marker", "PageToken", "skiptoken", "skipToken",
    "start_cursor", "startCursor", "page_cursor", "pageCursor", "page_after",
)  # fmt: skip
_OFFSETS = ("offset", "skip")
_PAGES = ("page", "page_number", "pageNumber")
NUMBERED = (*_OFFSETS, *_PAGES)
"""Places a link names by number (an offset, a page number): they carry no claim."""
PLACES = (*TOKENS, *NUMBERED, *AFTER, *BEFORE)
"""Every parameter that names a page's place."""
CURSORS = (
    "next_cursor", "nextCursor", "next_page_token", "nextPageToken", "next_token", "nextToken",
    "next_page", "nextPage", "continuation_token", "continuationToken", "end_cursor", "endCursor",
    "continue", "NextToken", "NextContinuationToken", "NextMarker", "NextPageToken",
)  # fmt: skip
HOLDERS = (*PAGE_HOLDERS, "metadata", "response_metadata")
"""A page's own objects: those of `PAGE_HOLDERS`, Kubernetes' list ``metadata`` (``continue``,
``remainingItemCount``) and Slack's ``response_metadata`` (``next_cursor``)."""
_REMAINING = ("remainingItemCount", "remaining_item_count", "remaining_count", "remainingCount")
"""Counts of the items after this page."""
COUNTS = (
    "total_count", "totalCount", "total", "total_results", "totalResults", "total_items", "totalItems",
    "total_entries", "totalEntries", "total_size", "totalSize", "totalElements", "total_elements",
    "@odata.count", "odata.count",
)  # fmt: skip
_SIGNS = frozenset((*CURSORS, *URL_NAMES, *PREV_NAMES, *MORE_KEYS, *LINK_HOLDERS, *LAST_KEYS))
_PREFIX = "pg_"

Call = tuple[Mapping[str, Any], tuple[str, ...]]
"""A list call's input and the parameters its tool takes."""


@dataclass(frozen=True)
class Page:
    """The page a list call asks for."""

    start: int
    """The offset of its first item in the collection."""
    size: int | None
    """How many items it holds at most (None: the input does not say)."""
    stop: int | None = None
    """The offset its items end before (``ending_before``; None: the collection's end)."""
    backward: bool = False
    """Placed before an id: its ``has_more`` says whether more items come before it."""
    by_id: bool = False
    """Placed by an item's id: it holds no generated strangers, as a page past the first."""
    claim: int | None = None
    """How many items the first page of a world that had made nothing said the collection holds:
    the pages up to it hold generated strangers (`synthworld.world.page_claims`)."""
    base: int = 1
    """The number of the first page (0: Spring's ``Page``, `synthworld.world.page_spring`)."""


def token_for(start: int, of: int | None = None) -> str:
    """The opaque next-page token of the page starting at offset `start` (of a collection the
    first page said holds `of` items, when that page made the claim: `synthworld.world.page_claims`)."""
    text = f"offset:{start}" + (f"/of:{of}" if of is not None else "")
    return _PREFIX + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def _offset_in(token: str) -> tuple[int, int | None] | None:
    """The offset (and claimed size) a token of `token_for` (or a link whose query holds one)
    stands for (None: not one of this world's)."""
    if not token.startswith(_PREFIX):
        inner = query_token(token, TOKENS)
        return _offset_in(inner) if inner is not None and inner.startswith(_PREFIX) else None
    body = token[len(_PREFIX) :]
    try:
        text = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    found = re.fullmatch(r"offset:(\d+)(?:/of:(\d+))?", text)
    if found is None:
        return None
    return int(found[1]), int(found[2]) if found[2] is not None else None


def page_of(args: Mapping[str, Any], base: int = 1) -> Page | None:
    """The page `args` ask for, or None when they name neither a size nor a place; `base`: the
    number of the first page (1, or Spring's 0)."""
    size = limit_of(args)
    start = 0
    tokens = [str(args[key]) for key in (*TOKENS, *_PAGES) if type(args.get(key)) is str]  # Stripe's page
    offsets = [int(args[key]) for key in _OFFSETS if type(args.get(key)) is int and args[key] >= 0]
    numbers = [int(args[key]) for key in _PAGES if type(args.get(key)) is int and args[key] >= base]
    found = next((n for n in map(_offset_in, tokens) if n is not None), None)
    if found is not None:
        return Page(found[0], size, claim=found[1], base=base)
    if offsets:
        start = offsets[0]
    elif numbers and size:
        start = (numbers[0] - base) * size
    return Page(start, size, base=base) if size is not None or start > 0 else None


def page_at(args: Mapping[str, Any], ids: list[str], coll: Collection) -> Page | None:
    """The page `args` ask for in a collection whose remembered items have `ids` (in order): by
    id, by `page_of`, or the first when they name none and the answer says pages (a cursor, a
    ``has_more``, a link); None: no page to tell."""
    size = limit_of(args)
    placed = id_place(args, ids, size)
    if placed is not None:
        return Page(placed[0], size, placed[1], placed[2], by_id=True)
    base = numbered_from(coll.beside)
    page = page_of(args, base)
    if page is not None or _unread(args):
        return page  # a place this world cannot read (a page number without a size): as generated
    return Page(0, None, base=base) if _says_pages(coll) else None


def _unread(args: Mapping[str, Any]) -> bool:
    """Whether `args` name a place `page_of` could not read: a token not this world's, a page
    number past 1 without a size, an id the collection does not hold."""
    tokens = any(type(args.get(k)) is str and args[k] for k in (*TOKENS, *_PAGES))
    later = any(type(args.get(k)) is int and args[k] > 1 for k in _PAGES)
    return tokens or later or any(args.get(k) is not None for k in (*AFTER, *BEFORE))


def _says_pages(coll: Collection) -> bool:
    """Whether the answer has a field beside the items (or in its page object) that pages."""
    holders = [coll.beside.get(k) for k in HOLDERS]
    inner = [set(h.get("properties") or ()) for h in holders if isinstance(h, Mapping)]
    lists = any(link_list_keys(coll.beside.get(k)) for k in LIST_HOLDERS)
    lists = lists or any(_takes(coll.beside.get(k), "string") for k in LINK_TEXT_KEYS)
    return lists or not _SIGNS.isdisjoint(coll.beside) or any(not _SIGNS.isdisjoint(names) for names in inner)


def tell_page(
    node: dict[str, Any], coll: Collection, page: Page, seen: tuple[int, int], edits: Edits, call: Call
) -> list[tuple[int, int]]:
    """Make the counts, next-page cursors and ``has_more`` of `node` (a page holding ``seen[0]``
    items of a collection of ``seen[1]``) say so, beside the items or in the page's own object
    (``meta``, ``pagination``...), then the page's own numbers; each field its own edit, kept off
    the rules. `call`: its links' query. Returns what tells how many items follow, as ranges of
    marks (`Edits.mark`): the counts' edits, or (when the page made none) every edit up to the
    page's numbers."""
    edits.begin("paging", single=True)
    since, counts = edits.mark(), []
    counts.append(_tell(node, (coll.beside, coll.required), page, seen, edits, call))
    objects: list[tuple[dict[str, Any], Mapping[str, Any]]] = [(node, coll.beside)]
    for holder in [k for k in HOLDERS if isinstance(coll.beside.get(k), Mapping)]:
        schema = coll.beside[holder]
        props, need = schema.get("properties"), schema.get("required")
        if not isinstance(props, Mapping):
            continue
        required = frozenset(need) if isinstance(need, list) else frozenset()
        if holder not in node and _makes(props, required, page):
            edits.set(node, holder, {})  # left out (optional), but it holds the page's count or cursor
        if type(node.get(holder)) is dict:
            counts.append(_tell(node[holder], (props, required), page, seen, edits, call))
            objects.append((node[holder], props))
    told = [(start, stop) for start, stop in counts if stop > start] or [(since, edits.mark())]
    if not page.by_id and page.stop is None:
        for obj, props in objects:
            tell_numbers(obj, props, (page.start, page.size, page.base), seen[1], edits)
    return told


def _makes(props: Mapping[str, Any], required: frozenset[str], page: Page) -> bool:
    """Whether a page object of these properties, left out of the answer, is made: it holds a
    paging field, and `_tell` sets every one it requires (a page number or size only when the
    call names a size)."""
    told = {*_SIGNS, *COUNTS, *COUNT_KEYS, *LIST_HOLDERS}
    numbers = NUMBER_KEYS if page.size else frozenset()
    return not told.isdisjoint(props) and required <= told.union(numbers)


def _tell(
    node: dict[str, Any],
    fields: tuple[Mapping[str, Any], frozenset[str]],
    page: Page,
    seen: tuple[int, int],
    edits: Edits,
    call: Call,
) -> tuple[int, int]:
    """`tell_page` for one object, whose properties' schemas and required ones are `fields`; the
    marks its counts' edits lie between."""
    beside, required = fields
    shown, whole = seen
    ahead = page.start + shown < whole
    more = page.start > 0 if page.backward else ahead
    counted = edits.mark()
    totals = [k for k in COUNTS if _takes(beside.get(k), "integer")]
    for key in totals:
        edits.set(node, key, whole, pin=True)
    for key in [k for k in COUNT_KEYS if _takes(beside.get(k), "integer")]:
        edits.set(node, key, whole if count_is_whole(beside[key], bool(totals)) else shown, pin=True)
    for key in [k for k in _REMAINING if _takes(beside.get(k), "integer")]:
        edits.set(node, key, max(0, whole - page.start - shown), pin=True)
    counted_to = edits.mark()
    query = place_query(call, page, page.start + shown) if ahead else None
    back = place_query(call, page, max(0, page.start - (page.size or shown))) if page.start > 0 else None
    cursor = next((k for k in CURSORS if k in beside), None)
    if cursor is not None and is_url_cursor(cursor, beside[cursor]) and _takes(beside[cursor], "string"):
        tell_link(node, (cursor, beside[cursor], cursor in required), query, edits)
    elif cursor is not None:
        last = "" if cursor in required else None  # a required cursor that cannot be null
        _cursor(node, (cursor, beside[cursor]), page, shown if ahead else last, edits)
    for names, where in ((URL_NAMES, query), (PREV_NAMES, back)):
        for key in [k for k in names if _takes(beside.get(k), "string")]:
            tell_link(node, (key, beside[key], key in required), where, edits)
    places = {"next": query, "prev": back, **_ends(call, page, seen)}
    for key in [k for k in LINK_HOLDERS if isinstance(beside.get(k), Mapping)]:
        _links(node, (key, beside[key]), places, edits)
    for key in [k for k in LIST_HOLDERS if link_list_keys(beside.get(k))]:
        tell_link_list(node, (key, beside[key]), places, edits)
    for key in [k for k in LINK_TEXT_KEYS if _takes(beside.get(k), "string")]:
        text = link_header(None, places)
        if text or (key in required and not _takes(beside[key], "null")):
            edits.set(node, key, text, pin=True)  # none: empty when it must be a string
        else:
            tell_link(node, (key, beside[key], key in required), None, edits)
    for key in [k for k in MORE_KEYS if _takes(beside.get(k), "boolean")]:
        edits.set(node, key, more, pin=True)
    tell_flags(node, beside, (page.start, page.size, page.base), seen, edits)
    return counted, counted_to


def _ends(call: Call, page: Page, seen: tuple[int, int]) -> dict[str, dict[str, Any]]:
    """The queries of this page (``self``), the first and the last (when the page's size tells
    where it starts), for links that name them; none for a page placed by an item's id."""
    if page.by_id or page.stop is not None:
        return {}
    shown, whole = seen
    first = {k: v for k, v in call[0].items() if k not in PLACES}
    here = place_query(call, page, page.start) if page.start else first
    if page.start + shown >= whole:
        return {"self": here, "first": first, "last": here}
    last = ((whole - 1) // page.size) * page.size if page.size else None
    ends = {"self": here, "first": first}
    return ends if last is None else {**ends, "last": place_query(call, page, last) if last else first}


def _links(
    node: dict[str, Any],
    holder: tuple[str, Mapping[str, Any]],
    places: Mapping[str, Mapping[str, Any] | None],
    edits: Edits,
) -> None:
    """Set the links of the links object `holder` (its key and schema) of `node`: ``next`` and
    ``prev``/``previous`` (null or left out when there is no such page), and ``self``, ``first``
    and ``last`` when `places` names them; the object is made when it was left out and the next
    page needs a link."""
    key, schema = holder
    props, need = schema.get("properties"), schema.get("required")
    if not isinstance(props, Mapping):
        return
    if "next" in props and type(node.get(key)) is not dict and places.get("next"):
        edits.set(node, key, {})  # links left out, now needed
    if type(node.get(key)) is not dict:
        return
    roles = (("next", "next"), ("prev", "prev"), ("previous", "prev"), ("self", "self"), ("first", "first"))
    for name, role in (*roles, ("last", "last")):
        ends = role in ("self", "first", "last")
        if name in props and (role in places or not ends) and not (ends and places[role] is None):
            link = (name, props[name], isinstance(need, list) and name in need)
            tell_link(node[key], link, places.get(role), edits)


def place_key(call: Call, page: Page) -> str:
    """The parameter a link names the next page's place in: the one the call used, else the
    first its tool takes among tokens, offsets and page numbers (a number only with a size)."""
    args, params = call
    places = (*TOKENS, *_OFFSETS, *_PAGES)
    used = [k for k in places if k in args] + [k for k in places if k in params]
    return next((k for k in used if k not in _PAGES or page.size), "page_token")


def place_query(call: Call, page: Page, after: int) -> dict[str, Any]:
    """The query of a link to the page starting at offset `after`: the call's input with that
    place in the parameter the call (else its tool) takes for it: a token, an offset, a page
    number."""
    places = (*TOKENS, *_OFFSETS, *_PAGES)
    query = {k: v for k, v in call[0].items() if k not in (*places, *AFTER, *BEFORE)}
    key = place_key(call, page)
    if key in _OFFSETS:
        query[key] = after
    elif key in _PAGES and page.size:
        query[key] = after // page.size + page.base
    else:
        query[key] = token_for(after, page.claim)
    return query


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
        edits.set(node, key, token_for(page.start + shown, page.claim), pin=True)
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
