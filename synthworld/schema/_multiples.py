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

import jsonschema
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
    "py_multiple",
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
_GIVEN = ("const", "enum", "examples", "default")
"""Words whose values a generator may give as written (checked by jsonschema-rs), not built."""
_MOST_PAIRS = 4096
"""Past this many (multiple, given number) pairs, a schema is taken to need both checks."""


def both_judge_multiples(text: str, schema: Any) -> bool:
    """Whether every value of ``schema`` (its JSON text ``text``) must be checked by both
    validators: it has a fractional ``multipleOf`` (`FRACTIONAL_MULTIPLE`), and a fractional
    ``multipleOf`` under a ``not``, ``oneOf`` or ``if``, or a number given as written (in an
    ``enum``, ``const``, ``examples`` or ``default``, at any depth of it) that the two validators
    judge differently against one of the schema's ``multipleOf``s. The number nodes build
    multiples both validators take (money fields need no check), but a given number, or one
    failing a negated ``multipleOf``, is checked by jsonschema-rs alone, which takes ``0.3`` as a
    multiple of ``0.1`` (python-jsonschema does not)."""
    if FRACTIONAL_MULTIPLE.search(text) is None:
        return False
    steps: set[float] = set()
    given: set[float] = set()
    if _walk(schema, False, 0, steps, given):
        return True
    if len(steps) * len(given) > _MOST_PAIRS:
        return True
    return any(py_multiple(m)(v) != rs_multiple(m)(v) for m in steps for v in given)


def _walk(node: Any, negated: bool, depth: int, steps: set[float], given: set[float]) -> bool:
    """Gather the ``multipleOf``s and given numbers of ``node`` into ``steps`` and ``given`` (every
    value is walked as a schema too: a property named ``default`` is one); True at once where a
    fractional ``multipleOf`` lies under a word of `_NEGATING` (``negated``), or past `_DEEPEST`."""
    if depth > _DEEPEST:
        return True
    if isinstance(node, list):
        return any(_walk(item, negated, depth + 1, steps, given) for item in node)
    if not isinstance(node, dict):
        return False
    step = node.get("multipleOf")
    if isinstance(step, (int, float)) and not isinstance(step, bool) and step > 0:
        if negated and isinstance(step, float):
            return True
        steps.add(step)
    for word in _GIVEN:
        if word in node:
            _numbers_in(node[word], given, depth)
    return any(_walk(v, negated or w in _NEGATING, depth + 1, steps, given) for w, v in node.items())


def _numbers_in(value: Any, found: set[float], depth: int) -> None:
    """Add the numbers in ``value`` (a number, or in an array or object) to ``found``."""
    if _is_number(value):
        found.add(value)
    elif depth <= _DEEPEST and isinstance(value, (list, dict)):
        for item in value.values() if isinstance(value, dict) else value:
            _numbers_in(item, found, depth + 1)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_DEEPEST = 200
"""Deeper than this, a schema is taken to need both checks."""


@lru_cache(maxsize=256)
def py_multiple(m: float) -> Callable[[Any], bool]:
    """python-jsonschema's verdict on whether a number is a multiple of ``m``."""
    is_valid: Callable[[Any], bool] = jsonschema.Draft202012Validator({"multipleOf": m}).is_valid
    return is_valid


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
