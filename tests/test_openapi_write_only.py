"""A ``writeOnly`` property is never in an answer, whichever keyword would require it, while the
request still takes and requires it (rule: synthworld/sources/openapi/writeonly.py)."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from synthworld import SyntheticWorld, ToolInputError
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
