"""Canonicalising is node-local, lands in 2020-12 vocabulary, and is idempotent."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import D4, D7, D2019, D2020, KEYWORDS, jsts, vendor

from synthworld.schema import canonicalise
from synthworld.schema._canonicalise import FALSE

_CHILD_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems", "items")
_CHILD_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_CHILDREN = ("not", "if", "then", "else", "contains", "additionalProperties", "items",
             "propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems")  # fmt: skip


def _nodes(schema: Any) -> list[Any]:
    """Every subschema of a document (not following references)."""
    out, stack = [], [schema]
    while stack:
        node = stack.pop()
        out.append(node)
        if not isinstance(node, dict):
            continue
        for word in _CHILD_LISTS:
            if isinstance(node.get(word), list):
                stack.extend(node[word])
        for word in _CHILD_MAPS:
            if isinstance(node.get(word), dict):
                stack.extend(node[word].values())
        stack.extend(node[w] for w in _CHILDREN if isinstance(node.get(w), (dict, bool)))
    return out


def _corpus() -> list[tuple[str, Any]]:
    rows = [(d, s) for _, d, s in jsts()] + [(D7, s) for _, _, s in vendor()]
    return rows + [(D2020, s) for s in KEYWORDS.values()]


def test_canonicalising_twice_changes_nothing() -> None:
    checked = 0
    for dialect, schema in _corpus():
        for node in _nodes(schema):
            once = canonicalise(node, dialect)
            assert canonicalise(once, D2020) == once, node
            checked += 1
    assert checked > 5000


@pytest.mark.parametrize(
    ("dialect", "schema", "expected"),
    [
        (D2020, True, {}),
        (D2020, False, FALSE),
        (D2020, {"type": "integer"}, {"type": ["integer"]}),
        (D2020, {"type": ["integer", "number"]}, {"type": ["number"]}),
        (D2020, {"const": 3}, {"enum": [3]}),
        (D2020, {"const": 1, "enum": [1.0, 2, True]}, {"enum": [1.0]}),
        (D4, {"maximum": 3, "exclusiveMaximum": True}, {"exclusiveMaximum": 3}),
        (D4, {"minimum": 3, "exclusiveMinimum": False}, {"minimum": 3}),
        (D7, {"items": [{}], "additionalItems": False}, {"prefixItems": [{}], "items": False}),
        (D2019, {"items": [{}]}, {"prefixItems": [{}]}),
        (D7, {"$ref": "#/x", "type": "string"}, {"$ref": "#/x"}),
        (D2020, {"$ref": "#/x", "type": "string"}, {"$ref": "#/x", "type": ["string"]}),
        (D7, {"dependencies": {"a": ["b"], "c": {"required": ["d"]}}},
         {"dependentRequired": {"a": ["b"]}, "dependentSchemas": {"c": {"required": ["d"]}}}),
        (D4, {"if": {}, "const": 1, "x-vendor": 2}, {}),
        (D2020, {"additionalItems": False, "dependencies": {}}, {}),
    ],
)  # fmt: skip
def test_canonical_forms(dialect: str, schema: Any, expected: Any) -> None:
    assert canonicalise(schema, dialect) == expected


def test_subschemas_are_passed_through_untouched() -> None:
    child = {"type": "string"}
    out = canonicalise({"properties": {"a": child}}, D2020)
    assert out["properties"]["a"] is child
