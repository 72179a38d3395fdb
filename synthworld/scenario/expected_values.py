"""Keys of an expected input, inside an object parameter, that name no field of it: one or two
edits from a field it has (``guest: {emial: ...}`` beside ``email``), or any key where the object
is closed. The top-level keys are checked against the parameters where the file is loaded; this
goes down into the objects, so the expectation does not wait for a call that never comes.

A value the parameter's schema refuses is not flagged: an expectation may name a refused call on
purpose (an agent's first try, which the world refuses, then its retry)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from synthworld.scenario.match import is_operator
from synthworld.spec.checks import nearest

__all__ = ["unknown_fields"]

_MAX_DEPTH = 32
Where = tuple[str | int, ...]


def unknown_fields(pattern: Any, schema: Any, root: Any) -> Iterator[tuple[Where, str]]:
    """``(path inside `pattern`, why)`` for each key of expected value `pattern` that the object
    `schema` (a parameter's, within the parameters schema `root`) has no field for."""
    yield from _walk(pattern, schema, root, (), 0)


def _walk(pattern: Any, schema: Any, root: Any, where: Where, depth: int) -> Iterator[tuple[Where, str]]:
    schema = _resolved(schema, root)
    if not isinstance(schema, Mapping) or depth > _MAX_DEPTH or is_operator(pattern):
        return
    if isinstance(pattern, Mapping):
        yield from _fields(pattern, _object_branch(schema, root), root, where, depth)
    elif isinstance(pattern, list):  # a list is matched item by item
        items = schema.get("items")
        for index, item in enumerate(pattern):
            yield from _walk(item, items, root, (*where, index), depth + 1)


def _fields(
    pattern: Mapping[str, Any], schema: Mapping[str, Any] | None, root: Any, where: Where, depth: int
) -> Iterator[tuple[Where, str]]:
    props = schema.get("properties") if schema else None
    if schema is None or not isinstance(props, Mapping):
        return
    closed = schema.get("additionalProperties") is False and "patternProperties" not in schema
    for key, sub in pattern.items():
        if key in props:
            yield from _walk(sub, props[key], root, (*where, key), depth + 1)
            continue
        meant = nearest(str(key), (name for name in props if isinstance(name, str)))
        if meant is not None or closed:
            hint = f"did you mean {meant!r}? " if meant else ""
            fields = ", ".join(str(name) for name in props)
            yield (*where, key), f"the object has no field {key!r}; {hint}its fields: {fields}"


def _resolved(schema: Any, root: Any) -> Any:
    """`schema` with its local ``$ref``s followed (a few hops)."""
    for _ in range(8):
        ref = schema.get("$ref") if isinstance(schema, Mapping) else None
        if not (isinstance(ref, str) and ref.startswith("#/")) or len(schema) > 1:
            return schema
        node: Any = root
        for part in ref[2:].split("/"):
            node = node.get(part.replace("~1", "/").replace("~0", "~")) if isinstance(node, Mapping) else None
        schema = node
    return schema


def _object_branch(schema: Mapping[str, Any], root: Any) -> Mapping[str, Any] | None:
    """The object schema `schema` is, or its one object branch (``Optional[Guest]``)."""
    if "properties" in schema:
        return schema
    branches = schema.get("anyOf", schema.get("oneOf"))
    if not isinstance(branches, list):
        return None
    objects = [
        b for b in (_resolved(b, root) for b in branches) if isinstance(b, Mapping) and "properties" in b
    ]
    return objects[0] if len(objects) == 1 else None
