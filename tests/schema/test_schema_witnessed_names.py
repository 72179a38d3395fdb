"""Satisfiable schemas stop 51's witnessed fuzz (`bench/fuzz_witnessed.py`) found refused, each
now valid on seeds 0-9: names that ``propertyNames`` and a ``patternProperties`` pattern must both
take; a ``not`` of the words a name fails (``patternProperties``, ``propertyNames``) in the last
resort; a format's value under a pattern's prefix and a length bound."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import valid_values

SEEDS = 10

INTEGERS = {"type": "integer"}
JOINT_NAMES: list[Any] = [  # names both a format (or length) and a pattern of the closed object take
    {"type": "object", "propertyNames": {"format": "date"}, "patternProperties": {"^2020": INTEGERS},
     "minProperties": 1, "additionalProperties": False},
    {"type": "object", "propertyNames": {"format": "date"}, "patternProperties": {"-01$": {}},
     "minProperties": 3, "additionalProperties": False},
    {"type": "object", "propertyNames": {"format": "ipv4"}, "patternProperties": {"^10\\.": INTEGERS},
     "minProperties": 2, "additionalProperties": False},
    {"type": "object", "propertyNames": {"maxLength": 3}, "patternProperties": {"^ab": INTEGERS},
     "minProperties": 3, "additionalProperties": False},
]  # fmt: skip


@pytest.mark.parametrize("schema", JOINT_NAMES, ids=["date-2020", "date-01", "ipv4-10", "short-ab"])
def test_names_both_property_names_and_a_pattern_take_are_built(schema: Any) -> None:
    for value in valid_values(schema, SEEDS):
        assert len(value) >= schema["minProperties"]


NOT_NAMES: list[Any] = [  # a not that holds for an object with a name of some kind alone
    {"not": {"patternProperties": {"^a": False}}},
    {"type": "object", "not": {"patternProperties": {"^a": False}}},
    {"type": "object", "not": {"patternProperties": {"^a": False}}, "required": ["b"]},
    {"$defs": {"rec": {"anyOf": [{"type": "object", "not": {"propertyNames": {"pattern": "^b$"}}},
                                 {"type": "array", "minItems": 2, "items": {"$ref": "#/$defs/rec"}}]}},
     "$ref": "#/$defs/rec"},
]  # fmt: skip


@pytest.mark.parametrize("schema", NOT_NAMES, ids=["pattern", "typed-pattern", "required", "recursive-names"])
def test_a_not_of_what_names_fail_is_built(schema: Any) -> None:
    valid_values(schema, SEEDS)


PREFIXED: list[Any] = [  # a format's value under a pattern's prefix, within a length
    {"type": "string", "format": "email", "pattern": "^am", "maxLength": 15},
    {"type": "string", "format": "idn-email", "pattern": "^am", "maxLength": 15},
    {"type": "string", "format": "uri", "pattern": "^am", "maxLength": 15},
]


@pytest.mark.parametrize("schema", PREFIXED, ids=["email", "idn-email", "uri"])
def test_a_format_value_under_a_prefix_and_a_length_is_built(schema: Any) -> None:
    for value in valid_values(schema, SEEDS):
        assert value.startswith("am")
        assert len(value) <= 15


def test_a_recursion_ended_by_a_prefixed_email_answers_at_once() -> None:
    """Its leaf was refused alone, so the recursion nested until the last resort found one (calls
    of 1.5 s CPU); now a kid is a leaf as often as a node."""
    leaf = {"type": "string", "format": "idn-email", "maxLength": 15, "pattern": "^am"}
    kid = {"oneOf": [{"$ref": "#/$defs/node"}, {"$ref": "#/$defs/leaf"}]}
    schema = {"$ref": "#/$defs/node", "$defs": {
        "leaf": leaf,
        "node": {"type": "object", "required": ["kids"], "properties": {"kids": {
            "type": "array", "minItems": 1, "items": kid}}},
    }}  # fmt: skip
    values = valid_values(schema, SEEDS)
    assert sum(isinstance(kid, str) for value in values for kid in value["kids"]) >= SEEDS // 2
