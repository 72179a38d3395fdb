"""A whole-body parameter (an OpenAPI body that is a union, so not inlined) echoes its fields into
the answer as inlined body fields do, and a union answer is of the branch the body names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import pytest

from synthworld import SyntheticWorld, ToolSpec, openapi_tools

DOCS = Path(__file__).parent / "openapi"


def _world(doc: str, seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)
    for spec in openapi_tools(DOCS / doc):
        world.register_tool(spec)
    return world


def _valid(spec: ToolSpec, answer: Any) -> bool:
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    return jsonschema.Draft202012Validator(spec.returns, format_checker=checker).is_valid(answer)


def test_the_whole_body_parameter_is_marked() -> None:
    tools = {spec.name: spec for spec in openapi_tools(DOCS / "shelter-3.1.yaml")}
    assert tools["addPet"].metadata["body"] == "body"
    assert "body" not in tools["getPet"].metadata


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize(
    "body",
    [
        {"kind": "dog", "name": "Rex", "breed": "lab"},
        {"kind": "lizard", "name": "Liz", "length_cm": 12.5},
        {"kind": "cat", "name": "Tom", "indoor": False},
    ],
)
def test_a_pet_added_is_the_pet_the_body_describes(seed: int, body: dict[str, Any]) -> None:
    world = _world("shelter-3.1.yaml", seed)
    answer = world.call("addPet", {"body": body})
    assert {key: answer.get(key) for key in body} == body
    assert _valid(world.tools["addPet"], answer)


def test_an_answer_of_another_branch_is_remade_and_the_trace_says_so() -> None:
    body = {"kind": "lizard", "name": "Liz"}
    remade = 0
    for seed in range(10):
        world = _world("shelter-3.1.yaml", seed)
        assert world.call("addPet", {"body": body})["kind"] == "lizard"
        remade += "branch" in world.trace[-1].rules
    assert remade > 0  # a lizard is one branch of three: most seeds generate another first


@pytest.mark.parametrize("seed", range(10))
def test_a_swagger_body_parameter_echoes_its_fields(seed: int) -> None:
    world = _world("fleet-2.0.yaml", seed)
    body = {"kind": "Truck", "plate": "AB-123", "payload_kg": 900}
    answer = world.call("CreateVehicle", {"body": body})
    assert {key: answer.get(key) for key in body} == body
    assert _valid(world.tools["CreateVehicle"], answer)


@pytest.mark.parametrize("seed", range(5))
def test_a_discriminated_shape_is_the_one_sent(seed: int) -> None:
    world = _world("inheritance-3.0.yaml", seed)
    answer = world.call("addShape", {"body": {"kind": "square", "side": 3}})
    assert (answer["kind"], answer["side"]) == ("square", 3)
    assert "radius" not in answer
    assert _valid(world.tools["addShape"], answer)


def test_any_spec_may_mark_its_body_parameter() -> None:
    returns = {
        "type": "object",
        "required": ["id", "title"],
        "properties": {"id": {"type": "integer"}, "title": {"type": "string"}},
    }
    payload = {"anyOf": [{"type": "object", "properties": {"title": {"type": "string"}}}, {"type": "array"}]}
    params = {"type": "object", "properties": {"payload": payload}, "required": ["payload"]}
    spec = ToolSpec("create_note", "Create a note.", params, returns, metadata={"body": "payload"})
    world = SyntheticWorld(seed=3)
    world.register_tool(spec)
    assert world.call("create_note", {"payload": {"title": "Groceries"}})["title"] == "Groceries"
    assert world.call("create_note", {"payload": [1, 2]})["title"] != [1, 2]  # not an object: no echo


def test_a_parameter_wins_over_a_body_field_of_its_name() -> None:
    returns = {
        "type": "object",
        "required": ["id", "title"],
        "properties": {"id": {"type": "string"}, "title": {"type": "string"}},
    }
    fields = {"id": {"type": "string"}, "title": {"type": "string"}}
    payload = {"anyOf": [{"type": "object", "properties": fields}, {"type": "null"}]}
    params = {
        "type": "object",
        "properties": {"id": {"type": "string"}, "body": payload},
        "required": ["id", "body"],
    }
    spec = ToolSpec("update_note", "Update a note.", params, returns, metadata={"body": "body"})
    world = SyntheticWorld(seed=1)
    world.register_tool(spec)
    answer = world.call("update_note", {"id": "n1", "body": {"id": "n2", "title": "Plans"}})
    assert (answer["id"], answer["title"]) == ("n1", "Plans")


_OWNER = {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}
_PET = {
    "type": "object",
    "required": ["id", "name", "owner"],
    "properties": {"id": {"type": "string"}, "name": {"type": "string"}, "owner": _OWNER},
}


@pytest.mark.parametrize("seed", range(5))
def test_an_object_the_input_gives_keeps_its_own_fields(seed: int) -> None:
    """The pet's ``name`` does not echo into the ``owner`` object the input gave whole."""
    params = {"type": "object", "properties": {"name": {"type": "string"}, "owner": _OWNER}}
    world = SyntheticWorld(seed=seed)
    world.register_tool(ToolSpec("create_pet", "Create a pet.", params, _PET))
    answer = world.call("create_pet", {"name": "Rex", "owner": {"name": "Ann"}})
    assert (answer["name"], answer["owner"]) == ("Rex", {"name": "Ann"})


@pytest.mark.parametrize("seed", range(5))
def test_a_body_object_keeps_its_own_fields(seed: int) -> None:
    pet = {"type": "object", "properties": {"name": {"type": "string"}, "owner": _OWNER}}
    params = {"type": "object", "properties": {"body": {"anyOf": [pet, {"type": "array"}]}}}
    world = SyntheticWorld(seed=seed)
    world.register_tool(ToolSpec("create_pet", "Create a pet.", params, _PET, metadata={"body": "body"}))
    answer = world.call("create_pet", {"body": {"name": "Rex", "owner": {"name": "Ann"}}})
    assert (answer["name"], answer["owner"]) == ("Rex", {"name": "Ann"})
