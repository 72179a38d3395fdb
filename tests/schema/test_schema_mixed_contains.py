"""Several ``contains`` under ``unevaluatedItems: false`` whose items no one value meets
(`_array_node._mixes`): the items after the prefix hold an item of each ``contains``. Stop 50's
fuzz found ``allOf: [{contains: {type: string}}, {contains: {type: integer}}]`` refused ("no JSON
type satisfies every 'type'"), the shared items being its only way; each schema below was refused
on main. Arrays a shared item meets keep their values (`test_schema_shared_contains.py`)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.schema import generate

MIXED: list[Any] = [
    {
        "type": "array",
        "allOf": [{"contains": {"type": "string"}}, {"contains": {"type": "integer"}}],
        "unevaluatedItems": False,
        "minItems": 4,
    },
    {
        "type": "array",
        "allOf": [{"contains": {"const": "admin"}}, {"contains": {"type": "integer", "minimum": 10}}],
        "unevaluatedItems": False,
        "uniqueItems": True,
    },
    {
        "type": "array",
        "prefixItems": [{"const": "header"}],
        "unevaluatedItems": False,
        "allOf": [{"contains": {"type": "boolean"}, "maxContains": 2}, {"contains": {"type": "null"}}],
    },
    {
        "type": "array",
        "allOf": [
            {"contains": {"type": "string"}},
            {"contains": {"type": "integer"}},
            {"contains": {"type": "boolean"}},
        ],
        "unevaluatedItems": False,
        "maxItems": 3,
    },
]


@pytest.mark.parametrize("schema", MIXED, ids=range(len(MIXED)))
def test_an_item_of_each_contains_follows_the_prefix(schema: Any) -> None:
    for value in valid_values(schema, 6):
        kinds = {type(item).__name__ for item in value}
        assert len(kinds) >= len(schema["allOf"])  # an item of each: no one item meets two


def test_items_one_value_meets_stay_shared() -> None:
    schema = {
        "type": "array",
        "contains": {"type": "integer"},
        "allOf": [{"contains": {"minimum": 3}}],
        "unevaluatedItems": False,
    }
    assert all(item >= 3 for value in valid_values(schema, 6) for item in value)


def test_the_same_value_in_a_fresh_process() -> None:
    code = f"from synthworld.schema import generate; print(generate({MIXED[0]!r}, 5))"
    env = {"PYTHONHASHSEED": "77", "PYTHONPATH": ":".join(sys.path)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == repr(generate(MIXED[0], 5))
