"""An ``allOf`` whose parts say separate things, merged into the one schema strict mode takes.

OpenAI strict mode has no ``allOf``. Generated API descriptions use it mostly to hang a
description on a reference or a type (``allOf: [{$ref: "#/$defs/Arn"}, {description: "..."}]``,
in every AWS API of APIs.guru), or to add one bound to another part. Such parts merge into one
schema with the same values when no keyword is said twice with different values (``required``
lists are joined), no keyword that reads a sibling (``additionalProperties`` reads
``properties``, ``items`` reads ``prefixItems``...) meets its sibling from another part, and a
``$ref`` meets only annotations. Anything else stays an ``allOf`` (and strict mode refuses it).
"""

from __future__ import annotations

from typing import Any

from synthworld.formats.schema_nodes import schema_nodes

__all__ = ["merge_separate_all_ofs"]

_ANNOTATIONS = frozenset(
    {"title", "description", "default", "examples", "example", "deprecated", "readOnly", "writeOnly"}
    | {"$comment"}
)
_SIBLING_READERS = (
    frozenset({"properties", "patternProperties", "additionalProperties", "unevaluatedProperties"}),
    frozenset({"prefixItems", "items", "additionalItems", "unevaluatedItems"}),
    frozenset({"contains", "minContains", "maxContains"}),
    frozenset({"if", "then", "else"}),
)
"""Keywords whose meaning depends on a sibling: all of a group must come from one part."""


def merge_separate_all_ofs(schema: Any) -> Any:
    """``schema`` (changed in place, and returned) with each ``allOf`` whose parts merge faithfully
    replaced by their merge."""
    for _, node in schema_nodes(schema):
        parts = node.get("allOf")
        if isinstance(parts, list):
            merged = _merged([{k: v for k, v in node.items() if k != "allOf"}, *parts])
            if merged is not None:
                node.clear()
                node.update(merged)
    return schema


def _merged(parts: list[Any]) -> dict[str, Any] | None:
    """The one schema ``parts`` (all to hold) say together, or None when merging may change it."""
    if any(part is False or not isinstance(part, (dict, bool)) for part in parts):
        return None
    parts = [part for part in parts if isinstance(part, dict) and part]
    asserting = [set(part) - _ANNOTATIONS for part in parts]
    for group in _SIBLING_READERS:
        if sum(1 for words in asserting if words & group) > 1:
            return None
    if any("$ref" in words for words in asserting) and sum(1 for words in asserting if words) > 1:
        return None
    out: dict[str, Any] = {}
    for part in parts:
        for key, value in part.items():
            if key not in out:
                out[key] = list(value) if key == "required" and isinstance(value, list) else value
            elif key == "required" and isinstance(value, list) and isinstance(out[key], list):
                out[key] += [name for name in value if name not in out[key]]
            elif key not in _ANNOTATIONS and out[key] != value:
                return None  # said twice, differently (two types, two patterns...)
    return out
