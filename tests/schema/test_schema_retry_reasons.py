"""A search that gave up in an object or an array node says why (`_nodes.retry`): the refusal of a
schema whose first attempt ended there names what could not be met (too few property names,
a required name depending on a forbidden one, ``maxProperties`` passed by dependencies, an array's
items repeating under ``uniqueItems``, a ``not`` every draw met). Main said only "no valid value
could be built ... it is unsatisfiable or uses keywords in a combination synthworld cannot
construct". Neighbours that can be met still answer, validly."""

from __future__ import annotations

import re
from random import Random
from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import DEFAULT_NOW, compile_generator
from synthworld.schema._nodes import ConstNode, Retry, State
from synthworld.schema._not_node import NotNode

REFUSED: dict[str, tuple[dict[str, Any], str]] = {
    "three names of 'a' or 'b'": (
        {"type": "object", "propertyNames": {"pattern": "^[ab]$"}, "minProperties": 3},
        "the object at the root needs 3 properties (minProperties), but only 2 names were found",
    ),
    "a required name that depends on a forbidden one": (
        {"type": "object", "required": ["a"], "dependentRequired": {"a": ["b"]}, "properties": {"b": False}},
        "the object at the root requires 'a', whose dependentRequired asks for 'b', which its other "
        "keywords forbid",
    ),
    "dependencies past maxProperties": (
        {
            "type": "object",
            "properties": {"a": {}, "b": {}},
            "required": ["a"],
            "dependentRequired": {"a": ["b", "c"]},
            "maxProperties": 2,
        },
        "the object at the root needs properties ['a', 'c', 'b'] (its required ones and those "
        "dependentRequired adds), more than maxProperties 2",
    ),
    "three distinct integers of 0 and 1": (
        {
            "type": "array",
            "items": {"type": "integer", "minimum": 0, "maximum": 1},
            "uniqueItems": True,
            "minItems": 3,
        },
        "each of the 10 items drawn for the array at the root repeated one of the 2 before it (uniqueItems)",
    ),
    "a nested array": (
        {
            "type": "object",
            "properties": {"tags": {"type": "array", "items": {"enum": [1, 2, 1.0]}, "uniqueItems": True}},
            "required": ["tags"],
            "allOf": [{"properties": {"tags": {"minItems": 3}}}],
        },
        "for the array at '/properties/tags' repeated one of the 2 before it",
    ),
    "a property value every draw of which a not forbids": (
        {
            "type": "object",
            "additionalProperties": {"type": "integer", "not": {"type": "integer"}},
            "minProperties": 1,
        },
        "each of the 8 values drawn at '/additionalProperties' was one the not of '/additionalProperties' "
        "forbids",
    ),
    "an array item every draw of which a not forbids": (
        {"type": "array", "minItems": 1, "items": {"type": "integer", "not": {"type": "integer"}}},
        "each of the 8 values drawn at '/items' was one the not of '/items' forbids",
    ),
}
ANSWERED: dict[str, dict[str, Any]] = {
    "two names of 'a' or 'b'": {"type": "object", "propertyNames": {"pattern": "^[ab]$"}, "minProperties": 2},
    "a required name that depends on an allowed one": {
        "type": "object",
        "required": ["a"],
        "dependentRequired": {"a": ["b"]},
        "properties": {"c": False},
    },
    "dependencies within maxProperties": {
        "type": "object",
        "properties": {"a": {}, "b": {}},
        "required": ["a"],
        "dependentRequired": {"a": ["b"]},
        "maxProperties": 2,
    },
    "two distinct integers of 0 and 1": {
        "type": "array",
        "items": {"type": "integer", "minimum": 0, "maximum": 1},
        "uniqueItems": True,
        "minItems": 2,
    },
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_search_that_gave_up_says_what_it_could_not_meet(name: str) -> None:
    schema, reason = REFUSED[name]
    with pytest.raises(UnsatisfiableSchemaError, match=re.escape(reason)):
        compile_generator(schema)


@pytest.mark.parametrize("name", sorted(ANSWERED))
def test_a_neighbour_that_can_be_met_still_answers(name: str) -> None:
    assert len(valid_values(ANSWERED[name], 4)) == 4


def test_an_attempt_whose_budget_ran_out_says_so() -> None:
    st = State(Random(0), DEFAULT_NOW, realistic=True, locale="en_US", budget=0)
    with pytest.raises(Retry) as info:
        st.spend()
    assert info.value.reason is not None
    assert info.value.reason() == (
        "the attempt's budget of redraws ran out (the values drawn kept failing the schema there)"
    )


def test_a_not_whose_attempt_ran_out_of_budget_names_its_place_and_the_budget() -> None:
    node = NotNode(ConstNode(1), [lambda value: value == 1], "/properties/a", ["/properties/a"])
    st = State(Random(0), DEFAULT_NOW, realistic=True, locale="en_US", budget=2)
    with pytest.raises(Retry) as info:
        node.gen(st, "a")
    assert info.value.reason is not None
    assert info.value.reason() == (
        "each of the 3 values drawn at '/properties/a' was one the not of '/properties/a' forbids (a "
        "schema's own not, or a oneOf branch the value must miss); then the attempt's budget of "
        "redraws ran out"
    )
