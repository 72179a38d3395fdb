"""Read-only and write-only properties reached the ways real documents write them: through a
property's own chain of references or ``allOf`` wrapper, flagged by a subtype on a base's property,
inside a ``body`` parameter, and in a nullable object whose only other branch is ``null``
(rule: synthworld/sources/openapi/hidden.py). Worlds are built from files, 3.0 JSON, 3.1 YAML."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from synthworld import SyntheticWorld, ToolInputError
from tests._openapi_support import doc3, returning

NAME = {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}
FLAGGED = {
    "Id": {"type": "string", "readOnly": True},
    "IdAlias": {"$ref": "#/components/schemas/Id"},
    "Token": {"type": "string", "writeOnly": True},
    "TokenAlias": {"$ref": "#/components/schemas/Token"},
}


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def base(id_schema: Any, token_schema: Any) -> dict[str, Any]:
    properties = {"id": id_schema, "token": token_schema}
    return {"type": "object", "required": ["id", "token"], "properties": properties}


# the Base every case's Pet inherits (allOf: [Base, NAME]), and the subtype part's own properties
CASES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "a chain of references": (base(ref("IdAlias"), ref("TokenAlias")), {}),
    "an allOf wrapper": (
        base({"allOf": [ref("Id")], "description": "set by the server"}, {"allOf": [ref("Token")]}),
        {},
    ),
    "flagged by the subtype": (
        base({"type": "string"}, {"type": "string"}),
        {"id": {"readOnly": True}, "token": {"writeOnly": True}},
    ),
}
VERSIONS = [(case, version) for case in CASES for version in ("3.0.3", "3.1.0")]


def write(tmp_path: Path, doc: dict[str, Any], version: str) -> Path:
    path = tmp_path / ("api.yaml" if version.startswith("3.1") else "api.json")
    path.write_text(yaml.safe_dump(doc) if path.suffix == ".yaml" else json.dumps(doc))
    return path


def pets_world(tmp_path: Path, case: str, version: str, *, body: Any, seed: int = 1) -> SyntheticWorld:
    base_schema, own = CASES[case]
    part = {**NAME, "properties": {**NAME["properties"], **own}}
    schemas = {"Base": base_schema, "Pet": {"allOf": [ref("Base"), part]}, **FLAGGED}
    request = {"required": True, "content": {"application/json": {"schema": body}}}
    operation = {"operationId": "save", "requestBody": request, "responses": returning(body)}
    path = write(tmp_path, doc3({"/pets": {"post": operation}}, schemas, version=version), version)
    return SyntheticWorld.from_openapi(path, seed=seed)


@pytest.mark.parametrize(("case", "version"), VERSIONS)
def test_a_flattened_body_neither_asks_for_nor_answers_the_hidden_fields(
    tmp_path: Path, case: str, version: str
) -> None:
    world = pets_world(tmp_path, case, version, body=ref("Pet"))
    parameters = world.tools["save"].parameters
    assert sorted(parameters["properties"]) == ["name", "token"], parameters
    assert sorted(parameters["required"]) == ["name", "token"]
    with pytest.raises(ToolInputError, match="'id'"):
        world.call("save", {"name": "n", "token": "t", "id": "forged"})
    for seed in range(10):
        answer = pets_world(tmp_path, case, version, body=ref("Pet"), seed=seed).call(
            "save", {"name": "n", "token": "t"}
        )
        assert "token" not in answer, answer
        assert "id" in answer, answer  # the answer's own required
        jsonschema.Draft202012Validator(world.tools["save"].returns).validate(answer)


@pytest.mark.parametrize(("case", "version"), VERSIONS)
def test_a_body_parameter_refuses_a_read_only_field(tmp_path: Path, case: str, version: str) -> None:
    # an array body is one `body` parameter: the id it dropped from the object's properties could
    # still be sent, since the object allows other properties
    world = pets_world(tmp_path, case, version, body={"type": "array", "items": ref("Pet")})
    pet = {"name": "n", "token": "t"}
    world.call("save", {"body": [pet]})
    with pytest.raises(ToolInputError, match=r"\$\.body\[0\]\.id"):
        world.call("save", {"body": [{**pet, "id": "forged"}]})
    answers = [got for n in range(1, 6) for got in world.call("save", {"body": [pet] * n})]
    assert answers
    assert all("token" not in answer for answer in answers), answers


NULLABLE_30 = {
    "nullable": True,
    "required": ["id", "token"],
    "properties": base(ref("Id"), ref("Token"))["properties"],
}
ONE_OF_31 = {
    "type": ["object", "null"],
    "properties": base(ref("Id"), ref("Token"))["properties"],
    "oneOf": [{"required": ["id", "token"]}, {"type": "null"}],
}


@pytest.mark.parametrize(("schema", "version"), [(NULLABLE_30, "3.0.3"), (ONE_OF_31, "3.1.0")])
def test_a_nullable_object_whose_only_other_branch_is_null_keeps_its_object(
    tmp_path: Path, schema: dict[str, Any], version: str
) -> None:
    # relaxing made the object branch `false`: the request took only null, the 3.1 tool failed to
    # build ("no JSON type satisfies every 'type'"), and every answer was null
    request = {"required": True, "content": {"application/json": {"schema": ref("Thing")}}}
    operation = {"operationId": "save", "requestBody": request, "responses": returning(ref("Thing"))}
    doc = doc3({"/things": {"post": operation}}, {"Thing": schema, **FLAGGED}, version=version)
    path = write(tmp_path, doc, version)
    answers = [
        SyntheticWorld.from_openapi(path, seed=seed).call("save", {"body": {"token": "t"}})
        for seed in range(20)
    ]
    world = SyntheticWorld.from_openapi(path, seed=1)
    with pytest.raises(ToolInputError, match="body"):
        world.call("save", {"body": {"token": "t", "id": "forged"}})
    objects = [answer for answer in answers if answer is not None]
    assert objects, answers  # not all null
    assert all("token" not in answer for answer in objects), answers
    for answer in answers:
        jsonschema.Draft202012Validator(world.tools["save"].returns).validate(answer)
