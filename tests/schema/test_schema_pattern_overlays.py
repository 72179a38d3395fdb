"""An ``allOf`` of patterns where one fixes the length or the characters and the others a fixed
start or end (``^\\d{8}$`` with ``^20`` and ``01$``): a match of one with the others' fixed texts
laid over it (stop 51's witnessed fuzz: each was refused, the patterns' own strings and their
concatenations never meeting all of them)."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import valid_values

SEEDS = 10

OVERLAID: list[Any] = [
    {"type": "string", "allOf": [{"pattern": "^.{5}$"}, {"pattern": "llo$"}]},
    {"type": "string", "allOf": [{"pattern": "^.{5}$"}, {"pattern": "^ab"}]},
    {"type": "string", "allOf": [{"pattern": "^[a-z]{6}$"}, {"pattern": "^ab"}, {"pattern": "yz$"}]},
    {"type": "string", "allOf": [{"pattern": "^\\d{8}$"}, {"pattern": "^20"}, {"pattern": "01$"}]},
    {"type": "string", "pattern": "^[^/]{14}$", "allOf": [{"pattern": "^12:30"}]},
    {"type": "string", "pattern": "^[^/]{5}$", "allOf": [{"pattern": "l"}, {"pattern": "llo$"}]},
]


@pytest.mark.parametrize("schema", OVERLAID, ids=["end", "start", "both", "digits", "class", "three"])
def test_a_match_of_one_pattern_takes_the_others_fixed_start_and_end(schema: Any) -> None:
    valid_values(schema, SEEDS)
