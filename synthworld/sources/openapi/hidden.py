"""Read-only properties out of requests and write-only ones out of answers, whatever keyword
would require them.

A request schema leaves a ``readOnly`` property out; an answer schema keeps a ``writeOnly`` one as
``false`` (never present). Either way the schema no longer requires the hidden names where the
instance must hold them: ``required`` at the object and in the subschemas that apply to the same
object in a positive sense (``allOf``, ``then``, ``else``, ``dependentSchemas`` values, and a
``$defs`` schema one of them refers to, inlined relaxed), and ``dependentRequired`` lists. In
``anyOf``/``oneOf`` a branch requiring one is ``false`` (it can never match) while another branch
is left; when every branch requires one, the first is relaxed (and, in ``oneOf``, the rest are
``false``, so exactly one still matches). ``if`` and ``not`` are left alone: under ``not`` the
sense flips, and ``not: {required: []}`` would match nothing.

The hidden names are those the document flags (`hidden_names`), never a ``false`` property the
document wrote itself: a schema requiring one of those stays as unsatisfiable as it was written.
Pure functions: a schema in, a new one out (shared, cached subschemas are never changed in place).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from synthworld.errors import SourceError
from synthworld.sources.openapi.document import Document, escape

__all__ = ["hidden_names", "is_hidden", "relax"]

BodyOf = Callable[[Any], Any]
"""The translated schema a ``{"$ref": "#/$defs/..."}`` stands for (other schemas as they are)."""

_SAME = ("then", "else")


def is_hidden(doc: Document, sub: Any, flag: str, at: str) -> bool:
    """Whether property schema `sub` (at pointer `at`) carries `flag` (``readOnly`` or
    ``writeOnly``), itself or on the schema its ``$ref`` names."""
    if isinstance(sub, Mapping) and sub.get(flag) is True:
        return True
    if isinstance(sub, Mapping) and isinstance(sub.get("$ref"), str):
        try:
            target, _ = doc.lookup(sub["$ref"], at=at)
        except SourceError:  # reported when the property is translated
            return False
        return isinstance(target, Mapping) and target.get(flag) is True
    return False


def hidden_names(doc: Document, node: Any, at: str, flag: str, *, depth: int = 8) -> frozenset[str]:
    """The names of the properties flagged `flag` that apply to the whole object `node` (written
    at `at`): its own, and those of its ``allOf`` parts and of the schema its ``$ref`` names."""
    if not isinstance(node, Mapping) or depth < 0:
        return frozenset()
    properties = node.get("properties")
    names = {
        name
        for name, sub in (properties.items() if isinstance(properties, Mapping) else ())
        if is_hidden(doc, sub, flag, f"{at}/properties/{escape(str(name))}")
    }
    parts = node.get("allOf")
    for i, part in enumerate(parts if isinstance(parts, list) else []):
        names |= hidden_names(doc, part, f"{at}/allOf/{i}", flag, depth=depth - 1)
    if isinstance(node.get("$ref"), str):
        try:
            target, pointer = doc.lookup(node["$ref"], at=f"{at}/$ref")
        except SourceError:  # reported when the reference is translated
            return frozenset(names)
        names |= hidden_names(doc, target, pointer, flag, depth=depth - 1)
    return frozenset(names)


def relax(schema: Any, names: frozenset[str], body_of: BodyOf, *, depth: int = 8) -> Any:
    """`schema` requiring none of `names` wherever it applies to the object itself; the same
    object when nothing changes."""
    if not names or not isinstance(schema, dict) or depth < 0:
        return schema
    if isinstance(schema.get("$ref"), str):  # its siblings are annotations (``description``)
        body = body_of({"$ref": schema["$ref"]})
        relaxed = relax(body, names, body_of, depth=depth - 1) if body != {"$ref": schema["$ref"]} else body
        return schema if relaxed is body else {**relaxed, **{k: v for k, v in schema.items() if k != "$ref"}}
    out = dict(schema)
    if isinstance(out.get("required"), list):
        out["required"] = [n for n in out["required"] if n not in names]
    if isinstance(out.get("dependentRequired"), Mapping):
        out["dependentRequired"] = {
            key: [n for n in value if n not in names] if isinstance(value, list) else value
            for key, value in out["dependentRequired"].items()
        }
    if isinstance(out.get("dependentSchemas"), Mapping):
        out["dependentSchemas"] = {
            k: relax(v, names, body_of, depth=depth - 1) for k, v in out["dependentSchemas"].items()
        }
    if isinstance(out.get("allOf"), list):
        out["allOf"] = [relax(part, names, body_of, depth=depth - 1) for part in out["allOf"]]
    for key in _SAME:
        if key in out:
            out[key] = relax(out[key], names, body_of, depth=depth - 1)
    for key in ("anyOf", "oneOf"):
        if isinstance(out.get(key), list):
            out[key] = _branches(out[key], names, body_of, exclusive=key == "oneOf", depth=depth - 1)
    return schema if out == schema else out


def _branches(
    branches: list[Any], names: frozenset[str], body_of: BodyOf, *, exclusive: bool, depth: int
) -> list[Any]:
    """``anyOf``/``oneOf`` branches with none requiring `names` (see the module docstring)."""
    relaxed = [relax(branch, names, body_of, depth=depth) for branch in branches]
    needs = [new is not old for new, old in zip(relaxed, branches, strict=True)]
    if not any(needs):
        return branches
    if not all(needs):
        return [False if need else branch for branch, need in zip(branches, needs, strict=True)]
    return [relaxed[0], *(False if exclusive else branch for branch in relaxed[1:])]
