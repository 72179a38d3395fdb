"""world.to_pydantic_ai() and world.stub() with pydantic-ai's own offline models."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

import pytest
from pydantic_ai import Agent, Tool, UnexpectedModelBehavior
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.test import TestModel

from synthworld import SyntheticWorld, ToolSpec

USER = {
    "type": "object",
    "properties": {"login": {"type": "string"}, "age": {"type": "integer", "minimum": 0}},
    "required": ["login", "age"],
    "additionalProperties": False,
}
GET_USER = ToolSpec(
    "get_user",
    "Fetch a user by id.",
    {
        "type": "object",
        "properties": {"user_id": {"type": "string", "description": "The id."}},
        "required": ["user_id"],
        "additionalProperties": False,
    },
    USER,
)
SEARCH = ToolSpec(
    "search_users",
    "Search users by name.",
    {
        "type": "object",
        "properties": {
            "query": {"type": "string"},
            "limit": {"type": "integer", "minimum": 1, "maximum": 5, "default": 3},
            "roles": {"type": "array", "items": {"enum": ["admin", "member"]}},
        },
        "required": ["query"],
    },
    {"type": "array", "items": USER, "maxItems": 5},
)


def run(agent: Agent[Any, Any], prompt: str) -> Any:
    """Run `agent` to the end in a fresh event loop (``run_sync`` leaves its loop open)."""
    return asyncio.run(agent.run(prompt))


def make_world(**options: Any) -> SyntheticWorld:
    world = SyntheticWorld(seed=11, **options)
    world.register_tool(GET_USER)
    world.register_tool(SEARCH)
    world.script("get_user", error="not_found", when={"user_id": "u404"})
    return world


def scripted(calls: list[ToolCallPart], seen: list[list[Any]]) -> FunctionModel:
    """A model that makes `calls` one per turn, then says "done"; `seen` gets each request's parts."""
    remaining = list(calls)

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        last = messages[-1]
        seen.append(list(last.parts) if isinstance(last, ModelRequest) else [])
        return ModelResponse(parts=[remaining.pop(0)] if remaining else [TextPart("done")])

    return FunctionModel(respond)


def test_the_tools_carry_the_exact_schemas() -> None:
    world = make_world()
    tools = world.to_pydantic_ai()
    assert all(isinstance(t, Tool) for t in tools)
    assert [t.tool_def.name for t in tools] == ["get_user", "search_users"]
    assert [t.tool_def.description for t in tools] == ["Fetch a user by id.", "Search users by name."]
    assert [t.tool_def.parameters_json_schema for t in tools] == [GET_USER.parameters, SEARCH.parameters]


def test_the_model_is_offered_the_exact_schemas_and_test_model_calls_every_tool() -> None:
    world = make_world()
    model = TestModel(seed=0)
    result = run(Agent(model, tools=world.to_pydantic_ai()), "find people")
    offered = model.last_model_request_parameters.function_tools  # type: ignore[union-attr]
    assert {t.name: t.parameters_json_schema for t in offered} == {
        "get_user": GET_USER.parameters,
        "search_users": SEARCH.parameters,
    }
    # TestModel draws arguments from the schemas; the world answered each tool once
    called = {call.tool: call for call in world.trace}
    assert set(called) == {"get_user", "search_users"}
    answers = json.loads(result.output)
    for name, call in called.items():
        if call.error is None:
            assert answers[name] == call.output


def test_a_round_trip_gives_the_model_the_worlds_answer() -> None:
    world, seen = make_world(), []
    model = scripted([ToolCallPart("get_user", {"user_id": "u1"}, tool_call_id="c1")], seen)
    assert run(Agent(model, tools=world.to_pydantic_ai()), "who is u1?").output == "done"
    [returned] = seen[1]
    assert isinstance(returned, ToolReturnPart)
    assert returned.tool_call_id == "c1"
    assert returned.content == make_world().call("get_user", {"user_id": "u1"})
    assert world.trace[0].input == {"user_id": "u1"}


def test_invalid_arguments_come_back_as_a_retry_prompt_listing_the_problems() -> None:
    world, seen = make_world(), []
    calls = [
        ToolCallPart("get_user", {"user_id": 7}, tool_call_id="bad"),
        ToolCallPart("get_user", '{"user_id": "u2"}', tool_call_id="good"),
    ]
    result = run(Agent(scripted(calls, seen), tools=world.to_pydantic_ai()), "who is u2?")
    assert result.output == "done"
    [retry] = seen[1]
    assert retry.tool_call_id == "bad"
    assert retry.outcome == "retried"
    assert retry.content == (
        "invalid input for tool 'get_user': $.user_id: 7 is not of type 'string'. "
        "Parameters: user_id (string, required)."
    )
    [answer] = seen[2]
    assert answer.outcome == "success"
    assert answer.content == world.trace[1].output
    assert [c.error is None for c in world.trace] == [False, True]


