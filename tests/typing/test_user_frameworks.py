"""A world's tools handed to agent frameworks as a user writes it, checked by ``mypy`` (strict) and
run by pytest: a typed stub (a `ToolStub`) goes where each framework takes a function.
"""

# mypy: warn-unused-ignores

from __future__ import annotations

import asyncio
from typing import Any

from agents import FunctionTool, function_tool
from langchain_core.tools import BaseTool, tool
from pydantic_ai import Agent
from pydantic_ai.models.test import TestModel
from typing_extensions import assert_type

from synthworld import SyntheticWorld, ToolStub
from synthworld.frameworks import openai_agents_failure, to_langchain, to_openai_agents, to_pydantic_ai

world = SyntheticWorld(seed=1)


@world.tool
def add(a: int, b: int) -> int:
    """Add two numbers."""
    raise NotImplementedError


@world.tool
async def get_user(user_id: str) -> dict[str, Any]:
    """Fetch a user by id."""
    raise NotImplementedError


def test_pydantic_ai_takes_stubs_and_the_worlds_tools() -> None:
    world.reset()
    agent = Agent(TestModel(), tools=[add, get_user])
    asyncio.run(agent.run("Add two numbers and fetch a user."))
    assert sorted(call.tool for call in world.trace) == ["add", "get_user"]
    tools = asyncio.run(Agent(TestModel(), tools=to_pydantic_ai(world, max_retries=2)).run("Again."))
    assert tools.output
    assert len(world.to_pydantic_ai()) == 2


def test_langchain_takes_a_stub() -> None:
    as_tool = assert_type(tool(add), BaseTool)
    assert as_tool.invoke({"a": 1, "b": 2}) == world.call("add", {"a": 1, "b": 2})
    assert (
        [t.name for t in to_langchain(world)] == [t.name for t in world.to_langchain()] == ["add", "get_user"]
    )


def test_the_agents_sdk_takes_a_stub() -> None:
    lookup = assert_type(world.stub("get_user"), ToolStub[..., Any])
    as_tool = assert_type(function_tool(lookup, failure_error_function=openai_agents_failure), FunctionTool)
    assert as_tool.params_json_schema["required"] == ["user_id"]
    assert function_tool(add).params_json_schema["required"] == ["a", "b"]
    assert [t.name for t in to_openai_agents(world, strict=True)] == ["add", "get_user"]
