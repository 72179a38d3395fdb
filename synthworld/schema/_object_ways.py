"""Ways an object fails ``patternProperties``, ``additionalProperties`` (false or a schema) and
``dependentRequired``, for the last resort of a ``oneOf`` (`_exclude.negation_branches` with
``bounds``): each way is an object schema every value of which fails the keyword, not every such
object (an object some of whose names alone are refused fails too, and is left to the usual search).

``oneOf [{additionalProperties: false}, {additionalProperties: true}]`` holds for an object with a
property alone; ``oneOf [{propertyNames: {maxLength: 1}}, {propertyNames: {maxLength: 1},
patternProperties: {"^a": {type: array}}}]`` for one whose ``a...`` property is no array. Both were
refused: an object was drawn and checked, and the names drawn seldom fail the other branch.
"""

from __future__ import annotations

from typing import Any

__all__ = ["OBJECT_WORDS", "object_ways"]

OBJECT_WORDS = frozenset({"patternProperties", "additionalProperties", "dependentRequired"})
"""The words `object_ways` reads (beside ``properties``, which its ``additionalProperties`` reads)."""


def object_ways(node: dict[str, Any]) -> list[Any]:
    """Object schemas each of whose values fails the canonical ``node``'s `OBJECT_WORDS`."""
    ways: list[Any] = []
    patterns = node.get("patternProperties")
    for pattern, sub in patterns.items() if isinstance(patterns, dict) else ():
        ways.append({"type": "object", "minProperties": 1, "propertyNames": {"pattern": pattern},
                     "patternProperties": {pattern: {"not": sub}}})  # fmt: skip
    extra = node.get("additionalProperties")
    if extra is False or (isinstance(extra, dict) and extra):  # an extra name, or one of another kind
        named = [{"enum": sorted(node.get("properties", {}))}] if node.get("properties") else []
        matched = [{"pattern": p} for p in patterns] if isinstance(patterns, dict) else []
        names = {"propertyNames": {"not": {"anyOf": [*named, *matched]}}} if named or matched else {}
        kind = {} if extra is False else {"additionalProperties": {"not": extra}}
        ways.append({"type": "object", "minProperties": 1, **names, **kind})
    needs = node.get("dependentRequired")
    for name, needed in needs.items() if isinstance(needs, dict) else ():
        ways += [{"type": "object", "required": [name], "properties": {other: False}} for other in needed]
    return ways
