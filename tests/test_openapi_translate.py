"""OpenAPI to tools, one rule at a time, on small documents written here: names, parameters,
bodies, returns, schema translation and filters (errors: test_openapi_errors.py)."""

from __future__ import annotations

import re
from random import Random
from typing import Any

import jsonschema
import pytest

from synthworld import SyntheticWorld, SynthworldWarning, openapi_tools
from synthworld.schema import compile_generator
from tests._openapi_support import OK, doc3, returning


def path_parameter(name: str) -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}


def only(doc: dict[str, Any]) -> Any:
    [tool] = openapi_tools(doc)
    return tool


# -- names ------------------------------------------------------------------------------------


def test_names_are_made_safe_unique_and_short() -> None:
    long_id = "x" * 80
    doc = doc3(
        {
            "/pets": {
                "get": {"operationId": "pets/list.all", "responses": OK},
                "post": {"operationId": "pets/list all", "responses": OK},
            },
            "/pets/{petId}": {
                "parameters": [path_parameter("petId")],
                "get": {"responses": OK},
                "put": {"operationId": long_id, "responses": OK},
            },
            "/other": {"get": {"operationId": long_id, "responses": OK}},
        }
    )
    names = [tool.name for tool in openapi_tools(doc)]
    assert names == ["pets_list_all", "pets_list_all_2", "get_pets_petId", "x" * 64, "x" * 62 + "_2"]


# -- parameters and bodies --------------------------------------------------------------------


def test_parameters_of_every_place_merge_with_the_body_and_clashes_are_renamed() -> None:
    body = {
        "type": "object",
        "required": ["id", "name"],
        "properties": {"id": {"type": "string"}, "name": {"type": "string"}},
    }
    doc = doc3(
        {
            "/pets/{id}": {
                "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}}],
                "put": {
                    "parameters": [
                        {"name": "id", "in": "query", "schema": {"type": "boolean"}},
                        {
                            "name": "X-Trace",
                            "in": "header",
                            "description": "trace id",
                            "schema": {"type": "string"},
                        },
                        {"name": "Accept", "in": "header", "schema": {"type": "string"}},
                        {"name": "session", "in": "cookie", "schema": {"type": "string"}},
                    ],
                    "requestBody": {"required": True, "content": {"application/json": {"schema": body}}},
                    "responses": OK,
                },
            }
        }
    )
    tool = only(doc)
    assert tool.parameters["properties"] == {
        "id": {"type": "integer"},
        "query_id": {"type": "boolean"},
        "X-Trace": {"type": "string", "description": "trace id"},
        "body_id": {"type": "string"},
        "name": {"type": "string"},
    }
    assert tool.parameters["required"] == ["id", "body_id", "name"]
    assert tool.parameters["additionalProperties"] is False
    assert tool.metadata["openapi"]["parameters"]["body_id"] == {"in": "body", "name": "id"}
    assert tool.metadata["openapi"]["parameters"]["query_id"] == {"in": "query", "name": "id"}


def test_parameter_names_anthropic_refuses_are_made_safe_and_the_request_name_is_kept() -> None:
    # Anthropic refuses a whole request whose tool has an input key outside ^[a-zA-Z0-9_.-]{1,64}$
    query = [
        {"name": name, "in": "query", "schema": {"type": "string"}}
        for name in ("page[size]", "filter[status]", "$top", "città", "日付", "x" * 70)
    ]
    body = {"type": "object", "properties": {"@type": {"type": "string"}, "page_size": {"type": "integer"}}}
    doc = doc3(
        {
            "/items": {
                "post": {
                    "operationId": "récupérer",
                    "parameters": query,
                    "requestBody": {"content": {"application/json": {"schema": body}}},
                    "responses": OK,
                }
            }
        }
    )
    tool = only(doc)
    assert tool.name == "recuperer"
    places = tool.metadata["openapi"]["parameters"]
    assert {key: (place["in"], place["name"]) for key, place in places.items()} == {
        "page_size": ("query", "page[size]"),
        "filter_status": ("query", "filter[status]"),
        "top": ("query", "$top"),
        "citta": ("query", "città"),
        "query": ("query", "日付"),
        "x" * 64: ("query", "x" * 70),
        "type": ("body", "@type"),
        "body_page_size": ("body", "page_size"),
    }
    assert list(tool.parameters["properties"]) == list(places)
    assert all(re.fullmatch(r"[a-zA-Z0-9_.-]{1,64}", key) for key in places)
    world = SyntheticWorld()
    world.register_tool(tool)
    world.call("recuperer", {"page_size": "10", "type": "Order"})


