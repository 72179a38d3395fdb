"""Schema keywords an OpenAPI document gets wrong are set aside, and told once per document."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from synthworld import SyntheticWorld, SynthworldWarning, openapi_tools


def doc3(paths: dict[str, Any], schemas: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": paths,
            "components": {"schemas": schemas or {}}}  # fmt: skip


def returning(schema: Any) -> dict[str, Any]:
    return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}}


def test_keywords_real_documents_get_wrong_are_set_aside_not_fatal() -> None:
    schema = {
        "type": "object",
        "required": ["x", "x", 3],
        "properties": {
            "x": {"type": "date"},
            "y": {"type": "string", "pattern": "(unclosed"},
            "z": {"type": "integer", "maxLength": "5", "minimum": "1", "enum": []},
        },
    }
    with pytest.warns(SynthworldWarning, match="6 schema keywords are not valid JSON Schema"):
        [tool] = openapi_tools(doc3({"/a": {"get": {"responses": returning(schema)}}}))
    assert tool.returns == {
        "type": "object",
        "required": ["x"],
        "properties": {
            "x": {"x-openapi-type": "date"},
            "y": {"type": "string", "x-openapi-pattern": "(unclosed"},
            "z": {
                "type": "integer",
                "x-openapi-maxLength": "5",
                "x-openapi-minimum": "1",
                "x-openapi-enum": [],
            },
        },
    }


def test_keywords_set_aside_are_told_once_per_document_with_where_and_how_to_fix() -> None:
    pet = {"type": "object", "properties": {"kind": {"type": "strin"}, "age": {"minimum": "1"}}}
    ref = {"$ref": "#/components/schemas/Pet"}
    body = {"content": {"application/json": {"schema": ref}}}
    doc = doc3(
        {
            "/pets": {
                "get": {"responses": returning({"type": "array", "items": ref})},
                "post": {"requestBody": body, "responses": returning(ref)},
            },
            "/pets/{id}": {
                "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
                "get": {"responses": returning({"type": "object", "maxItems": -1})},
            },
        },
        {"Pet": pet},
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tools = openapi_tools(doc)
    assert len(tools) == 3
    assert [(note.category, str(note.message)) for note in caught] == [
        (
            SynthworldWarning,
            "<dict>: 3 schema keywords are not valid JSON Schema, so synthworld set them aside and "
            "they limit nothing: /components/schemas/Pet/properties/kind/type ('strin'), "
            "/components/schemas/Pet/properties/age/minimum ('1'), "
            "/paths/~1pets~1{id}/get/responses/200/content/application~1json/schema/maxItems (-1); "
            "fix: type must be one of 'string', 'number', 'integer', 'boolean', 'array', 'object', "
            "'null' (a date or the like is type: string with a format); minimum must be a number; "
            "maxItems must be a whole number, 0 or more",
        )
    ]
    assert caught[0].filename == __file__  # the warning points at the caller


def test_more_places_than_shown_are_counted() -> None:
    props = {f"p{i}": {"type": "strin"} for i in range(5)}
    doc = doc3({"/a": {"get": {"responses": returning({"type": "object", "properties": props})}}})
    with pytest.warns(SynthworldWarning) as caught:
        SyntheticWorld.from_openapi(doc)
    [message] = [str(note.message) for note in caught]
    assert message.startswith("<dict>: 5 schema keywords are not valid JSON Schema")
    assert "/properties/p2/type ('strin') and 2 more; fix: type must be one of" in message
    assert "/properties/p3/" not in message
    assert message.count("type must be one of") == 1


def test_a_31_schema_with_a_map_of_named_examples_keeps_its_operation() -> None:
    """Scalar's Galaxy example (@scalar/galaxy): a multipart body's property with
    ``examples: {mars: "@mars.jpg", ...}``, which 2020-12 wants as a list; the upload operation
    was left out with "is not of type 'array'"."""
    image = {
        "type": "string",
        "format": "binary",
        "examples": {"mars": "@mars.jpg", "jupiter": "@jupiter.png"},
    }
    body = {
        "content": {"multipart/form-data": {"schema": {"type": "object", "properties": {"image": image}}}}
    }
    doc = {**doc3({"/img": {"post": {"requestBody": body, "responses": returning({})}}}), "openapi": "3.1.0"}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        [tool] = openapi_tools(doc)
    assert tool.parameters["properties"]["image"] == {
        "type": "string",
        "format": "binary",
        "x-openapi-examples": {"mars": "@mars.jpg", "jupiter": "@jupiter.png"},
    }
    [note] = caught
    assert str(note.message).endswith(
        "fix: a schema's examples must be a list of values (named examples go in the media type's examples)"
    )
