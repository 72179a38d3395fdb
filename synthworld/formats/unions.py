"""Type lists spelt as ``anyOf``: ``{"type": ["string", "null"], "maxLength": 5}`` becomes
``{"anyOf": [{"type": "string", "maxLength": 5}, {"type": "null"}]}``, the same values.

pydantic spells unions so, and some readers of tool schemas know no other spelling
(pydantic-ai's ``TestModel`` fails on a type list). Each keyword that constrains one type moves
into that type's branch; the others stay beside the ``anyOf``.
"""

from __future__ import annotations

from typing import Any

from synthworld.schema.keywords import TYPE_KEYWORDS

__all__ = ["type_lists_as_any_of"]

_ONE = ("additionalProperties", "items", "not", "if", "then", "else", "contains", "propertyNames",
        "unevaluatedItems", "unevaluatedProperties", "additionalItems")  # fmt: skip
_LIST = ("anyOf", "oneOf", "allOf", "prefixItems", "items")
_MAP = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")


def type_lists_as_any_of(schema: Any) -> Any:
    """A copy of `schema` (a JSON Schema) with every type list written as an ``anyOf``."""
    if not isinstance(schema, dict):
        return schema
    out = {key: _children(key, value) for key, value in schema.items()}
    kinds = out.get("type")
    if not isinstance(kinds, list) or "anyOf" in out:  # an anyOf of its own: left as it is
        return out
    if len(kinds) == 1:
        out["type"] = kinds[0]
        return out
    branches = []
    for kind in kinds:
        words = TYPE_KEYWORDS.get("number" if kind == "integer" else kind, frozenset())
        branches.append({"type": kind, **{w: out[w] for w in out if w in words}})
    moved = {w for kind in kinds for w in TYPE_KEYWORDS.get("number" if kind == "integer" else kind, ())}
    rest = {key: value for key, value in out.items() if key != "type" and key not in moved}
    return {**rest, "anyOf": branches}


def _children(key: str, value: Any) -> Any:
    if key in _MAP and isinstance(value, dict):
        return {name: type_lists_as_any_of(child) for name, child in value.items()}
    if key in _LIST and isinstance(value, list):
        return [type_lists_as_any_of(child) for child in value]
    if key in _ONE and isinstance(value, dict):
        return type_lists_as_any_of(value)
    return value