def test_a_path_template_no_parameter_declares_becomes_a_required_string_with_a_warning() -> None:
    doc = doc3(
        {
            "/shops/{shopId}/orders/{order-id}": {
                "get": {"operationId": "getOrder", "responses": OK},
                "delete": {
                    "operationId": "dropOrder",
                    "parameters": [path_parameter("shopId")],
                    "responses": OK,
                },
            }
        }
    )
    with pytest.warns(SynthworldWarning) as warned:
        get, drop = openapi_tools(doc)
    assert [str(w.message) for w in warned] == [
        "<dict>: 3 path parameter(s) used in a path but declared nowhere, so synthworld took each as a "
        "required string: {shopId} in GET /shops/{shopId}/orders/{order-id}, {order-id} in GET "
        "/shops/{shopId}/orders/{order-id}, {order-id} in DELETE /shops/{shopId}/orders/{order-id}; fix: "
        "declare each under the operation's parameters (name, in: path, required: true, schema)"
    ]
    assert get.parameters["properties"] == {"shopId": {"type": "string"}, "order-id": {"type": "string"}}
    assert get.parameters["required"] == ["shopId", "order-id"]
    assert drop.metadata["openapi"]["parameters"] == {
        "shopId": {"in": "path", "name": "shopId"},
        "order-id": {"in": "path", "name": "order-id", "undeclared": True},
    }
    world = SyntheticWorld(seed=1)
    world.register_tool(get)
    assert world.call("getOrder", {"shopId": "s1", "order-id": "o7"}) is not None


def test_a_body_that_is_not_an_object_is_one_body_parameter() -> None:
    doc = doc3(
        {
            "/tags": {
                "post": {
                    "requestBody": {
                        "content": {
                            "application/json": {"schema": {"type": "array", "items": {"type": "string"}}}
                        }
                    },
                    "responses": OK,
                }
            }
        }
    )
    tool = only(doc)
    assert tool.parameters["properties"] == {"body": {"type": "array", "items": {"type": "string"}}}
    assert "required" not in tool.parameters  # the body is optional unless requestBody.required


def test_swagger_2_form_data_and_file() -> None:
    doc = {
        "swagger": "2.0",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/upload": {
                "post": {
                    "parameters": [
                        {"name": "file", "in": "formData", "type": "file", "required": True},
                        {"name": "note", "in": "formData", "type": "string", "maxLength": 5},
                        {
                            "name": "tags",
                            "in": "query",
                            "type": "array",
                            "items": {"type": "string"},
                            "collectionFormat": "csv",
                        },
                    ],
                    "responses": {
                        "201": {"description": "made", "schema": {"type": "integer", "x-nullable": True}}
                    },
                }
            }
        },
    }
    tool = only(doc)
    assert tool.parameters["properties"] == {
        "tags": {"type": "array", "items": {"type": "string"}},
        "file": {"type": "string", "format": "binary"},
        "note": {"type": "string", "maxLength": 5},
    }
    assert tool.parameters["required"] == ["file"]
    assert tool.returns == {"type": ["integer", "null"]}


# -- returns ----------------------------------------------------------------------------------


def test_returns_is_the_first_2xx_json_schema_and_none_is_null() -> None:
    responses = {
        "204": {"description": "nothing"},
        "202": {"description": "text", "content": {"text/plain": {"schema": {"type": "string"}}}},
        "201": {"description": "made", "content": {"application/json": {"schema": {"type": "integer"}}}},
    }
    tool = only(doc3({"/a": {"post": {"responses": responses}}}))
    assert tool.returns == {"type": "integer"}
    assert tool.metadata["openapi"]["status"] == "201"
    none = only(
        doc3({"/a": {"delete": {"summary": "Drop it", "responses": {"204": {"description": "gone"}}}}})
    )
    assert none.returns == {"type": "null"}
    assert (
        none.description == "Drop it\n\nReturns null: the API documents no JSON body for a successful answer."
    )


