"""A ``not`` of a ``oneOf`` read in the last resort as its ways to fail (`_not_ways`): a value of
none of its branches, or of two of them. ``not: {oneOf: [{maxLength: 2}, {type: string,
minLength: 2}]}`` holds for a string of two characters alone (every other value meets exactly one
branch); a ``oneOf`` nested in another's branch is failed the same way. A ``contentMediaType``
beside a ``not`` asserts nothing: ``not: {not: X, contentMediaType: ...}`` is ``X``. Found by the fuzz of
combinators (`bench/fuzz_schemas.py combinators`); each schema below was refused on main."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import valid_values

REFUSED_ON_MAIN: list[Any] = [
    {"oneOf": [{}, {"not": {"const": "foo"}, "contentMediaType": "application/json"}]},
    {"not": {"not": {"const": "foo"}, "contentMediaType": "application/json"}},
    {"not": {"oneOf": [{"maxLength": 2}, {"type": "string", "minLength": 2}]}},
    {
        "oneOf": [
            {"not": {"type": "integer", "maximum": 7}},
            {
                "oneOf": [
                    {"type": "object", "maxProperties": 1},
                    {"type": "integer", "maximum": 7},
                    {"required": ["id"]},
                ]
            },
        ]
    },
    {
        "oneOf": [
            {
                "oneOf": [
                    {"properties": {"id": {"const": 1}}},
                    {"anyOf": [{"type": "string", "maxLength": 3}, {"minimum": 0}]},
                ]
            },
            {"not": {"not": {"type": "string", "maxLength": 3}}},
            {"anyOf": [{"type": "object", "required": ["id"]}, {"type": "string", "maxLength": 3}]},
        ]
    },
]


@pytest.mark.parametrize("schema", REFUSED_ON_MAIN)
def test_a_not_of_a_oneof_is_built_by_its_ways_to_fail(schema: Any) -> None:
    valid_values(schema, 3)


def test_the_ways_of_a_oneof() -> None:
    from synthworld.schema._not_ways import ways_of_not  # the ways are new here

    raw = {"oneOf": [{"minimum": 0}, {"maximum": 5}, {"type": "integer"}]}
    assert ways_of_not(raw, raw) == {
        "anyOf": [
            {"not": {"anyOf": raw["oneOf"]}},
            {"allOf": [{"minimum": 0}, {"maximum": 5}]},
            {"allOf": [{"minimum": 0}, {"type": "integer"}]},
            {"allOf": [{"maximum": 5}, {"type": "integer"}]},
        ]
    }
    many = {"oneOf": [{"const": n} for n in range(6)]}
    assert ways_of_not(many, many) is None  # 15 pairs: left a check
