"""A ``not`` of a conditional, of dependencies or of ``properties`` read as the ways it fails
(`_not_ways`), in the last resort's compiler: each way is built, where a value was drawn and then
refused by the ``not`` (the objects drawn rarely hold ``a`` without ``b``). Found by the fuzz of
conditionals (`bench/fuzz_schemas.py conditionals`); each schema below was refused on main."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import generate
from tests.schema.schema_corpus import D6, D7

REFUSED_ON_MAIN: list[Any] = [
    {"not": {"dependentRequired": {"a": ["b", "c"]}}},
    {"type": "object", "not": {"dependentRequired": {"a": ["b"]}}},
    {"not": {"dependentSchemas": {"a": {"required": ["c"]}}}},
    {"not": {"dependentSchemas": {"a": False}}},
    {"$schema": D7, "not": {"dependencies": {"a": ["b"], "c": {"required": ["d"]}}}},
    {"not": {"properties": {"a": False}}},
    {"required": ["b"], "not": {"properties": {"a": {"const": 1}}}},
    {"not": {"if": {"required": ["b"]}, "then": {"properties": {"a": False}}}},
    {"not": {"if": {"required": ["c"]}, "else": {"properties": {"a": {"const": 1}}}}},
    {"not": {"if": {"minimum": 5}, "then": {"properties": {"b": {"enum": [1, 2, "x"]}}}}},
    {  # a not of a not is its subschema
        "properties": {"a": {"type": "string", "maxLength": 2}},
        "not": {
            "not": {"if": {"properties": {"b": {"minimum": 5}}}, "then": False, "else": {"required": ["c"]}}
        },
    },
    {
        "properties": {"c": {"enum": [1, 2, "x"]}},
        "allOf": [
            {"not": {"dependentRequired": {"a": ["b", "c"]}}},
            {"dependentSchemas": {"b": {"required": ["c"]}}},
        ],
    },
    {
        "properties": {"b": {"type": "string", "maxLength": 2}},
        "allOf": [
            {
                "not": {
                    "if": {"const": "x"},
                    "then": {"if": {"properties": {"a": {"const": "x"}}, "required": ["a"]}},
                    "else": {"if": {"required": ["b"]}, "then": {"properties": {"a": False}}},
                }
            },
            {"if": {"minimum": 0}, "else": {"maxProperties": 0}},
        ],
    },
]


@pytest.mark.parametrize("schema", REFUSED_ON_MAIN)
def test_a_not_of_a_conditional_is_built_by_its_ways_to_fail(schema: Any) -> None:
    valid_values(schema, 3)


def test_a_oneof_of_conditionals_fails_the_other_branch_by_its_ways() -> None:
    """The second branch holds for every value, so a value must fail the first: ``b`` present,
    ``a`` absent (a first reading answered ``{"c": 9}``, which both branches take)."""
    schema = {
        "oneOf": [
            {"if": {"required": ["a"]}, "else": {"properties": {"b": False}}},
            {"if": {"properties": {"c": {"enum": [1, 2]}}}, "else": {"type": "object"}},
        ]
    }
    for value in valid_values(schema, 5):
        assert "b" in value
        assert "a" not in value


NO_VALUE_FAILS: list[Any] = [
    {"not": {"if": {"const": "x"}, "then": {"required": ["b"]}}},  # "x" meets required
    {"$schema": D6, "not": {"if": {"const": 1}, "then": False}},  # draft 6 has no if: not {}
    {"$schema": D7, "not": {"dependentRequired": {"a": ["b"]}}},  # nor draft 7 this word
]


def test_a_not_is_read_as_ways_only_where_its_subschema_can_fail() -> None:
    """The same ``not`` in draft 2019-09 builds; where no value fails the subschema (in its
    dialect), the schema stays refused."""
    valid_values({"not": {"dependentRequired": {"a": ["b"]}}}, 3)
    for schema in NO_VALUE_FAILS:
        with pytest.raises(UnsatisfiableSchemaError):
            generate(schema, 0)


def test_the_ways_of_an_if_with_both_sides() -> None:
    from synthworld.schema._not_ways import ways_of_not  # new here: the other tests run on main too

    raw = {"if": {"required": ["a"]}, "then": {"required": ["b"]}, "else": {"maxProperties": 0}}
    assert ways_of_not(raw, raw) == {
        "anyOf": [
            {"allOf": [{"required": ["a"]}, {"not": {"required": ["b"]}}]},
            {"allOf": [{"not": {"required": ["a"]}}, {"not": {"maxProperties": 0}}]},
        ]
    }
    assert ways_of_not({"if": {}}, {"if": {}}) is None  # an if alone holds for every value