# -- schema translation -----------------------------------------------------------------------


def test_nullable_exclusive_bounds_examples_and_extensions() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "string", "nullable": True, "example": "x", "x-internal": "keep"},
            "b": {
                "type": "integer",
                "minimum": 0,
                "exclusiveMinimum": True,
                "maximum": 9,
                "exclusiveMaximum": False,
            },
            "c": {"type": "string", "enum": ["on", "off"], "nullable": True},
            "d": {"$ref": "#/components/schemas/Code", "nullable": True},
            "e": {"allOf": [{"$ref": "#/components/schemas/Code"}], "nullable": True},
        },
    }
    tool = only(
        doc3(
            {"/a": {"get": {"responses": returning(schema)}}},
            {"Code": {"type": "string", "xml": {"name": "c"}}},
        )
    )
    assert tool.returns["properties"] == {
        "a": {"type": ["string", "null"], "examples": ["x"], "x-internal": "keep"},
        "b": {"type": "integer", "exclusiveMinimum": 0, "maximum": 9},
        "c": {"type": ["string", "null"], "enum": ["on", "off", None]},
        "d": {"anyOf": [{"type": "string"}, {"type": "null"}]},
        "e": {"anyOf": [{"allOf": [{"type": "string"}]}, {"type": "null"}]},
    }


def test_read_only_leaves_inputs_and_write_only_leaves_answers() -> None:
    pet = {
        "type": "object",
        "required": ["id", "name", "password"],
        "properties": {
            "id": {"type": "integer", "readOnly": True},
            "name": {"type": "string"},
            "password": {"type": "string", "writeOnly": True},
        },
    }
    doc = doc3(
        {
            "/pets": {
                "post": {
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}},
                    },
                    "responses": returning({"$ref": "#/components/schemas/Pet"}),
                }
            }
        },
        {"Pet": pet},
    )
    tool = only(doc)
    assert list(tool.parameters["properties"]) == ["name", "password"]
    assert tool.parameters["required"] == ["name", "password"]
    assert tool.returns["properties"] == {
        "id": {"type": "integer", "readOnly": True},
        "name": {"type": "string"},
        "password": False,
    }
    assert tool.returns["required"] == ["id", "name"]


def test_a_discriminator_pins_each_branch_so_oneof_answers_stay_valid() -> None:
    schemas = {
        "Cat": {
            "type": "object",
            "required": ["kind"],
            "properties": {"kind": {"type": "string"}, "purrs": {"type": "boolean"}},
        },
        "Dog": {
            "type": "object",
            "required": ["kind"],
            "properties": {"kind": {"type": "string"}, "barks": {"type": "boolean"}},
        },
        "Pet": {
            "oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
            "discriminator": {"propertyName": "kind", "mapping": {"cat": "#/components/schemas/Cat"}},
        },
    }
    tool = only(
        doc3({"/pet": {"get": {"responses": returning({"$ref": "#/components/schemas/Pet"})}}}, schemas)
    )
    branches = tool.returns["oneOf"]
    assert [b["allOf"][1]["properties"]["kind"] for b in branches] == [{"const": "cat"}, {"const": "Dog"}]
    validator = jsonschema.Draft202012Validator(tool.returns)
    generator = compile_generator(tool.returns)
    answers = [generator.generate(Random(seed)) for seed in range(30)]
    assert all(validator.is_valid(answer) for answer in answers)
    assert {answer["kind"] for answer in answers} == {"cat", "Dog"}


