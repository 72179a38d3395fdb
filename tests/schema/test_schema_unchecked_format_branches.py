"""A ``oneOf`` branch with a ``format`` no validator checks (OpenAPI's ``int32``, ``double``) is
failed by its bounds in the last resort, as the same branch without the format is: the format
asks nothing. Found by the fuzz of numbers; each schema was refused on main (a number below the
branch's bound satisfies it)."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import valid_values

REFUSED_ON_MAIN: list[Any] = [
    {"oneOf": [{"format": "int32", "exclusiveMinimum": -1}, {"multipleOf": 0.01}]},
    {
        "oneOf": [
            {"format": "double", "minimum": 0.5},
            {"type": "number", "minimum": 1e15, "exclusiveMaximum": 0.5},
            {"format": "double"},
        ]
    },
]


@pytest.mark.parametrize("schema", REFUSED_ON_MAIN)
def test_an_unchecked_format_does_not_keep_a_branch_from_failing(schema: Any) -> None:
    for value in valid_values(schema, 3):
        assert isinstance(value, (int, float))
