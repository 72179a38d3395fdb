"""`compile_validator` reads a schema's canonical text once: what is not JSON data is still named."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld.errors import SchemaError
from synthworld.schema import compile_validator, schema_problems


def _deep(levels: int) -> dict[str, Any]:
    schema: dict[str, Any] = {}
    for _ in range(levels):
        schema = {"items": schema}
    return schema


@pytest.mark.parametrize(
    ("schema", "words"),
    [
        ({"type": "number", "maximum": float("nan")}, "$.maximum: nan is not a JSON number"),
        ({"enum": [float("inf")]}, "$.enum[0]: inf is not a JSON number"),
        ({"const": "\ud800"}, "$.const: contains a lone surrogate"),
        (_deep(300), "nested deeper than 200"),
        ({"type": "strin"}, "$.type: 'strin' is not a JSON Schema type (did you mean 'string'?)"),
    ],
)
def test_what_is_not_a_json_schema_is_named(schema: Any, words: str) -> None:
    with pytest.raises(SchemaError, match="invalid JSON Schema") as caught:
        compile_validator(schema)
    assert words in str(caught.value)
    assert any(words in problem for problem in schema_problems(schema))


def test_tuples_and_non_string_keys_compile_as_the_json_they_write() -> None:
    assert compile_validator({"enum": [(1, 2)]}).is_valid([1, 2])
    assert not compile_validator({"properties": {1: {"type": "string"}}}).is_valid({"1": 2})


def test_the_same_schema_compiles_once_whatever_its_key_order_and_text() -> None:
    first = compile_validator({"type": "object", "properties": {"é": {"const": "ü"}}})
    again = compile_validator({"properties": {"é": {"const": "ü"}}, "type": "object"})
    assert again is first
    assert first.is_valid({"é": "ü"})
    assert not first.is_valid({"é": "u"})
    assert compile_validator(_deep(200)).is_valid([[[]]])  # as deep as allowed


def test_problems_name_only_what_is_valid_rejects() -> None:
    schema = {
        "type": "object",
        "properties": {"amount": {"multipleOf": 0.01}, "n": {"type": "integer"}, "pair": {"type": "array"}},
    }
    validator = compile_validator(schema)
    assert validator.is_valid({"amount": 79.99, "pair": (1, 2)})  # 79.99 / 0.01 is 7998.999... in floats
    assert validator.problems({"amount": 79.99, "pair": (1, 2)}) == []
    wrong_n = {"amount": 79.99, "n": "x", "pair": (1, 2)}
    assert validator.problems(wrong_n) == ["$.n: 'x' is not of type 'integer'"]
    assert validator.problems({"amount": 79.991, "n": 1}) == ["$.amount: 79.991 is not a multiple of 0.01"]


def test_a_validator_reads_its_schema_and_explains_problems_when_asked() -> None:
    schema = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}, "required": ["n"]}
    validator = compile_validator(schema)
    assert validator.is_valid({"n": 2})
    assert validator.problems({"n": 0}) == ["$.n: 0 is less than the minimum of 1"]
    assert validator.problems({}) == ["$: 'n' is a required property"]
    assert validator.problems({"n": 3}) == []
    assert validator.schema == schema
    assert validator.schema is validator.schema  # read once


def test_a_format_problem_reads_as_english() -> None:
    validator = compile_validator({"properties": {"e": {"format": "email"}, "u": {"format": "uri"}}})
    expected = ["$.e: 'x' is not an 'email'", "$.u: 'y' is not a 'uri'"]
    assert validator.problems({"e": "x", "u": "y"}) == expected


def test_a_union_problem_is_explained_by_the_one_alternative_its_type_fits() -> None:
    # an Optional[Address] given a wrong address said only "is not valid under any of the
    # given schemas", with nothing an agent could fix
    address = {
        "type": "object",
        "properties": {"city": {"type": "string"}, "country": {"type": "string", "maxLength": 2}},
        "required": ["city", "country"],
    }
    schema = {"type": "object", "properties": {"address": {"anyOf": [address, {"type": "null"}]}}}
    validator = compile_validator(schema)
    assert validator.problems({"address": {"city": 1, "country": "FRA"}}) == [
        "$.address.city: 1 is not of type 'string'",
        "$.address.country: 'FRA' is too long",
    ]
    assert validator.problems({"address": {}}) == [
        "$.address: 'city' is a required property",
        "$.address: 'country' is a required property",
    ]
    assert validator.problems({"address": 5}) == ["$.address: 5 is not valid under any of the given schemas"]


def test_a_union_with_a_false_branch_is_explained_too() -> None:
    # OpenAPI worlds write a branch that can never match as `false` (a read-only field's branch):
    # its error has no schema path, and explaining the union raised IndexError instead of a problem
    address = {"type": "object", "properties": {"city": {"type": "string"}}}
    validator = compile_validator({"anyOf": [False, address, {"type": "null"}]})
    assert validator.problems({"city": 1}) == ["$.city: 1 is not of type 'string'"]


def test_a_tagged_union_is_explained_by_the_alternative_its_tag_names() -> None:
    # a discriminated oneOf (OpenAPI's Pet: Cat | Dog) given a dog without its breed said only
    # "is not valid under any of the given schemas": every alternative is an object
    def tagged(kind: str, field: str) -> dict[str, Any]:
        properties = {"kind": {"const": kind}, field: {"type": "string"}, "id": False}
        return {"type": "object", "properties": properties, "required": ["kind", field]}

    validator = compile_validator({"oneOf": [tagged("cat", "indoor"), tagged("dog", "breed")]})
    assert validator.problems({"kind": "dog"}) == ["$: 'breed' is a required property"]
    assert validator.problems({"kind": "dog", "breed": "lab", "id": "x"}) == [
        "$.id: 'x' is not allowed: this field takes no value here (a read-only field, say); leave it out"
    ]
    assert validator.problems({"kind": "bird"}) == ["$.kind: 'bird' is not one of ['cat', 'dog']"]


CARD = {
    "type": "object",
    "properties": {"kind": {"const": "card"}, "number": {"type": "string", "pattern": "^[0-9]{16}$"}},
    "required": ["kind", "number"],
}
BANK = {
    "type": "object",
    "properties": {"kind": {"const": "bank"}, "iban": {"type": "string"}},
    "required": ["kind", "iban"],
}


@pytest.mark.parametrize("union", ["anyOf", "oneOf"])
def test_a_tagged_union_problem_is_explained_by_the_alternative_its_tag_names(union: str) -> None:
    # Card | Bank (a pydantic union of models with a Literal tag) given a wrong card said only
    # "is not valid under any of the given schemas", for the agent to guess what was wrong
    validator = compile_validator({"type": "object", "properties": {"method": {union: [CARD, BANK]}}})
    assert validator.problems({"method": {"kind": "card", "number": "12"}}) == [
        "$.method.number: '12' does not match '^[0-9]{16}$'"
    ]
    assert validator.problems({"method": {"kind": "bank"}}) == ["$.method: 'iban' is a required property"]
    assert validator.problems({"method": {"kind": "cash"}}) == [
        "$.method.kind: 'cash' is not one of ['card', 'bank']"
    ]
    assert validator.problems({"method": {"iban": "x"}}) == [
        "$.method: {'iban': 'x'} is not valid under any of the given schemas"
    ]
    # a model's own wrong enum, in an Optional[Model], is no wrong tag: the model explains it
    status = {"type": "object", "properties": {"state": {"enum": ["on", "off"]}}, "required": ["state"]}
    optional = compile_validator({"properties": {"s": {union: [status, {"type": "null"}]}}})
    assert optional.problems({"s": {"state": "dim"}}) == ["$.s.state: 'dim' is not one of ['on', 'off']"]
