"""Values derived from others in one object: a recipe's ``total_time_minutes`` is its prep and
cook times added, an ad's ``ctr`` its clicks over its impressions (a fraction where the field or
the drawn value is at most 1, else a percentage), its ``conversion_rate`` its conversions over its
clicks, a precinct's ``turnout`` its ballots cast over its registered voters. Only a free value is
written, and only one its schema takes."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from synthworld.world.naming import snake
from synthworld.world.rules.base import RuleContext, is_number
from synthworld.world.rules.ranges import fits_number
from synthworld.world.shapes import Shapes

__all__ = ["Derived"]


class Derivation(NamedTuple):
    result: str
    parts: tuple[str, ...]
    ratio: bool
    """A ratio of the first part over the second; else the parts' sum."""


_SUMS = (("total_time", ("prep_time", "cook_time")), ("ready_in", ("prep_time", "cook_time")))
"""(result stem, part stems): the same unit suffix on each (``total_time_minutes``)."""
_RATIOS = (("ctr", ("clicks", "impressions")), ("click_through_rate", ("clicks", "impressions")),
           ("conversion_rate", ("conversions", "clicks")), ("open_rate", ("opens", "delivered")),
           *((turnout, ("ballots_cast", "registered_voters"))
             for turnout in ("turnout", "turnout_pct", "turnout_percent", "voter_turnout")))  # fmt: skip
"""(result, numerator, denominator) by their whole snake_case names."""


@lru_cache(maxsize=4096)
def _derivations(keys: tuple[str, ...]) -> tuple[Derivation, ...]:
    names = {snake(k): k for k in keys}
    found = []
    for name, key in names.items():
        for stem, stems in _SUMS:
            if name.startswith(stem):
                suffix = name[len(stem) :]
                parts = [names.get(part + suffix) for part in stems]
                if all(parts):
                    found.append(Derivation(key, tuple(p for p in parts if p), False))
        for result, (top, bottom) in _RATIOS:
            if name == result and top in names and bottom in names:
                found.append(Derivation(key, (names[top], names[bottom]), True))
    return tuple(found)


class Derived:
    """A sum or a ratio named by its parts is worked out from them."""

    name = "derived"
    triggers: frozenset[str] = frozenset()

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        return bool(_derivations(tuple(props)))

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        for result, parts, ratio in _derivations(tuple(node)):
            values = [node[p] for p in parts]
            if not all(is_number(v) for v in values) or not ctx.free(node, result):
                continue
            schema = ctx.prop(hint, result)
            wanted = _ratio(values[0], values[1], node[result], schema) if ratio else sum(values)
            if wanted is not None and wanted != node[result] and fits_number(wanted, schema):
                ctx.edits.begin(self.name)
                ctx.set(node, result, wanted)


def _ratio(top: float, bottom: float, drawn: Any, schema: Mapping[str, Any]) -> float | None:
    """``top / bottom`` as a fraction (four places) or a percentage (two), as the field writes it."""
    if bottom <= 0 or top > bottom:
        return None
    high: Any = schema.get("maximum")
    fraction = bool(is_number(high) and high <= 1) or bool(is_number(drawn) and drawn <= 1)
    return round(top / bottom, 4) if fraction else round(100 * top / bottom, 2)
