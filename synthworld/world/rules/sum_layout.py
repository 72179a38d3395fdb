"""Where the amounts of a sum are: the keys an object and its lines hold a quantity, a price, a
line total, a subtotal, a total and the extras between them under, read once per pair of key sets."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from synthworld.world.naming import singular
from synthworld.world.rules.base import first_key
from synthworld.world.shapes import Shapes

__all__ = [
    "DETAILS_KEY",
    "LINE_TOTAL_KEYS",
    "MINUS_KEYS",
    "PLUS_KEYS",
    "PRICE_KEYS",
    "QTY_KEYS",
    "SUBTOTAL_KEYS",
    "SUMS",
    "SUM_KEYS",
    "TOTAL_KEYS",
    "Layout",
    "bare_layout",
    "sum_layout",
    "sum_lines",
]

QTY_KEYS = ("quantity", "qty", "units", "quantity_ordered")
PRICE_KEYS = (
    "unit_price",
    "unitPrice",
    "price",
    "unit_cost",
    "unitCost",
    "price_each",
    "unit_amount",
    "rate",
)
LINE_TOTAL_KEYS = (
    "line_total",
    "lineTotal",
    "total",
    "subtotal",
    "total_price",
    "totalPrice",
    "extended_price",
    "amount",
)
SUBTOTAL_KEYS = ("subtotal", "sub_total", "subTotal", "items_total", "subtotal_amount", "amount_subtotal")
TOTAL_KEYS = (
    "total", "total_amount", "totalAmount", "grand_total", "grandTotal", "amount", "total_price",
    "order_total", "amount_total",
)  # fmt: skip
PLUS_KEYS = (
    "tax", "tax_amount", "taxAmount", "vat", "shipping", "shipping_cost", "shippingCost", "shipping_amount",
    "fee", "fees", "tip", "amount_tax", "amount_shipping",
)  # fmt: skip
MINUS_KEYS = ("discount", "discount_amount", "discountAmount", "discount_total", "amount_discount")
DETAILS_KEY = "total_details"
"""Stripe's object of the amounts between a subtotal and a total (tax, shipping, discount)."""
SUMS = frozenset(TOTAL_KEYS + SUBTOTAL_KEYS)
SUM_KEYS = frozenset(TOTAL_KEYS + SUBTOTAL_KEYS + PLUS_KEYS + MINUS_KEYS)
"""Keys of the amounts an object's lines add up to (with tax, shipping, discount): 0 without lines."""


class Layout(NamedTuple):
    """Which keys of an object and of its lines hold what (read once per pair of key sets)."""

    total: str | None
    sub: str | None
    plus: tuple[str, ...]
    minus: tuple[str, ...]
    qty: str | None
    price: str | None
    line_total: str | None
    simple: bool = False
    """Only a total over quantity and price lines (the one-pass case)."""
    details: str | None = None
    """The key of an object holding more extras (``total_details``)."""


@lru_cache(maxsize=4096)
def sum_layout(keys: tuple[str, ...], line_keys: tuple[str, ...]) -> Layout | None:
    node, line = dict.fromkeys(keys), dict.fromkeys(line_keys)
    total, sub = first_key(node, TOTAL_KEYS), first_key(node, SUBTOTAL_KEYS)
    sub = None if sub == total else sub
    qty, price, line_total = (
        first_key(line, QTY_KEYS),
        first_key(line, PRICE_KEYS),
        first_key(line, LINE_TOTAL_KEYS),
    )
    if (total is None and sub is None) or not ((qty and price) or line_total):
        return None
    plus = tuple(k for k in PLUS_KEYS if k in node)
    minus = tuple(k for k in MINUS_KEYS if k in node)
    qty, price = (qty, price) if qty and price else (None, None)
    details = DETAILS_KEY if DETAILS_KEY in node else None
    simple = bool(total and qty and not (sub or plus or minus or line_total or details))
    return Layout(total, sub, plus, minus, qty, price, line_total, simple, details)


def sum_lines(node: dict[str, Any], shapes: Shapes) -> tuple[str, list[dict[str, Any]], Layout] | None:
    """The array of line objects of `node` and the layout (the schema's, for an empty array)."""
    for key, value in node.items():
        if type(value) is list and (not value or type(value[0]) is dict):
            first = value[0] if value else shapes.by_hint.get(singular(key), {})
            layout = sum_layout(tuple(node), tuple(first))
            if layout is not None:
                return key, value, layout
    return None


@lru_cache(maxsize=4096)
def bare_layout(keys: tuple[str, ...]) -> Layout | None:
    """The layout of an object with a subtotal, a total and extras (tax, shipping...) but no lines."""
    node = dict.fromkeys(keys)
    total, sub = first_key(node, TOTAL_KEYS), first_key(node, SUBTOTAL_KEYS)
    plus = tuple(k for k in PLUS_KEYS if k in node)
    minus = tuple(k for k in MINUS_KEYS if k in node)
    details = DETAILS_KEY if DETAILS_KEY in node else None
    if total is None or sub is None or total == sub or not (plus or minus or details):
        return None
    return Layout(total, sub, plus, minus, None, None, None, details=details)
