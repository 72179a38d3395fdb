"""world.to_openai_agents() and world.stub() with the OpenAI Agents SDK and a scripted Model."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any, NotRequired, TypedDict

import pytest
from agents import Agent, FunctionTool, ModelResponse, RunConfig, Runner, Usage, function_tool
from agents.models.interface import Model
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

from synthworld import SyntheticWorld, SynthworldWarning, ToolSpec

STRING = {"type": "string"}
STRICT = ToolSpec(
    "get_weather",
    "The weather in a city.",
    {
        "type": "object",
        "properties": {"city": {"type": "string"}, "unit": {"enum": ["c", "f"]}},
        "required": ["city", "unit"],
        "additionalProperties": False,
    },
    {
        "type": "object",
        "properties": {"temp": {"type": "integer", "minimum": -40, "maximum": 50}},
        "required": ["temp"],
    },
)
LOOSE = ToolSpec(
    "list_cities",
    "Cities we know, by country.",
    {"type": "object", "properties": {"country": {"type": "string"}, "limit": {"type": "integer"}}},
    {"type": "array", "items": {"type": "string"}, "maxItems": 3},
)


class ScriptedModel(Model):
    """A Model that answers each turn from a script: tool calls, then a final text."""

    def __init__(self, turns: list[list[tuple[str, str]] | str]) -> None:
        self.turns = list(turns)
        self.inputs: list[Any] = []
        self.tools: list[Any] = []

    async def get_response(
        self, system_instructions: Any, input: Any, model_settings: Any, tools: Any, *args: Any, **kwargs: Any
    ) -> ModelResponse:
        self.inputs.append(input)
        self.tools = list(tools)
        turn = self.turns.pop(0)
        if isinstance(turn, str):
            text = ResponseOutputText(type="output_text", text=turn, annotations=[])
            output: list[Any] = [
                ResponseOutputMessage(
                    id="m", type="message", role="assistant", status="completed", content=[text]
                )
            ]
        else:
            output = [
                ResponseFunctionToolCall(
                    type="function_call", call_id=f"call_{i}", name=name, arguments=arguments
                )
                for i, (name, arguments) in enumerate(turn)
            ]
        return ModelResponse(output=output, usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        raise NotImplementedError("the scripted model does not stream")


def make_world() -> SyntheticWorld:
    world = SyntheticWorld(seed=9)
    world.register_tool(STRICT)
    world.register_tool(LOOSE)
    world.script("get_weather", error="rate_limit", when={"city": "Busy"})
    return world


def run(world: SyntheticWorld, model: ScriptedModel) -> Any:
    agent = Agent(name="weather", instructions="Help.", tools=world.to_openai_agents(), model=model)
    return asyncio.run(Runner.run(agent, "weather?", run_config=RunConfig(tracing_disabled=True)))


def tool_outputs(model: ScriptedModel, turn: int) -> dict[str, str]:
    """The ``function_call_output`` items the model was sent at `turn`, by call id."""
    items = [i for i in model.inputs[turn] if isinstance(i, dict) and i.get("type") == "function_call_output"]
    return {item["call_id"]: item["output"] for item in items}


def test_the_tools_carry_the_exact_schemas_strict_when_allowed() -> None:
    tools = make_world().to_openai_agents()
    assert all(isinstance(t, FunctionTool) for t in tools)
    assert [(t.name, t.description) for t in tools] == [
        ("get_weather", "The weather in a city."),
        ("list_cities", "Cities we know, by country."),
    ]
    assert [t.params_json_schema for t in tools] == [STRICT.parameters, LOOSE.parameters]
    assert [t.strict_json_schema for t in tools] == [True, False]
    assert [t.strict_json_schema for t in make_world().to_openai_agents(strict=False)] == [False, False]


def test_a_schema_the_sdk_would_rewrite_is_sent_exactly_and_not_strict() -> None:
    world = SyntheticWorld()
    parameters = {
        "type": "object",
        "properties": {
            "when": {"type": ["string", "null"], "default": None},
            "where": {"$ref": "#/$defs/Place", "description": "The place."},
        },
        "required": ["when", "where"],
        "additionalProperties": False,
        "$defs": {"Place": {"type": "object", "properties": {}, "additionalProperties": False}},
    }
    world.register_tool(ToolSpec("book", "Book.", parameters, {"type": "boolean"}))
    [auto] = world.to_openai_agents()
    assert auto.strict_json_schema is False
    assert auto.params_json_schema == parameters
    [forced] = world.to_openai_agents(strict=True)
    assert forced.strict_json_schema is True
    assert "default" not in forced.params_json_schema["properties"]["when"]  # the SDK's rewrite


def test_strict_true_sends_the_strict_form_and_reads_its_nulls_as_not_given() -> None:
    world = make_world()
    tools = world.to_openai_agents(strict=True)
    assert [t.strict_json_schema for t in tools] == [True, True]
    assert tools[1].params_json_schema == {
        "type": "object",
        "properties": {"country": {"type": ["string", "null"]}, "limit": {"type": ["integer", "null"]}},
        "required": ["country", "limit"],
        "additionalProperties": False,
    }
    model = ScriptedModel([[("list_cities", '{"country": null, "limit": 2}')], "Done."])
    agent = Agent(name="cities", instructions="Help.", tools=tools, model=model)
    asyncio.run(Runner.run(agent, "cities?", run_config=RunConfig(tracing_disabled=True)))
    assert json.loads(tool_outputs(model, 1)["call_0"]) == make_world().call("list_cities", {"limit": 2})
    assert world.trace[0].input == {"limit": 2}


def test_a_scripted_model_drives_a_round_trip() -> None:
    world = make_world()
    model = ScriptedModel([[("get_weather", '{"city": "Oslo", "unit": "c"}')], "It is cold."])
    result = run(world, model)
    assert result.final_output == "It is cold."
    assert [t.params_json_schema for t in model.tools] == [STRICT.parameters, LOOSE.parameters]
    expected = make_world().call("get_weather", {"city": "Oslo", "unit": "c"})
    assert json.loads(tool_outputs(model, 1)["call_0"]) == expected
    assert world.trace[0].output == expected


def test_bad_arguments_and_failures_come_back_as_error_text() -> None:
    world = make_world()
    calls = [
        ("get_weather", '{"city": "Oslo"'),
        ("get_weather", '{"city": "Oslo", "unit": "k"}'),
        ("get_weather", '{"city": "Busy", "unit": "c"}'),
        ("list_cities", ""),
    ]
    model = ScriptedModel([calls, "Sorry."])
    assert run(world, model).final_output == "Sorry."
    outputs = {k: json.loads(v) for k, v in tool_outputs(model, 1).items()}
    assert outputs["call_0"]["error"]["code"] == "invalid_input"
    assert outputs["call_0"]["error"]["problems"][0].startswith("$: not valid JSON: ")
    assert outputs["call_1"]["error"]["problems"] == ["$.unit: 'k' is not one of ['c', 'f']"]
    assert outputs["call_2"] == {"error": {"code": "rate_limit", "message": "rate limit"}}
    assert outputs["call_3"] == make_world().call("list_cities", {})
    # the SDK runs one turn's tool calls concurrently: the order they reach the world varies
    assert sorted(c.tool for c in world.trace) == ["get_weather", "get_weather", "list_cities"]


def test_function_tool_of_a_stub_by_name_sees_its_parameters() -> None:
    world = make_world()
    weather = function_tool(world.stub("get_weather"))
    assert weather.name == "get_weather"
    assert list(weather.params_json_schema["properties"]) == ["city", "unit"]
    assert weather.params_json_schema["properties"]["unit"]["enum"] == ["c", "f"]
    assert weather.params_json_schema["required"] == ["city", "unit"]
    model = ScriptedModel([[("get_weather", '{"city": "Rome", "unit": "f"}')], "Warm."])
    agent = Agent(name="w", tools=[weather], model=model)
    assert (
        asyncio.run(Runner.run(agent, "?", run_config=RunConfig(tracing_disabled=True))).final_output
        == "Warm."
    )
    assert world.trace[0].input == {"city": "Rome", "unit": "f"}


def test_a_name_openai_refuses_warns_as_to_openai_does() -> None:
    world = SyntheticWorld(seed=1)  # a twin of an MCP server keeps its names: "github.create_issue"
    world.register_tool(ToolSpec("github.create_issue", "Open an issue.", {"type": "object"}, {}))
    with pytest.warns(SynthworldWarning, match=r"rename the tool, e\.g\. 'github_create_issue'") as warned:
        [tool] = world.to_openai_agents()
    assert tool.name == "github.create_issue"  # still given as it is
    assert warned[0].filename == __file__


def test_function_tool_of_a_stub_whose_parameters_are_no_identifiers() -> None:
    """Before, ``function_tool`` refused the stub: such names were only reachable through
    ``**arguments``, which strict mode cannot describe."""
    world = SyntheticWorld(seed=2)
    parameters = {
        "type": "object",
        "properties": {
            "user-id": {"type": "string"},
            "$filter": {"type": "string"},
            "from": {"type": "integer"},
        },
        "required": ["user-id"],
    }
    world.register_tool(ToolSpec("find", "Find users.", parameters, {"type": "array", "items": STRING}))
    found = function_tool(world.stub("find"))
    assert found.strict_json_schema is True
    assert found.params_json_schema["required"] == ["user_id", "filter", "from_"]
    model = ScriptedModel([[("find", '{"user_id": "u1", "filter": "a eq 1", "from_": null}')], "Found."])
    agent = Agent(name="users", instructions="Help.", tools=[found], model=model)
    asyncio.run(Runner.run(agent, "find", run_config=RunConfig(tracing_disabled=True)))
    assert world.trace[0].input == {"user-id": "u1", "$filter": "a eq 1"}
    assert tool_outputs(model, 1)["call_0"] == str(world.trace[0].output)  # the SDK's str() of the answer


class Address(TypedDict):
    street: str
    zip: NotRequired[int]


def test_function_tool_of_a_stub_with_a_nested_object_parameter_describes_its_fields() -> None:
    """Before, the stub's signature said ``addr: dict[str, Any]``, which ``function_tool``'s
    strict mode refuses ("additionalProperties should not be set for object types")."""
    world = SyntheticWorld(seed=3)

    @world.tool
    def ship(item: str, addr: Address) -> dict[str, Any]:
        """Ship an item to an address."""

    shipping = function_tool(world.stub("ship"))
    assert shipping.strict_json_schema is True
    addr = shipping.params_json_schema["properties"]["addr"]
    assert addr["properties"].keys() == {"street", "zip"}
    assert addr["properties"]["zip"]["type"] == "integer"
    assert addr["additionalProperties"] is False
    sent = '{"item": "book", "addr": {"street": "Via Roma 1", "zip": 100}}'
    model = ScriptedModel([[("ship", sent)], "Shipped."])
    agent = Agent(name="s", tools=[shipping], model=model)
    asyncio.run(Runner.run(agent, "ship", run_config=RunConfig(tracing_disabled=True)))
    assert world.trace[0].input == json.loads(sent)
    assert tool_outputs(model, 1)["call_0"] == str(world.trace[0].output)
