"""world.to_langchain() and world.stub() with LangChain's fake chat model and tool-call path."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.tools import BaseTool, StructuredTool, tool
from langchain_core.utils.function_calling import convert_to_openai_tool

from synthworld import SyntheticWorld, ToolSpec

ORDER = {
    "type": "object",
    "properties": {
        "order_id": {"type": "string"},
        "total": {"type": "number", "minimum": 0},
        "status": {"enum": ["open", "shipped"]},
    },
    "required": ["order_id", "total", "status"],
    "additionalProperties": False,
}
GET_ORDER = ToolSpec(
    "get_order",
    "Fetch an order.",
    {
        "type": "object",
        "properties": {
            "order_id": {"type": "string", "description": "The order id."},
            "expand": {"type": "array", "items": {"type": "string"}, "maxItems": 3},
        },
        "required": ["order_id"],
        "additionalProperties": False,
    },
    ORDER,
)


class ToolCallingFakeModel(GenericFakeChatModel):
    """LangChain's fake chat model, with ``bind_tools`` converting tools as real chat models do."""

    bound: list[dict[str, Any]] = []  # noqa: RUF012 - a pydantic field: each model gets its own list

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ToolCallingFakeModel:
        self.bound = [convert_to_openai_tool(t) for t in tools]
        return self


def make_world() -> SyntheticWorld:
    world = SyntheticWorld(seed=5)
    world.register_tool(GET_ORDER)
    world.script("get_order", error={"code": "not_found", "message": "no order X9"}, when={"order_id": "X9"})
    return world


def run_agent(
    world: SyntheticWorld, replies: list[AIMessage]
) -> tuple[ToolCallingFakeModel, list[BaseMessage]]:
    """The usual tool loop: ask the model, run each tool call it makes, until it answers in text."""
    tools: dict[str, BaseTool] = {t.name: t for t in world.to_langchain()}
    model = ToolCallingFakeModel(messages=iter(replies)).bind_tools(list(tools.values()))
    messages: list[BaseMessage] = [HumanMessage("go")]
    while True:
        reply = model.invoke(messages)
        messages.append(reply)
        if not isinstance(reply, AIMessage) or not reply.tool_calls:
            return model, messages
        messages += [tools[call["name"]].invoke(call) for call in reply.tool_calls]


def calling(*calls: tuple[str, dict[str, Any]]) -> AIMessage:
    return AIMessage("", tool_calls=[{"name": n, "args": a, "id": f"c{i}"} for i, (n, a) in enumerate(calls)])


def test_the_tools_carry_the_exact_schema() -> None:
    [order_tool] = make_world().to_langchain()
    assert isinstance(order_tool, StructuredTool)
    assert order_tool.name == "get_order"
    assert order_tool.description == "Fetch an order."
    assert order_tool.args_schema == GET_ORDER.parameters


def test_a_fake_chat_model_drives_a_round_trip_and_sees_the_exact_schema() -> None:
    world = make_world()
    model, messages = run_agent(world, [calling(("get_order", {"order_id": "A1"})), AIMessage("done")])
    assert model.bound == [
        {
            "type": "function",
            "function": {
                "name": "get_order",
                "description": "Fetch an order.",
                "parameters": GET_ORDER.parameters,
            },
        }
    ]
    reply = messages[2]
    assert isinstance(reply, ToolMessage)
    expected = make_world().call("get_order", {"order_id": "A1"})
    assert json.loads(reply.content) == expected  # type: ignore[arg-type]
    assert reply.artifact == expected
    assert reply.status == "success"
    assert reply.tool_call_id == "c0"
    assert messages[-1].content == "done"


def test_invalid_arguments_and_simulated_failures_become_error_messages() -> None:
    world = make_world()
    bad = calling(("get_order", {"order_id": 1, "colour": "red"}), ("get_order", {"order_id": "X9"}))
    _, messages = run_agent(world, [bad, AIMessage("sorry")])
    invalid, missing = messages[2], messages[3]
    assert isinstance(invalid, ToolMessage)
    assert isinstance(missing, ToolMessage)
    assert invalid.status == missing.status == "error"
    problems = json.loads(invalid.content)["error"]["problems"]  # type: ignore[arg-type]
    assert problems == [
        "unexpected parameter 'colour' (valid parameters: order_id, expand)",
        "$.order_id: 1 is not of type 'string'",
    ]
    assert json.loads(missing.content) == {"error": {"code": "not_found", "message": "no order X9"}}  # type: ignore[arg-type]
    assert messages[-1].content == "sorry"
    assert [c.error["code"] for c in world.trace] == ["invalid_input", "not_found"]  # type: ignore[index]


def test_async_tool_calls() -> None:
    world = make_world()
    [order_tool] = world.to_langchain()
    call = {
        "name": "get_order",
        "args": {"order_id": "B2", "expand": ["items"]},
        "id": "x",
        "type": "tool_call",
    }
    reply = asyncio.run(order_tool.ainvoke(call))
    assert reply.artifact == make_world().call("get_order", {"order_id": "B2", "expand": ["items"]})
    failed = asyncio.run(order_tool.ainvoke({**call, "args": {"order_id": "X9"}}))
    assert failed.status == "error"


def test_langchain_tool_of_a_stub_by_name_sees_its_parameters() -> None:
    world = make_world()
    order_tool = tool(world.stub("get_order"))
    assert order_tool.name == "get_order"
    schema = order_tool.tool_call_schema.model_json_schema()  # type: ignore[union-attr]
    assert list(schema["properties"]) == ["order_id", "expand"]
    assert schema["required"] == ["order_id"]
    answer = order_tool.invoke({"order_id": "A1"})
    assert answer == make_world().call("get_order", {"order_id": "A1"})


def test_parameters_langchain_reserves_reach_the_world() -> None:
    names = ["config", "run_manager", "callbacks", "self", "X-Request-Id"]
    parameters = {"type": "object", "properties": {n: {"type": "string"} for n in names}, "required": names}
    world = SyntheticWorld(seed=2)
    world.register_tool(ToolSpec("configure", "Apply a config.", parameters, {"type": "boolean"}))
    [configure] = world.to_langchain()
    arguments = {n: n.upper() for n in names}
    call = {"name": "configure", "args": arguments, "id": "c1", "type": "tool_call"}
    replies = [configure.invoke(call), asyncio.run(configure.ainvoke(call))]
    assert [r.status for r in replies] == ["success", "success"]
    assert [c.input for c in world.trace] == [arguments, arguments]


def test_langchain_tool_of_a_stub_whose_parameters_are_no_identifiers() -> None:
    """Before, ``tool(stub)`` failed with KeyError 'arguments' on such a stub."""
    world = SyntheticWorld(seed=2)
    parameters = {
        "type": "object",
        "properties": {"user-id": {"type": "string"}, "$filter": {"type": "string"}},
        "required": ["user-id"],
    }
    world.register_tool(
        ToolSpec("find", "Find users.", parameters, {"type": "array", "items": {"type": "string"}})
    )
    found = tool(world.stub("find"))
    assert list(found.tool_call_schema.model_json_schema()["properties"]) == ["user_id", "filter"]  # type: ignore[union-attr]
    call = {"name": "find", "args": {"user_id": "u1"}, "id": "call_1", "type": "tool_call"}
    reply = found.invoke(call)
    assert world.trace[0].input == {"user-id": "u1"}
    assert reply.content == world.trace[0].output == world.call("find", {"user-id": "u1"})
