"""The last resort of a ``oneOf`` fails another branch's ``patternProperties``,
``additionalProperties: false`` and ``dependentRequired`` by construction (`_object_ways`): an
object of a property no name of the branch allows, of a matched name whose value its schema
refuses, of a trigger without its dependent. The fuzz of ``objects`` found 10 of 1,500 satisfiable
schemas refused; each schema below was refused at the start of audit22_refusals."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.schema import generate
from synthworld.schema._object_ways import object_ways
from tests.schema.schema_corpus import oracle

FAILED_BY_CONSTRUCTION: list[Any] = [
    {"oneOf": [{"additionalProperties": False}, {"additionalProperties": True}]},
    {
        "oneOf": [
            {"maxProperties": 3, "additionalProperties": False},
            {"maxProperties": 1, "propertyNames": {"pattern": "^[a-c]"}},
        ]
    },
    {
        "oneOf": [
            {"propertyNames": {"maxLength": 1}},
            {"propertyNames": {"maxLength": 1}, "patternProperties": {"^a": {"type": "string"}}},
        ]
    },
    {
        "oneOf": [
            {"patternProperties": {"^a": {"type": "integer"}}},
            {"dependentRequired": {"b": ["c"]}, "minProperties": 0, "maxProperties": 3},
        ]
    },
    {
        "oneOf": [
            {"patternProperties": {"^a": {"type": "array", "maxItems": 1}}},
            {"patternProperties": {"^[cd]$": False}, "maxProperties": 3},
        ]
    },
]


@pytest.mark.parametrize("schema", FAILED_BY_CONSTRUCTION)
def test_a_oneof_branch_is_failed_by_an_object_of_the_names_it_refuses(schema: Any) -> None:
    valid_values(schema, 3)


@pytest.mark.parametrize(
    "node",
    [
        {
            "additionalProperties": False,
            "properties": {"a": {}},
            "patternProperties": {"^x": {"type": "integer"}},
        },
        {"patternProperties": {"^a": {"type": "integer"}}},
        {"dependentRequired": {"b": ["c", "d"]}},
        {"additionalProperties": False},
    ],
)
def test_every_value_of_each_way_fails_the_node(node: dict[str, Any]) -> None:
    check = oracle(node)
    for way in object_ways(node):
        for seed in range(3):
            value = generate(way, seed)
            assert not check.is_valid(value), (way, value)
