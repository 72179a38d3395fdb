"""A ``not`` of one bound read as the bound it leaves: ``not: {maxLength: 5}`` is ``{type: string,
minLength: 6}``.

A bound holds for every value not of its type (a number meets ``maxLength: 5``), so its ``not``
holds for values of its type alone, past the bound: a string of six characters or more meets
``not: {maxLength: 5}``, and nothing else does. Read so, the string is built long enough instead
of drawn and then refused by the ``not`` (``{format: hostname, not: {maxLength: 5}, pattern:
"^.{0,8}$"}`` was refused: the hostnames drawn are longer than 8, the short ones refused by the
``not``).
"""

from __future__ import annotations

from typing import Any

from synthworld.schema._not_ways import ways_of_not
from synthworld.schema.keywords import ANNOTATIONS, TYPE_KEYWORDS

__all__ = ["bound_of_not", "read_not"]

_COUNTS = {
    "maxLength": ("string", "minLength", 1),
    "minLength": ("string", "maxLength", -1),
    "maxItems": ("array", "minItems", 1),
    "minItems": ("array", "maxItems", -1),
    "maxProperties": ("object", "minProperties", 1),
    "minProperties": ("object", "maxProperties", -1),
}
"""A count's negation: its type, and the opposite count one past it (``not: {minItems: 0}`` holds
for nothing, which no count says, so it stays a ``not``)."""
_LIMITS = {
    "maximum": "exclusiveMinimum",
    "exclusiveMaximum": "minimum",
    "minimum": "exclusiveMaximum",
    "exclusiveMinimum": "maximum",
}
"""A number's bound's negation: the opposite bound, open where it was closed and closed where open."""


def bound_of_not(neg: Any) -> dict[str, Any] | None:
    """The schema equal to ``not: neg`` when ``neg`` (canonical) is one bound of one type (a count of
    characters, items or properties, or a number's bound), besides annotations; else None."""
    if not isinstance(neg, dict):
        return None
    words = [w for w in neg if w not in ANNOTATIONS]
    if len(words) != 1:
        return None
    word = words[0]
    value = neg[word]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if word in _LIMITS:
        return {"type": "number", _LIMITS[word]: value}
    if word not in _COUNTS or not float(value).is_integer():
        return None
    kind, opposite, step = _COUNTS[word]
    count = int(value) + step
    return {"type": kind, opposite: count} if count >= 0 else None


def type_of_not(neg: Any) -> str | None:
    """The one type whose values alone can meet ``not: neg``: that whose keywords are all of
    ``neg``'s (besides annotations), which every value of another type meets (``not: {format:
    ipv4}`` holds for strings alone: a number meets ``format: ipv4``); else None."""
    if not isinstance(neg, dict):
        return None
    words = {w for w in neg if w not in ANNOTATIONS}
    kinds = [kind for kind, own in TYPE_KEYWORDS.items() if words and words <= own]
    return kinds[0] if len(kinds) == 1 else None


def read_not(neg: Any, raw: Any, *, ways: bool = False) -> dict[str, Any] | None:
    """The schema to read in place of ``not: raw`` (``neg``: ``raw`` canonical): `bound_of_not`;
    with ``ways`` (the last resort's compiler), the ways to fail a conditional or properties
    (`ways_of_not`); or the not beside its one type (`type_of_not`); else None (the ``not`` stays
    as it is)."""
    bound = bound_of_not(neg)
    if bound is None and ways:
        bound = ways_of_not(neg, raw)
    if bound is not None:
        return bound
    kind = type_of_not(neg)
    return None if kind is None else {"type": kind, "not": raw}
