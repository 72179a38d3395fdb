"""Units: a basket's count of units beside its line items (``item_count``, ``total_items``,
``total_quantity``, a ``quantity`` of its own) is the sum of the lines' quantities, as Shopify's
cart ``item_count`` is: two mugs and a cap are 3 items, in 2 lines. Runs after `Counts`, which
reads a count beside a list of lines without quantities as the number of lines."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.naming import singular
from synthworld.world.rules.base import RuleContext, first_key, is_number
from synthworld.world.rules.counts import set_count, tally
from synthworld.world.rules.totals import QTY_KEYS
from synthworld.world.shapes import Shapes

__all__ = ["Units"]

_UNITS = (
    "item_count", "itemCount", "items_count", "itemsCount", "total_items", "totalItems", "num_items",
    "numItems", "total_quantity", "totalQuantity", "total_qty", "quantity", "qty",
)  # fmt: skip
"""Keys of a count of the units a basket's lines hold."""


def _lines(props: Mapping[str, Any], shapes: Shapes) -> str | None:
    """The key of the one list of line items (objects with a quantity) among `props`."""
    found = [key for key in props if first_key(shapes.by_hint.get(singular(key), {}), QTY_KEYS)]
    return found[0] if len(found) == 1 else None


class Units:
    """item_count/total_items/total_quantity = the sum of the lines' quantities."""

    name = "count"
    triggers = frozenset(_UNITS)

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        return first_key(props, _UNITS) is not None and _lines(props, shapes) is not None

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        key = _lines(node, ctx.shapes)
        lines = node.get(key) if key is not None else None
        if type(lines) is not list or not all(type(line) is dict for line in lines):
            return
        units = [line.get(first_key(line, QTY_KEYS) or "") for line in lines]
        if not all(type(unit) is int or (is_number(unit) and float(unit).is_integer()) for unit in units):
            return
        total = int(sum(units))
        for unit_key in [k for k in _UNITS if k in node and k != key]:
            have = tally(unit_key, node[unit_key])
            if have is not None and (have != total or type(node[unit_key]) is not int):
                set_count(node, unit_key, total, ctx, self.name)
