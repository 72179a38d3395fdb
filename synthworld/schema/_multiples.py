"""Fractional multiples as validators see them: python-jsonschema divides floats (``0.29 / 0.01``
is not 29) and jsonschema-rs allows for rounding, and both compare the float of a multiple with
a bound that is itself a float."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any

import jsonschema_rs

__all__ = [
    "EXACT_INTS",
    "FRACTIONAL_MULTIPLE",
    "SAFE_WALK",
    "both_judge_multiples",
    "coarse",
    "first_multiple",
    "fraction",
    "last_multiple",
    "lcm",
    "rs_multiple",
]

EXACT_INTS = 2**53
"""Beyond this, a bound is not an exact float, and validators may compare in floats."""


def fraction(value: float) -> Fraction:
    """The number a keyword means: a float as written (``0.1`` is one tenth, not its float)."""
    return Fraction(value) if isinstance(value, int) else Fraction(repr(value))


FRACTIONAL_MULTIPLE = re.compile(r'"multipleOf"\s*:\s*-?[0-9]+(?:\.|[0-9]*[eE])')
"""A ``multipleOf`` written as a float (``0.1``, ``1e-05``, ``1.0``) in a schema's JSON text: the
validators may disagree on its multiples (``0.3 / 0.1`` is not 3 to python-jsonschema; it is a
multiple to jsonschema-rs, which allows for rounding)."""
_NEGATING = frozenset({"not", "oneOf", "if"})
"""Words whose subschemas a value may have to fail (a ``oneOf``'s other branches, an ``if`` in its
``else``): a number failing a ``multipleOf`` there is checked, not built."""


def both_judge_multiples(text: str, schema: Any) -> bool:
    """Whether every value of ``schema`` (its JSON text ``text``) must be checked by both
    validators: it has a fractional ``multipleOf`` (`FRACTIONAL_MULTIPLE`), and a number in an
    ``enum`` or ``const``, or a fractional ``multipleOf`` under a ``not``, ``oneOf`` or ``if``.
    The number nodes build multiples both validators take (money fields need no check), but an
    enum's number, or one failing a negated ``multipleOf``, is checked by jsonschema-rs alone,
    which takes ``0.3`` as a multiple of ``0.1``."""
    return FRACTIONAL_MULTIPLE.search(text) is not None and _disputed(schema, False, 0)


def _disputed(node: Any, negated: bool, depth: int) -> bool:
    """Whether ``node`` holds an enum's or const's number, or (``negated``: under a word of
    `_NEGATING`) a fractional ``multipleOf``."""
    if depth > _DEEPEST:
        return True
    if isinstance(node, list):
        return any(_disputed(item, negated, depth + 1) for item in node)
    if not isinstance(node, dict):
        return False
    step = node.get("multipleOf")
    if negated and isinstance(step, float):
        return True
    values = [node["const"]] if "const" in node else node.get("enum")
    if isinstance(values, list) and any(_is_number(v) for v in values):
        return True
    return any(_disputed(sub, negated or word in _NEGATING, depth + 1) for word, sub in node.items())


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_DEEPEST = 200
"""Deeper than this, a schema is taken to need both checks."""


SAFE_WALK = 64
"""How many multiples `NumberNode._safe` tries from its start."""


@lru_cache(maxsize=256)
def rs_multiple(m: float) -> Callable[[Any], bool]:
    """jsonschema-rs's verdict on whether a number is a multiple of ``m``."""
    is_valid: Callable[[Any], bool] = jsonschema_rs.validator_for({"multipleOf": m}).is_valid
    return is_valid


def first_multiple(bound: float, exclusive: bool, step: Fraction) -> int:
    """The least ``k`` whose multiple ``float(k * step)`` (the value made) lies above ``bound``
    as validators compare floats: the exact quotient's ceiling, moved where rounding says so
    (``0.31`` is 31 hundredths, though the float ``0.31`` is a little less than that)."""

    def fits(k: int) -> bool:
        made = float(k * step)
        return made > bound if exclusive else made >= bound

    k = math.ceil(Fraction(bound) / step)
    if coarse(bound, step):  # the node checks its values whole (`NumberNode._unsure`)
        return k
    for _ in range(_ROUNDING_STEPS):
        if fits(k - 1):
            k -= 1
        elif not fits(k):
            k += 1
        else:
            break
    return k


def last_multiple(bound: float, exclusive: bool, step: Fraction) -> int:
    """The greatest ``k`` whose multiple lies below ``bound`` (see `first_multiple`)."""
    return -first_multiple(-bound, exclusive, step)


_ROUNDING_STEPS = 4
"""How far `first_multiple` moves from the exact quotient: a step at most, unless `coarse`."""


def coarse(bound: float | None, step: Fraction) -> bool:
    """Whether floats near ``bound`` are too far apart for each multiple of ``step`` to be a
    float of its own (or ``bound`` is past exact floats)."""
    return bound is not None and (abs(bound) > EXACT_INTS or 4 * math.ulp(bound) > step)


def lcm(a: Fraction, b: Fraction) -> Fraction:
    return Fraction(math.lcm(a.numerator, b.numerator), math.gcd(a.denominator, b.denominator))
