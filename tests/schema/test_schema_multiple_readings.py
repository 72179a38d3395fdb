"""A fractional ``multipleOf`` beside an ``enum``, a ``const`` or a ``not``: python-jsonschema
divides floats (``0.3 / 0.1`` is 2.9999999999999996, so 0.3 is no multiple of 0.1, nor 1 of
1e-05), jsonschema-rs allows for rounding. The number nodes build multiples both take; an enum
value, or a number that must fail a negated ``multipleOf``, was checked by jsonschema-rs alone,
and python-jsonschema refused it. Every value of such a schema is now checked by both
(`_multiples.both_judge_multiples`). Found by the fuzz of numbers; each value was invalid on main."""

from __future__ import annotations

import json
from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import generate

INVALID_ON_MAIN: list[Any] = [
    {"type": "integer", "allOf": [{"multipleOf": 0.25}, {"multipleOf": 1e-05}, {"enum": [0.3, 1, 0, 1.5]}]},
    {"type": "integer", "allOf": [{"multipleOf": 35}, {"not": {"multipleOf": 0.3}, "maximum": -1e15}]},
    {"type": "number", "exclusiveMaximum": -1e15, "not": {"multipleOf": 0.3}},
    {"oneOf": [{"not": {"multipleOf": 1e-05}, "type": "number"}, {"type": ["integer", "null"]}]},
]


@pytest.mark.parametrize("schema", INVALID_ON_MAIN)
def test_values_are_multiples_or_not_to_both_validators(schema: Any) -> None:
    valid_values(schema, 5)


@pytest.mark.parametrize(
    "schema",
    [
        {"multipleOf": 0.1, "const": 0.3},
        {"type": "number", "multipleOf": 1e-05, "enum": [0.3, 10]},
    ],
)
def test_an_enum_of_no_multiple_python_jsonschema_takes_is_refused_saying_why(schema: Any) -> None:
    with pytest.raises(UnsatisfiableSchemaError, match="python-jsonschema, which divides floats"):
        generate(schema, 0)


def test_only_fractional_multiples_beside_numbers_checked_need_both_validators() -> None:
    """A document with money fields and string enums (most OpenAPI ones) keeps building its
    values without a check."""
    from synthworld.schema._multiples import both_judge_multiples  # new here: the other tests run on main too

    def judge(schema: Any) -> bool:
        return both_judge_multiples(json.dumps(schema), schema)

    assert judge({"multipleOf": 0.1, "const": 0.3})
    assert judge({"properties": {"a": {"multipleOf": 0.01}, "b": {"enum": [1, 0.07]}}})  # 0.07 / 0.01
    assert judge({"not": {"multipleOf": 1e-05}})
    assert judge({"oneOf": [{"multipleOf": 0.5, "minimum": 1}, {"type": "integer"}]})
    money = {"type": "number", "multipleOf": 0.01, "minimum": 0}
    assert not judge(money)
    assert not judge({"properties": {"total": money, "status": {"enum": ["open", "paid"]}}})
    assert not judge({"multipleOf": 5, "enum": [10, 15]})
    assert not judge({"oneOf": [{"multipleOf": 5}, {"type": "string"}], "properties": {"t": money}})
    # numbers both validators judge alike against every multipleOf (stop 48: they were checked too)
    assert not judge({"properties": {"a": {"multipleOf": 0.01}, "b": {"enum": [1, 2, 0.5]}}})
    assert not judge({"properties": {"total": {**money, "examples": [12.5]}, "n": {"const": 3}}})


GIVEN_AS_WRITTEN: list[Any] = [
    {"type": "number", "multipleOf": 0.1, "examples": [0.3]},
    {"type": "number", "multipleOf": 0.1, "default": 0.3},
    {"properties": {"a": {"multipleOf": 0.1}}, "enum": [{"a": 0.3}, {"a": 0.5}]},
    {"type": "object", "properties": {"a": {"type": "number", "multipleOf": 0.1}}, "required": ["a"],
     "examples": [{"a": 0.3}]},
]  # fmt: skip


@pytest.mark.parametrize("schema", GIVEN_AS_WRITTEN)
def test_an_example_default_or_enum_object_python_jsonschema_refuses_is_not_given(schema: Any) -> None:
    """jsonschema-rs takes 0.3 as a multiple of 0.1, python-jsonschema does not: an example,
    default or a number inside an enum's object was given as written (seeds 1 to 4 answered 0.3)."""
    valid_values(schema, 5)


def test_a_const_whose_number_python_jsonschema_refuses_is_refused_saying_why() -> None:
    with pytest.raises(UnsatisfiableSchemaError, match="python-jsonschema, which divides floats"):
        generate({"properties": {"a": {"multipleOf": 0.1}}, "const": {"a": 0.3}}, 0)
