"""A ``not`` of one bound is the bound it leaves (`_not_bounds`): ``not: {maxLength: 5}`` builds a
string of six characters or more, where a string was drawn and then refused by the ``not``. Found
by the fuzz of formats (``{format: hostname, not: {maxLength: 5}, pattern: "^.{0,8}$"}`` in a
``oneOf`` was refused); each schema below was refused at the start of audit22_refusals (some
others were answered only by the last resort's draws, such as 25 characters from all of Unicode for
``{type: string, not: {maxLength: 12}}``)."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.schema._not_bounds import bound_of_not
from tests.schema.schema_corpus import D4

LEFT_BY_A_NOT: list[Any] = [
    {
        "oneOf": [
            {"format": "hostname", "not": {"maxLength": 5}, "pattern": "^.{0,8}$"},
            {"format": "date-time", "const": "a"},
        ]
    },
    {"type": "number", "not": {"exclusiveMinimum": 7.5}, "minimum": 7.5},
    {"type": "array", "items": {"type": "integer"}, "not": {"maxItems": 30}},
    {"type": "object", "not": {"maxProperties": 12}},
    {"$schema": D4, "type": "number", "maximum": 0, "not": {"maximum": 0, "exclusiveMaximum": True}},
    {"type": "string", "oneOf": [{"maxLength": 40}, {"pattern": "^a"}], "not": {"maxLength": 40}},
]


@pytest.mark.parametrize("schema", LEFT_BY_A_NOT)
def test_a_not_of_one_bound_is_built_as_the_opposite_bound(schema: Any) -> None:
    valid_values(schema, 3)


OF_ITS_TYPE_ALONE: list[Any] = [
    {"type": ["string", "null"], "not": {"maxLength": 20}},
    {"anyOf": [{"type": ["string", "null"], "not": {"maxLength": 1}}, {"const": 3}]},
    {"not": {"maximum": 5}},
    {"type": ["array", "boolean"], "not": {"minItems": 1}},
]
"""A bound holds for every value of another type, so its ``not`` for none: only a string of 21
characters or more meets ``not: {maxLength: 20}``, never null."""


@pytest.mark.parametrize("schema", OF_ITS_TYPE_ALONE)
def test_a_not_of_one_bound_holds_for_its_type_alone(schema: Any) -> None:
    valid_values(schema, 6)


@pytest.mark.parametrize(
    ("neg", "bound"),
    [
        ({"maxLength": 5}, {"type": "string", "minLength": 6}),  # a number meets maxLength: 5
        ({"minItems": 2, "description": "two"}, {"type": "array", "maxItems": 1}),
        ({"exclusiveMinimum": 2.5}, {"type": "number", "maximum": 2.5}),
        ({"minimum": 0}, {"type": "number", "exclusiveMaximum": 0}),
        ({"minProperties": 0}, None),  # every value meets it: not, none; no count says so
        ({"maxLength": 5, "type": "string"}, None),  # two words: numbers fail it
        ({"maximum": True}, None),
    ],
)
def test_bound_of_not_reads_one_bound_alone(neg: Any, bound: Any) -> None:
    assert bound_of_not(neg) == bound
