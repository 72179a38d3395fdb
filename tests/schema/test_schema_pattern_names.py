"""More names of a ``patternProperties`` pattern than its one shortest: a pattern open at its end
(OpenAPI's ``^x-``) drew the same name each time, so an object that needs two of them
(``minProperties`` past its listed names, ``additionalProperties: false``) was refused, or answered
by the hypothesis fallback with names of random code points. Met while writing the neighbours of
`test_schema_too_few`."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from synthworld.schema import generate

EXTENSIONS = {
    "type": "object",
    "properties": {"name": {"type": "string"}},
    "required": ["name"],
    "patternProperties": {"^x-": {"type": "string"}},
    "additionalProperties": False,
    "minProperties": 4,
}


@pytest.mark.parametrize(
    "schema",
    [
        {
            "type": "object",
            "properties": {"a": {}},
            "patternProperties": {"^x": {}},
            "additionalProperties": False,
            "minProperties": 3,
        },
        EXTENSIONS,
    ],
)
def test_names_of_a_pattern_open_at_its_end(schema: dict[str, Any]) -> None:
    """A pattern open at its end (OpenAPI's ``^x-``) draws its one shortest name each time; more
    of its names are numbered after it. On main the first was refused, the second answered by the
    hypothesis fallback (names of random code points)."""
    for seed in range(3):
        value = generate(schema, seed)
        jsonschema.validate(value, schema)
        assert len(value) >= schema["minProperties"]
        assert all(name.isascii() and name.isprintable() for name in value), value
