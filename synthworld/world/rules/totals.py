"""Sums: line items and totals add up (``quantity * unit_price`` -> line total -> ``subtotal``
-> ``total`` with tax, shipping and discount, beside the total or in a Stripe-style
``total_details`` object), and an ``amount`` is the sum of its parts.

A total the input or memory fixed (a refund of a remembered order) is kept: the last line is
priced so the lines add up to it. Lines whose sum would pass the total's ``maximum`` come down to
it (one of each, then prices scaled). Money is summed in cents; a value a ``multipleOf`` would
reject (as python-jsonschema divides floats) is nudged by a cent on the last line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from synthworld.world.naming import singular
from synthworld.world.rules.base import RuleContext, fits_multiple, is_number
from synthworld.world.rules.sum_layout import (
    LINE_TOTAL_KEYS,
    MINUS_KEYS,
    PLUS_KEYS,
    PRICE_KEYS,
    QTY_KEYS,
    SUM_KEYS,
    SUMS,
    Layout,
    bare_layout,
    sum_layout,
    sum_lines,
)
from synthworld.world.shapes import Shapes

__all__ = ["LINE_TOTAL_KEYS", "PRICE_KEYS", "QTY_KEYS", "SUM_KEYS", "Totals"]

_NUDGES = 12
_NUMBER = frozenset({int, float})  # JSON numbers in a validated answer (never bool, never NaN)


class Totals:
    """Line totals, subtotal and total agree; an amount is the sum of its parts' amounts."""

    name = "totals"
    triggers = SUMS

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        return self._schema_layout(props, shapes) is not None or bare_layout(tuple(props)) is not None

    @staticmethod
    def _schema_layout(props: Mapping[str, Any], shapes: Shapes) -> tuple[str, Layout] | None:
        if SUMS.isdisjoint(props):
            return None  # no total and no subtotal: no layout, whatever the lines hold
        for key in props:
            lines = shapes.by_hint.get(singular(key))
            layout = sum_layout(tuple(props), tuple(lines)) if lines is not None else None
            if layout is not None:
                return key, layout
        return None

    def bind(self, props: Mapping[str, Any], shapes: Shapes) -> Any:
        """The rule for objects of these properties: a one-pass sum when the schema says the
        answer is the simple case (``total = sum(quantity * price)``, no multipleOf), else itself."""
        found = self._schema_layout(props, shapes)
        if found is None or not found[1].simple:
            return self
        key, lay = found
        line = shapes.by_hint.get(singular(key), {})
        steps = [props.get(lay.total), line.get(lay.price)]  # type: ignore[arg-type]
        if any(isinstance(s, Mapping) and "multipleOf" in s for s in steps):
            return self
        if isinstance(steps[0], Mapping) and "maximum" in steps[0]:
            return self  # lines that pass it come down to it (`_under_cap`)
        return _OnePass(key, lay, self)

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        found = sum_lines(node, ctx.shapes)
        if found is None:
            bare = bare_layout(tuple(node))
            if bare is not None:
                self._without_lines(node, bare, hint, ctx)
            return
        key, lines, lay = found
        if lay.simple and self._simple(node, lay, lines, hint, ctx):
            return
        ints = _all_int(node, lay, lines)
        ctx.edits.begin(self.name)
        line_hint = singular(key)
        if lay.total and ctx.edits.pins and not ctx.free(node, lay.total) and is_number(node[lay.total]):
            self._fit_lines(node, lay, lines, ctx, ints)
        else:
            self._under_cap(node, lay, lines, (hint, line_hint), ctx, ints)
        for _ in range(_NUDGES):
            if self._add_up(node, lay, lines, hint, line_hint, ctx, ints) or not self._nudge(
                lines, lay, ctx.prop(line_hint, lay.price or ""), ctx, ints
            ):
                return

    def _simple(
        self, node: dict[str, Any], lay: Layout, lines: list[dict[str, Any]], hint: str, ctx: RuleContext
    ) -> bool:
        """The common case in one pass: ``total = sum(quantity * price)`` in cents, no extras;
        False when it is not that case after all (integer money, a fixed total, a multipleOf)."""
        total: Any = lay.total
        qty_k: Any = lay.qty
        price_k: Any = lay.price
        if type(node[total]) not in _NUMBER or (ctx.edits.pins and not ctx.free(node, total)):
            return False
        if "maximum" in ctx.prop(hint, total):
            return False  # the lines may have to come down to it: the full rule's
        cents = 0
        for line in lines:
            qty: Any = line.get(qty_k)
            price: Any = line.get(price_k)
            if type(qty) not in _NUMBER or type(price) not in _NUMBER:
                return True  # a line without numbers: nothing to add up
            cents += round(qty * round(price * 100))
        value = _money(cents, _like(lines, price_k, node[total]))
        if node[total] != value or type(node[total]) is not type(value):
            if "multipleOf" in ctx.prop(hint, total):
                return False
            ctx.edits.begin(self.name)
            ctx.edits.set(node, total, value)
        return True

    def _add_up(
        self, node: dict[str, Any], lay: Layout, lines: list[dict[str, Any]], hint: str, line_hint: str,
        ctx: RuleContext, ints: bool,
    ) -> bool:  # fmt: skip
        """Write line totals, subtotal and total from the lines; False when a ``multipleOf``
        rejects one (then the caller nudges a price and tries again)."""
        found = [_line_cents(line, lay, ints) if type(line) is dict else None for line in lines]
        if None in found:
            return True  # a line without numbers: nothing to add up
        amounts: list[int] = found  # type: ignore[assignment]  # no None left
        line_total = lay.line_total
        if lay.qty and line_total:
            for line, amount in zip(lines, amounts, strict=True):
                like = _like((line,), lay.price, line.get(line_total))
                if line_total in line and not self._write(
                    line, line_total, amount, line_hint, ctx, ints, like
                ):
                    return False
        cents = sum(amounts)
        like = _like(lines, lay.price or line_total, None)
        if lay.sub is not None and type(node[lay.sub]) in _NUMBER:
            if not self._write(node, lay.sub, cents, hint, ctx, ints, _drawn(like, node[lay.sub])):
                return False
            cents = _cents(node[lay.sub], ints)
        if lay.total is not None and type(node[lay.total]) in _NUMBER and ctx.free(node, lay.total):
            if lay.plus or lay.minus:
                cents += _extras(node, lay, ints)
                extras = [node[k] for k in (*lay.plus, *lay.minus) if type(node.get(k)) in _NUMBER]
                like = 0.0 if any(type(v) is float for v in extras) else like
            return self._write(node, lay.total, cents, hint, ctx, ints, _drawn(like, node[lay.total]))
        return True

    @staticmethod
    def _write(
        node: dict[str, Any], key: Any, cents: int, hint: str, ctx: RuleContext, ints: bool, like: Any = None
    ) -> bool:
        """``node[key]`` = `cents`, written like `like` (an int when whole and `like` is one)."""
        value: int | float = cents if ints else _money(cents, node[key] if like is None else like)
        if node[key] == value and type(node[key]) is type(value):
            return True
        schema = ctx.prop(hint, key)
        if "multipleOf" in schema and not fits_multiple(value, schema):
            return False
        ctx.set(node, key, value)
        return True

    @staticmethod
    def _nudge(
        lines: list[dict[str, Any]], lay: Layout, schema: Mapping[str, Any], ctx: RuleContext, ints: bool
    ) -> bool:
        """Move the last line's price up a cent (a unit for integer money), to the next one its
        own ``multipleOf`` takes as python-jsonschema divides floats (`schema`: the price's)."""
        price_k = lay.price
        if (
            not lines
            or price_k is None
            or not is_number(lines[-1].get(price_k))
            or not ctx.free(lines[-1], price_k)
        ):
            return False
        cents = _cents(lines[-1][price_k], ints)
        for _ in range(_NUDGES):
            cents += 1
            value = cents if ints else _money(cents, 0.0)
            if fits_multiple(value, schema):
                break
        ctx.set(lines[-1], price_k, value)
        return True

    @staticmethod
    def _under_cap(
        node: dict[str, Any], lay: Layout, lines: list[dict[str, Any]], hints: tuple[str, str],
        ctx: RuleContext, ints: bool,
    ) -> None:  # fmt: skip
        """Lines whose sum would pass the ``maximum`` of the total (or subtotal) come down to it,
        so the total can be their sum: one of each first, then every price scaled down (never
        below its own ``minimum``)."""
        hint, line_hint = hints
        found: list[Any] = [ctx.prop(hint, k).get("maximum") for k in (lay.total, lay.sub) if k]
        caps: list[float] = [cap for cap in found if is_number(cap)]
        if not caps or lay.qty is None or lay.price is None:
            return
        target = _cents(min(caps), ints) - max(_extras(node, lay, ints), 0)
        cents = sum(_line_cents(line, lay, ints) or 0 for line in lines)
        if cents <= target or target <= 0:
            return
        least: Any = ctx.prop(line_hint, lay.qty).get("minimum")
        least = int(least) if is_number(least) and least > 1 else 1
        for line in lines:
            qty = line.get(lay.qty)
            if is_number(qty) and qty > least:
                ctx.set(line, lay.qty, least)
        cents = sum(_line_cents(line, lay, ints) or 0 for line in lines)
        if cents <= target:
            return
        schema = ctx.prop(line_hint, lay.price)
        floor: Any = schema.get("minimum")
        floor = _cents(floor, ints) if is_number(floor) and floor > 0 else 1
        for line in lines:
            price = line.get(lay.price)
            if not is_number(price):
                continue
            scaled = max(floor, _cents(price, ints) * target // cents)
            value = scaled if ints else _money(scaled, price)
            for _ in range(_NUDGES):  # a cent less until python-jsonschema's float multipleOf agrees
                if fits_multiple(value, schema) or scaled <= floor:
                    break
                scaled -= 1
                value = scaled if ints else _money(scaled, price)
            ctx.set(line, lay.price, value)

    @staticmethod
    def _fit_lines(
        node: dict[str, Any], lay: Layout, lines: list[dict[str, Any]], ctx: RuleContext, ints: bool
    ) -> None:
        """Price the lines so they add up to a fixed total: the last line alone when it can take
        the difference, else one of each line, the total shared out."""
        if not lines or lay.price is None or lay.total is None:
            return
        target = _cents(node[lay.total], ints) - _extras(node, lay, ints)
        if sum(_line_cents(line, lay, ints) or 0 for line in lines) == target:
            return  # they already do
        rest = sum(_line_cents(line, lay, ints) or 0 for line in lines[:-1])
        shares = [target - rest] if target - rest > 0 else _shares(target, len(lines))
        for line, share in zip(lines[-len(shares) :], shares, strict=True):
            if share <= 0 or not ctx.free(line, lay.price):
                return
            if lay.qty is not None and ctx.free(line, lay.qty):
                ctx.set(line, lay.qty, 1)
            count: Any = line.get(lay.qty) if lay.qty else 1
            count = count if is_number(count) and count > 0 else 1
            if share % count:
                return
            ctx.set(line, lay.price, share // count if ints else _money(share // count, line[lay.price]))

    def _without_lines(self, node: dict[str, Any], lay: Layout, hint: str, ctx: RuleContext) -> None:
        """``total = subtotal + tax + shipping - discount`` for an object without lines; a fixed total
        sets the subtotal instead."""
        total: Any = lay.total
        sub: Any = lay.sub
        if not all(is_number(node[k]) for k in (total, sub, *lay.plus, *lay.minus)):
            return
        ints = all(type(node[k]) is int for k in (total, sub, *lay.plus, *lay.minus))
        ints = ints and all(type(v) is int for v in _details(node, lay)[0] + _details(node, lay)[1])
        extras = _extras(node, lay, ints)
        ctx.edits.begin(self.name)
        if ctx.free(node, total):
            cents = _cents(node[sub], ints) + extras
            if cents < 0 and _discount_within(node, lay, ctx, ints):
                cents = _cents(node[sub], ints) + _extras(node, lay, ints)
            if cents >= 0:
                self._write(node, total, cents, hint, ctx, ints)
        elif ctx.free(node, sub) and _cents(node[total], ints) - extras >= 0:
            self._write(node, sub, _cents(node[total], ints) - extras, hint, ctx, ints)


def _shares(total: int, parts: int) -> list[int]:
    """`total` in `parts` whole shares, the remainder on the last one."""
    each = total // parts
    return [each] * (parts - 1) + [total - each * (parts - 1)]


class _OnePass:
    """`Totals` for objects whose schema is the simple case, with keys known in advance; anything
    else (a fixed total, a line without numbers, other keys) goes to the full rule."""

    name = "totals"

    def __init__(self, key: str, lay: Layout, full: Totals) -> None:
        self.key, self.full = key, full
        self.total: Any = lay.total
        self.qty: Any = lay.qty
        self.price: Any = lay.price
        self.triggers = frozenset({self.total})

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        lines, total = node.get(self.key), node.get(self.total)
        if type(lines) is not list or type(total) not in _NUMBER or not ctx.free(node, self.total):
            return self.full(node, hint, ctx)
        cents, qty_k, price_k = 0, self.qty, self.price
        try:
            for line in lines:
                qty, price = line[qty_k], line[price_k]
                if type(qty) not in _NUMBER or type(price) not in _NUMBER:
                    return self.full(node, hint, ctx)
                cents += round(qty * round(price * 100))
        except (KeyError, TypeError):  # a line without those keys, or not an object
            return self.full(node, hint, ctx)
        value = cents // 100 if type(total) is int and not cents % 100 else round(cents / 100, 2)
        if value != total:
            ctx.edits.change(node, self.total, total, value, "totals")
        return None


def _extras(node: dict[str, Any], lay: Layout, ints: bool) -> int:
    """Tax, shipping and fees less discounts (also those in ``total_details``), in cents."""
    plus = sum(_cents(node[k], ints) for k in lay.plus if is_number(node[k]))
    cents = plus - sum(_cents(node[k], ints) for k in lay.minus if is_number(node[k]))
    if lay.details is not None:
        more, less = _details(node, lay)
        cents += sum(_cents(v, ints) for v in more) - sum(_cents(v, ints) for v in less)
    return cents


def _discount_within(node: dict[str, Any], lay: Layout, ctx: RuleContext, ints: bool) -> bool:
    """A discount above the subtotal and the other extras brought within them, from its own value
    (whether it changed)."""
    inner = node.get(lay.details) if lay.details is not None else None
    places = [(node, k) for k in lay.minus] + [
        (inner, k) for k in MINUS_KEYS if type(inner) is dict and is_number(inner.get(k))
    ]
    if len(places) != 1 or not ctx.free(*places[0]):
        return False
    owner, key = places[0]
    sub: Any = lay.sub
    room = _cents(node[sub], ints) + _extras(node, lay, ints) + _cents(owner[key], ints)
    if room < 0:
        return False
    cents = _cents(owner[key], ints) % (room + 1)
    return ctx.set(owner, key, cents if ints else _money(cents, owner[key]))


def _details(node: dict[str, Any], lay: Layout) -> tuple[list[Any], list[Any]]:
    """The amounts added and taken off in the object under ``lay.details`` (a missing or null
    one counts as none)."""
    inner = node.get(lay.details) if lay.details is not None else None
    if type(inner) is not dict:
        return [], []
    return [inner[k] for k in PLUS_KEYS if is_number(inner.get(k))], [
        inner[k] for k in MINUS_KEYS if is_number(inner.get(k))
    ]


def _all_int(node: dict[str, Any], lay: Layout, lines: list[dict[str, Any]]) -> bool:
    """Whether the money is whole numbers (integer cents, or a currency without cents)."""
    if any(type(node[k]) is not int for k in (lay.total, lay.sub, *lay.plus, *lay.minus) if k):
        return False
    key = lay.price or lay.line_total
    return all(type(line.get(key)) is int for line in lines)  # type: ignore[arg-type]


def _cents(value: Any, ints: bool) -> int:
    return int(value) if ints else round(value * 100)


def _like(lines: Sequence[Any], key: str | None, drawn: Any) -> Any:
    """How a sum of the lines' amounts at `key` is written, as its parts are: ``0`` when every one
    is an int (a whole sum of whole amounts is whole: ``1802``, not ``1802.0``), ``0.0`` when one is
    a float, ``0`` without lines (a cart's total and its order's, over the same lines, agree);
    `drawn` when a part is no number."""
    whole = True
    for line in lines:
        kind = type(line.get(key)) if key is not None and type(line) is dict else None
        if kind is float:
            whole = False
        elif kind is not int:
            return drawn
    return 0 if whole else 0.0


def _drawn(like: Any, drawn: Any) -> Any:
    return drawn if like is None else like


def _money(cents: int, like: Any) -> int | float:
    """Cents as money: a float with two decimals (an int when whole and `like` is an int)."""
    if type(like) is int and cents % 100 == 0:
        return cents // 100
    return round(cents / 100, 2)


def _line_cents(line: dict[str, Any], lay: Layout, ints: bool) -> int | None:
    if lay.qty is not None and lay.price is not None:
        qty: Any = line.get(lay.qty)
        price: Any = line.get(lay.price)
        if type(qty) in _NUMBER and type(price) in _NUMBER:
            cents: int = round(qty * (int(price) if ints else round(price * 100)))
            return cents
    total = line.get(lay.line_total) if lay.line_total else None
    return _cents(total, ints) if type(total) in _NUMBER else None
