"""Refunds: no more is refunded than was paid (``refund_amount`` of a booking within its
``total_price``, a charge's ``amount_refunded`` within its ``amount_captured`` or ``amount``, the
``refund`` of a cancellation within its ``total_paid``), and no more captured than the amount.
A refund of an entity the input names (``refund_order(order_id)``) is within what that entity, as
the world remembers it, was paid.

A refund above what was paid is brought inside it from its own value (the same answer gives the
same refund); a refund the input or memory fixed raises a free amount paid to it instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple, cast

from synthworld.world.naming import snake
from synthworld.world.rules.base import RuleContext, is_number
from synthworld.world.shapes import Shapes

__all__ = ["PAID_KEYS", "REFUND_IDS", "Refunds", "paid_by", "refunded_keys"]

_REFUNDED = (
    "refund_amount", "amount_refunded", "refunded_amount", "refund_total", "total_refunded", "refunded",
)  # fmt: skip
_PAID = (
    "total_paid", "amount_paid", "paid_amount", "total_price", "total", "total_amount",
    "grand_total", "amount_total", "amount", "price",
)  # fmt: skip
_CAPTURED = ("amount_captured", "captured_amount", "amount_received")
"""What was taken of a payment's amount: at most the amount, and what refunds come out of."""
_REFUND_OBJECTS = frozenset({"refund", "refunds"})
_REFUND_AMOUNT = ("amount", "refund_amount", "total", "value")
_REFUND_IDS = frozenset({"refund_id", "refund_number", "refund_reference"})
"""Keys that make an object a refund itself (its ``amount`` is what is refunded)."""
PAID_KEYS = frozenset(_PAID)
"""Names (snake_case) of what an object was paid."""
REFUND_IDS = _REFUND_IDS


class Keys(NamedTuple):
    paid: str
    """The key of what was paid (what was captured, when the object says)."""
    refunded: tuple[str, ...]
    """Keys of the object's own refunded amounts."""
    inner: tuple[str, ...]
    """Keys of refund objects (or lists of them) inside the object."""
    amount: str | None = None
    """The key of the amount a captured `paid` is within (None: `paid` is not a capture)."""


@lru_cache(maxsize=4096)
def _keys(keys: tuple[str, ...]) -> Keys | None:
    names = {snake(k): k for k in keys}
    paid = next((names[n] for n in _PAID if n in names), None)
    captured = next((names[n] for n in _CAPTURED if n in names), None)
    amount, paid = (paid, captured) if captured is not None else (None, paid)
    refunded = tuple(names[n] for n in _REFUNDED if n in names and names[n] != paid)
    inner = tuple(k for n, k in names.items() if n in _REFUND_OBJECTS)
    if paid is None or not (refunded or inner or amount):
        return None
    return Keys(paid, refunded, inner, amount)


def _amount_key(node: Mapping[str, Any]) -> str | None:
    names = {snake(k): k for k in node}
    return next((names[n] for n in _REFUND_AMOUNT if n in names), None)


@lru_cache(maxsize=4096)
def _refund_key(keys: tuple[str, ...]) -> str | None:
    """The key of what an object with these keys refunds, when it says what it refunds but not
    what was paid (a refund: ``{refund_id, amount}``; a cancellation: ``{refund_amount}``)."""
    names = {snake(k): k for k in keys}
    own = next((names[n] for n in _REFUNDED if n in names), None)
    return own if own is not None or _REFUND_IDS.isdisjoint(names) else _amount_key(dict.fromkeys(keys))


def refunded_keys(fields: Mapping[str, Any]) -> tuple[str, ...]:
    """The keys of the amounts `fields` says were refunded of what it was paid (a charge's
    ``amount_refunded``), numbers only; none when it says no amount paid, or is a refund itself."""
    names = {snake(k): k for k in fields}
    paid = next((names[n] for n in _PAID if n in names), None)
    if paid is None or not _REFUND_IDS.isdisjoint(names):
        return ()
    return tuple(
        names[n] for n in _REFUNDED if n in names and names[n] != paid and is_number(fields[names[n]])
    )


def paid_by(refs: Sequence[Mapping[str, Any]]) -> float | None:
    """What the first referenced entity that says so was paid."""
    for fields in refs:
        names = {snake(k): k for k in fields}
        paid: Any = next((fields[names[n]] for n in _PAID if n in names), None)
        if is_number(paid) and paid >= 0:
            return cast("float", paid)  # an int stays an int: `_inside` keeps whole amounts whole
    return None


class Refunds:
    """Each refunded amount (and the refunds inside an object, together) is at most what was paid."""

    name = "refund"
    triggers: frozenset[str] = frozenset()

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        keys = tuple(props)
        return _keys(keys) is not None or _refund_key(keys) is not None

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        keys = _keys(tuple(node))
        if keys is None:
            self._of_reference(node, ctx)
            return
        if keys.amount is not None and is_number(node[keys.amount]) and node[keys.amount] >= 0:
            self._within(node, keys.paid, node[keys.amount], (node, keys.amount), ctx)
        if not is_number(node[keys.paid]) or node[keys.paid] < 0:
            return
        for key in keys.refunded:
            self._within(node, key, node[keys.paid], (node, keys.paid), ctx)
        for key in keys.inner:
            value = node[key]
            refunds = [r for r in (value if type(value) is list else [value]) if type(r) is dict]
            self._shared(node, keys.paid, refunds, ctx)

    def _of_reference(self, node: dict[str, Any], ctx: RuleContext) -> None:
        """A refund that does not say what was paid, within what the entity the input names was."""
        key = _refund_key(tuple(node)) if ctx.refs else None
        limit = paid_by(ctx.refs) if key is not None else None
        if key is not None and limit is not None:
            self._within(node, key, limit, None, ctx)

    def _shared(
        self, node: dict[str, Any], paid: str, refunds: list[dict[str, Any]], ctx: RuleContext
    ) -> None:
        """Refund objects that together stay within what was paid (each within what is left)."""
        left = node[paid]
        payer = (node, paid) if len(refunds) == 1 else None
        for refund in refunds:
            key = _amount_key(refund)
            if key is None or not is_number(refund[key]):
                continue
            self._within(refund, key, left, payer, ctx)
            left = max(left - refund[key], 0)

    def _within(
        self, node: dict[str, Any], key: str, limit: float, payer: tuple[dict[str, Any], str] | None,
        ctx: RuleContext,
    ) -> None:  # fmt: skip
        """``node[key]`` brought within `limit`; when it is fixed, the amount paid (`payer`) raised to it."""
        refund = node[key]
        if not is_number(refund) or refund <= limit:
            return
        ctx.edits.begin(self.name)
        if ctx.free(node, key):
            ctx.set(node, key, _inside(refund, limit))
        elif payer is not None and ctx.free(*payer):
            owner, paid = payer
            ctx.set(owner, paid, refund if type(owner[paid]) is type(refund) else float(refund))


def _inside(refund: float, limit: float) -> int | float:
    """A refund within `limit` made from `refund` (in cents: no float dust)."""
    if type(refund) is int and type(limit) is int:
        return refund % (limit + 1)
    cents = round(refund * 100) % (round(limit * 100) + 1)
    return round(cents / 100, 2)
