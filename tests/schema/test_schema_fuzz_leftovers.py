"""Satisfiable schemas the stop-47 fuzz (`bench/fuzz_schemas.py arrays|conditionals|numbers
--pool`) found refused, each built now, and those no value of which both validators take,
refused with a message that names why. Each schema below was refused on main, or refused there
with the generic message."""

from __future__ import annotations

from typing import Any

import jsonschema_rs
import pytest
from schema_corpus import valid_values

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import generate

BUILT_NOW: dict[str, Any] = {
    # not: {uniqueItems: true} holds for an array with a repeated item alone (`_last_arrays`)
    "a repeat of the one allowed item": {
        "type": "array", "maxItems": 2, "prefixItems": [{"const": "a"}], "minItems": 0, "maxContains": 0,
        "not": {"uniqueItems": True, "minContains": 3, "items": True},
    },
    "a repeat of a drawn string": {
        "prefixItems": [{"type": "string", "minLength": 5}], "maxItems": 2, "not": {"uniqueItems": True},
    },
    "a repeat among uuids": {
        "type": "array", "items": {"type": "string", "format": "uuid"}, "maxItems": 3,
        "not": {"uniqueItems": True},
    },
    # a further contains goes where the item can be one, not on a const (`fitting_positions`)
    "a further contains beside consts": {
        "allOf": [
            {"contains": {}, "minContains": 0},
            {"prefixItems": [{"const": "a"}, {}, {"const": "a"}], "type": "array"},
            {"minContains": 0, "contains": {
                "contains": {"const": "a"}, "uniqueItems": True, "type": "array",
                "unevaluatedItems": {"const": "a"},
            }},
        ]
    },
    # a known property that cannot be built leaves minProperties to other names (`ObjectNode._top_up`)
    "an unbuildable property beside minProperties": {
        "properties": {"a": {"type": "string"}}, "oneOf": [
            {"if": {"properties": {"a": {"enum": [2]}}}, "then": {"maxProperties": 0}}, {},
        ],
    },
    "a property no value meets, and minProperties": {
        "type": "object", "minProperties": 1,
        "allOf": [{"properties": {"a": {"type": "string"}}}, {"properties": {"a": {"enum": [2]}}}],
    },
    # a number off a negated fractional multipleOf for both validators (`_off_multiples`)
    "a number no multiple of 1e-05": {
        "oneOf": [
            {"not": {"multipleOf": 1e-05}, "format": "float", "exclusiveMaximum": -2.5},
            {"multipleOf": 5, "minimum": 1e-05, "not": {"minimum": 1e-05}, "maximum": 0.15},
        ]
    },
    # a oneOf met by 0 alone: failing not: {const: 0} is being 0 (`negation_branches`)
    "a oneOf whose one value is 0": {
        "oneOf": [
            {"type": "number", "format": "int32"},
            {"minimum": 1000000000000000.5, "not": {"minimum": 7.3}, "maximum": 1000000000000000.5},
            {"not": {"const": 0}, "type": "number"},
        ]
    },
    # multiples 3e15 apart beside not: {const: 0}: a number above or below it (`_not_ways`)
    "multiples 3e15 apart, not 0": {
        "type": "number",
        "allOf": [
            {"multipleOf": 1.5}, {"multipleOf": 1e15}, {"multipleOf": 0.01},
            {"type": "number", "not": {"const": 0}},
        ],
    },
}  # fmt: skip


@pytest.mark.parametrize("schema", list(BUILT_NOW.values()), ids=list(BUILT_NOW))
def test_a_satisfiable_schema_the_fuzz_found_refused_is_built(schema: Any) -> None:
    check = jsonschema_rs.validator_for(schema)
    values = valid_values(schema, 5)
    assert all(check.is_valid(v) for v in values), values


@pytest.mark.parametrize(
    ("schema", "says"),
    [
        (  # 10 is a multiple of 1e-05 to jsonschema-rs, so it fails the not there
            {"allOf": [
                {"enum": [0.5, 0.3, 10, -4], "not": {"multipleOf": 1e-05}, "type": ["integer", "null"],
                 "exclusiveMinimum": -2.5},
                {"enum": [10, 0.3]},
            ]},
            "(0.3, 10 are multiples of 1e-05 to jsonschema-rs, not to python-jsonschema",
        ),
        (  # every integer is a multiple of 1e-05; python-jsonschema's division finds some that are not
            {"anyOf": [
                {"maximum": -1e15, "multipleOf": 2, "not": {"minimum": 1e-05}, "const": 3},
                {"not": {"multipleOf": 1e-05}, "type": ["integer", "null"]},
            ]},
            "(a value under not: {multipleOf: 1e-05} must be no multiple of 1e-05 to both python-jsonschema",
        ),
        (
            {"allOf": [
                {"multipleOf": 5, "format": "double"}, {"multipleOf": 2, "not": {"multipleOf": 1e-05}},
            ]},
            "(every integer is a multiple of 1e-05)",
        ),
        (  # python-jsonschema's float division takes 2^53 as a multiple of 1.5; no integer is one of 6
            {"type": "number", "allOf": [
                {"multipleOf": 2}, {"multipleOf": 0.25}, {"multipleOf": 1.5},
                {"exclusiveMinimum": -1, "type": ["integer", "null"], "minimum": 2**53, "maximum": 2**53},
            ]},
            "no multiple of 6 lies within the bounds at the root (the least common multiple of multipleOf 2, "
            "0.25, 1.5)",
        ),
    ],
)  # fmt: skip
def test_a_schema_the_validators_read_apart_is_refused_naming_the_combination(schema: Any, says: str) -> None:
    with pytest.raises(UnsatisfiableSchemaError) as caught:
        generate(schema, 0)
    assert says in str(caught.value)
