"""OpenAI strict mode as a real `openai` client sends it: ``strict: true`` only on schemas the API
takes (its documented subset), and a full tool-calling loop through a scripted server on 127.0.0.1."""

from __future__ import annotations

import json
from typing import Any

import openai
import pytest

from synthworld import SyntheticWorld, ToolSpec, ToolSpecError
from synthworld.formats import fits_strict, strict_problems
from tests._openai_server import OpenAIServer, Raw

STRING = {"type": "string"}


def closed(**properties: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


REFUSED = {  # closed objects, every property required, yet OpenAI answers 400 with strict: true
    "one_of": closed(v={"oneOf": [{"type": "number"}, {"type": "integer"}]}),  # 1 matches both
    "all_of": closed(v={"allOf": [{**STRING, "pattern": "^a"}, {"pattern": "b$"}]}),  # two patterns
    "negation": closed(v={"type": "string", "not": {"const": "x"}}),
    "any_value": closed(v={"description": "anything"}),
    "any_items": closed(v={"type": "array", "items": {}}),
    "depends": {**closed(a=STRING, b=STRING), "dependentRequired": {"a": ["b"]}},
}
UNDOCUMENTED = {
    "short": closed(v={"type": "string", "minLength": 2}),
    "link": closed(v={"format": "uri", **STRING}),
}
TAKEN = {
    "nullable": closed(v={"anyOf": [STRING, {"type": "null"}]}),
    "refs": {**closed(v={"$ref": "#/$defs/P"}), "$defs": {"P": closed(n={"type": "integer", "minimum": 0})}},
}


def world_of(schemas: dict[str, dict[str, Any]]) -> SyntheticWorld:
    world = SyntheticWorld(seed=4)
    for name, parameters in schemas.items():
        world.register_tool(ToolSpec(name, f"The {name} tool.", parameters, {"type": "string"}))
    return world


def completion(message: dict[str, Any]) -> Raw:
    choice = {"index": 0, "finish_reason": "tool_calls" if "tool_calls" in message else "stop"}
    return Raw(
        {
            "id": "c",
            "object": "chat.completion",
            "created": 0,
            "model": "m",
            "choices": [{**choice, "message": message}],
        }
    )


def strict_turn(
    world: SyntheticWorld, name: str, arguments: dict[str, Any], *, strict: Any = True
) -> tuple[Any, OpenAIServer]:
    """One turn of a strict model through the real ``openai`` client and a scripted server: it
    calls ``name`` with ``arguments`` (JSON), the world answers; the answer and the server."""
    call = {"id": "c1", "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}
    with OpenAIServer(completion({"role": "assistant", "content": None, "tool_calls": [call]})) as server:
        client = openai.OpenAI(base_url=server.url, api_key="test-key", max_retries=0)
        tools: Any = world.to_openai(strict=strict)
        messages: Any = [{"role": "user", "content": "go"}]
        reply = client.chat.completions.create(model="m", messages=messages, tools=tools)
        [answer] = world.handle_openai(reply.choices[0].message)
    return answer, server


def test_strict_is_automatic_only_where_the_api_takes_it() -> None:
    world = world_of({**REFUSED, **UNDOCUMENTED, **TAKEN})
    sent = {tool["name"]: tool["strict"] for tool in world.to_openai(api="responses")}
    assert sent == {name: name in TAKEN for name in [*REFUSED, *UNDOCUMENTED, *TAKEN]}
    chat = {tool["function"]["name"]: tool["function"].get("strict") for tool in world.to_openai()}
    assert chat == {name: True if name in TAKEN else None for name in chat}
    agents = {tool.name: tool.strict_json_schema for tool in world.to_openai_agents()}
    assert agents == {name: name in TAKEN for name in agents}
    assert [fits_strict(schema) for schema in TAKEN.values()] == [True, True]


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        (
            "one_of",
            "$.properties.v: oneOf is not supported (use anyOf, or make the branches exclusive "
            "(different types, or a property each requires with its own const), which strict=True "
            "sends as an anyOf)",
        ),
        ("all_of", "$.properties.v: allOf is not supported (merge the parts into one schema)"),
        ("negation", "$.properties.v: not is not supported (drop it)"),
        ("any_value", "$.properties.v: a schema needs a type (strict mode has no 'any value')"),
        ("any_items", "$.properties.v.items: a schema needs a type (strict mode has no 'any value')"),
        ("depends", "$: dependentRequired is not supported (drop it)"),
    ],
)
def test_strict_true_names_what_the_api_refuses(name: str, problem: str) -> None:
    assert strict_problems(REFUSED[name]) == [problem]
    with pytest.raises(ToolSpecError) as info:
        world_of({name: REFUSED[name]}).to_openai(strict=True)
    assert info.value.problems == [problem]
    with pytest.raises(ToolSpecError, match="cannot use OpenAI strict mode"):
        world_of({name: REFUSED[name]}).to_openai_agents(strict=True)


