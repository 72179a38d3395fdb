"""A ``not`` read as the ways its subschema can fail, each built rather than drawn and checked:
``not: {if: A, then: B}`` is ``A`` and ``not B``; ``not: {dependentRequired: {a: [b]}}`` an object
with ``a`` and without ``b``; ``not: {properties: {a: false}}`` an object with ``a``; ``not:
{const: 0}`` a value of another type, or a number above or below 0; ``not: {oneOf: [A, B]}`` a
value of neither or of both.

Such a subschema holds for most values, so its ``not``, drawn and then checked, was refused (the
objects drawn rarely hold ``a`` without ``b``). The ways are an ``anyOf`` the compiler splits on.
A conditional's subschemas are the document's own (``raw``, not its canonical form), so the
reading holds in the document's dialect (draft 7's ``dependencies`` among them).
"""

from __future__ import annotations

import re
from itertools import pairwise
from random import Random
from typing import Any

from synthworld.schema._exclude import negation_branches
from synthworld.schema._object_ways import OBJECT_WORDS
from synthworld.schema._regex import compile_pattern
from synthworld.schema.keywords import ANNOTATIONS

__all__ = ["ways_of_not"]

_IFS = frozenset({"if", "then", "else"})
_DEPENDENT = frozenset({"dependentRequired", "dependentSchemas", "dependencies"})
_CONTENT = frozenset({"contentMediaType", "contentSchema"})
"""Words that assert nothing (the canonical form drops them): ``not: {not: X, contentMediaType:
...}`` is ``X``."""
_NAME_WORDS = frozenset({*OBJECT_WORDS, "propertyNames"})
"""Object words a value fails by its names: ``not: {patternProperties: {"^a": false}}`` holds for
an object with an ``a...`` name alone, ``not: {propertyNames: P}`` for one with a name ``P``
refuses; drawn and checked, such objects were seldom made (refused inside a recursive ``$ref``)."""
_OBJECT_READ = frozenset({*_NAME_WORDS, "properties", "required", "minProperties", "maxProperties", "type"})
"""The words `negation_branches` reads of objects (with ``bounds``)."""
_PAIRED = 5
"""The most branches of a ``oneOf`` under a ``not`` read as its ways (one per pair of them)."""


def ways_of_not(neg: Any, raw: Any) -> dict[str, Any] | None:
    """An ``anyOf`` equal to ``not: raw`` (``neg``: ``raw`` canonical) when ``raw`` is only an
    ``if`` with its ``then``/``else``, only dependencies, only a ``not``, only a ``oneOf`` of two
    to five branches (none of them met, or two), only object words among them a name word
    (`_NAME_WORDS`), or ``neg`` names ``properties`` among the object words `negation_branches`
    reads; else None (``not`` stays a check)."""
    if not isinstance(raw, dict) or not isinstance(neg, dict) or not neg:
        return None  # not: {} (an if a draft 6 ignores among them) holds for nothing
    words = {w for w in raw if w not in ANNOTATIONS and w not in _CONTENT}
    if "if" in words and words <= _IFS:
        ways = _if_ways(raw)
    elif words and words <= _DEPENDENT:
        ways = _dependent_ways(raw)
    elif words == {"not"}:  # not: {not: X} is X
        ways = [raw["not"]]
    elif words == {"const"} or words == {"enum"}:
        ways = _number_ways(raw)
    elif words == {"oneOf"} and isinstance(raw["oneOf"], list) and 1 < len(raw["oneOf"]) <= _PAIRED:
        ways = _one_of_ways(raw["oneOf"])
    elif words <= _OBJECT_READ and not words.isdisjoint(_NAME_WORDS):
        ways = [*(negation_branches(neg, bounds=True) or []), *_named_ways(neg)]
    elif "properties" in neg:
        ways = negation_branches(neg) or []
    else:
        return None
    return {"anyOf": ways} if ways else None


_NOT_NUMBERS = ("null", "boolean", "string", "array", "object")


def _number_ways(raw: dict[str, Any]) -> list[Any]:
    """The ways to fail a ``const`` or ``enum`` of numbers alone: a value of another type, or a
    number below, between or above them (a drawn number meets ``const: 0`` when its range holds
    no other multiple, ``{multipleOf: 1e15}``); none for other values (a string unlike the
    const's is no keyword)."""
    values = [raw["const"]] if "const" in raw else raw["enum"]
    if not isinstance(values, list) or not values:
        return []
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return []
    ordered = sorted(set(values))
    ways: list[Any] = [{"type": list(_NOT_NUMBERS)}, {"type": "number", "exclusiveMaximum": ordered[0]}]
    ways += [{"type": "number", "exclusiveMinimum": a, "exclusiveMaximum": b} for a, b in pairwise(ordered)]
    return [*ways, {"type": "number", "exclusiveMinimum": ordered[-1]}]


def _named_ways(neg: dict[str, Any]) -> list[Any]:
    """Per pattern of ``patternProperties``, an object holding one name it matches (the first its
    generator makes, from a fixed seed) whose value fails the pattern's schema: the way of
    `negation_branches` lets only such names in, so ``required: [b]`` beside ``not:
    {patternProperties: {"^a": false}}`` left it none."""
    patterns = neg.get("patternProperties")
    ways: list[Any] = []
    for pattern, sub in patterns.items() if isinstance(patterns, dict) else ():
        try:
            name = compile_pattern(pattern, 0)[0](Random(0), {})
        except (re.error, ValueError):  # a pattern Python cannot read: the other ways stay
            continue
        ways.append({"type": "object", "required": [name], "properties": {name: {"not": sub}}})
    return ways


def _one_of_ways(branches: list[Any]) -> list[Any]:
    """The ways to fail a ``oneOf``: fail every branch, or meet two of them."""
    ways: list[Any] = [{"not": {"anyOf": branches}}]
    ways += [{"allOf": [one, other]} for j, one in enumerate(branches) for other in branches[j + 1 :]]
    return ways


def _if_ways(raw: dict[str, Any]) -> list[Any]:
    """The ways to fail an ``if``: meet it and fail its ``then``, or fail it and its ``else``."""
    cond = raw["if"]
    ways: list[Any] = []
    if "then" in raw:
        ways.append({"allOf": [cond, {"not": raw["then"]}]})
    if "else" in raw:
        ways.append({"allOf": [{"not": cond}, {"not": raw["else"]}]})
    return ways


def _dependent_ways(raw: dict[str, Any]) -> list[Any]:
    """The ways to fail dependencies: an object with a trigger and without one name it requires,
    or with a trigger and failing its schema."""
    ways: list[Any] = []
    for word in sorted(_DEPENDENT & raw.keys()):
        found = raw[word]
        if not isinstance(found, dict):
            return []
        for trigger, need in found.items():
            if isinstance(need, list):
                ways += [{"type": "object", "required": [trigger], "not": {"required": [n]}} for n in need]
            else:
                ways.append({"type": "object", "required": [trigger], "not": need})
    return ways
