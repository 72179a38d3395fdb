"""A ``oneOf`` whose branches no value can match together, written as the ``anyOf`` strict mode takes.

OpenAI strict mode has ``anyOf`` as its only union. ``oneOf`` asks for exactly one matching
branch, ``anyOf`` for at least one: the two say the same when no value can match two branches.
Branches are told apart as written (a local ``$ref`` followed, an ``allOf``'s parts read
together): by their types (``integer`` is a ``number``), their ``const``/``enum`` values, or, for
objects, a property both require with values apart (``kind: "card"`` against ``kind: "bank"``,
OpenAPI's discriminated unions). Anything else may overlap and stays a ``oneOf``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from synthworld.formats.schema_nodes import schema_nodes

__all__ = ["exclusive_one_ofs_as_any_of"]

Resolve = Callable[[Any], Any]
_KINDS = {bool: "boolean", int: "number", float: "number", str: "string", type(None): "null", list: "array"}


def exclusive_one_ofs_as_any_of(schema: Any, resolve: Resolve) -> Any:
    """``schema`` (changed in place, and returned) with each ``oneOf`` whose branches exclude one
    another spelt ``anyOf`` (one beside an ``anyOf`` of its own is left as it is). ``resolve``
    follows a ``$ref``."""
    for _, node in schema_nodes(schema):
        branches = node.get("oneOf")
        if "anyOf" in node or not isinstance(branches, list):
            continue
        read = [_conjuncts(branch, resolve) for branch in branches]
        if all(_apart(a, b) for i, a in enumerate(read) for b in read[i + 1 :]):
            node["anyOf"] = node.pop("oneOf")
    return schema


def _conjuncts(schema: Any, resolve: Resolve, depth: int = 0) -> list[Any]:
    """``schema`` and every schema its values must also match in place (``$ref``, ``allOf``)."""
    schema = resolve(schema)
    found = [schema]
    if isinstance(schema, dict) and depth < 16:
        for part in schema.get("allOf", []) if isinstance(schema.get("allOf"), list) else []:
            found += _conjuncts(part, resolve, depth + 1)
    return found


def _apart(a: list[Any], b: list[Any]) -> bool:
    """Whether no value matches both branches (each given as its conjuncts)."""
    kinds_a, kinds_b = _kinds(a), _kinds(b)
    if kinds_a is not None and kinds_b is not None and not kinds_a & kinds_b:
        return True
    if kinds_a != {"object"} or kinds_b != {"object"}:
        return False
    required = _required(a) & _required(b)
    return any(_values_apart(_values(a, name), _values(b, name)) for name in sorted(required))


def _kinds(conjuncts: list[Any]) -> set[str] | None:
    """The JSON types a branch's values may have (``integer`` read as ``number``), or None when
    its schemas do not say."""
    for node in conjuncts:
        if node is False:
            return set()
        if not isinstance(node, dict):
            continue
        values = _listed(node)
        if values is not None:
            return {_KINDS.get(type(value), "object") for value in values}
        kind = node.get("type")
        kinds = [kind] if isinstance(kind, str) else kind if isinstance(kind, list) else None
        if kinds is not None and all(isinstance(k, str) for k in kinds):
            return {"number" if k == "integer" else k for k in kinds}
    return None


def _required(conjuncts: list[Any]) -> set[str]:
    names: set[str] = set()
    for node in conjuncts:
        if isinstance(node, dict) and isinstance(node.get("required"), list):
            names.update(name for name in node["required"] if isinstance(name, str))
    return names


def _values(conjuncts: list[Any], name: str) -> list[Any] | None:
    """The values a branch's property ``name`` may take, when one of its schemas lists them."""
    for node in conjuncts:
        properties = node.get("properties") if isinstance(node, dict) else None
        child = properties.get(name) if isinstance(properties, dict) else None
        if isinstance(child, dict) and (values := _listed(child)) is not None:
            return values
    return None


def _listed(node: dict[str, Any]) -> list[Any] | None:
    if "const" in node:
        return [node["const"]]
    enum = node.get("enum")
    return enum if isinstance(enum, list) else None


def _values_apart(a: list[Any] | None, b: list[Any] | None) -> bool:
    """Whether two lists of scalar values share none (JSON's equality: ``1`` is ``1.0``, not
    ``true``); a list or object among them may equal another in ways not checked here."""
    if a is None or b is None or not all(_scalar(v) for v in [*a, *b]):
        return False
    return not any(_KINDS[type(x)] == _KINDS[type(y)] and x == y for x in a for y in b)


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))
