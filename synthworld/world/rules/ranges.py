"""Ranges inside one object: a low end is not above its high end (``min_price`` <= ``max_price``,
``low_c`` <= ``high_c``, ``minAge`` <= ``maxAge``), for numbers drawn on their own."""

from __future__ import annotations

import operator
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from synthworld.world.naming import snake
from synthworld.world.rules.base import RuleContext, fits_multiple, is_number
from synthworld.world.shapes import Shapes

__all__ = ["Ranges", "fits_number"]

_HIGH_OF = {"min": "max", "minimum": "maximum", "low": "high", "lo": "hi", "lowest": "highest", "avg": "max",
            "average": "max", "mean": "max", "net": "gross"}  # fmt: skip
"""The word of a range's high end, by the word of its low end (an average is no more than the most,
a net mass or amount no more than the gross)."""
_WITHIN = (
    ("enrolled", "capacity"), ("enrolled_count", "capacity"), ("attendees", "capacity"),
    ("seats_taken", "seats"), ("clicks", "impressions"), ("conversions", "clicks"), ("opens", "sent"),
    ("delivered", "sent"),
    ("available_balance", "balance"), ("available", "total"), ("used", "limit"), ("used", "quota"),
    ("completed", "total"), ("passed", "total"), ("failed", "total"), ("approved_amount", "claim_amount"),
    ("approved_amount", "claimed_amount"), ("approved_amount", "requested_amount"),
    ("quantity_completed", "quantity_ordered"), ("quantity_shipped", "quantity_ordered"),
    ("quantity_received", "quantity_ordered"), ("scrap_qty", "quantity_ordered"),
    ("ballots_cast", "registered_voters"), ("votes_cast", "registered_voters"),
    ("ready_containers", "total_containers"), ("ready_replicas", "replicas"),
    ("available_replicas", "replicas"),
    ("soc_start_pct", "soc_end_pct"), ("soc_start", "soc_end"), ("start_soc", "end_soc"),
)  # fmt: skip
"""(part, whole): counts of one thing where the part is never more than the whole (a course's
``enrolled`` and ``capacity``, an ad's ``clicks`` and ``impressions``, an account's
``available_balance`` and ``balance``, a claim's ``approved_amount`` and ``claim_amount``, a work
order's ``quantity_completed`` and ``quantity_ordered``, a precinct's ``ballots_cast`` and
``registered_voters``, a car's charge at the start and the end of a charging session)."""


@lru_cache(maxsize=4096)
def _pairs(keys: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The (low, high) key pairs among `keys`: the same name but for its first or last word
    (``min_price``/``max_price``, ``temp_low``/``temp_high``, ``minAge``/``maxAge``)."""
    by_name = {snake(key): key for key in keys}
    found = []
    for name, key in by_name.items():
        words = name.split("_")
        for at in {0, len(words) - 1}:
            high = _HIGH_OF.get(words[at])
            if high is not None:
                partner = by_name.get("_".join([*words[:at], high, *words[at + 1 :]]))
                if partner is not None:
                    found.append((key, partner))
                    break
    found += [
        (by_name[part], by_name[whole]) for part, whole in _WITHIN if part in by_name and whole in by_name
    ]
    return tuple(found)


_INNER = ("open", "close", "price", "last", "last_price", "current_price")
"""What lies within a quote's ``low`` .. ``high`` (its day's range), by name (not the previous
close: the day may open above or below it)."""


@lru_cache(maxsize=4096)
def _inner(keys: tuple[str, ...], low: str) -> tuple[str, ...]:
    """The keys within the range whose low end is `low`, when it is a quote's ``low`` (or
    ``day_low``): its open, close, price..."""
    if snake(low) not in ("low", "day_low", "low_price"):
        return ()
    return tuple(k for k in keys if snake(k) in _INNER)


def fits_number(value: float, schema: Mapping[str, Any]) -> bool:
    """Whether the number `value` meets `schema`'s numeric keywords (type, bounds, multipleOf)."""
    kinds = schema.get("type")
    if (kinds == "integer" or kinds == ["integer"]) and not float(value).is_integer():
        return False
    for word, holds in _BOUNDS:
        bound: Any = schema.get(word)
        if is_number(bound) and not holds(value, bound):
            return False
    return fits_multiple(value, schema)


_BOUNDS = (
    ("minimum", operator.ge),
    ("maximum", operator.le),
    ("exclusiveMinimum", operator.gt),
    ("exclusiveMaximum", operator.lt),
)


class Ranges:
    """low <= high: the two ends of a range drawn the wrong way round are swapped when both are the
    rule's to change (not echoed or remembered); else the end that is free meets the other. Only
    to values their own schemas take: else the range is left as drawn. (A partial script's fields
    are laid over the answer after every rule, as the user wrote them.)"""

    name = "range"
    triggers: frozenset[str] = frozenset()

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        return bool(_pairs(tuple(props)))

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        for low, high in _pairs(tuple(node)):
            a, b = node[low], node[high]
            if not (is_number(a) and is_number(b)) or a <= b:
                continue
            free_low, free_high = ctx.free(node, low), ctx.free(node, high)
            low_takes_b, high_takes_a = (
                fits_number(b, ctx.prop(hint, low)),
                fits_number(a, ctx.prop(hint, high)),
            )
            if free_low and free_high and low_takes_b and high_takes_a:  # drawn the wrong way round
                ctx.edits.begin(self.name)
                ctx.set(node, low, b)
                ctx.set(node, high, a)
            elif free_low and low_takes_b:  # one end given (echoed, remembered), or no swap fits: meet
                ctx.edits.begin(self.name)
                ctx.set(node, low, b)
            elif free_high and high_takes_a:
                ctx.edits.begin(self.name)
                ctx.set(node, high, a)
        for low, high in _pairs(tuple(node)):
            self._around(node, low, high, hint, ctx)

    def _around(self, node: dict[str, Any], low: str, high: str, hint: str, ctx: RuleContext) -> None:
        """A quote's day range holds its open, close and price: a free end widens to take them."""
        inside = [node[k] for k in _inner(tuple(node), low) if is_number(node[k])]
        if not inside or not (is_number(node[low]) and is_number(node[high])):
            return
        least, most = min(inside), max(inside)
        if least < node[low] and ctx.free(node, low) and fits_number(least, ctx.prop(hint, low)):
            ctx.edits.begin(self.name)
            ctx.set(node, low, least)
        if most > node[high] and ctx.free(node, high) and fits_number(most, ctx.prop(hint, high)):
            ctx.edits.begin(self.name)
            ctx.set(node, high, most)
