"""Counts: a ``count`` or ``total`` beside a list equals the number of its items (so does each of
``count``, ``total_count``, ``total``... when it has several), unless the answer is one page of a
longer collection (a cursor with a value, or ``has_more: true``): then it is at least that number.
A count in the page's own object (``pagination: {total_count}``, ``meta``) counts the whole
collection: it is at least the number of items. A count that may be a decimal (a ``Decimal`` field:
a number or numeric text) is whole, in the type it was drawn in (``3``, ``"3"``); a ``total``,
``size`` or ``length`` held that way may be money or bytes, and is left alone.

Beside several lists, a count counts the one named for the answer's kind (``search_issues``:
Jira's ``total`` counts ``issues``, not ``warningMessages``; GitHub's ``total_count`` its
``items``, Slack's ``search.messages`` its ``messages.matches``): APIs give each list its own
count rather than a sum. With no list named so, it counts them all: a count of what the answer
lists, as Box's ``total_count`` counts files and folders together (``entries``)."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from synthworld.world.naming import singular, snake
from synthworld.world.rules.base import RuleContext, first_key
from synthworld.world.rules.totals import PRICE_KEYS, QTY_KEYS
from synthworld.world.shapes import CURSOR_KEYS, Shapes

__all__ = ["COUNT_KEYS", "PAGERS", "Counts", "set_count", "tally"]

COUNT_KEYS = _COUNT = (
    "count", "total", "total_count", "totalCount", "total_results", "totalResults", "result_count",
    "resultCount", "num_results", "numResults", "total_items", "totalItems", "total_hits", "totalHits",
    "item_count", "itemCount", "n_results", "size", "length",
)  # fmt: skip


_AMBIGUOUS = frozenset({"total", "size", "length"})
"""Count keys that, held as a decimal, may be an amount of money or a size in bytes."""
_TEXT = re.compile(r"[+-]?\d+(\.\d*)?")
"""A count written as text (a ``Decimal`` field)."""
PAGERS = ("pagination", "meta", "page_info", "pageInfo", "paging", "page")
"""Keys of the object that describes the page a list answer holds."""


def _items(node: dict[str, Any], hint: str) -> tuple[str, list[Any]] | None:
    """The items in `node` a count counts and the key of their list: the only list, else the one
    named for the object's kind (`hint`: ``issues`` beside Jira's ``warningMessages``), else all
    of them (``files`` and ``folders``: the first key); None without a list."""
    found = [(key, value) for key, value in node.items() if type(value) is list]
    if len(found) < 2:
        return found[0] if found else None
    named = [(key, value) for key, value in found if singular(snake(key)) == hint]
    if len(named) == 1:
        return named[0]
    return found[0][0], [item for _, items in found for item in items]


class Counts:
    """count/total = len(items), or >= len(items) on a page with a cursor."""

    name = "count"
    triggers = frozenset(_COUNT + PAGERS)

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        if _counted(props):
            return True
        pager = first_key(props, PAGERS)
        return pager is not None and _counted(shapes.by_hint.get(singular(pager), {}))

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        pager = first_key(node, PAGERS) if first_key(node, _COUNT) is None else None
        if pager is not None:
            self._pager(node, pager, hint, ctx)
            return
        found = _items(node, hint)
        if found is None:
            return
        more = any(node.get(cursor) not in (None, False, "") for cursor in CURSOR_KEYS)
        for key in _keys(node):
            have = tally(key, node[key])
            if have is None or self._money(found, hint, key, ctx):
                continue
            count = max(len(found[1]), int(have)) if more else len(found[1])
            if count != have or type(node[key]) is not int:
                set_count(node, key, count, ctx, self.name)

    def _pager(self, node: dict[str, Any], pager: str, hint: str, ctx: RuleContext) -> None:
        """The page object's count of the whole collection: not below the items on this page."""
        page, found = node[pager], _items(node, hint)
        key = first_key(page, _COUNT) if type(page) is dict else None
        have = tally(key, page[key]) if key is not None else None
        if found is None or key is None or have is None or self._money(found, singular(pager), key, ctx):
            return
        count = max(len(found[1]), int(have))
        if count != have or type(page[key]) is not int:
            set_count(page, key, count, ctx, self.name)

    @staticmethod
    def _money(found: tuple[str, list[Any]], hint: str, key: str, ctx: RuleContext) -> bool:
        """Whether `key` is an amount of money over line items, not a count (the totals rule's)."""
        if ctx.prop(hint, key).get("type") == "number":
            return snake(key) in _AMBIGUOUS
        lines = ctx.shapes.by_hint.get(singular(found[0]), {})
        items = found[1]
        first = items[0] if items and type(items[0]) is dict else lines
        return bool(first_key(first, QTY_KEYS) and first_key(first, PRICE_KEYS))


def _keys(node: Mapping[str, Any]) -> list[str]:
    """The count keys of `node`: the first, and every other one but a ``size`` or ``length``
    (beside a ``count``, the size of something else: bytes, a page)."""
    keys = [key for key in _COUNT if key in node]
    return keys[:1] + [key for key in keys[1:] if snake(key) not in ("size", "length")]


def tally(key: str, value: Any) -> float | None:
    """The count `value` holds: an integer, or (unless `key` may be money or bytes) a number or
    numeric text, a ``Decimal`` field's (None when it is none of these)."""
    if type(value) is int:
        return value
    if snake(key) in _AMBIGUOUS:
        return None
    if type(value) is float and math.isfinite(value):
        return value
    return float(value) if type(value) is str and _TEXT.fullmatch(value) else None


def set_count(node: dict[str, Any], key: str, count: int, ctx: RuleContext, name: str) -> None:
    """Write `count` in the type the count was drawn in (text stays text)."""
    ctx.edits.begin(name)
    ctx.set(node, key, str(count) if type(node[key]) is str else count)


def _counted(props: Mapping[str, Any]) -> bool:
    """Whether objects of these properties have a count (an integer, or a decimal that is not
    an amount)."""
    key = first_key(props, _COUNT)
    schema = props.get(key) if key else None
    kinds = schema.get("type") if isinstance(schema, Mapping) else None
    if key is None or kinds in ("boolean", "object", "array"):
        return False
    return kinds not in ("number", "string") or snake(key) not in _AMBIGUOUS
