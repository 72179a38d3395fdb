"""A first page that says more follow in a world that has made nothing: when the generated answer
says so (``has_more``, a cursor, a count past the items) and the next page's place is a token,
the page claims a collection a little longer than itself (the generated count when it is within
two pages more, else one page more; at most `MOST` items more). The token carries the claim,
so the pages it leads to hold generated strangers up to it, and the last ends the loop; a page
that comes out empty ends it early. The world also keeps each claim under the call's input
without its place (`claim_key`): the same first call made again claims the same, and a link that
names the next page by number (an ``offset``, a ``page``), which cannot carry the claim, has the
later pages of the same input read it back (`recalled`); a world that keeps none (a bare state
mapping) answers such a first page as the last. A first page that claims more and whose next
place is such a number is filled to its size (`collection`), so a page number names where the
next page starts. The world keeps how many items the first page showed too: the same first call
made again after the loop shows as many (`shown_first`), the same items, though the later pages'
are remembered since. A claim is kept only when the answer keeps the edits that told it
(`Edits.then`): a page whose count or links were undone as invalid claims nothing."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from synthworld.world.edits import Edits
from synthworld.world.page_link_list import LIST_HOLDERS, link_list_keys, says_next
from synthworld.world.page_spring import LAST_KEYS
from synthworld.world.page_urls import LINK_HOLDERS, URL_NAMES
from synthworld.world.paging import (
    COUNTS,
    CURSORS,
    HOLDERS,
    NUMBERED,
    PLACES,
    TOKENS,
    Call,
    Page,
    place_key,
)
from synthworld.world.shapes import MORE_KEYS, Collection

__all__ = ["MOST", "claim_key", "keep_claim", "recalled", "settle", "shown_first"]

Marks = list[tuple[int, int]]
"""Ranges of an answer's edits (`Edits.mark` pairs)."""
MOST = 10
"""The most items a claim adds to its first page's (the strangers later pages, or the first
page's own fill, are drawn for: a large page size claims no hundreds)."""


def claim_key(hint: str, call: Call) -> str:
    """The list call `call` (of a list of `hint`) without its place, as text: the key the pages
    of one collection share."""
    args, params = call
    query = {k: v for k, v in args.items() if k not in PLACES}
    return json.dumps([hint, sorted(params), query], sort_keys=True, default=str)


def recalled(page: Page | None, state: Mapping[str, Any], hint: str, call: Call) -> Page | None:
    """`page` with the claim its first page made, when it is placed by number (an offset, a
    page number) past the first and the world `state` kept one for its call."""
    claimed = getattr(state, "claimed", None)
    if page is None or not page.start or page.claim is not None or page.by_id or claimed is None:
        return page
    if place_key(call, page) not in NUMBERED:
        return page
    found = claimed(claim_key(hint, call))
    return replace(page, claim=found[0]) if found is not None else page


def shown_first(page: Page | None, state: Mapping[str, Any], hint: str, call: Call) -> int | None:
    """How many items the first page of `call` showed when it made its claim, when `page` is that
    first page asked again (None: not such a page, or no claim kept)."""
    claimed = getattr(state, "claimed", None)
    if page is None or page.start or page.claim is not None or page.by_id or claimed is None:
        return None
    found = claimed(claim_key(hint, call))
    return found[1] if found is not None else None


def keep_claim(
    state: Mapping[str, Any], key: str | None, page: Page, shown: int, told: tuple[Edits, Marks]
) -> None:
    """Have the world keep the claim of `page` (a first page showing `shown` items) under `key`
    once the answer is settled, unless every edit that told it (`tell_page`'s ranges in `told`:
    its counts, else its cursors, links and ``has_more``) was undone as invalid."""
    keep = getattr(state, "claim", None)
    if key is None or keep is None or page.claim is None:
        return
    claim = page.claim
    edits, ranges = told
    edits.then(lambda: keep(key, claim, shown), ranges)


def settle(
    page: Page,
    node: Mapping[str, Any],
    coll: Collection,
    seen: tuple[int, int],
    call: Call,
    fresh: tuple[Mapping[str, Any], str] | None,
) -> tuple[Page, int, str | None]:
    """The page to tell, its collection's size and the key to keep a new claim under (for
    `keep_claim`), given ``seen`` (the items shown, the size the world knows); `fresh`: when the
    world remembers none of the list, its state (which keeps a claim a numbered link cannot
    carry) and the list's kind, else None."""
    shown, whole = seen
    if page.claim is not None:
        ends = shown == 0 or page.start + shown >= page.claim
        return page, whole if ends else max(whole, page.claim), None
    if not fresh or page.start or page.by_id or shown == 0:
        return page, whole, None
    state, hint = fresh
    keep, kept = getattr(state, "claim", None), getattr(state, "claimed", None)
    numbered = keep is not None and place_key(call, page) in NUMBERED
    if not (numbered or _tokened(coll, call, page)):
        return page, whole, None
    key = claim_key(hint, call)
    before = kept(key) if kept is not None else None
    if before is not None:  # the same first page again: the same claim
        return replace(page, claim=before[0]), before[0], None
    step = page.size or shown
    said = _said([node, *(node[k] for k in HOLDERS if isinstance(node.get(k), Mapping))], shown, step)
    if said is None:
        return page, whole, None
    claim = min(said if shown < said <= shown + 2 * step else shown + step, shown + MOST)
    return replace(page, claim=claim), claim, key


def _tokened(coll: Collection, call: Call, page: Page) -> bool:
    """Whether the next page's place is a token: a cursor beside the items (or in the page's own
    object) that is no link, or a link whose query names a token."""
    holders = [coll.beside.get(k) for k in HOLDERS]
    names = set(coll.beside).union(*(h.get("properties") or () for h in holders if isinstance(h, Mapping)))
    cursors = [k for k in CURSORS if k in names and k not in URL_NAMES]
    props = [coll.beside, *(h.get("properties") for h in holders if isinstance(h, Mapping))]
    lists = any(link_list_keys(p.get(k)) for p in props if isinstance(p, Mapping) for k in LIST_HOLDERS)
    links = lists or not names.isdisjoint((*URL_NAMES, *LINK_HOLDERS))
    return bool(cursors) or (links and place_key(call, page) in TOKENS)


def _said(nodes: list[Mapping[str, Any]], shown: int, step: int) -> int | None:
    """The count a generated page says (past the items shown, or a page of `step` past them when
    it only says more follow), or None when it says none follow."""
    counts = [n[k] for n in nodes for k in COUNTS if type(n.get(k)) is int and n[k] > shown]
    more = (
        any(n.get(k) is True for n in nodes for k in MORE_KEYS)
        or any(n.get(k) is False for n in nodes for k in LAST_KEYS)
        or any(n.get(k) not in (None, "") for n in nodes for k in (*CURSORS, *URL_NAMES))
    )
    more = more or any(says_next(n) for n in nodes)
    if counts:
        return int(counts[0])
    return shown + step if more else None
