"""``strict=True`` for stub worlds: the strict form of each schema, and a strict model's nulls read
back as "not given", through the real ``openai`` client and a scripted server on 127.0.0.1."""

from __future__ import annotations

import json
from typing import Any, TypedDict

import jsonschema
import pytest

from synthworld import SyntheticWorld, ToolSpec, ToolSpecError, generate
from synthworld.formats import strict_problems
from synthworld.formats.strict_form import strict_form, unset_strict_nulls
from tests._strict_rules import openai_refusals
from tests.test_openai_strict import strict_turn

INTEGER = {"type": "integer"}


class Address(TypedDict, total=False):
    street: str
    zip: str


def make_world() -> SyntheticWorld:
    world = SyntheticWorld(seed=5)

    @world.tool
    def find_users(
        query: str, limit: int = 10, cursor: str | None = None, near: Address | None = None
    ) -> list[str]:
        """Find users."""

    return world


def test_a_stub_world_goes_strict_with_its_optional_parameters_nullable() -> None:
    [tool] = make_world().to_openai(strict=True)
    parameters = tool["function"]["parameters"]
    assert tool["function"]["strict"] is True
    assert strict_problems(parameters) == []
    assert parameters["required"] == ["query", "limit", "cursor", "near"]
    assert parameters["properties"]["limit"] == {"type": ["integer", "null"]}
    assert parameters["properties"]["cursor"] == {"type": ["string", "null"]}  # nullable already
    near = parameters["properties"]["near"]["anyOf"][0]
    assert (near["required"], near["additionalProperties"]) == (["street", "zip"], False)
    [responses] = make_world().to_openai(api="responses", strict=True)
    assert (responses["parameters"], responses["strict"]) == (parameters, True)


def test_a_strict_loop_with_the_openai_client_leaves_out_what_the_model_nulled() -> None:
    world = make_world()
    arguments = {"query": "ann", "limit": None, "cursor": None, "near": {"street": "Main", "zip": None}}
    answer, server = strict_turn(world, "find_users", arguments)
    meant = {"query": "ann", "cursor": None, "near": {"street": "Main"}}  # cursor takes null itself
    assert world.trace[0].input == meant
    assert json.loads(answer["content"]) == make_world().call("find_users", meant)
    assert server.received[0].body["tools"][0]["function"]["strict"] is True


def test_a_required_or_nullable_null_is_kept_and_a_wrong_one_still_fails() -> None:
    schema = make_world().tools["find_users"].parameters
    assert unset_strict_nulls(schema, {"query": None, "cursor": None}) == {"query": None, "cursor": None}
    [reply] = make_world().handle_openai(
        [{"id": "c", "type": "function", "function": {"name": "find_users", "arguments": '{"query": null}'}}]
    )
    assert json.loads(reply["content"])["error"]["problems"] == ["$.query: None is not of type 'string'"]


@pytest.mark.parametrize(
    ("parameters", "problem"),
    [
        (
            {"type": "object", "properties": {"data": {"type": "object"}}},
            "$.properties.data: an object that lists no properties takes any keys",
        ),
        (
            {"type": "object", "properties": {"counts": {"type": "object", "additionalProperties": INTEGER}}},
            "$.properties.counts: an object that takes keys beyond its properties",
        ),
        ({"type": "object", "additionalProperties": True}, "$: an object that takes keys beyond"),
        (  # Box's invites: ``id`` is required, with any value, but not listed: closed, none would do
            {
                "type": "object",
                "properties": {
                    "by": {"type": "object", "properties": {"login": {"type": "string"}}, "required": ["id"]}
                },
            },
            "$.properties.by: requires ['id'], which its properties do not list",
        ),
        (  # "ab" matches both branches: the oneOf means strings over 3 long, which anyOf cannot say
            {
                "type": "object",
                "properties": {"v": {"oneOf": [{"type": "string"}, {"maxLength": 3, "type": "string"}]}},
            },
            "$.properties.v: oneOf",
        ),
    ],
)
def test_what_has_no_faithful_strict_form_is_refused(parameters: dict[str, Any], problem: str) -> None:
    _, problems = strict_form(parameters)
    assert [p for p in problems if p.startswith(problem)], problems
    world = SyntheticWorld()
    world.register_tool(ToolSpec("x", "X.", parameters, {"type": "boolean"}))
    with pytest.raises(ToolSpecError, match="cannot use OpenAI strict mode"):
        world.to_openai(strict=True)


@pytest.mark.parametrize("seed", range(40))
def test_every_valid_call_has_a_strict_spelling_that_reads_back_to_it(seed: int) -> None:
    """Fill each left-out optional parameter with null: the strict schema takes it, and reading
    the nulls back gives the call as it was."""
    schema = make_world().tools["find_users"].parameters
    strict, _ = strict_form(schema)
    call = generate(schema, seed=seed)
    spelled = {name: call.get(name) for name in strict["properties"]}
    if isinstance(spelled["near"], dict):
        spelled["near"] = {name: spelled["near"].get(name) for name in ("street", "zip")}
    jsonschema.validate(spelled, strict)
    back = unset_strict_nulls(schema, spelled)
    assert back == {**dict.fromkeys(("cursor", "near")), **call}  # nullable: null is null


def test_a_read_only_field_a_request_never_sends_is_left_out_of_the_strict_form() -> None:
    """Azure's request bodies: a read-only property is ``false`` in the request (from_openapi);
    its strict form had ``anyOf: [false, null]``, a boolean schema strict mode does not read."""
    parameters = {
        "type": "object",
        "properties": {"name": {"type": "string"}, "creationDate": False, "tags": {"type": "string"}},
        "required": ["name"],
    }
    strict, problems = strict_form(parameters)
    assert problems == []
    assert strict["properties"] == {"name": {"type": "string"}, "tags": {"type": ["string", "null"]}}
    assert strict["required"] == ["name", "tags"]
    assert openai_refusals(strict) == []
    jsonschema.validate({"name": "a", "tags": None}, strict)
    assert unset_strict_nulls(parameters, {"name": "a", "tags": None}) == {"name": "a"}


def test_object_keywords_on_a_string_are_dropped_not_closed_as_an_object() -> None:
    """APIs.guru's byautomata.io: a query string with ``properties`` and a ``required`` naming
    itself, which hold for no string; its strict form was a closed object with a missing property."""
    page = {"type": "string", "properties": {"link": {"type": "string"}}, "required": ["page"]}
    parameters = {"type": "object", "properties": {"page": page}}
    strict, problems = strict_form(parameters)
    assert problems == []
    assert strict["properties"]["page"] == {"type": ["string", "null"]}
    assert openai_refusals(strict) == []
