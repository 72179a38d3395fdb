"""Objects under several conjuncts of object keywords (names, counts, patterns, dependencies,
``not``) and ``oneOf``s of them: every value is valid (python-jsonschema as the oracle). A fuzz of
17,000 such schemas found 66 invalid values: names a ``not: {required: [a]}`` forbids drawn as
extra names, a top-up past ``maxProperties``, and ``oneOf`` branches left un-negated because
their constants clash as objects though both take ``null``."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from synthworld.errors import SchemaError, UnsatisfiableSchemaError
from synthworld.schema import generate
from tests.schema.schema_corpus import COMBO_PROPERTY_SCHEMAS, D7, oracle

NAMES = ["a", "b", "c", "d"]
SUBS = COMBO_PROPERTY_SCHEMAS
PATTERNS = ["^a", "^[cd]$", "x"]
NOTS: list[Any] = [{"required": ["a"]}, {"maxProperties": 0}, {"required": ["b"], "properties": {"b": {}}}]
names = st.lists(st.sampled_from(NAMES), min_size=1, max_size=2, unique=True)
WORDS: dict[str, st.SearchStrategy[Any]] = {
    "properties": st.dictionaries(st.sampled_from(NAMES), st.sampled_from(SUBS), min_size=1, max_size=3),
    "required": names,
    "minProperties": st.integers(0, 3),
    "maxProperties": st.integers(0, 3),
    "additionalProperties": st.sampled_from([False, True, {"type": "integer"}]),
    "dependentRequired": st.dictionaries(st.sampled_from(NAMES), names, min_size=1, max_size=1),
    "patternProperties": st.dictionaries(
        st.sampled_from(["^a", "^[cd]$", "x"]), st.sampled_from(SUBS), max_size=1
    ),
    "propertyNames": st.sampled_from([{"maxLength": 1}, {"enum": ["a", "b", "z"]}, {"pattern": "^[a-c]"}]),
    "type": st.sampled_from(["object", ["object", "null"]]),
    "not": st.sampled_from(
        [{"required": ["a"]}, {"maxProperties": 0}, {"required": ["b"], "properties": {"b": {}}}]
    ),
}
conjunct = st.fixed_dictionaries({}, optional=WORDS).filter(bool)
schemas = st.one_of(
    conjunct,
    st.lists(conjunct, min_size=2, max_size=3).map(lambda parts: {"allOf": parts}),
    st.lists(conjunct, min_size=2, max_size=2).map(lambda parts: {"oneOf": parts}),
)


@given(schemas)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_value_of_combined_object_keywords_is_valid(schema: dict[str, Any]) -> None:
    try:
        values = [generate(schema, seed) for seed in range(3)]
    except SchemaError:
        return  # refused at compile time: unsatisfiable, or a combination named in the message
    check = jsonschema.Draft202012Validator(schema)
    assert [v for v in values if not check.is_valid(v)] == []


def test_a_name_not_required_is_never_drawn_as_an_extra_name() -> None:
    schema = {
        "allOf": [
            {"propertyNames": {"enum": ["a", "b", "z"]}, "not": {"required": ["a"]}},
            {"minProperties": 2},
        ]
    }
    values = [generate(schema, seed) for seed in range(20)]
    assert all(isinstance(v, dict) and "a" not in v and len(v) >= 2 for v in values)


def test_a_typeless_branch_whose_constants_clash_as_an_object_is_still_negated() -> None:
    """Branch 0 can hold for no object (``b`` required and ``false``), but it holds for null,
    which branch 1 allows: a null had to fail branch 0, and did not."""
    schema = {
        "oneOf": [
            {"required": ["b", "c"], "properties": {"b": False}},
            {"type": ["object", "null"], "patternProperties": {"^a": {"type": "string"}}},
        ]
    }
    values = [generate(schema, seed) for seed in range(20)]
    check = jsonschema.Draft202012Validator(schema)
    assert all(check.is_valid(v) for v in values)
    assert None not in values


@pytest.mark.parametrize(
    "schema",
    [
        {"const": None, "required": ["b"], "dependentSchemas": {"b": False}},
        {"$schema": D7, "allOf": [{"required": ["b"], "const": None}, {"dependencies": {"b": False}}]},
        {"allOf": [{"required": ["b"]}, {"dependentSchemas": {"b": False}}]},
    ],
)
def test_a_required_trigger_of_a_false_dependent_schema_leaves_other_types(schema: Any) -> None:
    """No object holds ``b`` (required) and meets ``dependentSchemas: {b: false}``, but the two
    speak of objects alone: null and every other type satisfy them. Each was refused with "the
    schema at '/dependentSchemas/b' accepts nothing" (a fuzz of draft-07 ``dependencies``)."""
    check = oracle(schema)
    values = [generate(schema, seed) for seed in range(4)]
    assert all(check.is_valid(v) and not isinstance(v, dict) for v in values), values


def test_a_typed_object_with_a_required_trigger_of_a_false_dependent_schema_is_refused() -> None:
    with pytest.raises(UnsatisfiableSchemaError, match="dependentSchemas/b"):
        generate({"type": "object", "required": ["b"], "dependentSchemas": {"b": False}}, 0)


def test_a_refusal_names_draft_7_dependencies_where_the_document_has_them() -> None:
    """The path of a dependent schema is the document's (``/dependencies/b``), not that of the
    canonical ``dependentSchemas`` it is read as, which the document does not hold."""
    schema = {"$schema": D7, "type": "object", "required": ["b"], "dependencies": {"b": False}}
    with pytest.raises(UnsatisfiableSchemaError, match="the schema at '/dependencies/b' accepts nothing"):
        generate(schema, 0)
    both = {"type": "object", "required": ["b"], "dependentSchemas": {"b": False}, "dependencies": {"b": {}}}
    with pytest.raises(UnsatisfiableSchemaError, match="'/dependentSchemas/b'"):
        generate(both, 0)
