"""A parameters schema rewritten for OpenAI strict mode, and a strict model's nulls read back.

Strict mode wants every object closed and every property required. `strict_form` rewrites a
schema that way when the meaning survives: an object that lists its properties is closed
(``additionalProperties: false``; the model gets no say over keys nothing describes, and a
world refuses unlisted parameters anyway), and an optional property becomes required and
nullable, so the model sends ``null`` to leave it out. `unset_strict_nulls` reads such a call
back: a ``null`` for an optional property whose own schema refuses null is dropped, so the world
sees the call the model meant. Keywords strict mode refuses move into the description (see
`synthworld.formats.strict_keywords`); an ``allOf`` of parts that say separate things is their
merge (`synthworld.formats.strict_all_of`), and a ``oneOf`` of branches no value matches together
the ``anyOf`` it means (`synthworld.formats.strict_unions`). What has no faithful strict form (a
map of any keys, a ``oneOf`` whose branches may overlap, ``not``...) is returned as problems, each
naming its JSON path.
"""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import referencing
import referencing.exceptions
import referencing.jsonschema

from synthworld.formats.schema_nodes import schema_nodes
from synthworld.formats.strict import strict_problems
from synthworld.formats.strict_all_of import merge_separate_all_ofs
from synthworld.formats.strict_keywords import keep_documented
from synthworld.formats.strict_unions import exclusive_one_ofs_as_any_of
from synthworld.schema import schema_text

__all__ = ["strict_form", "unset_strict_nulls"]

_NULL = {"type": "null"}


