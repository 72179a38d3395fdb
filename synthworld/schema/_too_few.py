"""Counts no value can reach: ``minProperties`` past the names a closed object allows, ``minItems``
past the distinct items a ``uniqueItems`` array can hold. Refused at compile with the reason, not
after the probe's attempts with "no valid value could be built" (stop 49's mutated corpus
schemas: a user's ``minProperties: 7`` on SARIF-like roots of five closed properties)."""

from __future__ import annotations

import json
from collections.abc import Set as AbstractSet
from typing import Any

from synthworld.errors import UnsatisfiableSchemaError, show_pointer
from synthworld.schema._literal_names import literal_names
from synthworld.schema._parts import Part

__all__ = ["closed_too_few", "listed_values", "unique_too_few"]


def closed_too_few(parts: list[Part], least: int, forbidden: AbstractSet[str], path: str) -> None:
    """Raise when a conjunct with ``additionalProperties: false`` allows fewer names than ``least``
    (``minProperties``): those its ``properties`` list and its ``patternProperties`` match, when
    each pattern is an anchored literal (`literal_names`; any other allows names without end)."""
    for part in parts:
        node = part.node
        if node.get("additionalProperties") is not False:
            continue
        listed = node.get("properties", {})
        names = list(listed) if isinstance(listed, dict) else []
        patterns = node.get("patternProperties") or {}
        matched = [literal_names(p) for p in patterns] if isinstance(patterns, dict) else [None]
        if any(m is None for m in matched):
            continue
        names = [
            n for n in dict.fromkeys([*names, *(n for m in matched for n in m or ())]) if n not in forbidden
        ]
        if len(names) < least:
            path = next((p.loc.path for p in parts if p.node.get("minProperties") == least), path)
            raise UnsatisfiableSchemaError(
                f"minProperties {least} at {show_pointer(path)} asks for more properties than the "
                f"{len(names)} additionalProperties: false at {show_pointer(part.loc.path)} allows "
                f"({', '.join(map(repr, names[:10]))}{', ...' if len(names) > 10 else ''})"
                f"{_MATCHED if patterns else ''}; fix: lower minProperties or list more properties",
                path=path,
            )


def unique_too_few(items: list[Part], least: int, path: str) -> None:
    """Raise when ``least`` items (``minItems`` past ``prefixItems``) of a ``uniqueItems`` array
    cannot be distinct: an item conjunct's ``enum``/``const``, or a ``boolean``/``null`` type,
    allows fewer values."""
    for part in items:
        values = listed_values(part.node)
        if values is not None and len(values) < least:
            raise UnsatisfiableSchemaError(
                f"the uniqueItems array at {show_pointer(path)} needs {least} distinct items but its "
                f"items at {show_pointer(part.loc.path)} allow only {len(values)} "
                f"({', '.join(values[:10])}); fix: lower minItems, allow more values or drop uniqueItems",
                path=path,
            )


def listed_values(node: Any) -> list[str] | None:
    """The JSON text of each value a schema allows when it lists them (None when it does not)."""
    if not isinstance(node, dict):
        return [] if node is False else None
    if "const" in node:
        return [json.dumps(node["const"])]
    if isinstance(node.get("enum"), list):
        return list(dict.fromkeys(json.dumps(v, sort_keys=True) for v in node["enum"]))
    kinds = node.get("type")
    kinds = [kinds] if isinstance(kinds, str) else kinds
    if isinstance(kinds, list) and kinds and all(k in _FEW for k in kinds):
        return [v for k in kinds for v in _FEW[k]]
    return None


_MATCHED = ", its patternProperties being anchored literals that match only the names listed"
"""Said of a closed object whose patterns count (``^x$``, ``^(a|b)$``)."""
_FEW = {"boolean": ["true", "false"], "null": ["null"]}
"""The types of few values, and those values."""