def test_arguments_that_are_no_object_come_back_as_a_retry_prompt_not_a_crash() -> None:
    world, seen = make_world(), []
    sent = ["[1, 2]", '"u2"', "null"]  # JSON, but no object: f(**value) would crash the run
    calls = [ToolCallPart("get_user", args, tool_call_id=f"bad{n}") for n, args in enumerate(sent)]
    calls.append(ToolCallPart("get_user", '{"user_id": "u2"}', tool_call_id="good"))
    agent = Agent(scripted(calls, seen), tools=world.to_pydantic_ai(max_retries=3))
    assert run(agent, "u2?").output == "done"
    assert [part.outcome for [part] in seen[1:5]] == ["retried", "retried", "retried", "success"]
    assert [[error["type"] for error in part.content] for [part] in seen[1:4]] == [["dict_type"]] * 3
    assert [call.input for call in world.trace] == [{"user_id": "u2"}]


def test_max_retries_lets_a_tool_forgive_several_invalid_calls() -> None:
    world, seen = make_world(), []
    calls = [ToolCallPart("get_user", {"user_id": n}, tool_call_id=f"bad{n}") for n in range(3)]
    calls.append(ToolCallPart("get_user", {"user_id": "u3"}, tool_call_id="good"))
    tools = world.to_pydantic_ai(max_retries=3)
    assert run(Agent(scripted(calls, seen), tools=tools), "u3?").output == "done"
    assert [part.outcome for [part] in seen[1:5]] == ["retried", "retried", "retried", "success"]
    with pytest.raises(UnexpectedModelBehavior, match="exceeded max retries count of 1"):
        run(Agent(scripted(calls, []), tools=make_world().to_pydantic_ai()), "u3?")


def test_a_simulated_failure_is_a_failed_tool_result_not_a_crash() -> None:
    world, seen = make_world(), []
    calls = [ToolCallPart("get_user", {"user_id": "u404"}, tool_call_id="gone")]
    assert run(Agent(scripted(calls, seen), tools=world.to_pydantic_ai()), "u404?").output == "done"
    [failed] = seen[1]
    assert failed.outcome == "failed"
    assert failed.content == "not_found: not found"
    assert world.trace[0].error == {"code": "not_found", "message": "not found"}


def test_runs_async_end_to_end() -> None:
    world, seen = make_world(), []
    calls = [ToolCallPart("search_users", {"query": "ann", "limit": 2}, tool_call_id="s")]

    async def main() -> str:
        agent = Agent(scripted(calls, seen), tools=world.to_pydantic_ai())
        return str((await agent.run("find ann")).output)

    assert asyncio.run(main()) == "done"
    assert seen[1][0].content == make_world().call("search_users", {"query": "ann", "limit": 2})


def test_a_stub_by_name_shows_its_real_parameters_to_pydantic_ai() -> None:
    world = make_world()
    model = TestModel(seed=0)
    run(Agent(model, tools=[world.stub("search_users")]), "search")
    [offered] = model.last_model_request_parameters.function_tools  # type: ignore[union-attr]
    schema = offered.parameters_json_schema
    assert list(schema["properties"]) == ["query", "limit", "roles"]
    assert "additionalProperty" not in json.dumps(schema)
    assert schema["required"] == ["query"]
    assert schema["properties"]["limit"]["default"] == 3
    assert schema["properties"]["roles"]["anyOf"][0] == {
        "items": {"enum": ["admin", "member"], "type": "string"},
        "type": "array",
    }
    [call] = world.trace
    assert call.error is None
    assert call.input["limit"] == 3
    assert "roles" not in call.input


@pytest.mark.parametrize(
    ("module", "package", "method"),
    [
        ("pydantic_ai", "pydantic-ai-slim", "to_pydantic_ai"),
        ("langchain_core.tools", "langchain-core", "to_langchain"),
        ("agents", "openai-agents", "to_openai_agents"),
    ],
)
def test_a_missing_framework_names_the_extra_to_install(
    module: str, package: str, method: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # importing it now raises ImportError
    with pytest.raises(ImportError) as info:
        getattr(make_world(), method)()
    assert str(info.value) == (
        f"{method}() needs the {package!r} package; install it with "
        f"pip install 'synthworld[frameworks]' (or pip install {package})"
    )


def test_testmodel_calls_tools_whose_parameters_are_unions() -> None:
    """A stub's ``int | str`` and ``str | None`` are type lists, which TestModel cannot read: the
    tools pydantic-ai sees spell them as anyOf, as pydantic does."""
    world = SyntheticWorld(seed=1)

    @world.tool
    def find(key: int | str, note: str | None, limit: int | None = None) -> list[int]:
        """Find things."""

    (tool,) = world.to_pydantic_ai()
    assert tool.function_schema.json_schema["properties"]["note"] == {
        "anyOf": [{"type": "string"}, {"type": "null"}]
    }
    assert world.tools["find"].parameters["properties"]["note"] == {"type": ["string", "null"]}  # unchanged
    result = run(Agent(TestModel(), tools=[tool]), "find it")
    assert [call.tool for call in world.trace] == ["find"]
    assert world.trace[0].error is None
    assert json.loads(result.output) == {"find": world.trace[0].output}
