"""Real public OpenAPI documents (tests/openapi/, see its README) turned into tools and worlds:
every operation a tool, safe unique names, every answer valid, cycles kept as ``$defs``."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from random import Random
from typing import Any

import jsonschema
import pytest
import yaml

from synthworld import SyntheticWorld, ToolError, ToolSpec, openapi_tools
from synthworld.schema import compile_generator
from synthworld.sources.openapi import NAME_PATTERN

DOCS = Path(__file__).parent / "openapi"
REAL = {
    "docker-engine-1.53.yaml": 107,
    "kubernetes-apiextensions-slice.json": 14,
    "stripe-products-slice.json": 15,
    "openapi-core-petstore-3.0.yaml": 8,
    "petstore-3.1.yaml": 3,
    "prance-self-recursive.yaml": 1,
}
METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
_cache: dict[str, list[ToolSpec]] = {}


def tools_of(name: str) -> list[ToolSpec]:
    if name not in _cache:
        _cache[name] = openapi_tools(DOCS / name)
    return _cache[name]


def raw(name: str) -> dict[str, Any]:
    text = (DOCS / name).read_text()
    data: dict[str, Any] = json.loads(text) if name.endswith(".json") else yaml.safe_load(text)
    return data


def operations(name: str) -> list[tuple[str, str]]:
    """The operations of a document, counted without synthworld (path items by $ref followed)."""
    doc = raw(name)
    found = []
    for path, item in doc["paths"].items():
        if "$ref" in item:
            node: Any = doc
            for part in item["$ref"][2:].split("/"):
                node = node[part]
            item = node
        found += [(method, path) for method in item if method in METHODS]
    return found


@pytest.mark.parametrize("name", sorted(REAL))
def test_every_operation_becomes_one_tool(name: str) -> None:
    tools = tools_of(name)
    ops = operations(name)
    assert len(ops) == REAL[name]
    assert len(tools) == len(ops)
    assert sorted(
        (t.metadata["openapi"]["method"].lower(), t.metadata["openapi"]["path"]) for t in tools
    ) == sorted(ops)


@pytest.mark.parametrize("name", sorted(REAL))
def test_a_valid_document_sets_no_keyword_aside(name: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        openapi_tools(DOCS / name)
    assert [str(note.message) for note in caught] == []


@pytest.mark.parametrize("name", sorted(REAL))
def test_names_are_safe_for_every_provider_and_unique(name: str) -> None:
    names = [tool.name for tool in tools_of(name)]
    assert all(NAME_PATTERN.fullmatch(n) for n in names), names
    assert len(set(names)) == len(names)


def refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return own + [r for key, value in node.items() if key != "$ref" for r in refs(value)]
    if isinstance(node, list):
        return [r for value in node for r in refs(value)]
    return []


@pytest.mark.parametrize("name", sorted(REAL))
def test_every_reference_resolves_inside_the_tool_schema(name: str) -> None:
    for tool in tools_of(name):
        for schema in (tool.parameters, tool.returns):
            for ref in refs(schema):
                assert ref.startswith("#/$defs/"), (tool.name, ref)
                assert ref.removeprefix("#/$defs/") in schema["$defs"], (tool.name, ref)


@pytest.mark.parametrize("name", sorted(REAL))
def test_every_answer_is_valid_against_the_response_schema(name: str) -> None:
    world = SyntheticWorld.from_openapi(DOCS / name, seed=5)
    assert list(world.tools) == [tool.name for tool in tools_of(name)]
    refused: dict[str, tuple[str, bool]] = {}
    for index, spec in enumerate(world.tools.values()):
        args = compile_generator(spec.parameters).generate(Random(index))
        try:
            answer = world.call(spec.name, args)
        except ToolError as error:  # an entity a call before deleted (PluginDelete, then PluginSet)
            refused[spec.name] = (error.code, "deleted earlier" in error.message)
            continue
        validator = jsonschema.Draft202012Validator(spec.returns, format_checker=jsonschema.FormatChecker())
        assert not list(validator.iter_errors(answer)), (spec.name, answer)
    assert set(refused.values()) <= {("not_found", True)}, refused
    assert len(world.trace) == len(world.tools)


def test_cyclic_schemas_stay_as_defs_kubernetes() -> None:
    props = "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps"
    [create] = [t for t in tools_of("kubernetes-apiextensions-slice.json") if t.name.startswith("create")]
    defs = create.returns["$defs"]
    assert props in defs
    assert f"#/$defs/{props}" in refs(defs[props])  # the cycle itself: JSONSchemaProps holds JSONSchemaProps
    assert f"#/$defs/{props}" in refs(create.parameters)


def test_cyclic_schemas_stay_as_defs_stripe_and_self_recursive() -> None:
    product = next(t for t in tools_of("stripe-products-slice.json") if t.name == "GetProductsId")
    assert set(product.returns["$defs"]) == {"product"}  # on the product-price cycle of the document
    # price is reached only through an expandable field, which answers an id (or null): no $defs entry
    assert product.returns["$defs"]["product"]["properties"]["default_price"]["anyOf"] == [
        {"anyOf": [{"maxLength": 5000, "type": "string"}]},
        {"type": "null"},
    ]
    [files] = tools_of("prance-self-recursive.yaml")
    assert files.returns == {
        "$ref": "#/$defs/File",
        "$defs": {
            "File": {
                "type": "object",
                "properties": {"name": {"type": "string"}, "parent": {"$ref": "#/$defs/File"}},
            }
        },
    }


def test_petstore_3_0_translation() -> None:
    tools = {tool.name: tool for tool in tools_of("openapi-core-petstore-3.0.yaml")}
    listing = tools["listPets"]
    assert listing.metadata["openapi"]["parameters"]["page"] == {"in": "query", "name": "page"}
    assert listing.annotations.read_only is True
    assert [e["code"] for e in listing.metadata["errors"]] == ["bad_request", "not_found"]
    create = tools["createTag"]
    assert create.metadata["openapi"]["parameters"]["name"] == {"in": "body", "name": "name"}
    header = tools["createPets"].parameters["properties"]["api-key"]
    assert header["type"] == "string"
    assert tools["createPets"].metadata["openapi"]["parameters"]["api-key"]["in"] == "header"


def test_petstore_3_1_path_item_ref_and_no_content() -> None:
    tools = {tool.name: tool for tool in tools_of("petstore-3.1.yaml")}
    assert set(tools) == {"listPets", "createPets", "showPetById"}
    assert tools["createPets"].returns == {"type": "null"}
    assert "Returns null" in tools["createPets"].description
    pet = tools["listPets"].returns["items"]
    assert pet["properties"]["$ref"] == {"type": "string"}  # a property that happens to be named $ref
    assert tools["showPetById"].parameters["required"] == ["petId"]


def test_docker_swagger_2_parameters_and_body() -> None:
    tools = {tool.name: tool for tool in tools_of("docker-engine-1.53.yaml")}
    create = tools["ContainerCreate"]
    props = create.parameters["properties"]
    assert create.metadata["openapi"]["parameters"]["name"] == {"in": "query", "name": "name"}
    assert props["Image"]["type"] == "string"  # the body's properties are inlined
    assert create.metadata["openapi"]["parameters"]["Image"] == {"in": "body", "name": "Image"}
    assert "not_found" in [e["code"] for e in create.metadata["errors"]]


def test_a_documented_404_drives_a_not_found_fault() -> None:
    world = SyntheticWorld.from_openapi(DOCS / "docker-engine-1.53.yaml", seed=2)
    world.add_faults([{"tool": "ContainerInspect", "error": "not_found"}])
    spec = world.tools["ContainerInspect"]
    documented = next(e for e in spec.metadata["errors"] if e["status"] == "404")
    with pytest.raises(ToolError) as first:
        world.call("ContainerInspect", {"id": "abc"})
    error = first.value
    assert error.code == "not_found"
    assert error.message == documented["description"] == "no such container"
    assert error.details["status"] == "404"
    jsonschema.validate(error.details["body"], documented["schema"])
    again = SyntheticWorld.from_openapi(DOCS / "docker-engine-1.53.yaml", seed=2)
    again.add_faults([{"tool": "ContainerInspect", "error": "not_found"}])
    with pytest.raises(ToolError) as second:
        again.call("ContainerInspect", {"id": "abc"})
    assert second.value.to_dict() == error.to_dict()  # the same seed fails the same way
    assert world.trace[-1].error is not None
    assert world.trace[-1].error["code"] == "not_found"


def test_an_undocumented_code_takes_the_default_response_shape() -> None:
    world = SyntheticWorld.from_openapi(DOCS / "openapi-core-petstore-3.0.yaml", seed=1)
    world.add_faults([{"tool": "showPetById", "error": "rate_limit", "message": "slow down"}])
    with pytest.raises(ToolError) as caught:
        world.call("showPetById", {"petId": 7})
    default = world.tools["showPetById"].metadata["errors"][0]
    assert default["status"] == "default"
    assert caught.value.message == "slow down"
    assert caught.value.details["status"] == "default"
    jsonschema.validate(caught.value.details["body"], default["schema"])
