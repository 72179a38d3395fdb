"""Stage 2: canonicalise one schema node into the draft 2020-12 vocabulary.

``canonicalise(node, dialect)`` is pure and node-local: subschemas are passed through as the very same
objects (they are canonicalised when the generator reaches them, in their own scope), so JSON
pointers inside the document keep working. The result is always read with 2020-12 semantics, hence
``canonicalise(canonicalise(s, d), DRAFT2020) == canonicalise(s, d)``.
"""

from __future__ import annotations

import json
from typing import Any

from synthworld._json import json_normal
from synthworld.schema._bounded import forgets
from synthworld.schema._resolve import DRAFT4, DRAFT6, DRAFT7, DRAFT2019, DRAFT2020

__all__ = ["FALSE", "canonical_view", "canonicalise", "json_equal", "json_key"]

FALSE: dict[str, Any] = {"not": {}}
"""The canonical form of the ``false`` schema."""

_TYPES = ("array", "boolean", "integer", "null", "number", "object", "string")
_ANNOTATIONS = {"title", "description", "default", "examples", "$comment", "readOnly", "writeOnly",
                "contentEncoding"}  # fmt: skip
_CORE = {"type", "enum", "multipleOf", "maximum", "exclusiveMaximum", "minimum",
         "exclusiveMinimum", "maxLength", "minLength", "pattern", "items", "additionalItems",
         "maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties", "required",
         "properties", "patternProperties", "additionalProperties", "allOf", "anyOf", "oneOf",
         "not", "format", "$ref"}  # fmt: skip
_DRAFT6 = _CORE | {"const", "contains", "propertyNames", "dependencies"}
_DRAFT7 = _DRAFT6 | {"if", "then", "else"}
_DRAFT2019 = _DRAFT7 | {"dependentRequired", "dependentSchemas", "minContains", "maxContains",
    "unevaluatedItems", "unevaluatedProperties", "$recursiveRef"}  # fmt: skip
"""``dependencies`` stays: 2019-09 split it in two and dropped it, but jsonschema-rs (and AJV) still
apply it there, and a value that satisfies it is valid under either reading."""
_DRAFT2020 = (_DRAFT2019 - {"additionalItems", "$recursiveRef"}) | {"prefixItems", "$dynamicRef"}
_KNOWN = {
    DRAFT4: _CORE | {"dependencies"},
    DRAFT6: _DRAFT6,
    DRAFT7: _DRAFT7,
    DRAFT2019: _DRAFT2019,
    DRAFT2020: _DRAFT2020,
}

_KEPT = {dialect: frozenset(known | _ANNOTATIONS) for dialect, known in _KNOWN.items()}
"""The words `canonicalise` keeps, per dialect."""


def json_key(value: Any) -> str:
    """A string equal for JSON-equal values (``1 == 1.0``, but ``true != 1``): the JSON text of
    ``json_normal(value)``, sorted keys, no spaces. Scalars (most enum values and examples) skip
    the encoder's set-up, giving the very text it would."""
    if isinstance(value, str):
        return _ascii(value)
    if value is None or value is True or value is False:
        return _LITERALS[value]
    if isinstance(value, int):
        return int.__repr__(value)
    return _KEYS.encode(json_normal(value))


_KEYS = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
_ascii = json.encoder.encode_basestring_ascii
_LITERALS = {None: "null", True: "true", False: "false"}


def json_equal(a: Any, b: Any) -> bool:
    """JSON Schema equality of two instances."""
    return json_key(a) == json_key(b)


_VIEWS: dict[tuple[int, str], tuple[Any, dict[str, Any]]] = {}
_VIEWS_SIZE = 65_536
forgets(_VIEWS.clear)


def canonical_view(schema: Any, dialect: str) -> dict[str, Any]:
    """`canonicalise`, remembered per schema object (a compile meets each subschema many times).
    Shared: callers must not change it (`synthworld.schema._parts.canonical` gives a copy)."""
    if not isinstance(schema, dict):
        return canonicalise(schema, dialect)
    hit = _VIEWS.get((id(schema), dialect))
    if hit is None or hit[0] is not schema:  # not this object, only one that reused its id
        if len(_VIEWS) >= _VIEWS_SIZE:
            _VIEWS.clear()
        view = canonicalise(schema, dialect)
        view = schema if view == schema else view  # nothing to change: the schema is its own view
        hit = _VIEWS[(id(schema), dialect)] = (schema, view)
    return hit[1]


def canonicalise(node: Any, dialect: str) -> dict[str, Any]:
    """The node as a dict in 2020-12 vocabulary, with unknown keywords dropped."""
    if node is True:
        return {}
    if node is False:
        return dict(FALSE)
    if not isinstance(node, dict):  # no schema (met past the metaschema's reach, as under a draft-7
        return dict(FALSE)  # "$defs"): no validator reads a value against it, so none is made
    if "$ref" in node and dialect in (DRAFT4, DRAFT6, DRAFT7):
        return {"$ref": node["$ref"]}
    kept = _KEPT.get(dialect, _KEPT[DRAFT2020])
    out = dict(node) if kept.issuperset(node) else {k: v for k, v in node.items() if k in kept}
    if "type" in out:
        _canonical_type(out)
    if "const" in out:
        _canonical_enum(out)
    if dialect == DRAFT4:
        _draft4_bounds(out)
    if dialect != DRAFT2020 and ("items" in out or "additionalItems" in out):
        _legacy_items(out)
    if "dependencies" in out:
        _split_dependencies(out)
    return out


def _canonical_type(out: dict[str, Any]) -> None:
    if "type" not in out:
        return
    raw = out["type"]
    if isinstance(raw, str):  # the usual case
        out["type"] = [raw] if raw in _TYPES else []
        return
    types = set(raw)
    if "number" in types:
        types.discard("integer")
    out["type"] = [t for t in _TYPES if t in types]


def _canonical_enum(out: dict[str, Any]) -> None:
    if "const" not in out:
        return
    const = out.pop("const")
    enum = out.get("enum")
    out["enum"] = [const] if enum is None else [v for v in enum if json_equal(v, const)]


def _draft4_bounds(out: dict[str, Any]) -> None:
    for word, bound in (("exclusiveMaximum", "maximum"), ("exclusiveMinimum", "minimum")):
        flag = out.get(word)
        if isinstance(flag, bool):
            del out[word]
            if flag and bound in out:
                out[word] = out.pop(bound)


def _legacy_items(out: dict[str, Any]) -> None:
    extra = out.pop("additionalItems", None)
    if isinstance(out.get("items"), list):
        out["prefixItems"] = out.pop("items")
        if extra is not None:
            out["items"] = extra


def _split_dependencies(out: dict[str, Any]) -> None:
    deps = out.pop("dependencies")
    if not isinstance(deps, dict):
        return
    required = {k: v for k, v in deps.items() if isinstance(v, list)}
    schemas = {k: v for k, v in deps.items() if not isinstance(v, list)}
    if required:  # beside a 2019-09 dependentRequired: both hold
        merged = dict(out.get("dependentRequired", {}))
        for name, names in required.items():
            merged[name] = list(dict.fromkeys([*merged.get(name, []), *names]))
        out["dependentRequired"] = merged
    if schemas:  # a name in both keeps its dependentSchemas (subschemas stay the document's own)
        out["dependentSchemas"] = {**schemas, **out.get("dependentSchemas", {})}
