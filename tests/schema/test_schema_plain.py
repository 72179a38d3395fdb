"""`_plain.plain_check` gives python-jsonschema's verdict on every JSON value, or declines."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from synthworld.schema import generate
from synthworld.schema._plain import plain_check
from synthworld.schema._resolve import DRAFT4, DRAFT7, DRAFT2020

SCHEMAS: list[dict[str, Any]] = [
    {"properties": {"binding": {"properties": {"type": {"const": "a"}}, "required": ["type"]}},
     "required": ["binding"]},
    {"properties": {"kind": {"enum": ["String", 1, True, None]}}, "required": ["kind"]},
    {"properties": {"n": {"const": 1}}},
    {"properties": {"n": {"not": {"const": None}}}, "required": ["n"]},
    {"type": "object", "properties": {"f": {"type": ["integer", "string"]}}},
    {"type": ["number", "null"]},
    {"required": ["a", "b"], "title": "annotated", "description": "still plain"},
    {"not": {"properties": {"x": {"type": "array"}}, "required": ["x"]}},
    {"properties": {"p": False, "q": True}},
]  # fmt: skip

_NAMES = st.sampled_from(["a", "b", "binding", "type", "kind", "n", "f", "x", "p", "q"])
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from([1.0, 2.5, -0.0])
    | st.sampled_from(["a", "String", "binding", "type", "x", "n"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(_NAMES, inner, max_size=4),
    max_leaves=12,
)  # fmt: skip


@pytest.mark.parametrize("schema", SCHEMAS, ids=range(len(SCHEMAS)))
@settings(max_examples=150, deadline=None)
@given(value=_JSON)
def test_a_plain_check_agrees_with_python_jsonschema(schema: dict[str, Any], value: Any) -> None:
    check = plain_check(schema, DRAFT2020)
    assert check is not None
    assert check(value) == jsonschema.Draft202012Validator(schema).is_valid(value)


@pytest.mark.parametrize("schema", SCHEMAS, ids=range(len(SCHEMAS)))
def test_a_plain_check_accepts_the_schemas_own_values(schema: dict[str, Any]) -> None:
    check = plain_check(schema, DRAFT2020)
    assert check is not None
    assert all(check(generate(schema, seed=seed)) for seed in range(20))


@pytest.mark.parametrize(
    "schema",
    [
        {"properties": {"a": {"$ref": "#/$defs/x"}}, "$defs": {"x": {}}},
        {"properties": {"a": {"minLength": 2}}},
        {"enum": [{"k": 1}]},
        {"anyOf": [{"required": ["a"]}]},
        {"properties": {"a": {"format": "email"}}},
    ],
)
def test_anything_else_is_left_to_the_walk(schema: dict[str, Any]) -> None:
    assert plain_check(schema, DRAFT2020) is None


def test_draft_4_integers_are_left_to_the_walk() -> None:
    """Draft 4 reads 1.0 as a number but no integer; later drafts as an integer."""
    assert plain_check({"type": "integer"}, DRAFT4) is None
    check = plain_check({"type": "integer"}, DRAFT7)
    assert check is not None
    assert check(1.0)
    assert not check(1.5)
    assert not check(True)
