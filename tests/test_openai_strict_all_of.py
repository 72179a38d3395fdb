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


def with_v(v: Any) -> dict[str, Any]:
    return {"type": "object", "properties": {"v": v}, "required": ["v"], "$defs": {"arn": ARN}}


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
}  # fmt: skip
KEPT = {
    "inherited_properties": {"allOf": [{**AB, "properties": {"a": STRING}}, {"properties": {"b": {}}}]},
    "closed_beside_properties": {"allOf": [{"properties": {"a": STRING}}, {"additionalProperties": False}]},
    "ref_beside_a_bound": {"allOf": [{"$ref": "#/$defs/arn"}, {"minLength": 2}]},
    "two_types": {"allOf": [STRING, {"type": "integer"}]},
    "two_patterns": {"allOf": [{"pattern": "^a"}, {"pattern": "b$"}]},
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
