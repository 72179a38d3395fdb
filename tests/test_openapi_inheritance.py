"""Inheritance by discriminator (a base with a ``discriminator`` and no ``oneOf``; subtypes are
``allOf`` the base): where the base is used, any subtype is taken and answered, with its value."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import jsonschema
import pytest

from synthworld import SyntheticWorld, ToolInputError, openapi_tools
from synthworld.schema import compile_generator
from tests._openapi_support import DOCS

SWAGGER: dict[str, Any] = {
    "swagger": "2.0",
    "info": {"title": "Zoo", "version": "1"},
    "paths": {
        "/pets": {"get": {"operationId": "listPets", "responses": {"200": {"description": "ok", "schema": {
            "type": "array", "items": {"$ref": "#/definitions/Pet"}}}}}},
        "/cats/{id}": {"get": {
            "operationId": "getCat",
            "parameters": [{"name": "id", "in": "path", "required": True, "type": "string"}],
            "responses": {"200": {"description": "ok", "schema": {"$ref": "#/definitions/Cat"}}},
        }},
    },
    "definitions": {
        "Pet": {
            "type": "object",
            "discriminator": "petType",
            "required": ["name", "petType"],
            "properties": {"name": {"type": "string"}, "petType": {"type": "string"}},
        },
        "Cat": {"allOf": [{"$ref": "#/definitions/Pet"}, {"type": "object", "properties": {
            "huntingSkill": {"type": "string", "enum": ["lazy", "aggressive"]}}}]},
        "Dog": {"allOf": [{"$ref": "#/definitions/Pet"}, {"type": "object", "required": ["packSize"],
            "properties": {"packSize": {"type": "integer", "minimum": 0}}}]},
        "Lion": {"allOf": [{"$ref": "#/definitions/Cat"}, {"type": "object", "properties": {
            "pride": {"type": "string"}}}]},
    },
}  # fmt: skip


def answers(schema: Any, count: int = 40) -> list[Any]:
    """`count` values drawn for `schema`, each checked by python-jsonschema."""
    validator = jsonschema.Draft202012Validator(schema)
    drawn = [compile_generator(schema).generate(Random(seed)) for seed in range(count)]
    assert all(validator.is_valid(value) for value in drawn)
    return drawn


def test_a_body_of_a_base_with_a_mapping_takes_and_answers_each_subtype() -> None:
    # the body was the base alone: {"kind": "circle", "radius": 2} was refused ('radius' is not a
    # parameter) and every answer was a bare shape with a made-up kind
    world = SyntheticWorld.from_openapi(DOCS / "inheritance-3.0.yaml", seed=5)
    circle = {"kind": "circle", "radius": 2.5}
    world.call("addShape", {"body": circle})
    with pytest.raises(ToolInputError):
        world.call("addShape", {"body": {"kind": "triangle"}})
    with pytest.raises(ToolInputError):
        world.call("addShape", {"body": {"kind": "circle", "side": 1}})  # a circle has a radius
    drawn = answers(world.tools["addShape"].returns)
    assert {answer["kind"] for answer in drawn} == {"circle", "square"}
    assert all(("radius" in a) == (a["kind"] == "circle") for a in drawn if "side" not in a)
    shown = json.dumps(world.tools["addShape"].parameters).replace('"id": false', "")  # never sent
    assert '"id"' not in shown  # read-only: not an input


def test_a_subtype_answers_its_own_value() -> None:
    [_, circle] = openapi_tools(DOCS / "inheritance-3.0.yaml")
    assert {answer["kind"] for answer in answers(circle.returns)} == {"circle"}
    assert all(isinstance(answer["radius"], (int, float)) for answer in answers(circle.returns))


def test_swagger_2_subtypes_are_the_definitions_that_inherit_the_base_named_by_name() -> None:
    pets, cat = openapi_tools(SWAGGER)
    drawn = answers(pets.returns, count=30)
    kinds = {pet["petType"] for page in drawn for pet in page}
    assert kinds == {"Pet", "Cat", "Dog", "Lion"}
    assert all("packSize" in pet for page in drawn for pet in page if pet["petType"] == "Dog")
    assert {answer["petType"] for answer in answers(cat.returns)} == {"Cat", "Lion"}
    alone = {**SWAGGER, "definitions": {"Pet": SWAGGER["definitions"]["Pet"]}}
    alone["paths"] = {"/pets": SWAGGER["paths"]["/pets"]}
    [pets] = openapi_tools(alone)  # a base nothing inherits stays as it is
    plain = {k: v for k, v in SWAGGER["definitions"]["Pet"].items() if k != "discriminator"}
    assert pets.returns == {"type": "array", "items": plain}


def test_azure_subtypes_take_their_x_ms_discriminator_value() -> None:
    """AutoRest's ``x-ms-discriminator-value`` names a subtype's value where its name is not it
    (Azure Service Fabric's ``ExternalStoreProvisionApplicationTypeDescription`` is ``Kind:
    ExternalStore``): with the names, a ``Kind`` enum of the values ruled every branch out, and
    the tool took no input and answered none."""
    kind = {"type": "string", "enum": ["ImageStorePath", "ExternalStore"]}
    swagger = {
        "swagger": "2.0",
        "info": {"title": "Fabric", "version": "1"},
        "paths": {"/provision": {"post": {
            "operationId": "provision",
            "parameters": [{"name": "body", "in": "body", "required": True,
                            "schema": {"$ref": "#/definitions/ProvisionBase"}}],
            "responses": {"200": {"description": "ok", "schema": {"$ref": "#/definitions/ProvisionBase"}}},
        }}},
        "definitions": {
            "ProvisionBase": {"type": "object", "discriminator": "Kind", "required": ["Kind"],
                              "properties": {"Kind": kind, "Async": {"type": "boolean"}}},
            "ExternalStoreProvision": {"x-ms-discriminator-value": "ExternalStore", "allOf": [
                {"$ref": "#/definitions/ProvisionBase"},
                {"type": "object", "required": ["Uri"], "properties": {"Uri": {"type": "string"}}}]},
            "ImageStoreProvision": {"x-ms-discriminator-value": "ImageStorePath", "allOf": [
                {"$ref": "#/definitions/ProvisionBase"},
                {"type": "object", "required": ["Path"], "properties": {"Path": {"type": "string"}}}]},
        },
    }  # fmt: skip
    [provision] = openapi_tools(swagger)
    drawn = answers(provision.returns, count=30)
    assert {answer["Kind"] for answer in drawn} == {"ExternalStore", "ImageStorePath"}
    assert all("Uri" in answer for answer in drawn if answer["Kind"] == "ExternalStore")
    world = SyntheticWorld.from_openapi(swagger, seed=2)
    world.call("provision", {"body": {"Kind": "ExternalStore", "Uri": "https://x.example/app.sfpkg"}})
    with pytest.raises(ToolInputError):
        world.call("provision", {"body": {"Kind": "ExternalStore"}})  # its Uri is required
