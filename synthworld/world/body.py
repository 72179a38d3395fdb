"""A tool's body parameter: one parameter carrying a whole request body object (an OpenAPI
operation whose body is a union, an array or an open map, marked ``metadata["body"]``), whose
fields echo into the answer as top-level parameters do.

``add_pet(body={"kind": "dog", "name": "Rex"})`` answers a dog named Rex, as
``create_customer(name="Rex")`` answers a customer named Rex.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any

from synthworld.schema import generate
from synthworld.world.shapes import resolve_ref

__all__ = [
    "BODY_KEY",
    "Branch",
    "body_fields",
    "body_of",
    "branch_for",
    "follow_body",
    "read_through",
    "tagged_branches",
]

BODY_KEY = "body"
"""The ``ToolSpec.metadata`` key naming the parameter that carries a whole request body."""
_MAX_DEPTH = 16


def body_of(metadata: Any, parameters: Any) -> str | None:
    """The name of the parameter `metadata` marks as the body, when `parameters` has it."""
    name = metadata.get(BODY_KEY) if isinstance(metadata, Mapping) else None
    props = parameters.get("properties") if isinstance(parameters, Mapping) else None
    return name if isinstance(name, str) and isinstance(props, Mapping) and name in props else None


def body_fields(parameters: Mapping[str, Any], body: str) -> list[str]:
    """The property names the body parameter's object schema may have, across its ``allOf``,
    ``oneOf`` and ``anyOf`` branches and local ``$ref``s, in schema order."""
    found: dict[str, None] = {}
    _collect(parameters["properties"][body], parameters, found, set(), 0)
    return list(found)


def _collect(schema: Any, root: Any, found: dict[str, None], seen: set[str], depth: int) -> None:
    if not isinstance(schema, Mapping) or depth > _MAX_DEPTH:
        return
    if isinstance(schema.get("properties"), Mapping):
        found.update(dict.fromkeys(k for k, sub in schema["properties"].items() if sub is not False))
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/") and ref not in seen:  # each definition once
        seen.add(ref)
        _collect(resolve_ref(root, ref), root, found, seen, depth + 1)
    for key in ("allOf", "oneOf", "anyOf"):
        parts = schema.get(key)
        for part in parts if isinstance(parts, list) else []:
            _collect(part, root, found, seen, depth + 1)


def read_through(args: Mapping[str, Any], body: str | None) -> Mapping[str, Any]:
    """`args` with the body object's fields added as if they were parameters (a parameter of
    the same name wins: the body cannot say another ``id`` than the path)."""
    sent = args.get(body) if body is not None else None
    if not isinstance(sent, dict) or not sent:
        return args
    return {**sent, **args}


Branch = tuple[Mapping[str, Any], Mapping[str, Any]]
"""A tagged branch of a union answer: ``({property: const}, schema of that branch alone)``."""


def tagged_branches(returns: Any) -> tuple[Branch, ...]:
    """The branches of a union (``oneOf``/``anyOf``) returns schema that fix a property to a
    value (``kind: {const: dog}``), each with a schema for that branch alone (its definitions
    and the union's own keywords kept); none for any other schema."""
    top, seen = returns, set()
    while isinstance(top, Mapping) and isinstance(top.get("$ref"), str) and top["$ref"] not in seen:
        seen.add(top["$ref"])
        top = resolve_ref(returns, top["$ref"])
    parts = (top.get("oneOf") or top.get("anyOf")) if isinstance(top, Mapping) else None
    if not isinstance(parts, list) or not isinstance(returns, Mapping):
        return ()
    kept = {k: v for k, v in returns.items() if k in ("$defs", "definitions", "$schema")}
    base = {k: v for k, v in top.items() if k not in ("oneOf", "anyOf", "$defs", "definitions")}
    found = []
    for part in parts:
        tags: dict[str, Any] = {}
        _tags(part, returns, tags, 0)
        if tags:
            found.append((tags, {**kept, **base, "allOf": [*base.get("allOf", []), part]}))
    return tuple(found)


def _tags(schema: Any, root: Any, tags: dict[str, Any], depth: int) -> None:
    """Collect the properties `schema` fixes to one value (``const`` or a one-value ``enum``)."""
    if not isinstance(schema, Mapping) or depth > _MAX_DEPTH:
        return
    props = schema.get("properties")
    for key, sub in props.items() if isinstance(props, Mapping) else ():
        if isinstance(sub, Mapping) and "const" in sub:
            tags[key] = sub["const"]
        elif isinstance(sub, Mapping) and isinstance(sub.get("enum"), list) and len(sub["enum"]) == 1:
            tags[key] = sub["enum"][0]
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/"):
        _tags(resolve_ref(root, ref), root, tags, depth + 1)
    for part in schema.get("allOf", []) if isinstance(schema.get("allOf"), list) else []:
        _tags(part, root, tags, depth + 1)


def branch_for(branches: tuple[Branch, ...], sent: Any, value: Any) -> Mapping[str, Any] | None:
    """The schema of the branch the body `sent` names by its tags (``kind: dog``) when the
    answer `value` is of another branch; None when the answer already agrees or none is named."""
    if not isinstance(sent, Mapping) or not isinstance(value, Mapping):
        return None
    for tags, schema in branches:
        named = [key for key in tags if key in sent]
        if named and all(_same(sent[key], tags[key]) for key in named):
            agrees = all(key in value and _same(value[key], tags[key]) for key in tags)
            return None if agrees else schema
    return None


def _same(a: Any, b: Any) -> bool:
    """JSON equality (``1 == True`` is not)."""
    return type(a) is type(b) and a == b


def follow_body(branches: tuple[Branch, ...], sent: Any, value: Any, is_valid: Callable[[Any], bool]) -> Any:
    """`value`, or, when the body `sent` names another branch of the union answer, a value
    generated for that branch (seeded by `value` itself, so the same answer gives the same one;
    kept only when valid)."""
    schema = branch_for(branches, sent, value)
    if schema is None:
        return value
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    seed = int.from_bytes(hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()[:8], "big")
    made = generate(schema, seed=seed)
    return made if is_valid(made) else value
