"""Counts: a ``count`` or ``total`` beside a list equals the number of its items, unless the answer
is one page of a longer collection (a cursor with a value, or ``has_more: true``): then it is at
least that number."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.naming import singular
from synthworld.world.rules.base import RuleContext, first_key
from synthworld.world.rules.totals import PRICE_KEYS, QTY_KEYS
from synthworld.world.shapes import CURSOR_KEYS, Shapes

__all__ = ["Counts"]

_COUNT = (
    "count", "total", "total_count", "totalCount", "total_results", "totalResults", "result_count",
    "resultCount", "num_results", "numResults", "total_items", "totalItems", "total_hits", "totalHits",
    "item_count", "itemCount", "n_results", "size", "length",
)  # fmt: skip


def _items(node: dict[str, Any]) -> tuple[str, list[Any]] | None:
    """The one list in `node` and its key (None when there is none or several)."""
    found = [(key, value) for key, value in node.items() if type(value) is list]
    return found[0] if len(found) == 1 else None


class Counts:
    """count/total = len(items), or >= len(items) on a page with a cursor."""

    name = "count"
    triggers = frozenset(_COUNT)

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        key = first_key(props, _COUNT)
        schema = props.get(key) if key else None
        kinds = schema.get("type") if isinstance(schema, Mapping) else None
        return key is not None and kinds not in ("number", "string", "boolean", "object", "array")

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        found = _items(node)
        key = first_key(node, _COUNT)
        if found is None or key is None or type(node[key]) is not int or self._money(found, hint, key, ctx):
            return
        items = found[1]
        more = any(node.get(cursor) not in (None, False, "") for cursor in CURSOR_KEYS)
        if more and node[key] >= len(items):
            return
        ctx.edits.begin(self.name)
        ctx.set(node, key, len(items))

    @staticmethod
    def _money(found: tuple[str, list[Any]], hint: str, key: str, ctx: RuleContext) -> bool:
        """Whether `key` is an amount of money over line items, not a count (the totals rule's)."""
        if ctx.prop(hint, key).get("type") == "number":
            return True
        lines = ctx.shapes.by_hint.get(singular(found[0]), {})
        items = found[1]
        first = items[0] if items and type(items[0]) is dict else lines
        return bool(first_key(first, QTY_KEYS) and first_key(first, PRICE_KEYS))
