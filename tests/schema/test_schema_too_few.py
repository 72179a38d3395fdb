"""Counts no value reaches, refused at compile with the reason (`_too_few`): ``minProperties`` past
the names a closed object allows, ``minItems`` past the distinct items of a ``uniqueItems`` array.
The stop-49 fuzz of mutated corpus schemas (`bench/fuzz_mutants.py`) met them as a user's edits
(``minProperties: 6`` on SARIF's closed root, ``minItems: 6`` on S3 CORS's five methods); main
refused them too, after its probe, with "no valid value could be built". Neighbours that reach
their counts still answer, validly."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import generate

METHODS = ["GET", "PUT", "POST", "DELETE", "HEAD"]
REFUSED: dict[str, tuple[dict[str, Any], str]] = {
    "a closed object (reduced, SARIF's root)": (
        {
            "type": "object",
            "properties": {"a": {}, "b": {}},
            "additionalProperties": False,
            "minProperties": 3,
        },
        "minProperties 3 at the root asks for more properties than the 2 additionalProperties: false "
        "at the root allows ('a', 'b')",
    ),
    "closed in a conjunct, the count beside it": (
        {
            "type": "object",
            "allOf": [{"properties": {"a": {}}, "additionalProperties": False}],
            "minProperties": 2,
        },
        "than the 1 additionalProperties: false at '/allOf/0' allows ('a')",
    ),
    "a name the other keywords forbid does not count": (
        {
            "type": "object",
            "properties": {"a": {}, "b": False},
            "additionalProperties": False,
            "minProperties": 2,
        },
        "than the 1 additionalProperties: false at the root allows ('a')",
    ),
    "a nested required object (github-issue-config)": (
        {
            "type": "object",
            "properties": {
                "links": {"type": "object", "properties": {"x": {}}, "additionalProperties": False}
            },
            "required": ["links"],
            "allOf": [{"properties": {"links": {"minProperties": 4}}}],
        },
        "minProperties 4 at '/allOf/0/properties/links' asks for more properties than the 1",
    ),
    "an enum of five, six unique (reduced, S3 CORS)": (
        {"type": "array", "uniqueItems": True, "minItems": 6, "items": {"type": "string", "enum": METHODS}},
        "the uniqueItems array at the root needs 6 distinct items but its items at '/items' allow only 5",
    ),
    "booleans past a prefix": (
        {
            "type": "array",
            "uniqueItems": True,
            "minItems": 4,
            "prefixItems": [{}],
            "items": {"type": "boolean"},
        },
        "needs 3 distinct items but its items at '/items' allow only 2 (true, false)",
    ),
    "a const": (
        {"type": "array", "uniqueItems": True, "minItems": 2, "items": {"const": "x"}},
        'allow only 1 ("x")',
    ),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_with_the_reason(name: str) -> None:
    schema, reason = REFUSED[name]
    with pytest.raises(UnsatisfiableSchemaError) as caught:
        generate(schema, 0)
    assert reason in str(caught.value)
    assert "fix: " in str(caught.value)


ANSWERED: dict[str, dict[str, Any]] = {
    "as many as listed": {
        "type": "object",
        "properties": {"a": {}, "b": {}},
        "additionalProperties": False,
        "minProperties": 2,
    },
    "closed only in another branch": {
        "anyOf": [{"properties": {"a": {}}, "additionalProperties": False}, {"type": "object"}],
        "minProperties": 2,
    },
    "all five methods": {"type": "array", "uniqueItems": True, "minItems": 5, "items": {"enum": METHODS}},
    "not unique": {"type": "array", "minItems": 6, "items": {"enum": METHODS}},
    "booleans and null": {
        "type": "array",
        "uniqueItems": True,
        "minItems": 3,
        "items": {"type": ["boolean", "null"]},
    },
    "an open item type": {
        "type": "array",
        "uniqueItems": True,
        "minItems": 3,
        "items": {"type": ["boolean", "string"]},
    },
    "an optional property that cannot be built is left out": {
        "type": "object",
        "properties": {"m": {"type": "array", "uniqueItems": True, "minItems": 2, "items": {"const": 1}}},
    },
}


@pytest.mark.parametrize("name", sorted(ANSWERED))
def test_neighbours_answered(name: str) -> None:
    schema = ANSWERED[name]
    for seed in range(3):
        jsonschema.validate(
            generate(schema, seed), schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
        )
