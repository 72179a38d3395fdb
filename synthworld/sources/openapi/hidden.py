"""Read-only properties out of requests and write-only ones out of answers, whatever keyword
would require them.

A request schema declares a ``readOnly`` property ``false`` (never sent, even inside a ``body``
parameter; a flattened body leaves it out), an answer schema a ``writeOnly`` one (never present),
also where an ``allOf`` part other than the one that flags it declares it. Either way the schema
no longer requires the hidden names where the instance must hold them: ``required`` at the object
and in the subschemas that apply to the same object in a positive sense (``allOf``, ``then``,
``else``, ``dependentSchemas`` values, and a ``$defs`` schema one of them refers to, inlined
relaxed), and ``dependentRequired`` lists. In ``anyOf``/``oneOf`` a branch requiring one is
``false`` (it can never match) while another branch that can match an object is left; otherwise
(every branch requires one, or only a ``{type: null}`` is left) the first that requires one is
relaxed (and, in ``oneOf``, the others that do are ``false``, so exactly one still matches).
``if`` and ``not`` are left alone: under ``not`` the sense flips, and ``not: {required: []}``
would match nothing.

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


def is_hidden(doc: Document, sub: Any, flag: str, at: str, *, depth: int = 8) -> bool:
    """Whether property schema `sub` (at pointer `at`) carries `flag` (``readOnly`` or
    ``writeOnly``): itself, on the schema its ``$ref`` names (through a chain of references), or
    on one of its ``allOf`` parts (``id: {allOf: [{$ref: ReadOnlyId}]}``); an explicit ``false``
    on `sub` itself wins."""
    if not isinstance(sub, Mapping) or depth < 0 or sub.get(flag) is False:
        return False
    if sub.get(flag) is True:
        return True
    if isinstance(sub.get("$ref"), str):
        try:
            target, pointer = doc.lookup(sub["$ref"], at=at)
        except SourceError:  # reported when the property is translated
            return False
        if is_hidden(doc, target, flag, pointer, depth=depth - 1):
            return True
    parts = sub.get("allOf")
    return any(
        is_hidden(doc, part, flag, f"{at}/allOf/{i}", depth=depth - 1)
        for i, part in enumerate(parts if isinstance(parts, list) else [])
    )


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


def relax(schema: Any, names: frozenset[str], body_of: BodyOf, *, depth: int = 8, forbid: bool = True) -> Any:
    """`schema` requiring none of `names` wherever it applies to the object itself, and (with
    `forbid`) declaring each of them ``false`` where it or an ``allOf`` part declares it (a
    base's ``id`` that the subtype flags); the same object when nothing changes."""
    if not names or not isinstance(schema, dict) or depth < 0:
        return schema
    if isinstance(schema.get("$ref"), str):  # its siblings are annotations (``description``)
        body = body_of({"$ref": schema["$ref"]})
        relaxed = (
            relax(body, names, body_of, depth=depth - 1, forbid=forbid)
            if body != {"$ref": schema["$ref"]}
            else body
        )
        return schema if relaxed is body else {**relaxed, **{k: v for k, v in schema.items() if k != "$ref"}}
    out = dict(schema)
    if forbid and isinstance(out.get("properties"), Mapping) and names & set(out["properties"]):
        out["properties"] = {k: False if k in names else v for k, v in out["properties"].items()}
    if isinstance(out.get("required"), list):
        out["required"] = [n for n in out["required"] if n not in names]
    if isinstance(out.get("dependentRequired"), Mapping):
        out["dependentRequired"] = {
            key: [n for n in value if n not in names] if isinstance(value, list) else value
            for key, value in out["dependentRequired"].items()
        }

    def deeper(part: Any) -> Any:
        return relax(part, names, body_of, depth=depth - 1, forbid=forbid)

    if isinstance(out.get("dependentSchemas"), Mapping):
        out["dependentSchemas"] = {k: deeper(v) for k, v in out["dependentSchemas"].items()}
    if isinstance(out.get("allOf"), list):
        out["allOf"] = [deeper(part) for part in out["allOf"]]
    for key in _SAME:
        if key in out:
            out[key] = deeper(out[key])
    for key in ("anyOf", "oneOf"):
        if isinstance(out.get(key), list):
            out[key] = _branches(out[key], names, body_of, exclusive=key == "oneOf", depth=depth - 1)
    return schema if out == schema else out


def _branches(
    branches: list[Any], names: frozenset[str], body_of: BodyOf, *, exclusive: bool, depth: int
) -> list[Any]:
    """``anyOf``/``oneOf`` branches with none requiring `names` (see the module docstring)."""
    relaxed = [relax(branch, names, body_of, depth=depth, forbid=False) for branch in branches]
    needs = [new is not old for new, old in zip(relaxed, branches, strict=True)]
    if not any(needs):
        return branches
    pairs = list(zip(branches, needs, strict=True))
    if any(not need and _may_be_object(branch, body_of) for branch, need in pairs):
        return [False if need else branch for branch, need in pairs]
    first = needs.index(True)  # only ``{type: null}`` and the like are left: relax the first
    return [
        relaxed[i] if i == first or (need and not exclusive) else False if need else branch
        for i, (branch, need) in enumerate(pairs)
    ]


def _may_be_object(branch: Any, body_of: BodyOf) -> bool:
    """Whether `branch` can match an object (the instance the hidden names belong to): not when
    it is ``false`` or its ``type`` names no ``object`` (the ``{type: null}`` of a nullable)."""
    body = body_of(branch)
    if not isinstance(body, Mapping):
        return body is not False
    kind = body.get("type", "object")
    return kind == "object" or (isinstance(kind, list) and "object" in kind)
