"""Checks of values against subschemas: jsonschema-rs wherever a subschema's place is known (the
compiler's own schemas hold the document's subschemas), the walk until it costs more than the
validator, and ``strict`` whole-value checks that ask both validators."""

from __future__ import annotations

from random import Random
from typing import Any

import jsonschema

from synthworld.schema import compile_generator
from synthworld.schema._check import sub_check, whole_check
from synthworld.schema._compile import Compiler
from synthworld.schema._quick import Memo, QuickCheck
from synthworld.schema._resolve import root_loc

NODE = {"type": "string"}
EXPRESSION: dict[str, Any] = {
    "$defs": {
        "Expr": {
            "oneOf": [
                {"type": "object", "properties": {"type": NODE, "left": {"$ref": "#/$defs/Expr"}}},
                {"type": "object", "properties": {"type": NODE, "argument": {"$ref": "#/$defs/Expr"}}},
                {"type": "object", "properties": {"type": NODE, "value": {"type": "boolean"}}},
                {"type": "object", "properties": {"type": NODE, "value": {"type": "number"}}},
                {"type": "object", "properties": {"type": NODE}},
            ]
        }
    },
    "$ref": "#/$defs/Expr",
}
"""InfluxData's Flux ``Expression`` in small (its OpenAPI document has 21 such branches): object
branches whose properties are all optional, so a value of one branch must fail every other by a
property of another type, and the nodes nest."""


def _values() -> list[Any]:
    generator = compile_generator(EXPRESSION)
    made = [generator.generate(Random(seed)) for seed in range(12)]
    wrapped = [*({"left": v} for v in made), *({"argument": v, "value": 1} for v in made)]
    return [*made, *wrapped, {}, {"type": "x"}]


def test_every_seed_of_overlapping_recursive_branches_is_valid() -> None:
    judge = jsonschema.Draft202012Validator(EXPRESSION)
    values = [compile_generator(EXPRESSION).generate(Random(seed)) for seed in range(10)]
    assert all(judge.is_valid(v) for v in values)
    assert len({repr(v) for v in values}) >= 5


def test_a_check_whose_walk_grew_long_answers_by_jsonschema_rs_and_agrees_with_python_jsonschema() -> None:
    root = root_loc(EXPRESSION, None)
    expr = root.child(EXPRESSION["$defs"]["Expr"], "$defs", "Expr")
    branch = expr.child(expr.schema["oneOf"][0], "oneOf", 0)
    check = QuickCheck(branch, Memo())
    judge = jsonschema.Draft202012Validator(EXPRESSION).evolve(schema=branch.schema)
    deep: Any = {"value": True}
    for _ in range(12):
        deep = {"left": deep, "type": "binary"}
    assert check({"type": "a"}) is True  # a short walk: no validator yet
    assert check._full is None
    assert check(deep) is judge.is_valid(deep)  # a long walk: the validator is made for next time
    assert check._full is not None
    assert check._full.compiled
    for value in _values():
        assert check(value) is judge.is_valid(value), value


def test_a_subschema_reached_through_a_schema_of_the_compilers_own_is_checked_by_jsonschema_rs() -> None:
    number: dict[str, Any] = {"$ref": "#/$defs/n"}
    text: dict[str, Any] = {"type": "string"}
    doc: dict[str, Any] = {
        "$defs": {"n": {"type": "integer", "minimum": 3}},
        "properties": {"a": number},
        "items": {"$id": "https://example.com/inner", "properties": {"b": text}},
    }
    root = root_loc(doc, None)
    negation = Compiler().synthetic(root, {"not": number})
    inner = negation.child(number, "not")
    assert inner.pointer is None
    check = sub_check(inner)
    assert check.compiled
    assert (check(5), check(2), check("x")) == (True, False, False)
    embedded = Compiler().synthetic(root, {"not": text})
    below_id = embedded.child(text, "not")
    other = sub_check(below_id)  # inside an embedded resource: its place is not the document's
    assert not other.compiled
    assert (other("x"), other(1)) == (True, False)


def test_strict_asks_python_jsonschema_as_well_as_jsonschema_rs() -> None:
    schema = {"type": "number", "multipleOf": 0.1}  # formats: jsonschema-rs reads them as Python does
    checks = whole_check(root_loc(schema, None, "x"), "x", registry=None)
    assert jsonschema_rs_says(schema, 0.3)  # the two validators differ here
    assert not python_says(schema, 0.3)
    assert checks.fast(0.3) is True
    assert checks.strict(0.3) is False
    assert checks.strict(0.5) is True


def test_strict_leaves_a_pattern_python_cannot_read_to_jsonschema_rs() -> None:
    schema = {"type": "string", "pattern": "^\\p{L}+$"}
    checks = whole_check(root_loc(schema, None, "y"), "y", registry=None)
    assert (checks.strict("abc"), checks.strict("123")) == (True, False)


def jsonschema_rs_says(schema: Any, value: Any) -> bool:
    import jsonschema_rs

    return bool(jsonschema_rs.validator_for(schema, validate_formats=True).is_valid(value))


def python_says(schema: Any, value: Any) -> bool:
    cls = jsonschema.Draft202012Validator
    return bool(cls(schema, format_checker=cls.FORMAT_CHECKER).is_valid(value))
