"""An ``allOf`` whose parts say separate things, merged into the one schema strict mode takes.

OpenAI strict mode has no ``allOf``. Generated API descriptions use it to hang a description on a
reference or a type (``allOf: [{$ref: "#/$defs/Arn"}, {description: "..."}]``, in every AWS API of
APIs.guru), to add one bound to another part, or to extend a base object with more properties
(OpenAPI's inheritance: ``allOf: [{$ref: "#/$defs/Base"}, {properties: {...}}]``). Such parts
merge into one schema with the same values when no keyword is said twice with different values
(``required`` lists are joined, ``properties`` maps too, a property said twice becoming the
``allOf`` of both, two ``enum``s the values in both), no other keyword that reads a sibling
(``additionalProperties`` reads ``properties``, ``items`` reads ``prefixItems``...) meets its
sibling from another part, and each ``$ref`` beside assertions points inside the document (its
target is copied in). Anything else stays an ``allOf`` (and strict mode refuses it).
"""

from __future__ import annotations

import copy
from typing import Any

from synthworld._json import local_ref_target
from synthworld.formats.schema_nodes import schema_nodes
from synthworld.schema._canonicalise import json_equal

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
"""Keywords whose meaning depends on a sibling: all of a group must come from one part (apart
from ``properties`` maps alone, which join)."""
_IDS = ("$id", "id")
"""Keywords that give a schema a base URI of its own (its ``#/...`` then resolves against it)."""
_PLACES = (*_IDS, "$anchor", "$dynamicAnchor", "$recursiveAnchor")
"""Keywords naming a place: a copy of a schema with one would name it twice."""
_DEPTH = 16
"""How many references and nested ``allOf``s one merge follows (a cycle stays an ``allOf``)."""


def merge_separate_all_ofs(schema: Any) -> Any:
    """``schema`` (changed in place, and returned) with each ``allOf`` whose parts merge faithfully
    replaced by their merge."""
    inner_ids = any(_names(node, _IDS) for path, node in schema_nodes(schema) if path != "$")
    root = None if inner_ids else schema
    for _, node in schema_nodes(schema):
        parts = node.get("allOf")
        if isinstance(parts, list):
            merged = _merged([{k: v for k, v in node.items() if k != "allOf"}, *parts], root, 0)
            if merged is not None:
                node.clear()
                node.update(merged)
    return schema


def _asserting(part: dict[str, Any]) -> set[str]:
    """The keywords of ``part`` that say something of values (OpenAPI's ``x-`` extensions do not)."""
    return {key for key in part if key not in _ANNOTATIONS and not key.startswith("x-")}


def _merged(parts: list[Any], root: Any, depth: int) -> dict[str, Any] | None:
    """The one schema ``parts`` (all to hold) say together, or None when merging may change it."""
    if depth > _DEPTH or any(part is False or not isinstance(part, (dict, bool)) for part in parts):
        return None
    parts = [part for part in parts if isinstance(part, dict) and part]
    if sum(1 for part in parts if _asserting(part)) > 1 and any(
        "allOf" in part or "$ref" in part for part in parts
    ):
        return _merged_expanded(parts, root, depth)
    asserting = [_asserting(part) for part in parts]
    for group in _SIBLING_READERS:
        readers = [words & group for words in asserting if words & group]
        if len(readers) > 1 and any(words != {"properties"} for words in readers):
            return None
    out: dict[str, Any] = {}
    for part in parts:
        for key, value in part.items():
            if key not in out:
                out[key] = _fresh(key, value)
            elif key == "required" and isinstance(value, list) and isinstance(out[key], list):
                out[key] += [name for name in value if name not in out[key]]
            elif key == "properties" and isinstance(value, dict) and isinstance(out[key], dict):
                for name, child in value.items():
                    mine = out[key].get(name, child)
                    out[key][name] = child if json_equal(mine, child) else {"allOf": [mine, child]}
            elif key == "enum" and isinstance(value, list) and isinstance(out[key], list):
                out[key] = [item for item in out[key] if any(json_equal(item, v) for v in value)]
                if not out[key]:
                    return None
            elif key in _asserting(part) and not json_equal(out[key], value):
                return None  # said twice, differently (two types, two patterns...)
    return out


def _fresh(key: str, value: Any) -> Any:
    """A copy of what the merge may add to (a ``required`` list, a ``properties`` map)."""
    if key == "required" and isinstance(value, list):
        return list(value)
    return dict(value) if key == "properties" and isinstance(value, dict) else value


def _merged_expanded(parts: list[dict[str, Any]], root: Any, depth: int) -> dict[str, Any] | None:
    """``parts`` merged once each nested ``allOf`` is spread into parts and each ``$ref`` is its
    target's copy (the part's own words first, so a description on a reference wins)."""
    spread: list[Any] = []
    for part in parts:
        own = {key: value for key, value in part.items() if key not in ("allOf", "$ref")}
        spread.append(own)
        if "$ref" in part:
            target = _target(root, part["$ref"])
            if target is None or any(_names(node, _PLACES) for _, node in schema_nodes(target)):
                return None  # not found, or names a place a copy would name twice
            spread.append(copy.deepcopy(target))
        if "allOf" in part:
            if not isinstance(part["allOf"], list):
                return None
            spread += part["allOf"]
    return _merged(spread, root, depth + 1)


def _names(node: dict[str, Any], keywords: tuple[str, ...]) -> bool:
    """Whether ``node`` names a place with one of ``keywords`` (draft 4's ``id`` only as a string)."""
    return any(key in node for key in keywords if key != "id") or isinstance(node.get("id"), str)


def _target(root: Any, ref: Any) -> Any:
    """What the JSON Pointer reference ``ref`` (``#/...``) points at in ``root``, or None (an
    anchor, another document; always None when ``root`` is, as it is when a schema inside it has
    an ``$id`` of its own, against which its ``#/...`` would resolve)."""
    if root is None or not isinstance(ref, str) or not (ref == "#" or ref.startswith("#/")):
        return None
    node = local_ref_target(root, ref)
    return node if isinstance(node, (dict, bool)) else None
