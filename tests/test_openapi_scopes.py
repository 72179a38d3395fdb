"""OpenAPI 3.1 references resolved as JSON Schema 2020-12 does: ``$anchor``s and references
relative to an enclosing ``$id`` (what a 3.0 document may not write is refused, naming why)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from synthworld import SourceError, SyntheticWorld, openapi_tools
from tests._openapi_support import doc3, returning


def answering(schema: Any, schemas: dict[str, Any], version: str = "3.1.0") -> dict[str, Any]:
    return doc3({"/x": {"get": {"operationId": "op", "responses": returning(schema)}}}, schemas, version)


def returns_of(doc: dict[str, Any]) -> Any:
    [tool] = openapi_tools(doc)
    return tool.returns


PET = {"$anchor": "pet", "type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}


def test_an_anchor_reference_is_the_schema_declaring_it() -> None:
    returns = returns_of(answering({"$ref": "#pet"}, {"Pet": PET}))
    assert returns == {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}


def test_a_reference_relative_to_an_id_is_resolved_against_it() -> None:
    schemas = {
        "Pet": {
            "$id": "https://example.com/pets/pet",
            "type": "object",
            "properties": {"tag": {"$ref": "tag"}},
        },
        "Tag": {"$id": "https://example.com/pets/tag", "type": "string", "maxLength": 3},
        "Bare": {"$ref": "https://example.com/pets/pet#/properties/tag"},
    }
    returns = returns_of(answering({"$ref": "#/components/schemas/Pet"}, schemas))
    assert returns == {"type": "object", "properties": {"tag": {"type": "string", "maxLength": 3}}}
    assert (
        returns_of(answering({"$ref": "#/components/schemas/Bare"}, schemas)) == returns["properties"]["tag"]
    )


def test_a_pointer_inside_an_id_names_that_resource_before_the_document() -> None:
    schemas = {
        "Box": {
            "$id": "https://example.com/box",
            "$defs": {"Size": {"type": "integer", "minimum": 5}},
            "type": "object",
            "properties": {"size": {"$ref": "#/$defs/Size"}, "pet": {"$ref": "#/components/schemas/Pet"}},
        },
        "Pet": {"type": "string", "const": "cat"},
    }
    returns = returns_of(answering({"$ref": "#/components/schemas/Box"}, schemas))
    assert returns["properties"] == {
        "size": {"type": "integer", "minimum": 5},
        "pet": {"type": "string", "const": "cat"},
    }


def test_a_cycle_through_an_anchor_becomes_defs_and_answers_validly() -> None:
    node = {
        "$anchor": "node",
        "type": "object",
        "properties": {"kids": {"type": "array", "maxItems": 2, "items": {"$ref": "#node"}}},
    }
    doc = answering({"$ref": "#/components/schemas/Node"}, {"Node": node})
    returns = returns_of(doc)
    assert returns["$defs"]["Node"]["properties"]["kids"]["items"] == {"$ref": "#/$defs/Node"}
    for seed in range(5):
        jsonschema.validate(SyntheticWorld.from_openapi(doc, seed=seed).call("op", {}), returns)


def test_a_file_document_resolves_relative_ids_against_its_own_path(tmp_path: Path) -> None:
    schemas = {
        "Pet": {"$id": "schemas/pet.json", "properties": {"t": {"$ref": "tag.json"}}},
        "Tag": {"$id": "schemas/tag.json", "type": "boolean"},
    }
    path = tmp_path / "api.json"
    path.write_text(json.dumps(answering({"$ref": "schemas/pet.json"}, schemas)))
    [tool] = openapi_tools(path)
    assert tool.returns == {"properties": {"t": {"type": "boolean"}}}


@pytest.mark.parametrize(
    ("version", "ref", "says"),
    [
        ("3.0.3", "#pet", "anchors are JSON Schema 2020-12, read in OpenAPI 3.1 (this is 3.0)"),
        ("3.1.0", "#cat", "no schema in the document declares '$anchor: cat'"),
        (
            "3.1.0",
            "https://example.com/elsewhere",
            "points outside the document (no schema in it has that $id)",
        ),
    ],
)
def test_what_resolves_to_nothing_is_refused_naming_why(version: str, ref: str, says: str) -> None:
    with pytest.raises(SourceError, match=r"\$ref") as caught:
        openapi_tools(answering({"$ref": ref}, {"Pet": PET}, version))
    assert says in str(caught.value)
    assert caught.value.pointer == "/paths/~1x/get/responses/200/content/application~1json/schema/$ref"
