"""A ``readOnly`` property is never asked of the agent, whichever keyword would require it: the
input schema does not require it, the stub does not take it, ``world.call`` accepts a request
without it, and answers still hold it (rule: synthworld/sources/openapi/hidden.py). Worlds are built
from real files, 3.0 as JSON and 3.1 as YAML."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from synthworld import SyntheticWorld
from tests._openapi_support import doc3, returning

ID = {"type": "string", "readOnly": True}
PROPS = {"name": {"type": "string"}, "id": ID, "secret": {"type": "string"}}
BASE = {"type": "object", "properties": PROPS}
BIG = {f"f{i}": {"type": "string"} for i in range(25)}  # past INLINE_LIMIT: stays a $defs entry
EXTRA = {
    "Base": BASE,
    "NeedsId": {"required": ["id"]},
    "BigNeedsId": {"type": "object", "properties": BIG, "required": ["id"]},
}
ASK = {"name": "n", "secret": "s"}


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


CASES: dict[str, dict[str, Any]] = {
    "dependentRequired": {**BASE, "required": ["name"], "dependentRequired": {"name": ["id"]}},
    "dependentSchemas": {**BASE, "dependentSchemas": {"secret": {"required": ["id"]}}},
    "if/then/else": {
        **BASE,
        "if": {"required": ["name"]},
        "then": {"required": ["id"]},
        "else": {"required": ["id"]},
    },
    "allOf": {**BASE, "allOf": [{"required": ["id"]}]},
    "anyOf": {**BASE, "anyOf": [{"required": ["id"]}, {"required": ["name"]}]},
    "oneOf": {**BASE, "oneOf": [{"required": ["id"]}, {"required": ["secret", "name"]}]},
    "anyOf, every branch": {**BASE, "anyOf": [{"required": ["id"]}, {"required": ["id", "name"]}]},
    "allOf naming a base": {"allOf": [ref("Base"), {"required": ["name", "id"]}]},
    "$ref with siblings (3.1)": {**ref("Base"), "required": ["id"]},
    "anyOf of $refs": {**BASE, "anyOf": [ref("NeedsId"), ref("BigNeedsId")]},
    "dependentSchemas naming a $defs schema": {**BASE, "dependentSchemas": {"secret": ref("BigNeedsId")}},
}
VERSIONS = [
    (case, version)
    for case in CASES
    for version in ("3.0.3", "3.1.0")
    if version == "3.1.0" or "(3.1)" not in case  # 3.0 ignores a $ref's siblings
]


def world_of(tmp_path: Path, schema: dict[str, Any], version: str, seed: int = 1) -> SyntheticWorld:
    body = {"required": True, "content": {"application/json": {"schema": ref("S")}}}
    operation = {"operationId": "save", "requestBody": body, "responses": returning(ref("S"))}
    doc = doc3({"/things": {"post": operation}}, {"S": schema, **EXTRA}, version=version)
    path = tmp_path / ("api.yaml" if version.startswith("3.1") else "api.json")
    path.write_text(yaml.safe_dump(doc) if path.suffix == ".yaml" else json.dumps(doc))
    return SyntheticWorld.from_openapi(path, seed=seed)


def wrap(world: SyntheticWorld, payload: dict[str, Any]) -> dict[str, Any]:
    return {"body": payload} if "body" in world.tools["save"].parameters["properties"] else payload


@pytest.mark.parametrize(("case", "version"), VERSIONS)
def test_a_read_only_property_is_never_asked_of_the_agent(tmp_path: Path, case: str, version: str) -> None:
    world = world_of(tmp_path, CASES[case], version)
    parameters = world.tools["save"].parameters
    shown = {key: value for key, value in parameters.items() if key != "$defs"}  # see the report
    offered = json.dumps(shown).replace('"id": false', "")  # false: never sent (see hidden.py)
    assert '"id"' not in offered, parameters  # neither offered nor required
    assert "id" not in inspect.signature(world.stub("save")).parameters
    answer = world.stub("save")(**wrap(world, ASK))
    assert world.call("save", wrap(world, ASK)) == answer
    jsonschema.Draft202012Validator(world.tools["save"].returns).validate(answer)


@pytest.mark.parametrize("version", ["3.0.3", "3.1.0"])
def test_answers_still_hold_a_read_only_property_a_keyword_requires(tmp_path: Path, version: str) -> None:
    for seed in range(20):
        world = world_of(tmp_path, CASES["dependentRequired"], version, seed)
        assert "id" in world.call("save", wrap(world, ASK)), seed  # name is always there, so is id
