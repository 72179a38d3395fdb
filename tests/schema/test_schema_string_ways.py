"""Strings the fuzz of strings (`bench/fuzz_schemas.py strings`) found refused: an ``allOf`` of
patterns whose strings are those of one of them but not the first (``^\\S+$`` and
``^\\d{3}-\\d{4}$``: the second's own strings, drawn in turn), and a ``not`` of a format with the
length fixed (every string of letters of that length is a hostname: one led by ``_`` or a space
is none). Each schema below was refused on main."""

from __future__ import annotations

import re
from typing import Any

import pytest
from schema_corpus import valid_values

REFUSED_ON_MAIN: list[Any] = [
    {"type": "string", "allOf": [{"pattern": "^\\S+$"}, {"pattern": "^\\d{3}-\\d{4}$"}]},
    {"type": "string", "not": {"format": "hostname"}, "minLength": 8, "maxLength": 8},
    {"not": {"format": "hostname"}, "minLength": 8, "maxLength": 8},  # strings alone: a number is one
    {
        "type": "string",
        "allOf": [{"not": {"format": "date"}}, {"not": {"format": "hostname"}}],
        "minLength": 10,
        "maxLength": 10,
    },
]


@pytest.mark.parametrize("schema", REFUSED_ON_MAIN)
def test_a_string_of_every_pattern_and_no_refused_format(schema: Any) -> None:
    for value in valid_values(schema, 3):
        assert isinstance(value, str)


def test_the_patterns_strings_are_their_own() -> None:
    schema = {"type": "string", "allOf": [{"pattern": "^\\S+$"}, {"pattern": "^\\d{3}-\\d{4}$"}]}
    for value in valid_values(schema, 5):
        assert re.fullmatch(r"\d{3}-\d{4}", value)
