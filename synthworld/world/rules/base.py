"""What every in-object rule shares: the `Rule` protocol, the context a rule edits through, and
number and key helpers."""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from synthworld.world.edits import Edits
from synthworld.world.shapes import Shapes

__all__ = ["Rule", "RuleContext", "first_key", "fits_multiple", "is_number"]


class Rule(Protocol):
    """One in-object rule: it looks at one object of an answer and makes it coherent."""

    name: str
    """What the trace calls it (``persona``, ``totals``...)."""
    triggers: frozenset[str]
    """Keys one of which an object must have for the rule to look at it."""

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        """Whether an object with these properties (in answers of this shape) may need the rule
        (read once per tool)."""
        ...

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        """Make `node` (an object hinted `hint`) coherent, through `ctx`."""
        ...


class RuleContext:
    """How a rule changes an answer: through `edits`, never touching pinned keys."""

    __slots__ = ("args", "edits", "now", "refs", "shapes")

    def __init__(
        self,
        edits: Edits,
        shapes: Shapes,
        now: datetime.datetime,
        refs: Sequence[Mapping[str, Any]] = (),
        args: Mapping[str, Any] | None = None,
    ) -> None:
        self.edits, self.shapes, self.now = edits, shapes, now
        self.refs = refs
        """The remembered fields of the entities the call's input names (``refund_order(order_id)``:
        the order), for rules that hold an answer within them."""
        self.args: Mapping[str, Any] = args if args is not None else {}
        """The call's input (``get_current_time(timezone=...)``: the zone its answer's time is in)."""

    def free(self, node: dict[str, Any], key: str) -> bool:
        """Whether `key` of `node` is the rule's to change (not set from input or memory)."""
        return not self.edits.pins or (id(node), key) not in self.edits.pins

    def set(self, node: dict[str, Any], key: str, value: Any) -> bool:
        """Set ``node[key]`` unless it is pinned; whether it changed."""
        return self.free(node, key) and self.edits.set(node, key, value)

    def prop(self, hint: str, key: str) -> Mapping[str, Any]:
        """The schema of property `key` of objects hinted `hint` (empty when unknown)."""
        return self.shapes.prop(hint, key)


def first_key(node: Mapping[str, Any], keys: tuple[str, ...]) -> str | None:
    """The first of `keys` that `node` has."""
    for key in keys:
        if key in node:
            return key
    return None


def is_number(value: Any) -> bool:
    """A JSON number (not a boolean)."""
    return (type(value) is int or type(value) is float) and math.isfinite(value)


def fits_multiple(value: float, schema: Mapping[str, Any]) -> bool:
    """Whether `value` passes `schema`'s ``multipleOf`` as python-jsonschema checks it (float
    division must come out integral: 0.07 is not a multiple of 0.01 there)."""
    step = schema.get("multipleOf")
    if step is None or not is_number(step) or step <= 0:
        return True
    if isinstance(step, float) or isinstance(value, float):
        quotient = value / step
        return math.isfinite(quotient) and int(quotient) == quotient
    return int(value) % int(step) == 0


def pattern_refuses(pattern: object, value: str) -> bool:
    """Whether a property's ``pattern`` (as JSON Schema reads it: a search) refuses `value`; a
    pattern Python cannot read refuses everything (the value stays as drawn). No pattern: no."""
    if not isinstance(pattern, str):
        return False
    try:
        return re.search(pattern, value) is None
    except re.error:
        return True
