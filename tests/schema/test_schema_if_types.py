"""An ``if`` decided by the type of the values built: only where every value built on either side
is surely an object. A side's own ``type`` speaks for that side alone (`_types.objects_either_way`),
and keywords naming objects do not make objects where a branch, a condition or a dependent schema
beside them lets another type in (`_types.objects_alone`). Found by the fuzz of conditionals; each
schema below was answered with invalid values on main (``if: {type: object}`` taken as surely
true, its ``then`` built without it: numbers, strings, arrays)."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import generate

INVALID_ON_MAIN: list[Any] = [
    {"if": {"type": "object"}, "else": {"type": "object"}},
    {"if": {"type": "object"}, "then": {"multipleOf": 2}, "else": {"type": "object"}},
    {
        "allOf": [
            {"if": {"type": "object"}, "then": {"properties": {"b": False}}, "else": {"type": "object"}},
            {"dependentSchemas": {"a": {"maximum": 0}}},
        ]
    },
]


@pytest.mark.parametrize("schema", INVALID_ON_MAIN)
def test_an_if_of_a_type_holds_for_the_values_built(schema: Any) -> None:
    for value in valid_values(schema, 5):
        assert isinstance(value, dict)


@pytest.mark.parametrize(
    "schema",
    [
        {  # objects must be empty (the first if) and hold a (the second's else: an object is not "x")
            "properties": {"a": {"const": 1}},
            "allOf": [
                {"if": {"type": "object"}, "then": {"maxProperties": 0}, "else": False},
                {"if": {"const": "x"}, "else": {"required": ["a"]}},
            ],
        },
        {  # an array, which the if's else requires to be an object
            "allOf": [
                {"type": "array", "items": {"properties": {"a": {"if": {"minimum": 2}}}}},
                {"if": {"type": "object"}, "else": {"type": "object"}},
            ]
        },
    ],
)
def test_an_if_of_a_type_no_value_meets_is_refused(schema: Any) -> None:
    """Main answered a string for the first and arrays for the second."""
    with pytest.raises(UnsatisfiableSchemaError):
        generate(schema, 0)


REFUSED_ON_MAIN: list[Any] = [
    # keywords of objects beside an if of a type: a value of another type takes the else
    {"properties": {"c": {"type": "integer"}}, "if": {"type": "object"}, "then": False},
    # facts are of objects: an integer meets required c and properties c false alike
    {
        "type": "integer",
        "allOf": [
            {"if": {"required": ["c"]}, "then": {"properties": {"c": False}}, "else": {"multipleOf": 2}},
            {"dependentSchemas": {"a": False}},
        ],
    },
]


@pytest.mark.parametrize("schema", REFUSED_ON_MAIN)
def test_an_if_is_not_decided_by_facts_of_objects_for_other_types(schema: Any) -> None:
    for value in valid_values(schema, 3):
        assert not isinstance(value, dict)
