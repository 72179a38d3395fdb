"""``strict=True`` sends a ``oneOf`` whose branches exclude one another as the ``anyOf`` strict mode
takes (OpenAPI's discriminated unions, pydantic's tagged unions), and refuses one that may overlap;
a strict model's call is read back through the real ``openai`` client."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from synthworld import SyntheticWorld, ToolSpec, ToolSpecError
from synthworld.formats.strict_form import strict_form
from tests._strict_rules import openai_refusals
from tests.test_openai_strict import strict_turn

STRING = {"type": "string"}
CARD = {
    "type": "object",
    "properties": {"kind": {"const": "card"}, "number": STRING},
    "required": ["kind", "number"],
}
BANK = {
    "type": "object",
    "properties": {"kind": {"enum": ["bank"]}, "iban": STRING, "bic": STRING},
    "required": ["kind", "iban"],
}


TAGGED = {"oneOf": [{"$ref": "#/$defs/card"}, {"$ref": "#/$defs/bank"}]}
BOTH = {"enum": ["bank", "card"]}
INTEGER = {"type": "integer"}


def with_v(v: Any, **more: Any) -> dict[str, Any]:
    return {"type": "object", "properties": {"v": v}, "required": ["v"], **more}


EXCLUSIVE = {
    "types": with_v({"oneOf": [STRING, {"type": "integer"}, {"type": "array", "items": STRING}]}),
    "consts": with_v({"oneOf": [{"const": 1}, {"const": True}, {"enum": ["1", None]}]}),  # true is not 1
    "tagged": with_v(TAGGED, **{"$defs": {"card": CARD, "bank": BANK}}),
    "one": with_v({"oneOf": [STRING]}),
}  # fmt: skip
OVERLAPPING = {
    "integer_is_a_number": with_v({"oneOf": [{"type": "number"}, {"type": "integer"}]}),
    "same_type": with_v({"oneOf": [STRING, {"type": "string", "maxLength": 3}]}),
    "one_is_two": with_v({"oneOf": [{"const": 1}, {"enum": [1.0, 2]}]}),
    "untyped_tags": with_v(  # a string has every property and requires nothing: it matches both
        {"oneOf": [
            {"properties": {"kind": {"const": "a"}}, "required": ["kind"]},
            {"properties": {"kind": {"const": "b"}}, "required": ["kind"]},
        ]}
    ),
    "optional_tag": with_v({"oneOf": [CARD, {**BANK, "required": ["iban"]}]}),  # {iban, number}: both
    "shared_tag": with_v({"oneOf": [CARD, {**BANK, "properties": {**BANK["properties"], "kind": BOTH}}]}),
    "beside_an_any_of": with_v({"oneOf": [STRING, INTEGER], "anyOf": [STRING, INTEGER]}),
}  # fmt: skip


@pytest.mark.parametrize("name", EXCLUSIVE)
def test_a_one_of_of_exclusive_branches_goes_strict_as_an_any_of(name: str) -> None:
    schema = EXCLUSIVE[name]
    rewritten, problems = strict_form(schema)
    assert problems == []
    assert openai_refusals(rewritten) == []
    assert "oneOf" not in json.dumps(rewritten)
    assert rewritten["properties"]["v"]["anyOf"] == schema["properties"]["v"]["oneOf"]
    assert "oneOf" in schema["properties"]["v"]  # the schema given is not changed
    for value in ["x", 3, ["a"], 1, True, "1", None, {"kind": "card", "number": "4"}, {"kind": "b"}]:
        original = jsonschema.Draft202012Validator(schema).is_valid({"v": value})
        assert jsonschema.Draft202012Validator(rewritten).is_valid({"v": value}) == original, value


@pytest.mark.parametrize("name", OVERLAPPING)
def test_a_one_of_whose_branches_may_overlap_is_refused(name: str) -> None:
    _, problems = strict_form(OVERLAPPING[name])
    assert any(p.startswith("$.properties.v: oneOf is not supported") for p in problems), problems
    world = SyntheticWorld()
    world.register_tool(ToolSpec("pick", "Pick.", OVERLAPPING[name], {"type": "boolean"}))
    with pytest.raises(ToolSpecError, match="make the branches exclusive"):
        world.to_openai(strict=True)


def test_branches_are_read_through_refs_and_all_ofs() -> None:
    """OpenAPI's allOf inheritance: the tag sits in a part of its own (and the allOf merges)."""
    base = {"type": "object", "properties": {"kind": STRING}, "required": ["kind"]}
    union = {"oneOf": [
        {"allOf": [{"$ref": "#/$defs/base"}, {"properties": {"kind": {"const": kind}}}]} for kind in "ab"
    ]}  # fmt: skip
    schema = {**with_v(union), "$defs": {"base": base}}
    strict, problems = strict_form(schema)
    assert problems == []
    kinds = [branch["properties"]["kind"] for branch in strict["properties"]["v"]["anyOf"]]
    assert kinds == [{"type": "string", "const": "a"}, {"type": "string", "const": "b"}]
    untagged = {**with_v({"oneOf": [{"allOf": [{"$ref": "#/$defs/base"}]}] * 2}), "$defs": {"base": base}}
    assert any("oneOf is not supported" in p for p in strict_form(untagged)[1])


def test_a_tagged_union_goes_strict_and_a_strict_call_reads_back() -> None:
    """An MCP or OpenAPI tool's tagged union through the real ``openai`` client: the strict model
    nulls the optional fields of the branch it sends; the world sees the call it meant."""
    world = SyntheticWorld(seed=3)
    parameters = {
        **with_v(TAGGED),
        "$defs": {"card": CARD, "bank": BANK},
    }
    world.register_tool(
        ToolSpec("pay", "Pay with a card or a bank transfer.", parameters, {"type": "boolean"})
    )
    answer, server = strict_turn(world, "pay", {"v": {"kind": "bank", "iban": "DE89", "bic": None}})
    sent = server.received[0].body["tools"][0]["function"]
    assert sent["strict"] is True
    assert openai_refusals(sent["parameters"]) == []
    assert sent["parameters"]["$defs"]["bank"]["required"] == ["kind", "iban", "bic"]
    assert world.trace[0].input == {"v": {"kind": "bank", "iban": "DE89"}}  # bic: left out
    assert json.loads(answer["content"]) in (True, False)
