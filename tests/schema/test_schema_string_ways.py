"""Strings the fuzz of strings (`bench/fuzz_schemas.py strings`) found refused: an ``allOf`` of
patterns whose strings are those of one of them but not the first (``^\\S+$`` and
``^\\d{3}-\\d{4}$``: the second's own strings, drawn in turn), and a ``not`` of a format with the
length fixed (every string of letters of that length is a hostname: one led by ``_`` or a space
is none). Each schema below was refused on main; a nested repeat stretched to a length ran for
hours there."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
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


NESTED = {"type": "string", "pattern": "^[a-z]+(-[a-z]+)*$", "minLength": 5000, "maxLength": 5000}
"""Stretched for its length, ``(-[a-z]+)*`` drew ``extra ** 2`` characters: 10,000 ** 2 on main."""


def test_a_nested_repeat_stretched_to_a_length_stops_past_it() -> None:
    """In a child process, so that main's hours end at the timeout (a failure, not a hang)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    script = (
        f"import json, sys; sys.path.insert(0, {root!r}); from synthworld.schema import generate; "
        f"print(json.dumps(generate({NESTED!r}, 0)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    value = json.loads(done.stdout)
    assert len(value) == 5000
    assert re.fullmatch(NESTED["pattern"][1:-1], value)
