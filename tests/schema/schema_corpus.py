"""Schemas for the tests: a hand-written set covering every keyword, and the shared corpora."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema.validators

REPO = Path(__file__).resolve().parents[2]
SHARED = next((p / "shared" for p in REPO.parents if (p / "shared" / "jsts").is_dir()), REPO / "shared")
"""The shared corpora: beside the checkout (``/work/shared`` for ``/work/main`` and for worktrees)."""
JSTS = SHARED / "jsts" / "corpus_jsts.jsonl"
D4 = "http://json-schema.org/draft-04/schema#"
D6 = "http://json-schema.org/draft-06/schema#"
D7 = "http://json-schema.org/draft-07/schema#"
D2019 = "https://json-schema.org/draft/2019-09/schema"
D2020 = "https://json-schema.org/draft/2020-12/schema"

USER: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "email": {"type": "string", "format": "email"},
        "name": {"type": "string", "maxLength": 40},
        "age": {"type": "integer", "minimum": 0, "maximum": 150},
        "role": {"enum": ["admin", "member", "guest"]},
        "created_at": {"type": "string", "format": "date-time"},
        "homepage": {"type": "string", "format": "uri"},
        "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 5},
    },
    "required": ["id", "email", "name"],
}

KEYWORDS: dict[str, Any] = {
    "bool-true": True,
    "const": {"const": {"a": [1, 2]}},
    "enum-mixed": {"enum": [1, "x", None, [1], {"k": True}]},
    "types": {"type": ["string", "integer", "null"]},
    "int-bounds": {"type": "integer", "minimum": -3, "exclusiveMaximum": 4},
    "draft4-exclusive": {"$schema": D4, "type": "number", "minimum": 1, "exclusiveMinimum": True,
                         "maximum": 2, "exclusiveMaximum": True},
    "multipleOf-fraction": {"type": "number", "multipleOf": 0.01, "minimum": 0, "maximum": 5},
    "multipleOf-many": {"type": "integer", "multipleOf": 6, "allOf": [{"multipleOf": 4}]},
    "strings": {"type": "string", "minLength": 3, "maxLength": 5},
    "pattern": {"type": "string", "pattern": "^[A-Z]{2}-\\d{3}$"},
    "pattern-unanchored": {"type": "string", "pattern": "ab+c"},
    "formats": {"type": "array", "prefixItems": [
        {"format": f, "type": "string"} for f in (
            "date-time", "date", "time", "duration", "email", "idn-email", "hostname",
            "idn-hostname", "ipv4", "ipv6", "uri", "uri-reference", "iri", "uuid", "json-pointer",
            "relative-json-pointer", "regex")], "items": False, "minItems": 17},
    "refs": {"$defs": {"pos": {"type": "integer", "minimum": 1}},
             "properties": {"n": {"$ref": "#/$defs/pos"}}, "required": ["n"]},
    "anchor": {"$defs": {"x": {"$anchor": "thing", "type": "boolean"}}, "$ref": "#thing"},
    "id-ref": {"$defs": {"x": {"$id": "https://ex.test/item", "type": "string", "minLength": 2}},
               "items": {"$ref": "https://ex.test/item"}, "type": "array", "minItems": 1},
    "recursive": {"$defs": {"node": {"type": "object", "properties": {
        "value": {"type": "integer"}, "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}},
        "required": ["value"]}}, "$ref": "#/$defs/node"},
    "dynamic": {"$id": "https://ex.test/tree", "$dynamicAnchor": "node", "type": "object",
                "properties": {"kids": {"type": "array", "items": {"$dynamicRef": "#node"}}}},
    "draft2019-recursive": {"$schema": D2019, "$recursiveAnchor": True, "type": "object",
                            "properties": {"next": {"$recursiveRef": "#"}}},
    "allOf": {"allOf": [{"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]},
                        {"properties": {"a": {"minimum": 10}, "b": {"const": 1}}, "required": ["b"]}]},
    "anyOf": {"anyOf": [{"type": "string", "maxLength": 2}, {"type": "integer", "minimum": 100}]},
    "oneOf-overlap": {"oneOf": [{"type": "integer", "multipleOf": 2}, {"type": "integer", "multipleOf": 3}]},
    "not": {"type": "integer", "not": {"enum": [1, 2, 3]}, "minimum": 1, "maximum": 6},
    "not-type": {"not": {"type": ["string", "object", "array"]}},
    "if-then-else": {"if": {"properties": {"kind": {"const": "a"}}, "required": ["kind"]},
                     "then": {"required": ["alpha"]}, "else": {"required": ["beta"]},
                     "properties": {"kind": {"enum": ["a", "b"]}}, "type": "object"},
    "dependentRequired": {"type": "object",
                          "properties": {"card": {"type": "string"}, "cvv": {"type": "string"}},
                          "dependentRequired": {"card": ["cvv"]}},
    "dependentSchemas": {"type": "object", "properties": {"a": {"type": "integer"}},
                         "dependentSchemas": {"a": {"required": ["b"], "properties": {"b": {"const": 2}}}}},
    "dependencies-d7": {"$schema": D7, "type": "object", "properties": {"x": {}},
                        "dependencies": {"x": ["y"],
                                         "y": {"properties": {"z": {"type": "null"}}, "required": ["z"]}}},
    "prefixItems": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}],
                    "items": False},
    "items-d7": {"$schema": D7, "type": "array", "items": [{"type": "boolean"}],
                 "additionalItems": {"type": "null"}},
    "contains": {"type": "array", "contains": {"const": 7}, "minContains": 2, "maxContains": 3,
                 "items": {"type": "integer", "minimum": 0, "maximum": 9}},
    "uniqueItems": {"type": "array", "items": {"enum": [1, 2, 3, 4]}, "uniqueItems": True, "minItems": 3},
    "unevaluatedItems": {"type": "array", "prefixItems": [{"type": "string"}], "unevaluatedItems": False},
    "unevaluatedProperties": {"type": "object", "allOf": [{"properties": {"a": {"type": "string"}}}],
                              "unevaluatedProperties": False, "minProperties": 1},
    "patternProperties": {"type": "object", "patternProperties": {"^x-[a-z]+$": {"type": "integer"}},
                          "additionalProperties": False, "minProperties": 2},
    "propertyNames": {"type": "object", "propertyNames": {"pattern": "^[a-z]{3}$"},
                      "additionalProperties": {"type": "boolean"}, "minProperties": 1},
    "maxProperties": {"type": "object", "properties": {k: {"type": "integer"} for k in "abcdef"},
                      "maxProperties": 2, "required": ["a"]},
    "examples": {"type": "string", "examples": ["sample-one", 3], "default": "sample-two"},
    "metaschema-ref": {"$ref": "https://json-schema.org/draft/2020-12/schema"},
    "draft6": {"$schema": D6, "type": "array", "contains": {"type": "string"}},
    "if-chain": {"type": "object", "required": ["binding"], "properties": {
        "binding": {"type": "object", "required": ["type"], "properties": {
            "type": {"enum": ["a", "b", "c", "d"]}, "name": {"type": "string"}}},
        "kind": {"enum": ["String", "Hidden", "Boolean"]}, "optional": {"type": "boolean"},
        "value": {"type": ["string", "boolean"]}},
     "allOf": [  # an element template's property (Camunda's have 37 ifs): see test_schema_if_chains
        {"if": {"properties": {"binding": {"properties": {"type": {"const": "a"}}}}},
         "then": {"required": ["kind"], "properties": {"kind": {"const": "Hidden"}}}},
        {"if": {"properties": {"binding": {"properties": {"type": {"const": "b"}}}}},
         "then": {"properties": {"binding": {"required": ["name"]}}}},
        {"if": {"properties": {"optional": {"const": True}}, "required": ["optional"]},
         "then": {"properties": {"binding": {"properties": {"type": {"enum": ["c", "d"]}}}}}},
        {"if": {"properties": {"kind": {"const": "Boolean"}}, "required": ["kind"]},
         "then": {"properties": {"value": {"type": "boolean"}}},
         "else": {"properties": {"value": {"type": "string"}}}},
        {"if": {"required": ["value"]}, "then": {"not": {"required": ["generated"]}}},
        {"if": {"properties": {"binding": {"properties": {"type": {"const": "d"}}}}}, "then": False},
        {"if": {"properties": {"kind": {"const": "Hidden"}}, "required": ["kind"]},
         "then": {"anyOf": [{"required": ["value"]}, {"required": ["generated"]}]}}]},
}  # fmt: skip

_CLASSES = {D4: jsonschema.Draft4Validator, D6: jsonschema.Draft6Validator,
            D7: jsonschema.Draft7Validator, D2019: jsonschema.Draft201909Validator,
            D2020: jsonschema.Draft202012Validator}  # fmt: skip


def oracle(schema: Any, dialect: str | None = None) -> Any:
    """python-jsonschema with format checking on: the judge of every generated value."""
    default = _CLASSES.get(dialect or "", jsonschema.Draft202012Validator)
    cls = jsonschema.validators.validator_for(schema, default=default)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def valid_values(schema: Any, seeds: int) -> list[Any]:
    """``generate(schema, seed)`` for each of the first ``seeds`` seeds, each asserted valid by the
    `oracle`."""
    from synthworld.schema import generate

    check = oracle(schema)
    values = [generate(schema, seed) for seed in range(seeds)]
    for seed, value in enumerate(values):
        assert check.is_valid(value), (seed, value)
    return values


def jsts() -> list[tuple[str, str, Any]]:
    """The JSON Schema Test Suite corpus: ``(id, dialect, schema)``."""
    lines = JSTS.read_text().splitlines()
    rows = [json.loads(line) for line in lines if line.strip()]
    return [(r["id"], r["dialect"], r["schema"]) for r in rows]


def vendor() -> list[tuple[str, None, Any]]:
    """The real-world schemas shipped in the check-jsonschema wheel."""
    spec = importlib.util.find_spec("check_jsonschema")
    assert spec is not None
    assert spec.origin is not None
    folder = Path(spec.origin).parent / "builtin_schemas" / "vendor"
    return [(p.name, None, json.loads(p.read_text())) for p in sorted(folder.glob("*.json"))]


COMBO_SCALARS: list[Any] = [
    {"type": "integer", "minimum": 1},
    {"type": "number", "multipleOf": 0.5},
    {"type": "string", "minLength": 2},
    {"type": "string", "pattern": "^[0-9]+$"},
    {"enum": [1, "a", None, [1]]},
    {"const": "a"},
    {"type": "boolean"},
    {},
    {"type": "null"},
    {"format": "date"},
    {"format": "ipv4"},
    {"maximum": 2, "exclusiveMinimum": -1},
    {"not": {"type": "string"}},
]
"""Leaf schemas of every type the combination tests and bench/fuzz_schemas.py nest (typeless ones
among them: each keyword applies to its own type only)."""
COMBO_PROPERTY_SCHEMAS: list[Any] = [
    {},
    {"type": "integer"},
    {"type": "string", "maxLength": 2},
    {"enum": [1, "x"]},
    False,
    True,
    {"type": "array", "maxItems": 1},
]
"""Property schemas of the object-keyword combinations (``false``: the name is forbidden)."""
