"""Which in-object rules a tool needs where, and one walk that applies them to an answer."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from synthworld.world.naming import singular
from synthworld.world.rules.address import Address
from synthworld.world.rules.age import Age
from synthworld.world.rules.base import Rule, RuleContext
from synthworld.world.rules.content_size import ContentSize
from synthworld.world.rules.counts import Counts
from synthworld.world.rules.cursors import Cursors
from synthworld.world.rules.derived import Derived
from synthworld.world.rules.files import Files
from synthworld.world.rules.iban_currency import IbanCurrency
from synthworld.world.rules.local_time import LocalTime
from synthworld.world.rules.money_text import MoneyText
from synthworld.world.rules.named_counts import NamedCounts
from synthworld.world.rules.pages import Pages
from synthworld.world.rules.persona import Persona
from synthworld.world.rules.phones import Phones
from synthworld.world.rules.ranges import Ranges
from synthworld.world.rules.refunds import Refunds
from synthworld.world.rules.spans import Spans
from synthworld.world.rules.statements import Statements
from synthworld.world.rules.timeline import TimeOrder
from synthworld.world.rules.totals import Totals
from synthworld.world.rules.units import Units
from synthworld.world.rules.zones import Zones
from synthworld.world.shapes import Shapes
from synthworld.world.walk import MAX_DEPTH

__all__ = ["RULES", "LazyRules", "RulePlan", "apply_rules", "rules_for"]

RULES: tuple[Rule, ...] = (
    Persona(), Address(), Phones(), Zones(), IbanCurrency(), MoneyText(), Totals(), Refunds(), Statements(),
    Cursors(), Counts(), Units(), NamedCounts(), Pages(), Ranges(), Derived(), TimeOrder(), Spans(), Age(),
    Files(), ContentSize(), LocalTime(),
)  # fmt: skip
"""Every in-object rule, in the order they run (a phone and a time zone after its address's country; an
account's currency from its IBAN before its amounts are written; money text without a sign; sums, then
refunds within them, a statement's balances from the remembered account, before cursors and counts,
generic, of a basket's units and named (a last page counts its items), then the page fields that build
on the counts; ranges, then values worked out from their parts (a ctr from clicks and impressions in
order); times in order, then their spans; ages from birth dates; a file's name after its type, its size
from the content given; last, times written in their zone, with the weekday and summer time they fall
on)."""


@dataclass(frozen=True)
class RulePlan:
    """The rules a tool's answers need, by the hint of the objects they apply to."""

    at: Mapping[str, tuple[Rule, ...]] | None
    """Rules per hint (None: every rule on every object, for answers of unknown shape)."""
    reach: frozenset[str]
    """Hints of objects at or under which some rule applies (the walk goes nowhere else)."""
    deep: bool = True
    """Whether some rule applies below the top objects (else the walk stops at them)."""

    def __bool__(self) -> bool:
        return self.at is None or bool(self.at)


_EVERYWHERE = RulePlan(None, frozenset())
_UNBOUND = frozenset(RULES)
_COMBINATIONS: dict[tuple[Rule, ...], tuple[Rule, ...]] = {}
"""Each combination of unbound rules, made once and shared by every plan that needs it (fewer
long-lived objects for the cyclic collector to walk)."""


def rules_for(shapes: Shapes) -> RulePlan:
    """Where the rules apply to answers of this shape (read once per tool)."""
    if shapes.open:
        return _EVERYWHERE
    at = {}
    for hint, props in shapes.by_hint.items():
        found = tuple(_bound(rule, props, shapes) for rule in RULES if rule.fits(props, shapes))
        if found:
            at[hint] = _COMBINATIONS.setdefault(found, found) if _UNBOUND.issuperset(found) else found
    reach = shapes.reach(set(at))
    return RulePlan(at, reach, deep=len(reach) > 1 or shapes.collection is not None)  # typed read-only


class LazyRules:
    """`rules_for` of a tool's shapes, read when a call first needs it (None: no rule applies).

    Reading where each rule fits takes about as long as compiling the tool's generator, and a
    world registers every tool of a large OpenAPI spec where a test calls a few. Reading twice
    (two threads at once) gives the same plan.
    """

    __slots__ = ("_plan", "_shapes")

    def __init__(self, shapes: Shapes) -> None:
        self._shapes: Shapes | None = shapes
        self._plan: RulePlan | None = None

    def get(self) -> RulePlan | None:
        """The rule plan, read on first use; None when no rule applies anywhere."""
        shapes = self._shapes
        if shapes is not None:
            self._plan = rules_for(shapes) or None
            self._shapes = None
        return self._plan


def _bound(rule: Rule, props: Mapping[str, Any], shapes: Shapes) -> Rule:
    """`rule` made ready for objects of these properties (``rule.bind``), when it can be."""
    bind = getattr(rule, "bind", None)
    return bind(props, shapes) if callable(bind) else rule  # type: ignore[no-any-return]


def apply_rules(
    plan: RulePlan, value: Any, hint: str, ctx: RuleContext, depth: int = 0, top_list: str | None = None
) -> None:
    """Apply the rules to every object in `value` (hinted `hint`) they may concern, parents first
    (the items of the top object's `top_list` are hinted like the top)."""
    if depth > MAX_DEPTH:
        return
    if type(value) is list:
        for item in value:
            apply_rules(plan, item, hint, ctx, depth + 1)
    elif type(value) is dict:
        rules = RULES if plan.at is None else plan.at.get(hint, ())
        for rule in rules:
            if not rule.triggers or not rule.triggers.isdisjoint(value):
                try:
                    rule(value, hint, ctx)
                except OverflowError:  # dates near the year 1 or 9999 (a pattern's): left as drawn
                    continue
        if not plan.deep:
            return
        for key, child in value.items():
            if type(child) is dict or type(child) is list:
                inner = hint if depth == 0 and key == top_list else singular(key)
                if plan.at is None or inner in plan.reach:
                    apply_rules(plan, child, inner, ctx, depth + 1)
