"""A cart's returns schema for the totals rule's tests: lines of a quantity and a price, a total."""

from __future__ import annotations

from typing import Any


def cart_returns(
    money: dict[str, Any], *, qty: str = "qty", price: str = "price", min_items: int = 1
) -> dict[str, Any]:
    """An object of 1-9 of each of ``min_items``-4 lines priced in `money`, and a `money` total."""
    line = {
        "type": "object",
        "properties": {qty: {"type": "integer", "minimum": 1, "maximum": 9}, price: money},
        "required": [qty, price],
    }
    return {
        "type": "object",
        "properties": {
            "items": {"type": "array", "items": line, "minItems": min_items, "maxItems": 4},
            "total": money,
        },
        "required": ["items", "total"],
    }