def strict_form(schema: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """`schema` rewritten for ``strict: true``, and why it still cannot be strict (empty when it can).

    The input is not changed. A property already nullable stays as it is (``null`` then means
    null, as the schema says)."""
    if not isinstance(schema, dict):
        return copy.deepcopy(schema), strict_problems(schema)
    schema, nullable = _read_as_strict(schema)
    for _, node in schema_nodes(schema):
        _drop_inert_object_words(node)
    rewritten = copy.deepcopy(schema)
    problems = []
    for path, node in schema_nodes(rewritten):
        if not _is_object(node):
            continue
        problems += _close(path, node) + _unlisted_required(path, node)
        if isinstance(node.get("properties"), dict):
            _require_all(node, nullable)
    for _, node in schema_nodes(rewritten):
        keep_documented(node)
    fixed = (": an object needs additionalProperties: false", ": every property must be required")
    return rewritten, problems + [p for p in strict_problems(schema) if not any(f in p for f in fixed)]


def _close(path: str, node: dict[str, Any]) -> list[str]:
    """Close the object `node` when that keeps its meaning; else say why it stays open."""
    if node.get("additionalProperties") is False:
        return []
    if "additionalProperties" in node or "patternProperties" in node:
        return [
            f"{path}: an object that takes keys beyond its properties (additionalProperties or "
            "patternProperties) has no strict form (every strict object is closed); list its properties"
        ]
    if node.get("properties") or path == "$":
        node["additionalProperties"] = False
        return []
    return [
        f"{path}: an object that lists no properties takes any keys, which strict mode cannot say; "
        "list its properties"
    ]


_OBJECT_WORDS = (
    "properties", "required", "additionalProperties", "patternProperties", "propertyNames", "minProperties",
    "maxProperties", "dependentRequired", "dependentSchemas", "dependencies", "unevaluatedProperties",
)  # fmt: skip
"""Keywords that apply to objects alone."""


def _drop_inert_object_words(node: dict[str, Any]) -> None:
    """Drop the object keywords of a node whose ``type`` rules objects out (they hold for no value
    it takes): APIs.guru's byautomata.io gives a query string ``properties`` and a ``required``
    naming itself, which a strict form would have closed as an object with a missing property."""
    kind = node.get("type")
    kinds = [kind] if isinstance(kind, str) else kind if isinstance(kind, list) else ["object"]
    if "object" not in kinds:
        for word in _OBJECT_WORDS:
            node.pop(word, None)


def _unlisted_required(path: str, node: dict[str, Any]) -> list[str]:
    """A closed object that requires a key its properties do not list takes no value: Box's
    ``actionable_by`` (``properties: {login}``, ``required: [id]``) is open, any ``id`` goes."""
    properties = node.get("properties")
    listed: dict[str, Any] = properties if isinstance(properties, dict) else {}
    missing = [name for name in node.get("required", []) if name not in listed]
    if not missing or node.get("additionalProperties") is not False:
        return []
    return [
        f"{path}: requires {missing}, which its properties do not list (any value), and a strict object "
        f"is closed, so no value would do; list {missing} in its properties with a schema each"
    ]


def unset_strict_nulls(schema: dict[str, Any], arguments: Any) -> Any:
    """`arguments` without the nulls a strict model sends for optional properties it leaves out
    (only where the property's schema refuses null; nested objects too). Anything else is kept."""
    if not _has_null(arguments):
        return arguments
    if '"allOf"' not in (schema_text(schema) or '"allOf"'):  # read as it is (a oneOf too)
        return _unset(schema, arguments, _NullCheck(schema))
    spelt, nullable = _read_as_strict(schema)
    return _unset(spelt, arguments, nullable)


def _read_as_strict(schema: dict[str, Any]) -> tuple[dict[str, Any], _NullCheck]:
    """A copy of ``schema`` spelt as strict mode reads it, the same values (each ``allOf`` of
    separate parts merged, each ``oneOf`` of exclusive branches an ``anyOf``), and its checks."""
    merged = merge_separate_all_ofs(copy.deepcopy(schema))
    checks = _NullCheck(merged)
    return exclusive_one_ofs_as_any_of(merged, checks.resolve), checks


def _has_null(value: Any) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if item is None:
            return True
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _require_all(node: dict[str, Any], nullable: _NullCheck) -> None:
    """Every property required, the optional ones nullable; an optional one whose schema is
    ``false`` (a request's read-only field: it is never sent) left out, for strict mode reads only
    object schemas."""
    required = list(node.get("required", []))
    for name, child in list(node["properties"].items()):
        if name in required:
            continue
        if child is False:
            del node["properties"][name]
            continue
        required.append(name)
        if not nullable.accepts(child):
            node["properties"][name] = _or_null(child)
    node["required"] = required


def _or_null(schema: Any) -> Any:
    """`schema` that also takes null: ``type: [t, "null"]`` for a plain type, else an anyOf."""
    if not isinstance(schema, dict):
        return {"anyOf": [schema, _NULL]}
    kind = schema.get("type")
    if isinstance(kind, str) and not {"enum", "const", "anyOf", "$ref"} & set(schema):
        return {**schema, "type": [kind, "null"]}
    if isinstance(kind, list) and not {"enum", "const", "anyOf", "$ref"} & set(schema):
        return {**schema, "type": [*kind, "null"]}
    if isinstance(schema.get("anyOf"), list) and not {"$ref", "enum", "const"} & set(schema):
        return {**schema, "anyOf": [*schema["anyOf"], _NULL]}
    notes = {key: schema[key] for key in ("description", "title") if key in schema}
    inner = {key: value for key, value in schema.items() if key not in notes}
    return {**notes, "anyOf": [inner, _NULL]}


def _unset(schema: Any, value: Any, nullable: _NullCheck) -> Any:
    node = nullable.resolve(schema)
    if not isinstance(node, dict):
        return value
    if isinstance(value, dict) and isinstance(node.get("properties"), dict):
        return _unset_object(node, value, nullable)
    if isinstance(value, list) and isinstance(node.get("items"), dict):
        return [_unset(node["items"], item, nullable) for item in value]
    unions = [node[key] for key in ("anyOf", "oneOf") if isinstance(node.get(key), list)]
    for branch in (branch for union in unions for branch in union):  # a oneOf went as an anyOf
        candidate = _unset(branch, value, nullable)
        if candidate is not value and nullable.valid(branch, candidate):
            return candidate  # the branch this value was meant for
    return value


def _unset_object(node: dict[str, Any], value: dict[str, Any], nullable: _NullCheck) -> dict[str, Any]:
    required, properties = set(node.get("required", [])), node["properties"]
    kept = {}
    for key, item in value.items():
        child = properties.get(key)
        if child is None:
            kept[key] = item
        elif item is not None:
            kept[key] = _unset(child, item, nullable)
        elif key in required or nullable.accepts(child):
            kept[key] = item
    return kept if kept != value else value


class _NullCheck:
    """Schema checks inside one root (its ``$ref``s resolve locally; nothing is ever fetched)."""

    def __init__(self, root: Any) -> None:
        kind = jsonschema.validators.validator_for(root, default=jsonschema.Draft202012Validator)
        self._validator = kind(root, registry=referencing.Registry())
        resource = referencing.jsonschema.specification_with(
            self._validator.META_SCHEMA.get("$schema", ""), default=referencing.jsonschema.DRAFT202012
        ).create_resource(root)
        self._resolver = referencing.Registry().resolver_with_root(resource)

    def accepts(self, schema: Any) -> bool:
        """True when `schema` takes null (also when that cannot be told: null is then left alone)."""
        return self.valid(schema, None, unknown=True)

    def valid(self, schema: Any, value: Any, *, unknown: bool = False) -> bool:
        try:
            return bool(self._validator.evolve(schema=schema).is_valid(value))
        except referencing.exceptions.Unresolvable:
            return unknown

    def resolve(self, schema: Any) -> Any:
        """The schema a local ``$ref`` points at (`schema` itself when it has no ``$ref``)."""
        for _ in range(32):
            if not isinstance(schema, dict) or not isinstance(schema.get("$ref"), str):
                return schema
            try:
                schema = self._resolver.lookup(schema["$ref"]).contents
            except referencing.exceptions.Unresolvable:
                return schema
        return schema


def _is_object(node: dict[str, Any]) -> bool:
    kind = node.get("type")
    return kind == "object" or (isinstance(kind, list) and "object" in kind) or "properties" in node
