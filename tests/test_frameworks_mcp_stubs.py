"""A world twinned from a live MCP server (tests/mcp_servers/zoo.py, written with pydantic models
and enums, so its schemas say ``$ref: "#/$defs/..."``) handed to frameworks through stubs: the
Agents SDK's ``function_tool`` and LangChain's ``tool`` read the stub's signature, which names the
enum's values and the model's fields instead of ``Any``; a scripted model drives a round trip."""

from __future__ import annotations

import asyncio
import json
import typing

import pytest
from agents import Agent, RunConfig, Runner, function_tool
from langchain_core.tools import tool

from synthworld import SyntheticWorld
from tests._mcp_support import ZOO
from tests.test_frameworks_agents_sdk import ScriptedModel, tool_outputs

LIMIT = 60.0
PERSON = {"name": "Ada", "age": 36, "address": {"street": "1 Main St", "zip": "12345"}}


@pytest.fixture(scope="module")
def world() -> typing.Iterator[SyntheticWorld]:
    with SyntheticWorld.from_mcp(ZOO, seed=5, timeout=LIMIT) as twin:
        yield twin


def test_a_stub_names_what_a_ref_refers_to(world: SyntheticWorld) -> None:
    hints = typing.get_type_hints(world.stub("paint"))
    assert hints["color"] == typing.Literal["red", "green"]
    address = typing.get_type_hints(world.stub("make_person"))["address"]
    assert typing.get_type_hints(address) == {"street": str, "zip": str}


def test_function_tool_of_the_stubs_sees_the_enum_and_the_model(world: SyntheticWorld) -> None:
    paint, person = function_tool(world.stub("paint")), function_tool(world.stub("make_person"))
    assert paint.params_json_schema["properties"]["color"]["enum"] == ["red", "green"]
    address = person.params_json_schema["properties"]["address"]
    assert address["properties"].keys() == {"street", "zip"}
    assert address["required"] == ["street", "zip"]
    calls = [("paint", '{"color": "green", "shade": "dark"}'), ("make_person", json.dumps(PERSON))]
    model = ScriptedModel([calls, "Done."])
    agent = Agent(name="zoo", tools=[paint, person], model=model)
    asyncio.run(Runner.run(agent, "go", run_config=RunConfig(tracing_disabled=True)))
    made = world.trace[-2:]
    assert made[0].input == {"color": "green", "shade": "dark"}
    assert {key: made[1].input[key] for key in PERSON} == PERSON
    assert tool_outputs(model, 1)["call_0"] == str(made[0].output)


def test_langchain_tool_of_a_stub_sees_the_enum(world: SyntheticWorld) -> None:
    painted = tool(world.stub("paint"))
    assert painted.args["color"]["enum"] == ["red", "green"]
    answer = painted.invoke({"color": "red"})
    assert world.trace[-1].input == {"color": "red", "shade": "light"}  # the stub's default, sent
    assert answer == world.trace[-1].output
