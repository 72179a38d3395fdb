"""An object short of ``minProperties`` because a property it chose cannot be built is topped up
with additional ones (`ObjectNode._refill`): more of its patterns' names and plain ones, each
that cannot be built passed over. ``x_1`` is null by its name and ``"x"`` by ``^x_``; the names of
``^[a-z]{2}$`` are integer and null at once, so ``key_12`` holds. Found by the fuzz of maps
(`bench/fuzz_schemas.py maps --seed 1`); each schema below was refused on main."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import valid_values

REFUSED_ON_MAIN: list[Any] = [
    {
        "type": "object",
        "properties": {"x_1": {"type": "null"}},
        "minProperties": 2,
        "patternProperties": {"^x_": {"enum": ["x"]}, "^a": True},
        "additionalProperties": False,
    },
    {
        "allOf": [
            {"patternProperties": {"^[a-z]{2}$": {"type": "integer"}}},
            {"type": "object", "patternProperties": {"^[a-z]{2}$": {"type": "null"}}, "minProperties": 3},
        ]
    },
    {  # the fuzz's schema
        "type": "object",
        "properties": {"x_1": {"type": "null"}, "user_id": {"type": "null"}},
        "minProperties": 2,
        "patternProperties": {"b": {"type": "array", "maxItems": 1}, "^x_": {"enum": [1, "x"]}, "^a": True},
        "additionalProperties": False,
    },
]


@pytest.mark.parametrize("schema", REFUSED_ON_MAIN)
def test_an_object_short_of_min_properties_is_topped_up(schema: Any) -> None:
    for value in valid_values(schema, 3):
        assert len(value) >= 2
        assert "x_1" not in value
