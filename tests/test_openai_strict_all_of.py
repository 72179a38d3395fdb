"""``strict=True`` merges an ``allOf`` whose parts say separate things (a description hung on a
reference or a type, one bound added to another) into the one schema strict mode takes, the same
values; parts that read each other or say one thing twice stay an ``allOf``, refused."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest

from synthworld import SyntheticWorld, ToolSpec, ToolSpecError
from synthworld.formats.strict_all_of import merge_separate_all_ofs
from synthworld.formats.strict_form import strict_form, unset_strict_nulls
from tests._strict_rules import openai_refusals

STRING = {"type": "string"}
ARN = {"type": "string", "pattern": "^arn:", "maxLength": 40}
PROBES: list[Any] = [
    "arn:x", "x", "", "arn:" + "x" * 50, 3, None, True, [], ["a"],
    {}, {"a": "x"}, {"a": "x", "b": "y"}, {"b": "y"}, {"a": 1}, {"a": "x", "c": 2},
]  # fmt: skip


AB = {"type": "object", "properties": {"a": STRING, "b": STRING}}


BASE = {"type": "object", "properties": {"a": STRING}, "required": ["a"]}


def with_v(v: Any) -> dict[str, Any]:
    defs = {"arn": ARN, "base": BASE, "closed": {**BASE, "additionalProperties": False}}
    defs["anchored"] = {"$anchor": "anchored", **ARN}
    return {"type": "object", "properties": {"v": v}, "required": ["v"], "$defs": defs}


MERGED = {
    "described_ref": (
        {"allOf": [{"$ref": "#/$defs/arn"}, {"description": "The role's ARN."}]},
        {"$ref": "#/$defs/arn", "description": "The role's ARN."},
    ),
    "described_type": ({"allOf": [ARN, {"description": "An ARN."}]}, {**ARN, "description": "An ARN."}),
    "own_description_first": (
        {"description": "Mine.", "allOf": [{**STRING, "description": "Theirs."}]},
        {"description": "Mine.", **STRING},
    ),
    "a_bound_added": (
        {"allOf": [STRING, {"minLength": 2}, {"maxLength": 5}]},
        {**STRING, "minLength": 2, "maxLength": 5},
    ),
    "required_joined": (
        {**AB, "required": ["a"], "allOf": [{"required": ["b"]}]},
        {**AB, "required": ["a", "b"]},
    ),
    "said_twice_alike": ({"type": "string", "allOf": [{"type": "string"}, True]}, {"type": "string"}),
    "properties_joined": (
        {"allOf": [{**AB, "properties": {"a": STRING}}, {"properties": {"b": STRING}}]},
        {**AB, "properties": {"a": STRING, "b": STRING}},
    ),
    "openapi_inheritance": (
        {"allOf": [{"$ref": "#/$defs/base"}, {"type": "object", "properties": {"b": STRING}}]},
        {**BASE, "properties": {"a": STRING, "b": STRING}},
    ),
    "a_property_said_twice": (
        {"allOf": [{"$ref": "#/$defs/base"}, {"properties": {"a": {"maxLength": 3}}}]},
        {**BASE, "properties": {"a": {**STRING, "maxLength": 3}}},
    ),
    "ref_beside_a_bound": ({"allOf": [{"$ref": "#/$defs/arn"}, {"minLength": 2}]}, {**ARN, "minLength": 2}),
    "a_described_ref_beside_a_bound": (
        {"allOf": [{"$ref": "#/$defs/arn", "description": "Mine."}, {"minLength": 2}]},
        {"description": "Mine.", **ARN, "minLength": 2},
    ),
    "nested_all_ofs": (
        {"allOf": [{"allOf": [STRING, {"minLength": 2}]}, {"maxLength": 5}]},
        {**STRING, "minLength": 2, "maxLength": 5},
    ),
    "two_enums": (
        {"allOf": [{**STRING, "enum": ["x", "a", "arn:x"]}, {**STRING, "enum": ["arn:x", "x", "b"]}]},
        {**STRING, "enum": ["x", "arn:x"]},
    ),
    "an_openapi_extension": (
        {"allOf": [{"$ref": "#/$defs/arn"}, {"description": "New.", "x-addedInVersion": "64"}]},
        {"$ref": "#/$defs/arn", "description": "New.", "x-addedInVersion": "64"},
    ),
}  # fmt: skip
KEPT = {
    "a_closed_base_extended": {"allOf": [{"$ref": "#/$defs/closed"}, {"properties": {"b": STRING}}]},
    "an_anchor_ref_beside_a_bound": {"allOf": [{"$ref": "#anchored"}, {"minLength": 2}]},
    "a_ref_to_an_anchored_base": {"allOf": [{"$ref": "#/$defs/anchored"}, {"minLength": 2}]},
    "closed_beside_properties": {"allOf": [{"properties": {"a": STRING}}, {"additionalProperties": False}]},
    "two_types": {"allOf": [STRING, {"type": "integer"}]},
    "two_patterns": {"allOf": [{"pattern": "^a"}, {"pattern": "b$"}]},
    "two_enums_apart": {"allOf": [{"enum": ["x", 1]}, {"enum": ["y", True]}]},
    "one_const_and_true": {"allOf": [{"const": 1}, {"const": True}]},
    "a_false_part": {"allOf": [STRING, False]},
    "items_beside_prefix": {"allOf": [{"prefixItems": [STRING]}, {"items": False}]},
}  # fmt: skip


@pytest.mark.parametrize("name", MERGED)
def test_separate_parts_merge_into_one_schema_with_the_same_values(name: str) -> None:
    given, expected = MERGED[name]
    schema = with_v(given)
    merged = merge_separate_all_ofs(copy.deepcopy(schema))
    assert merged["properties"]["v"] == expected
    for value in PROBES:
        before = jsonschema.Draft202012Validator(schema).is_valid({"v": value})
        assert jsonschema.Draft202012Validator(merged).is_valid({"v": value}) == before, value
    rewritten, problems = strict_form(schema)
    assert problems == []
    assert openai_refusals(rewritten) == []


@pytest.mark.parametrize("name", KEPT)
def test_parts_that_read_each_other_or_disagree_stay_an_all_of_and_are_refused(name: str) -> None:
    schema = with_v(KEPT[name])
    assert merge_separate_all_ofs(copy.deepcopy(schema)) == schema
    world = SyntheticWorld()
    world.register_tool(ToolSpec("x", "X.", schema, {"type": "boolean"}))
    with pytest.raises(ToolSpecError, match=r"\$\.properties\.v: allOf is not supported"):
        world.to_openai(strict=True)


def test_a_strict_models_null_inside_a_merged_object_is_read_back_as_not_given() -> None:
    """The strict form makes the merged object's optional ``b`` required and nullable; the world
    reads the original schema, whose properties sit in an ``allOf`` part."""
    part = {"type": "object", "properties": {"a": STRING, "b": STRING}, "required": ["a"]}
    schema = {
        "type": "object",
        "properties": {"p": {"allOf": [part, {"description": "P."}]}},
        "required": ["p"],
    }
    strict, problems = strict_form(schema)
    assert problems == []
    assert strict["properties"]["p"]["required"] == ["a", "b"]
    sent = {"p": {"a": "x", "b": None}}
    jsonschema.validate(sent, strict)
    back = unset_strict_nulls(schema, sent)
    assert back == {"p": {"a": "x"}}
    jsonschema.validate(back, schema)


def test_a_cycle_of_references_through_all_ofs_ends_and_stays_an_all_of() -> None:
    cycle = {"a": {"allOf": [{"$ref": "#/$defs/b"}, {"minLength": 1}]},
             "b": {"allOf": [{"$ref": "#/$defs/a"}, {"maxLength": 3}]}}  # fmt: skip
    schema = {**with_v({"$ref": "#/$defs/a"}), "$defs": cycle}
    assert merge_separate_all_ofs(copy.deepcopy(schema)) == schema


def test_a_document_with_a_schema_of_another_base_uri_copies_no_reference() -> None:
    """Beside a nested ``$id``, which ``#/...`` means depends on where it sits: none is copied."""
    schema = with_v({"allOf": [{"$ref": "#/$defs/arn"}, {"minLength": 2}]})
    schema["$defs"]["other"] = {"$id": "https://example.com/other.json", "type": "string"}
    assert merge_separate_all_ofs(copy.deepcopy(schema)) == schema
    del schema["$defs"]["other"]
    assert merge_separate_all_ofs(copy.deepcopy(schema))["properties"]["v"] == {**ARN, "minLength": 2}


