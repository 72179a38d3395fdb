"""Money written as text: a price, amount or total held in a string (a ``Decimal`` field: a
string with a number pattern) is not negative. The sign is dropped when the field's schema takes
the value without it; a balance, a change or a net amount, which may be negative, is left alone.

Money in a currency without minor units (``JPY``, ``KRW``: ISO 4217's zero-decimal ones), named by
the object's ``currency``, is whole: ``1234.56`` becomes ``1235`` (text or number), when the field's
schema takes it. Money text in a currency of three (``KWD``, ``BHD``...) or four minor units
(``CLF``) has that many decimals: ``"84.50"`` becomes ``"84.500"`` (a number has no trailing zeros
to show). The minor units are ISO 4217's (`synthworld.world.currencies`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from functools import lru_cache
from typing import Any

from synthworld.world.currencies import CURRENCY_KEYS, minor_units
from synthworld.world.naming import snake
from synthworld.world.rules.base import RuleContext, first_key, is_number, pattern_refuses
from synthworld.world.shapes import Shapes

__all__ = ["MoneyText"]

_MONEY = frozenset({"price", "amount", "total", "subtotal", "cost", "fee", "fees", "tax", "paid", "due"})
_SIGNED = frozenset(
    {
        "balance", "delta", "change", "adjustment", "difference", "diff", "net", "variance", "profit",
        "loss", "gain", "pnl", "offset", "count", "pages", "number", "id", "rate", "percent",
    }
)  # fmt: skip
"""Words of a field name that say it may be negative, or is no amount of money at all."""
_NEGATIVE = re.compile(r"-(\d+(\.\d+)?|\.\d+)")
_DECIMAL = re.compile(r"-?\d+\.\d+")


@lru_cache(maxsize=4096)
def _money_keys(keys: tuple[str, ...], signed: bool = False) -> tuple[str, ...]:
    """The keys whose names say they hold a price, an amount or a total (and, when `signed`, a
    balance)."""
    found = []
    for key in keys:
        words = set(snake(key).split("_"))
        amounts = words & _MONEY or (signed and "balance" in words)
        if amounts and not (words & _SIGNED) - ({"balance"} if signed else set()):
            found.append(key)
    return tuple(found)


def _text(schema: Any) -> bool:
    """Whether a property's schema takes a string (also as one branch of ``anyOf``/``oneOf``)."""
    if not isinstance(schema, Mapping):
        return False
    kinds = schema.get("type")
    if kinds == "string" or (isinstance(kinds, list) and "string" in kinds):
        return True
    return any(_text(part) for word in ("anyOf", "oneOf") for part in schema.get(word) or ())


class MoneyText:
    """A price, amount or total written as a number in a string is not negative."""

    name = "money_text"
    triggers: frozenset[str] = frozenset()

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        keys = tuple(props)
        priced = first_key(props, CURRENCY_KEYS) is not None and bool(_money_keys(keys, True))
        return priced or any(_text(props[key]) for key in _money_keys(keys))

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        self._unsigned(node, hint, ctx)
        currency = node.get(first_key(node, CURRENCY_KEYS) or "")
        digits = minor_units(currency)
        if digits == 0:
            _whole(node, ctx, self.name)
        elif digits is not None:
            _decimals(node, ctx, self.name, digits)

    def _unsigned(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        for key in _money_keys(tuple(node)):
            value = node[key]
            if type(value) is not str or not _NEGATIVE.fullmatch(value) or not ctx.free(node, key):
                continue
            pattern = ctx.prop(hint, key).get("pattern")
            if pattern_refuses(pattern, value[1:]):
                continue
            ctx.edits.begin(self.name)
            ctx.set(node, key, value[1:])


def _whole(node: dict[str, Any], ctx: RuleContext, name: str) -> None:
    """Round each amount of `node` to a whole one, a change of its own (undone alone when its
    schema refuses it)."""
    for key in _money_keys(tuple(node), True):
        value = node[key]
        if is_number(value) and not float(value).is_integer():
            whole: Any = round(value)
        elif type(value) is str and _DECIMAL.fullmatch(value):
            whole = str(round(Decimal(value)))
        else:
            continue
        if ctx.free(node, key):
            ctx.edits.begin(name)
            ctx.set(node, key, whole)


def _decimals(node: dict[str, Any], ctx: RuleContext, name: str, digits: int) -> None:
    """Write each amount of `node` held as text with `digits` decimals (``"84.50"`` ->
    ``"84.500"``), a change of its own; a whole one (``"85"``) stays whole."""
    for key in _money_keys(tuple(node), True):
        value = node[key]
        if type(value) is not str or not _DECIMAL.fullmatch(value) or not ctx.free(node, key):
            continue
        have = len(value.rsplit(".", 1)[1])
        if have < digits:
            ctx.edits.begin(name)
            ctx.set(node, key, value + "0" * (digits - have))
