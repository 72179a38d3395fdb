"""`type_lists_as_any_of`: type lists spelt as anyOf accept exactly the same values."""

from __future__ import annotations

from random import Random
from typing import Any

import jsonschema
import pytest

from synthworld.formats.unions import type_lists_as_any_of
from synthworld.schema import compile_generator

SCHEMAS: list[dict[str, Any]] = [
    {"type": ["string", "null"], "maxLength": 3, "description": "A note."},
    {"type": ["integer", "string"], "minimum": 5, "pattern": "^a"},
    {"type": ["number", "boolean"], "multipleOf": 0.5, "maximum": 2},
    {
        "type": "object",
        "properties": {
            "tags": {"type": ["array", "null"], "items": {"type": ["string", "integer"]}, "maxItems": 2},
            "owner": {
                "type": ["object", "null"],
                "properties": {"id": {"type": ["string", "null"]}},
                "required": ["id"],
            },
        },
        "required": ["tags", "owner"],
        "additionalProperties": False,
    },
    {"type": ["string", "null"], "enum": ["a", None, 3]},
    {
        "$defs": {"n": {"type": ["integer", "null"], "minimum": 0}},
        "items": {"$ref": "#/$defs/n"},
        "type": "array",
    },
]
PROBES: list[Any] = [
    *(None, True, 0, 2, 5, 7, 1.5, 2.5, "", "a", "abc", "abcd", "b", [], ["a"], [1, "x", 2], {}),
    *({"tags": None, "owner": None}, {"tags": ["a"], "owner": {}}, {"tags": [], "owner": {"id": None}}),
    *([0, None], [-1]),
]


@pytest.mark.parametrize("schema", SCHEMAS, ids=range(len(SCHEMAS)))
def test_the_same_values_are_valid_before_and_after(schema: dict[str, Any]) -> None:
    before = jsonschema.Draft202012Validator(schema)
    after_schema = type_lists_as_any_of(schema)
    after = jsonschema.Draft202012Validator(after_schema)
    assert '"type": [' not in str(after_schema).replace("'", '"')
    for value in PROBES:
        assert before.is_valid(value) == after.is_valid(value), value
    generated = compile_generator(schema)
    for seed in range(30):
        assert after.is_valid(generated.generate(Random(seed)))
    spelt = compile_generator(after_schema)
    for seed in range(30):
        assert before.is_valid(spelt.generate(Random(seed)))


def test_keywords_move_into_the_branch_of_their_type() -> None:
    assert type_lists_as_any_of(
        {"type": ["string", "integer", "null"], "maxLength": 2, "minimum": 1, "title": "t"}
    ) == {
        "title": "t",
        "anyOf": [{"type": "string", "maxLength": 2}, {"type": "integer", "minimum": 1}, {"type": "null"}],
    }
    assert type_lists_as_any_of({"type": ["string"]}) == {"type": "string"}
    mixed = {"type": ["string", "null"], "anyOf": [{"minLength": 1}, {"type": "null"}]}
    assert type_lists_as_any_of(mixed) == mixed  # an anyOf of its own stays as written
