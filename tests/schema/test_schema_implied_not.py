"""A ``not`` of what its conjuncts already say refuses every value: refused at compile by a cheap
proof (`_implied_not`), where the search drew values the ``not`` refused until its attempts ended
(the stop-48 fuzz, ``strings`` seed 1: 0.85 s for 5,000-character strings). Those schemas were
refused before too, with the generic message; neighbours whose ``not`` says more, or reads a
keyword its siblings change, still answer."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import generate

REFUSED: dict[str, tuple[dict[str, Any], str]] = {
    "the fuzz's email (strings seed 1: 0.85 s)": (
        {"type": "string", "format": "email", "not": {"format": "email"}, "minLength": 5000},
        'the not at \'/not\' refuses every value: its schema {"format":"email"} says only what the root '
        "already requires",
    ),
    "said by another conjunct": (
        {"allOf": [{"type": "integer", "minimum": 3}, {"not": {"minimum": 3, "title": "three"}}]},
        "the not at '/allOf/1/not' refuses every value: its schema {\"minimum\":3} says only what "
        "'/allOf/0' already requires",
    ),
    "two words said in two places": (
        {"allOf": [{"type": "string"}, {"maxLength": 4}], "not": {"type": "string", "maxLength": 4}},
        "says only what '/allOf/0', '/allOf/1' already requires",
    ),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_not_of_what_the_schema_says_is_refused_with_the_proof(name: str) -> None:
    schema, said = REFUSED[name]
    with pytest.raises(UnsatisfiableSchemaError) as caught:
        generate(schema, 0)
    assert said in str(caught.value)
    assert "fix: remove the not, or the keywords it repeats" in str(caught.value)


ANSWERED: dict[str, dict[str, Any]] = {
    "the not says more": {"type": "string", "format": "email", "not": {"format": "email", "maxLength": 8}},
    "another value": {"type": "integer", "minimum": 3, "not": {"minimum": 4}},
    "a sibling changes the word": {
        "type": "object",
        "properties": {"a": {"type": "integer"}},
        "additionalProperties": False,
        "required": ["a"],
        "not": {"additionalProperties": False},
    },
    "said only inside a branch": {
        "anyOf": [{"type": "integer"}, {"type": "string"}],
        "not": {"type": "integer"},
    },
    "a draft-4 open bound, a closed one beside": {
        "$schema": "http://json-schema.org/draft-04/schema#",
        "allOf": [{"maximum": 5}, {"minimum": 0}],
        "type": "integer",
        "not": {"maximum": 5, "exclusiveMaximum": True},
    },
}


@pytest.mark.parametrize("name", sorted(ANSWERED))
@pytest.mark.parametrize("seed", range(3))
def test_a_not_saying_more_or_else_still_answers(name: str, seed: int) -> None:
    schema = ANSWERED[name]
    value = generate(schema, seed)
    cls = jsonschema.validators.validator_for(schema)
    cls(schema, format_checker=cls.FORMAT_CHECKER).validate(value)