@pytest.mark.parametrize(
    ("card_type", "mapping"),
    [
        ({"type": "string", "enum": ["card"]}, None),
        ({"const": "card"}, None),
        ({"$ref": "#/components/schemas/CardType"}, None),
        ({"type": "string", "enum": ["card"]}, {"card": "#/components/schemas/Card"}),  # Bank: implicit
    ],
)
def test_a_branch_that_names_its_own_discriminator_values_keeps_them(
    card_type: dict[str, Any], mapping: dict[str, str] | None
) -> None:
    # without a mapping, the implicit value is the schema's name ("Card"), which contradicted the
    # branch's own enum ["card"]: no branch could hold and the tool could not be built at all
    def method(kind: Any, field: str) -> dict[str, Any]:
        properties = {"type": kind, field: {"type": "string"}}
        return {"type": "object", "required": ["type", field], "properties": properties}

    disc: dict[str, Any] = {"propertyName": "type", **({"mapping": mapping} if mapping else {})}
    schemas = {
        "CardType": {"type": "string", "enum": ["card"]},
        "Card": method(card_type, "last4"),
        "Bank": {"allOf": [method({"type": "string", "enum": ["bank"]}, "iban")]},
        "Payment": {
            "oneOf": [{"$ref": "#/components/schemas/Card"}, {"$ref": "#/components/schemas/Bank"}],
            "discriminator": disc,
        },
    }
    tool = only(
        doc3({"/p": {"get": {"responses": returning({"$ref": "#/components/schemas/Payment"})}}}, schemas)
    )
    SyntheticWorld().register_tool(tool)  # refused before: no branch of oneOf can hold together
    generator = compile_generator(tool.returns)
    answers = [generator.generate(Random(seed)) for seed in range(30)]
    assert all(jsonschema.Draft202012Validator(tool.returns).is_valid(answer) for answer in answers)
    assert {answer["type"] for answer in answers} == {"card", "bank"}


def test_3_1_schemas_keep_their_keywords_and_ref_siblings_apply() -> None:
    schemas = {"Name": {"type": "string"}}
    schema = {
        "type": "object",
        "properties": {
            "n": {"$ref": "#/components/schemas/Name", "maxLength": 3},
            "m": {"type": ["string", "null"], "examples": ["a"]},
            "k": {"const": 1},
        },
    }
    tool = only(doc3({"/a": {"get": {"responses": returning(schema)}}}, schemas, version="3.1.0"))
    assert tool.returns["properties"] == {
        "n": {"allOf": [{"type": "string"}, {"maxLength": 3}]},
        "m": {"type": ["string", "null"], "examples": ["a"]},
        "k": {"const": 1},
    }


def test_cycles_become_defs_and_acyclic_refs_are_inlined() -> None:
    schemas = {
        "Node": {
            "type": "object",
            "properties": {
                "tag": {"$ref": "#/components/schemas/Tag"},
                "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
            },
        },
        "Tag": {"type": "string", "maxLength": 8},
    }
    tool = only(
        doc3({"/tree": {"get": {"responses": returning({"$ref": "#/components/schemas/Node"})}}}, schemas)
    )
    assert tool.returns == {
        "$ref": "#/$defs/Node",
        "$defs": {
            "Node": {
                "type": "object",
                "properties": {
                    "tag": {"type": "string", "maxLength": 8},
                    "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}},
                },
            }
        },
    }
    world = SyntheticWorld.from_openapi(
        doc3(
            {
                "/tree": {
                    "get": {
                        "operationId": "tree",
                        "responses": returning({"$ref": "#/components/schemas/Node"}),
                    }
                }
            },
            schemas,
        )
    )
    jsonschema.validate(world.call("tree", {}), tool.returns)


# -- filters ----------------------------------------------------------------------------------


def test_include_and_exclude_by_tag_and_path() -> None:
    paths = {
        "/pets": {
            "get": {"operationId": "list", "tags": ["pets"], "responses": OK},
            "post": {"operationId": "add", "tags": ["pets", "admin"], "responses": OK},
        },
        "/pets/{id}": {
            "parameters": [path_parameter("id")],
            "delete": {"operationId": "drop", "tags": ["admin"], "responses": OK},
        },
        "/users": {"get": {"operationId": "users", "responses": OK}},
    }
    doc = doc3(paths)

    def names(**options: Any) -> list[str]:
        return [tool.name for tool in openapi_tools(doc, **options)]

    assert names(include_tags=["pets"]) == ["list", "add"]
    assert names(exclude_tags=["admin"]) == ["list", "users"]
    assert names(include_paths=["/pets*"]) == ["list", "add", "drop"]
    assert names(include_paths=["GET /pets*"]) == ["list"]
    assert names(exclude_paths=["/pets/*", "POST /pets"]) == ["list", "users"]
    world = SyntheticWorld.from_openapi(doc, include_tags=["admin"], seed=4)
    assert list(world.tools) == ["add", "drop"]
    assert world.seed == 4
