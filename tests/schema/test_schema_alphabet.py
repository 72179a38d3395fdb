"""A character one pattern's every match holds that an anchored pattern never matches
(`_alphabet`), refused at compile with the two patterns named: the stop-49 fuzz's mutated winget
schema (a version's ``\\.`` and a user's ``^[a-z0-9-]+$``), which main refused after its attempts
and hypothesis draws with "no valid value could be built". Neighbours answer."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import generate
from synthworld.schema._no_string import no_string

VERSION = "^(0|[1-9][0-9]{0,3})(\\.(0|[1-9][0-9]{0,3})){2}$"


def _both(first: str, second: str) -> dict[str, Any]:
    return {"type": "string", "pattern": first, "allOf": [{"pattern": second}]}


REFUSED: dict[str, tuple[dict[str, Any], str]] = {
    "a version and a slug (reduced, winget)": (
        _both(VERSION, "^[a-z0-9-]+$"),
        f"pattern {VERSION!r} needs the character '.', which '^[a-z0-9-]+$' never matches",
    ),
    "unanchored, the needed one in both alternatives": (
        _both("(a|b)-", "^[^-]*$"),
        "pattern '(a|b)-' needs the character '-', which '^[^-]*$' never matches",
    ),
    "a required property of an object (winget's shape)": (
        {
            "type": "object",
            "properties": {"v": _both(VERSION, "^[a-z0-9-]+$"), "name": {"type": "string"}},
            "required": ["v", "name"],
        },
        "no string at '/properties/v' meets its patterns and lengths",
    ),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_naming_the_character(name: str) -> None:
    schema, why = REFUSED[name]
    with pytest.raises(UnsatisfiableSchemaError) as caught:
        generate(schema, 0)
    assert why in str(caught.value)


ANSWERED: dict[str, dict[str, Any]] = {
    "an optional dot": _both("^\\d+(\\.\\d+){0,2}$", "^[a-z0-9-]+$"),
    "the character in one alternative only": _both("(a-|b)", "^[^-]*$"),
    "the other unanchored": _both("\\.", "[a-z]"),
}


@pytest.mark.parametrize("name", sorted(ANSWERED))
def test_neighbours_answer(name: str) -> None:
    schema = ANSWERED[name]
    for seed in range(3):
        jsonschema.validate(generate(schema, seed), schema)


@pytest.mark.parametrize(
    "patterns",
    [
        ["^(?i:a)$", "B"],  # a flag
        ["^(a)\\1$", "b"],  # a back-reference: no alphabet
        ["^[a-z]+$", "\n"],  # a final newline Python's "$" takes
        ["^[a-z]+$", "(?=\\.)"],  # a lookahead needs nothing read
    ],
)
def test_what_it_cannot_read_proves_nothing(patterns: list[str]) -> None:
    assert no_string(patterns, 0, None) is None
