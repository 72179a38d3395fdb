"""A cassette recorded through a framework's agent loop replays to the model the very text it read
while recording (pydantic-ai, the OpenAI Agents SDK and LangChain, each with its offline model)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from agents import Agent as SdkAgent
from agents import ModelResponse as SdkResponse
from agents import RunConfig, Runner, Usage
from agents.models.interface import Model
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from synthworld import FixtureBackend, RandomBackend, SyntheticWorld, ToolSpec

ADDRESS = {
    "type": "object",
    "properties": {"street": {"type": "string"}, "city": {"type": "string"}},
    "required": ["street", "city"],
}
CUSTOMER = {  # keys out of alphabetical order, as a pydantic model writes its fields
    "type": "object",
    "properties": {"name": {"type": "string"}, "address": ADDRESS, "id": {"type": "string"}},
    "required": ["name", "address", "id"],
}
GET_CUSTOMER = ToolSpec(
    "get_customer",
    "Fetch a customer.",
    {"type": "object", "properties": {"customer_id": {"type": "string"}}, "required": ["customer_id"]},
    CUSTOMER,
)
CALLS = [{"customer_id": "c1"}, {"customer_id": "c2"}]

Loop = Callable[[SyntheticWorld], list[str]]


def pydantic_ai_loop(world: SyntheticWorld) -> list[str]:
    read: list[str] = []

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if len(messages) == 1:
            return ModelResponse(
                parts=[ToolCallPart("get_customer", c, tool_call_id=f"c{i}") for i, c in enumerate(CALLS)]
            )
        read.extend(p.model_response_str() for p in messages[-1].parts if isinstance(p, ToolReturnPart))
        return ModelResponse(parts=[TextPart("done")])

    asyncio.run(Agent(FunctionModel(respond), tools=world.to_pydantic_ai()).run("who?"))
    return read


class ScriptedModel(Model):
    """Calls the tool for every input in CALLS, then notes the outputs it is sent and stops."""

    def __init__(self) -> None:
        self.read: list[str] = []
        self.turns = 0

    async def get_response(
        self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any
    ) -> SdkResponse:
        self.turns += 1
        if self.turns == 1:
            calls = [
                ResponseFunctionToolCall(
                    type="function_call", call_id=f"c{i}", name="get_customer", arguments=json.dumps(c)
                )
                for i, c in enumerate(CALLS)
            ]
            return SdkResponse(output=list(calls), usage=Usage(), response_id=None)
        self.read += [
            i["output"] for i in input if isinstance(i, dict) and i.get("type") == "function_call_output"
        ]
        text = ResponseOutputText(type="output_text", text="done", annotations=[])
        done = ResponseOutputMessage(
            id="m", type="message", role="assistant", status="completed", content=[text]
        )
        return SdkResponse(output=[done], usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        raise NotImplementedError("the scripted model does not stream")


def agents_sdk_loop(world: SyntheticWorld) -> list[str]:
    model = ScriptedModel()
    agent = SdkAgent(name="support", instructions="Help.", tools=world.to_openai_agents(), model=model)
    asyncio.run(Runner.run(agent, "who?", run_config=RunConfig(tracing_disabled=True)))
    return model.read


def langchain_loop(world: SyntheticWorld) -> list[str]:
    tools = {t.name: t for t in world.to_langchain()}
    calls = [
        {"name": "get_customer", "args": c, "id": f"c{i}", "type": "tool_call"} for i, c in enumerate(CALLS)
    ]
    model = GenericFakeChatModel(
        messages=iter([AIMessage(content="", tool_calls=calls), AIMessage(content="done")])
    )
    messages: list[BaseMessage] = [HumanMessage("who?")]
    while (reply := model.invoke(messages)).tool_calls:
        messages += [reply, *(tools[call["name"]].invoke(call) for call in reply.tool_calls)]
    return [str(m.content) for m in messages if m.type == "tool"]


def world_on(backend: FixtureBackend, seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed, backend=backend)
    world.register_tool(GET_CUSTOMER)
    return world


@pytest.mark.parametrize(
    "loop", [pydantic_ai_loop, agents_sdk_loop, langchain_loop], ids=lambda f: f.__name__
)
@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_a_replay_gives_the_model_the_text_it_read_while_recording(
    loop: Loop, suffix: str, tmp_path: Path
) -> None:
    path = tmp_path / f"customers{suffix}"
    with world_on(FixtureBackend(path, mode="once", fallback=RandomBackend()), seed=1) as world:
        recorded = loop(world)
    with world_on(
        FixtureBackend(path, mode="none"), seed=2
    ) as world:  # another seed: only the cassette answers
        replayed = loop(world)
    assert [list(json.loads(text)) for text in recorded] == [["name", "address", "id"]] * 2
    assert replayed == recorded
