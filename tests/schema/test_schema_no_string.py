"""Patterns no string meets together, refused at compile by a cheap proof (`_no_string`), where
the search spent seconds building 5,000-character strings (the stop-48 fuzz, `strings` seeds 1
and 2); the same schemas were refused before, with the generic message. Satisfiable neighbours
still answer, and a refused enum under many combinations walks each subschema's ``multipleOf``
steps once (`_samples._steps`)."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import _api, _multiple_notes, _samples, generate
from synthworld.schema._multiple_notes import steps_in
from synthworld.schema._no_string import no_string


def _all_of(*parts: dict[str, Any]) -> dict[str, Any]:
    return {"type": "string", "allOf": list(parts)}


REFUSED: dict[str, tuple[dict[str, Any], str]] = {
    "first characters (reduced)": (
        _all_of({"pattern": "^[a-z]+$"}, {"pattern": "^[0-9]+$"}, {"minLength": 5000}),
        "patterns '^[a-z]+$' and '^[0-9]+$' share no first character",
    ),
    "an anchored alternation shorter than minLength (seed 1: 8.1 s)": (
        _all_of(
            {"pattern": "^[a-z]+(-[a-z]+)*$"},
            {"pattern": "^(foo|bar|baz)$"},
            {"minLength": 5000, "pattern": "[0-9]", "type": "string"},
        ),
        "pattern '^(foo|bar|baz)$' matches at most 3 characters, fewer than minLength 5000",
    ),
    "a version and pairs (seed 1: 3.7 s)": (
        _all_of({"pattern": "^v\\d+\\.\\d+(\\.\\d+)?$"}, {"pattern": "café"}, {"pattern": "^(ab|cd)+$"}),
        "share no first character",
    ),
    "a repeat that may be empty, then z (seed 1: 2.4 s)": (
        _all_of({"pattern": "^(a|b|c)*z$"}, {"pattern": "-"}, {"pattern": "^日本"}, {"minLength": 5000}),
        "patterns '^(a|b|c)*z$' and '^日本' share no first character",
    ),
    "capitals after lower case (seed 2: 6.4 s)": (
        _all_of(
            {"pattern": "^[a-z]+$"},
            {"pattern": "^[A-Z]{2}\\d{0,2}$"},
            {"pattern": "\\w+@\\w+", "minLength": 5000, "maxLength": 5000},
        ),
        "pattern '^[A-Z]{2}\\\\d{0,2}$' matches at most 4 characters, fewer than minLength 5000",
    ),
    "widths that do not meet": (
        _all_of({"pattern": "^[A-Z]{2}$"}, {"pattern": "^[A-Z]{5,}$"}),
        "pattern '^[A-Z]{5,}$' matches at least 5 characters, '^[A-Z]{2}$' at most 2",
    ),
    "an anchored pattern longer than maxLength": (
        {"type": "string", "pattern": "^[a-z]{8}$", "maxLength": 5},
        "matches at least 8 characters, more than maxLength 5",
    ),
}

ANSWERED: dict[str, dict[str, Any]] = {
    "a shared first letter": _all_of({"pattern": "^[a-z]+$"}, {"pattern": "^foo$"}),
    "a negated class and a range": _all_of({"pattern": "^[^0-9]"}, {"pattern": "^[a-z]"}),
    "an optional prefix": _all_of({"pattern": "^(x-)?[0-9]+$"}, {"pattern": "^[0-9]"}),
    "a pattern that may be empty": _all_of({"pattern": "^[a-z]*$"}, {"pattern": "^[0-9]*$"}),
    "a lookahead": _all_of({"pattern": "^(?=[0-9])\\w+$"}, {"pattern": "^\\d"}),
    "an unanchored end": {"type": "string", "pattern": "^(foo|bar)", "minLength": 40},
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_by_the_proof(name: str) -> None:
    schema, why = REFUSED[name]
    with pytest.raises(UnsatisfiableSchemaError, match="meets its patterns and lengths") as caught:
        generate(schema, 0)
    assert why in str(caught.value)


@pytest.mark.parametrize("name", sorted(ANSWERED))
def test_satisfiable_neighbours_answer(name: str) -> None:
    schema = ANSWERED[name]
    for seed in range(3):
        jsonschema.validate(generate(schema, seed), schema, format_checker=jsonschema.FormatChecker())


@pytest.mark.parametrize(
    ("patterns", "lengths"),
    [
        (["^[a-z]*", "^[0-9]"], (0, None)),  # may match nothing: "5" meets both
        (["^(?i:a)", "^A"], (0, None)),  # a flag
        (["^$", "^a?"], (0, None)),  # the end at once
        (["^[\\u0000-\\uffff]", "^[a]"], (0, None)),  # a class too wide to list
        (["^a", "b"], (0, None)),  # unanchored: no first character
        (["^foo$"], (4, None)),  # Python's "$" also takes "foo\\n"
    ],
)
def test_what_it_cannot_read_proves_nothing(patterns: list[str], lengths: tuple[int, int | None]) -> None:
    assert no_string(patterns, *lengths) is None


def test_refused_enum_walks_each_subschema_once(monkeypatch: pytest.MonkeyPatch) -> None:
    walked: list[int] = []

    def counted(node: Any, negated: bool = False, depth: int = 0) -> Any:
        if depth == 0:
            walked.append(id(node))
        return steps_in(node, negated, depth)

    monkeypatch.setattr(_multiple_notes, "steps_in", counted)
    monkeypatch.setattr(_samples, "steps_in", counted, raising=False)
    schema = json.loads(json.dumps(SPREAD))  # its own copy: a fresh compile
    with pytest.raises(UnsatisfiableSchemaError, match="its conjuncts' types do not meet"):
        generate(schema, 0)
    assert walked == []  # refused before the probe (`_finite_values`): no enum walked at all
    monkeypatch.setattr(_api, "refuse_no_values", lambda schema, valid: None)  # the probe's own walks
    with pytest.raises(UnsatisfiableSchemaError):
        generate({"title": "probed", **json.loads(json.dumps(SPREAD))}, 0)  # not the refusal cached
    assert walked
    assert len(walked) <= 3 * len(set(walked))  # once per compiler, at most (ids may be reused)


SPREAD = json.loads(
    '{"allOf": [{"allOf": [{"not": {"not": {"not": {"type": "object", "maxProperties": 1}}}}, {"enum": ["'
    'green", 3, null]}, {"oneOf": [{"$ref": "#/$defs/word"}, {"required": ["id"]}, {"allOf": [{"oneOf": ['
    '{"enum": ["red", "blue", 3, 8]}, {"minimum": 0}]}, {"type": "integer", "maximum": 7}, {"anyOf": [{"$'
    'ref": "#/$defs/pair"}, {"$ref": "#/$defs/color"}, {"type": "object", "maxProperties": 1}]}]}]}]}, {"'
    'oneOf": [{"$ref": "#/$defs/color"}, {"anyOf": [{"not": {"oneOf": [{"$ref": "#/$defs/color"}, {"$ref"'
    ': "#/$defs/pair"}]}}, {"allOf": [{"anyOf": [{"type": "string", "maxLength": 3}, {"type": "boolean"}]'
    '}, {"oneOf": [{"$ref": "#/$defs/rec"}, {"enum": ["green", 3, null]}, {"$ref": "#/$defs/small"}]}]}]}'
    ']}, {"allOf": [{"type": "string", "minLength": 2}, {"anyOf": [{"allOf": [{"anyOf": [{"$ref": "#/$def'
    's/pair"}, {"type": "number", "multipleOf": 2}]}, {"oneOf": [{"$ref": "#/$defs/small"}, {"type": "str'
    'ing", "maxLength": 3}]}, {"oneOf": [{"type": "array", "minItems": 1}, {"type": "number", "multipleOf'
    '": 2}, {"type": "boolean"}]}]}, {"allOf": [{"oneOf": [{"$ref": "#/$defs/small"}, {"$ref": "#/$defs/p'
    'air"}]}, {"oneOf": [{"type": "object", "maxProperties": 1}, {"type": "string", "maxLength": 3}, {"$r'
    'ef": "#/$defs/pair"}]}]}]}, {"oneOf": [{"not": {"anyOf": [{"type": "boolean"}, {"type": "object", "m'
    'axProperties": 1}]}}, {"allOf": [{"oneOf": [{"const": "red"}, {"type": "string", "maxLength": 3}]}, '
    '{"anyOf": [{"enum": ["red", "blue", 3, 8]}, {"type": "array", "minItems": 1}]}, {"oneOf": [{"type": '
    '"integer", "maximum": 7}, {"$ref": "#/$defs/word"}, {"type": "null"}]}]}, {"minimum": 0}]}]}], "$def'
    's": {"small": {"type": "integer", "minimum": 0, "maximum": 10}, "word": {"type": "string", "pattern"'
    ': "^[a-z]{1,5}$"}, "pair": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}'
    '], "minItems": 2}, "rec": {"type": "object", "properties": {"id": {"$ref": "#/$defs/small"}}, "requi'
    'red": ["id"]}, "color": {"enum": ["red", "green", "blue", 1, null]}}}'
)
"""A fuzz find (`combinators`, seed 1: 2.1 s CPU): enums refused under every pairing of its
branches, the same subschemas thousands of times (294,140 walks on main)."""