def test_a_strict_models_null_for_an_inherited_objects_own_property_is_read_back() -> None:
    """OpenAPI inheritance: the base's ``a`` is required, the extension's ``b`` optional; the
    strict form asks for both, ``b`` nullable, and a ``null`` for ``b`` means it was not given."""
    extended = {"allOf": [{"$ref": "#/$defs/base"}, {"type": "object", "properties": {"b": STRING}}]}
    schema = with_v(extended)
    strict, problems = strict_form(schema)
    assert (problems, strict["properties"]["v"]["required"]) == ([], ["a", "b"])
    sent = {"v": {"a": "x", "b": None}}
    jsonschema.validate(sent, strict)
    back = unset_strict_nulls(schema, sent)
    assert back == {"v": {"a": "x"}}
    jsonschema.validate(back, schema)


def test_a_property_said_twice_apart_in_json_stays_both() -> None:
    """``1`` and ``true`` are equal in Python, not in JSON: the property keeps both parts."""
    ones = {"allOf": [{"properties": {"a": {"const": 1}}}, {"properties": {"a": {"const": True}}}]}
    merged = merge_separate_all_ofs(with_v(ones))["properties"]["v"]
    assert merged == {"properties": {"a": {"allOf": [{"const": 1}, {"const": True}]}}}
