"""Pages: the fields that say which page of a collection an answer holds agree with each other and
with the items on it. The page size holds the items (``per_page >= len(items)``); the page exists
(the count reaches past the pages before it); ``total_pages`` is the count over the size; the page
is one of them; ``has_more`` says whether pages follow, ``has_previous`` whether pages come before.

The fields sit beside the items (``{items, page, per_page, total}``) or in the page's own object
(``pagination``, ``meta``...). A page number the input fixed stays: the count and the number of
pages grow to reach it; a free page number outside the pages is brought inside from its own value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.naming import singular
from synthworld.world.rules.base import RuleContext, first_key
from synthworld.world.shapes import MORE_KEYS, PAGE_HOLDERS, Shapes

__all__ = ["Pages"]

_PAGE = ("page", "page_number", "pageNumber", "current_page", "currentPage")
_SIZE = ("per_page", "perPage", "page_size", "pageSize", "limit")
_PAGES = ("total_pages", "totalPages", "page_count", "pageCount", "num_pages", "numPages")
_COUNT = (
    "total_count", "totalCount", "total", "total_results", "totalResults", "total_items", "totalItems",
    "total_entries", "totalEntries", "count",
)  # fmt: skip
_LESS = ("has_previous", "hasPrevious", "has_prev", "hasPrev", "has_previous_page", "hasPreviousPage")
_FIELDS = frozenset(_PAGE + _SIZE + _PAGES)


class Pages:
    """Page number, page size, number of pages, count and "more" flags agree."""

    name = "pages"
    triggers = frozenset(_FIELDS | frozenset(PAGE_HOLDERS))

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        if _paged(props):
            return True
        holder = first_key(props, PAGE_HOLDERS)
        return holder is not None and _paged(shapes.by_hint.get(singular(holder), {}))

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        lists = [value for value in node.values() if type(value) is list]
        items = len(lists[0]) if len(lists) == 1 else 0
        holder = first_key(node, PAGE_HOLDERS)
        pager = node[holder] if holder is not None and type(node[holder]) is dict else node
        if _paged(pager):
            _agree(pager, items, ctx, self.name)


def _paged(props: Mapping[str, Any]) -> bool:
    """Whether an object with these keys describes a page (two page fields, at least)."""
    return sum(1 for key in _FIELDS if key in props) >= 2


def _ints(node: dict[str, Any], keys: tuple[str, ...]) -> str | None:
    """The first of `keys` whose value is an integer."""
    key = first_key(node, keys)
    return key if key is not None and type(node[key]) is int else None


def _agree(pager: dict[str, Any], items: int, ctx: RuleContext, tag: str) -> None:
    """Make the page fields of `pager` agree (a page holding `items` items), in one edit group."""
    page, size, pages = _ints(pager, _PAGE), _ints(pager, _SIZE), _ints(pager, _PAGES)
    count = _ints(pager, _COUNT)
    ctx.edits.begin(tag)
    if size is not None and pager[size] < max(items, 1):
        ctx.set(pager, size, max(items, 1))
    per = pager[size] if size is not None and pager[size] > 0 else None
    if page is not None and pager[page] < 1:
        ctx.set(pager, page, 1)
    if page is not None and per is not None and count is not None and not ctx.free(pager, page):
        ctx.set(pager, count, max(pager[count], _reach(pager[page], per, items)))
    if pages is not None and per is not None and count is not None:
        ctx.set(pager, pages, max(-(-pager[count] // per), 1))
    if pages is not None and page is not None and pager[page] > pager[pages]:
        if ctx.free(pager, page):
            ctx.set(pager, page, (pager[page] - 1) % max(pager[pages], 1) + 1)
        else:
            ctx.set(pager, pages, pager[page])
    if page is not None and per is not None and count is not None:
        ctx.set(pager, count, max(pager[count], _reach(pager[page], per, items)))  # the page exists
    _flags(pager, page, pages, ctx)


def _reach(page: int, per: int, items: int) -> int:
    """The least count of a collection whose page `page` (of `per`) holds `items` items (one at
    least, past the first page)."""
    return (page - 1) * per + (items or int(page > 1))


def _flags(pager: dict[str, Any], page: str | None, pages: str | None, ctx: RuleContext) -> None:
    """``has_more`` and ``has_previous`` as the page number says."""
    if page is None:
        return
    more, less = first_key(pager, MORE_KEYS), first_key(pager, _LESS)
    if more is not None and pages is not None and type(pager[more]) is bool:
        ctx.set(pager, more, pager[page] < pager[pages])
    if less is not None and type(pager[less]) is bool:
        ctx.set(pager, less, pager[page] > 1)
