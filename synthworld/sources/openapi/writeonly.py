"""Write-only properties out of answers, whatever keyword would require them.

An answer schema keeps a ``writeOnly`` property as ``false`` (never present) and no longer requires
it where the instance must hold it: ``required`` at the object and in the subschemas that apply to
the same object in a positive sense (``allOf``, ``then``, ``else``, ``dependentSchemas`` values),
and ``dependentRequired`` lists. In ``anyOf``/``oneOf`` a branch requiring one is ``false`` (it can
never match) while another branch is left; when every branch requires one, the first is relaxed
(and, in ``oneOf``, the rest are ``false``, so exactly one still matches). ``if`` and ``not`` are
left alone: under ``not`` the sense flips, and ``not: {required: []}`` would match nothing.

Pure functions: a schema in, a new one out (shared, cached subschemas are never changed in place).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["forbidden", "relax"]

BodyOf = Callable[[Any], Any]
"""The translated schema a ``{"$ref": "#/$defs/..."}`` stands for (other schemas as they are)."""

_SAME = ("then", "else")


def forbidden(schema: Any, body_of: BodyOf, *, depth: int = 8) -> frozenset[str]:
    """The property names `schema` forbids for the whole object (``properties: {name: false}``),
    its own and those of its ``allOf`` parts (through ``$defs`` references)."""
    schema = body_of(schema)
    if not isinstance(schema, Mapping):
        return frozenset()
    properties = schema.get("properties")
    names = {n for n, s in properties.items() if s is False} if isinstance(properties, Mapping) else set()
    parts = schema.get("allOf") if depth > 0 else None
    for part in parts if isinstance(parts, list) else []:
        names |= forbidden(part, body_of, depth=depth - 1)
    return frozenset(names)


def relax(schema: Any, names: frozenset[str]) -> Any:
    """`schema` requiring none of `names` wherever it applies to the object itself; the same
    object when nothing changes."""
    if not names or not isinstance(schema, dict):
        return schema
    out = dict(schema)
    if isinstance(out.get("required"), list):
        out["required"] = [n for n in out["required"] if n not in names]
    if isinstance(out.get("dependentRequired"), Mapping):
        out["dependentRequired"] = {
            key: [n for n in value if n not in names] if isinstance(value, list) else value
            for key, value in out["dependentRequired"].items()
        }
    if isinstance(out.get("dependentSchemas"), Mapping):
        out["dependentSchemas"] = {k: relax(v, names) for k, v in out["dependentSchemas"].items()}
    if isinstance(out.get("allOf"), list):
        out["allOf"] = [relax(part, names) for part in out["allOf"]]
    for key in _SAME:
        if key in out:
            out[key] = relax(out[key], names)
    for key in ("anyOf", "oneOf"):
        if isinstance(out.get(key), list):
            out[key] = _branches(out[key], names, exclusive=key == "oneOf")
    return schema if out == schema else out


def _branches(branches: list[Any], names: frozenset[str], *, exclusive: bool) -> list[Any]:
    """``anyOf``/``oneOf`` branches with none requiring `names` (see the module docstring)."""
    relaxed = [relax(branch, names) for branch in branches]
    needs = [new is not old for new, old in zip(relaxed, branches, strict=True)]
    if not any(needs):
        return branches
    if not all(needs):
        return [False if need else branch for branch, need in zip(branches, needs, strict=True)]
    return [relaxed[0], *(False if exclusive else branch for branch in relaxed[1:])]
