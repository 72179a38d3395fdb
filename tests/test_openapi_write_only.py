"""A ``writeOnly`` property is never in an answer, whichever keyword would require it, while the
request still takes and requires it (rule: synthworld/sources/openapi/hidden.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from synthworld import SourceError, SyntheticWorld, ToolInputError
from tests._openapi_support import doc3, returning

TOKEN = {"type": "string", "writeOnly": True}
PROPS = {"name": {"type": "string"}, "token": TOKEN, "secret": {"type": "string"}}
BASE = {"type": "object", "properties": PROPS}
NOT_TOKEN = {"required": ["secret", "token"]}

# name: (the schema, a request it accepts, a request it refuses: the same without the token)
CASES: dict[str, tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = {
    "dependentRequired": (
        {**BASE, "required": ["name"], "dependentRequired": {"name": ["token"]}},
        {"name": "n", "token": "t"},
        {"name": "n"},
    ),
    "dependentSchemas": (
        {**BASE, "required": ["secret"], "dependentSchemas": {"secret": {"required": ["token"]}}},
        {"secret": "s", "token": "t"},
        {"secret": "s"},
    ),
    "if/then/else": (
        {
            **BASE,
            "if": {"required": ["name"]},
            "then": {"required": ["token"]},
            "else": {"required": ["token"]},
        },
        {"token": "t"},
        {},
    ),
    "allOf": ({**BASE, "allOf": [{"required": ["token"]}]}, {"token": "t"}, {}),
    "anyOf": ({**BASE, "anyOf": [{"required": ["token"]}, {"required": ["name"]}]}, {"token": "t"}, {}),
    "oneOf": ({**BASE, "oneOf": [{"required": ["token"]}, {"required": ["secret"]}]}, {"token": "t"}, {}),
    "allOf naming a base": (
        {"allOf": [{"$ref": "#/components/schemas/Base"}, {"required": ["name", "token"]}]},
        {"name": "n", "token": "t"},
        {"name": "n"},
    ),
    "$ref with siblings": (
        {"$ref": "#/components/schemas/Base", "required": ["token"]},
        {"token": "t"},
        {},
    ),
    "not is left alone": (
        {**BASE, "required": ["name"], "dependentRequired": {"name": ["token"]}, "not": NOT_TOKEN},
        {"name": "n", "token": "t"},
        {"name": "n"},
    ),
}


def world_of(schema: dict[str, Any], seed: int) -> SyntheticWorld:
    body = {"required": True, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/S"}}}}
    operation = {
        "operationId": "save",
        "requestBody": body,
        "responses": returning({"$ref": "#/components/schemas/S"}),
    }
    doc = doc3({"/things": {"post": operation}}, {"S": schema, "Base": BASE}, version="3.1.0")
    return SyntheticWorld.from_openapi(doc, seed=seed)


def request(world: SyntheticWorld, payload: dict[str, Any]) -> dict[str, Any]:
    wrapped = "body" in world.tools["save"].parameters["properties"]
    return {"body": payload} if wrapped else payload


@pytest.mark.parametrize("case", list(CASES))
def test_a_write_only_property_is_never_in_an_answer_yet_still_required_in_requests(case: str) -> None:
    schema, accepted, refused = CASES[case]
    for seed in range(30):
        world = world_of(schema, seed)
        answer = world.call("save", request(world, accepted))
        jsonschema.Draft202012Validator(world.tools["save"].returns).validate(answer)
        assert "token" not in answer, (case, seed, answer)
    with pytest.raises(ToolInputError):  # the same request without the token
        world.call("save", request(world, refused))


def test_required_names_under_not_are_kept() -> None:
    returns = world_of(CASES["not is left alone"][0], 1).tools["save"].returns
    assert returns["not"] == NOT_TOKEN
    assert returns["properties"]["token"] is False
    assert returns["dependentRequired"] == {"name": []}


BIG = {f"f{i}": {"type": "string"} for i in range(25)}  # past INLINE_LIMIT: stays a $defs entry
NAMED = {
    "Base": BASE,
    "BigNeedsToken": {"type": "object", "properties": BIG, "required": ["token"]},
    "BigNeedsName": {"type": "object", "properties": BIG, "required": ["name"]},
    "BigNeedsBoth": {"type": "object", "properties": BIG, "required": ["name", "token"]},
}
BIG_TOKEN = {"$ref": "#/components/schemas/BigNeedsToken"}
BIG_NAME = {"$ref": "#/components/schemas/BigNeedsName"}
# name: (the schema, a request it accepts); the same request without the token is refused
NAMING_DEFS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "allOf": ({**BASE, "allOf": [BIG_TOKEN]}, {"token": "t"}),
    "anyOf of one": ({**BASE, "anyOf": [BIG_TOKEN]}, {"token": "t"}),
    "oneOf, every branch": (
        {**BASE, "oneOf": [{**BIG_TOKEN, "description": "d"}, {"$ref": "#/components/schemas/BigNeedsBoth"}]},
        {"token": "t"},
    ),
    "then/else": (
        {**BASE, "if": {"required": ["name"]}, "then": BIG_TOKEN, "else": BIG_TOKEN},
        {"token": "t"},
    ),
    "dependentSchemas": (
        {**BASE, "required": ["secret"], "dependentSchemas": {"secret": BIG_TOKEN}},
        {"secret": "s", "token": "t"},
    ),
}


def world_from_file(tmp_path: Path, schema: dict[str, Any], version: str, seed: int) -> SyntheticWorld:
    body = {"required": True, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/S"}}}}
    answer = returning({"$ref": "#/components/schemas/S"})
    operation = {"operationId": "save", "requestBody": body, "responses": answer}
    doc = doc3({"/things": {"post": operation}}, {"S": schema, **NAMED}, version=version)
    path = tmp_path / ("api.yaml" if version.startswith("3.1") else "api.json")
    path.write_text(yaml.safe_dump(doc) if path.suffix == ".yaml" else json.dumps(doc))
    return SyntheticWorld.from_openapi(path, seed=seed)


@pytest.mark.parametrize("version", ["3.0.3", "3.1.0"])
@pytest.mark.parametrize("case", list(NAMING_DEFS))
def test_a_keyword_naming_a_defs_schema_that_requires_a_write_only_property_is_relaxed(
    tmp_path: Path, case: str, version: str
) -> None:
    schema, accepted = NAMING_DEFS[case]
    for seed in range(20):
        world = world_from_file(tmp_path, schema, version, seed)
        answer = world.call("save", request(world, accepted))
        jsonschema.Draft202012Validator(world.tools["save"].returns).validate(answer)
        assert "token" not in answer, (case, seed, answer)
    refused = {key: value for key, value in accepted.items() if key != "token"}
    with pytest.raises(ToolInputError):
        world.call("save", request(world, refused))


def test_a_oneof_branch_naming_a_defs_schema_that_requires_a_write_only_property_is_false(
    tmp_path: Path,
) -> None:
    world = world_from_file(tmp_path, {**BASE, "oneOf": [BIG_TOKEN, BIG_NAME]}, "3.1.0", 1)
    assert world.tools["save"].returns["oneOf"] == [False, {"$ref": "#/$defs/BigNeedsName"}]


def test_a_property_the_document_itself_makes_false_stays_required(tmp_path: Path) -> None:
    schema = {**BASE, "properties": {**PROPS, "x": False}, "required": ["name", "x", "token"]}
    with pytest.raises(SourceError, match=r"requires \['x'\] which its other keywords forbid"):
        world_from_file(tmp_path, schema, "3.1.0", 1)  # unsatisfiable as written, not made satisfiable