def test_the_root_must_be_one_object() -> None:
    assert strict_problems({"anyOf": [closed(a=STRING), closed(b=STRING)]}) == [
        "$: the root must be an object schema (type: object)"
    ]
    assert strict_problems({**closed(a=STRING), "anyOf": [closed(a=STRING)]}) == [
        "$: the root must not be an anyOf; make it one object schema"
    ]


def test_a_chat_completions_loop_with_the_openai_client() -> None:
    world = world_of(TAKEN)
    calls = [
        {"id": "call_1", "type": "function", "function": {"name": "nullable", "arguments": '{"v": null}'}},
        {"id": "call_2", "type": "function", "function": {"name": "refs", "arguments": '{"v": {"n": -1}}'}},
    ]
    done = completion({"role": "assistant", "content": "done"})
    with OpenAIServer(
        completion({"role": "assistant", "content": None, "tool_calls": calls}), done
    ) as server:
        client = openai.OpenAI(base_url=server.url, api_key="test-key", max_retries=0)
        messages: list[Any] = [{"role": "user", "content": "go"}]
        tools: Any = world.to_openai()  # plain dicts, as the API takes them
        first = client.chat.completions.create(model="m", messages=messages, tools=tools)
        replies = world.handle_openai(first.choices[0].message)
        messages += [first.choices[0].message, *replies]
        second = client.chat.completions.create(model="m", messages=messages, tools=tools)
    assert second.choices[0].message.content == "done"
    assert server.received[0].body["tools"] == world.to_openai()
    assert [tool["function"]["strict"] for tool in server.received[0].body["tools"]] == [True, True]
    answer = world.call("nullable", {"v": None})
    sent = [m for m in server.received[1].body["messages"] if m["role"] == "tool"]
    assert sent[0] == {"role": "tool", "tool_call_id": "call_1", "content": json.dumps(answer)}
    error = json.loads(sent[1]["content"])["error"]
    assert (sent[1]["tool_call_id"], error["code"]) == ("call_2", "invalid_input")
    assert error["problems"] == ["$.v.n: -1 is less than the minimum of 0"]


OPTIONAL = {"type": "object", "properties": {"a": STRING, "n": {"type": "integer"}}, "required": ["n"]}
OPEN_MAP = {"type": "object", "properties": {"m": {"type": "object", "additionalProperties": STRING}}}


def test_strict_auto_sends_the_strict_form_where_a_tool_has_one_and_the_rest_as_they_are() -> None:
    """A world of many tools, one with an open map: strict=True refuses the world (naming the
    way out), strict="auto" makes every other tool strict, through the real client."""
    world = world_of({"optional": OPTIONAL, "open_map": OPEN_MAP})
    with pytest.raises(ToolSpecError, match="pass strict='auto' to send each tool's strict form where"):
        world.to_openai(strict=True)
    chat = {tool["function"]["name"]: tool["function"] for tool in world.to_openai(strict="auto")}
    assert chat["optional"] == world.tools["optional"].to_openai(strict=True)["function"]
    assert (chat["optional"]["strict"], chat["optional"]["parameters"]["required"]) == (True, ["n", "a"])
    assert chat["open_map"] == {**world.tools["open_map"].to_openai()["function"], "strict": False}
    flags = {tool["name"]: tool["strict"] for tool in world.to_openai(api="responses", strict="auto")}
    assert flags == {"optional": True, "open_map": False}
    agents = {tool.name: tool.strict_json_schema for tool in world.to_openai_agents(strict="auto")}
    assert agents == {"optional": True, "open_map": False}
    answer, server = strict_turn(world, "optional", {"a": None, "n": 3}, strict="auto")
    assert server.received[0].body["tools"] == world.to_openai(strict="auto")
    assert answer["content"] == json.dumps(world.call("optional", {"n": 3}))


@pytest.mark.parametrize("strict", ["yes", 1, 0, "True"])
def test_a_strict_value_that_is_no_mode_is_refused_with_the_modes(strict: Any) -> None:
    world = world_of({"optional": OPTIONAL})
    with pytest.raises(ValueError, match=r"strict=.*; choose True .*'auto'.*None .* or False"):
        world.to_openai(strict=strict)
    with pytest.raises(ValueError, match=r"choose True"):
        world.to_openai_agents(strict=strict)
