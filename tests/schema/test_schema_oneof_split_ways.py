"""A ``oneOf`` whose other branches must fail, read in the last resort as the ways each fails
(`_exclude.split_ways`): a branch some of whose words `negation_branches` reads fails by one of
them or by the ``not`` of the rest; ``additionalProperties`` of a schema fails by an extra name of
another kind; ``unevaluatedProperties`` with nothing else to evaluate names is
``additionalProperties``. Found by the fuzz of maps (`bench/fuzz_schemas.py maps`); each schema
below was refused on main, though an object with one name satisfies it."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import generate

REFUSED_ON_MAIN: list[Any] = [
    {"oneOf": [{}, {"dependentSchemas": {"a": {"required": ["b"]}}, "maxProperties": 0}]},
    {"oneOf": [{}, {"dependentSchemas": {"ab": {"required": ["ab"]}}, "additionalProperties": False}]},
    {"oneOf": [{}, {"if": {"required": ["b"]}, "maxProperties": 0}]},
    {
        "oneOf": [
            {"type": "object"},
            {"additionalProperties": {"type": "integer"}},
            {"additionalProperties": False},
        ]
    },
    {
        "oneOf": [
            {"type": "object"},
            {"patternProperties": {"_id$": {"const": 1}}, "unevaluatedProperties": {"const": 1}},
            {"additionalProperties": False},
        ]
    },
    {  # the fuzz's schema (maps --seed 7)
        "oneOf": [
            {"type": ["object", "null"]},
            {
                "dependentRequired": {"c": ["b"]},
                "unevaluatedProperties": {"const": 1},
                "minProperties": 0,
                "patternProperties": {"_id$": {"const": 1}, "^[a-c]$": {"enum": [1, "x"]}, "^x_": False},
            },
            {"dependentSchemas": {"ab": {"required": ["ab"]}}, "additionalProperties": False},
        ]
    },
]


@pytest.mark.parametrize("schema", REFUSED_ON_MAIN)
def test_a_oneof_branch_fails_by_one_of_its_words(schema: Any) -> None:
    for value in valid_values(schema, 3):
        assert isinstance(value, dict)
        assert value


def test_split_ways_reads_only_what_it_can() -> None:
    """``unevaluatedProperties`` beside an applier is not split from it; a branch that holds for
    every value (``dependentSchemas: {}``) has no way to fail, and the ``oneOf`` stays refused."""
    from synthworld.schema._exclude import split_ways  # new here: the other tests run on main too

    node = {"allOf": [{"properties": {"a": {}}}], "unevaluatedProperties": False, "maxProperties": 2}
    assert split_ways(node, node) is None  # "a" is evaluated by the allOf: no way read apart
    plain = {"unevaluatedProperties": {"const": 1}}
    assert split_ways(plain, plain) == [
        {"type": "object", "minProperties": 1, "additionalProperties": {"not": {"const": 1}}}
    ]
    with pytest.raises(UnsatisfiableSchemaError):
        generate({"oneOf": [{}, {"dependentSchemas": {}}]}, 0)
