"""OpenAI strict mode against the rules its documentation states (supported schemas, and the limits
on nesting, properties and enum values), checked by an independent checker written from those
rules, over every tool of the OpenAPI worlds in ``tests/openapi`` and over hand-made edge cases;
and a ``strict=True`` request through the real ``openai`` client to a server on 127.0.0.1."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import openai
import pytest

from synthworld import SyntheticWorld, ToolSpec, ToolSpecError
from synthworld.formats import fits_strict
from synthworld.formats.strict_form import strict_form
from tests._openai_server import OpenAIServer
from tests._strict_rules import openai_refusals
from tests.test_openai_strict import closed, completion

STRING = {"type": "string"}


def openapi_tools() -> list[tuple[str, ToolSpec]]:
    tools = []
    for path in sorted(Path("tests/openapi").glob("*.*")):
        if path.suffix not in (".yaml", ".json"):
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            world = SyntheticWorld.from_openapi(path, on_error="skip")
        tools += [(f"{path.name}:{name}", spec) for name, spec in world.tools.items()]
    return tools


TOOLS = openapi_tools()


def test_every_strict_openapi_tool_is_one_openai_takes() -> None:
    """``to_openai(strict=True)`` sent ``default``, ``uniqueItems``, ``format: int32``... (a 400
    for the whole request); the tools sent strict automatically were already fine."""
    refused, converted = {}, 0
    for name, spec in TOOLS:
        try:
            tool = spec.to_openai(strict=True)
        except ToolSpecError:
            continue
        converted += 1
        problems = openai_refusals(tool["function"]["parameters"])
        refused.update({name: problems} if problems else {})
    assert converted > 100
    assert refused == {}
    automatic = [(name, spec.to_openai(api="responses")) for name, spec in TOOLS]
    strict = [(name, tool["parameters"]) for name, tool in automatic if tool["strict"]]
    assert len(strict) > 40
    assert {name: openai_refusals(p) for name, p in strict if openai_refusals(p)} == {}


def nested(levels: int) -> dict[str, Any]:
    schema: dict[str, Any] = STRING
    for _ in range(levels):
        schema = closed(inner=schema)
    return schema


EDGES = {  # closed, all required, documented keywords only: yet each is refused with strict: true
    "ref_and_description": {
        **closed(v={"$ref": "#/$defs/P", "description": "the place"}),
        "$defs": {"P": closed(n=STRING)},
    },
    "ref_into_properties": closed(a=closed(n=STRING), b={"$ref": "#/properties/a"}),
    "array_without_items": closed(v={"type": "array"}),
    "lookahead": closed(v={"type": "string", "pattern": "^(?!admin).*$"}),
    "eleven_levels": nested(11),
    "many_enum_values": closed(v={"type": "string", "enum": [f"v{i}" for i in range(1001)]}),
    "many_properties": closed(**{f"p{i}": STRING for i in range(5001)}),
}


WITHIN = {  # the same at the limit, which strict mode takes
    "eleven_levels": nested(10),
    "many_enum_values": closed(v={"type": "string", "enum": [f"v{i}" for i in range(1000)]}),
    "many_properties": closed(**{f"p{i}": STRING for i in range(5000)}),
}


@pytest.mark.parametrize("name", sorted(EDGES))
def test_what_openai_refuses_is_not_sent_strict_automatically(name: str) -> None:
    assert openai_refusals(EDGES[name]), "the checker sees the rule"
    assert not fits_strict(EDGES[name])
    if name in WITHIN:
        assert openai_refusals(WITHIN[name]) == []
        assert fits_strict(WITHIN[name])


KEPT_IN_DESCRIPTION = closed(
    id={"type": "string", "maxLength": 22, "description": "The id."},
    tags={"type": "array", "items": STRING, "uniqueItems": True},
    limit={"type": "integer", "format": "int32", "default": 10},
    place={"$ref": "#/$defs/P", "description": "Where."},
    code={"type": "string", "pattern": "^(?!x)[a-z]+$"},
)


def test_strict_true_moves_what_strict_mode_refuses_into_the_description() -> None:
    schema = {**KEPT_IN_DESCRIPTION, "$defs": {"P": closed(n=STRING)}}
    rewritten, problems = strict_form(schema)
    assert problems == []
    assert openai_refusals(rewritten) == []
    properties = rewritten["properties"]
    assert properties["id"] == {"type": "string", "description": "The id. (maxLength=22)"}
    assert properties["tags"] == {"type": "array", "items": STRING, "description": "uniqueItems=true"}
    assert properties["limit"] == {"type": "integer", "description": 'format="int32", default=10'}
    assert properties["place"] == {"anyOf": [{"$ref": "#/$defs/P"}], "description": "Where."}
    assert properties["code"] == {"type": "string", "description": 'pattern="^(?!x)[a-z]+$"'}


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("array_without_items", "$.properties.v: an array needs items with a type"),
        ("ref_into_properties", "$.properties.b: a $ref must point at #/$defs/NAME"),
        ("eleven_levels", "$: objects nest 11 levels deep; OpenAI's strict mode takes at most 10"),
        ("many_enum_values", "$: 1001 enum values; OpenAI's strict mode takes at most 1000"),
        ("many_properties", "$: 5001 object properties; OpenAI's strict mode takes at most 5000"),
    ],
)
def test_strict_true_names_what_has_no_strict_form(name: str, problem: str) -> None:
    world = SyntheticWorld()
    world.register_tool(ToolSpec(name, "A tool.", EDGES[name], {"type": "boolean"}))
    with pytest.raises(ToolSpecError) as info:
        world.to_openai(strict=True)
    assert [p for p in info.value.problems if p.startswith(problem)], info.value.problems


def test_a_strict_request_through_the_openai_client_and_the_world_still_checks_the_limits() -> None:
    """What moved into the description is still the world's rule: an id past ``maxLength`` is
    refused with a message the model can read."""
    world = SyntheticWorld(seed=2)
    world.register_tool(
        ToolSpec("tag", "Tag an item.", closed(id=KEPT_IN_DESCRIPTION["properties"]["id"]), STRING)
    )
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "tag", "arguments": json.dumps({"id": "x" * 23})},
    }
    with OpenAIServer(completion({"role": "assistant", "content": None, "tool_calls": [call]})) as server:
        client = openai.OpenAI(base_url=server.url, api_key="test-key", max_retries=0)
        tools: Any = world.to_openai(strict=True)
        reply = client.chat.completions.create(
            model="m", messages=[{"role": "user", "content": "hi"}], tools=tools
        )
        [answer] = world.handle_openai(reply.choices[0].message)
    sent = server.received[0].body["tools"][0]["function"]
    assert (sent["strict"], sent["parameters"]["properties"]["id"]["description"]) == (
        True,
        "The id. (maxLength=22)",
    )
    assert answer["tool_call_id"] == "c1"
    assert "invalid_input" in answer["content"]
    assert "too long" in answer["content"]
