"""A stub handed to a framework directly reports the world's failures to the model, not as a crash.

pydantic-ai (``Agent(tools=[stub])``): bad arguments are a retry prompt, a simulated failure a
failed tool result. LangChain (``tool(stub)`` with ``handle_tool_error``): an error ToolMessage.
Agents SDK (``function_tool(stub, failure_error_function=openai_agents_failure)``): the same
``{"error": ...}`` text `to_openai_agents` sends. The trace records every failure.
"""

from __future__ import annotations

import asyncio
import json
import pickle
from typing import Any

import pytest
from agents import Agent as SdkAgent
from agents import RunConfig, Runner, function_tool
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.tools import ToolException, tool
from pydantic_ai import Agent, ModelRetry, ToolFailed
from pydantic_ai.messages import ToolCallPart
from test_frameworks_agents_sdk import ScriptedModel, tool_outputs
from test_frameworks_pydantic_ai import scripted

from synthworld import SyntheticWorld, ToolError, ToolInputError, ToolSpec
from synthworld.frameworks import openai_agents_failure

GET_USER = ToolSpec(
    "get_user",
    "Fetch a user by id.",
    {
        "type": "object",
        "properties": {"user_id": {"type": "string", "pattern": "^u[0-9]+$"}},
        "required": ["user_id"],
    },
    {"type": "object", "properties": {"login": {"type": "string"}}, "required": ["login"]},
)
MISSING = {"code": "not_found", "message": "no user u404"}


def make_world() -> SyntheticWorld:
    world = SyntheticWorld(seed=3)
    world.register_tool(GET_USER)
    world.script("get_user", error=MISSING, when={"user_id": "u404"})
    world.add_faults([{"tool": "get_user", "when": {"user_id": "u503"}, "error": "unavailable"}])
    return world


def calls_of(*user_ids: str) -> list[ToolCallPart]:
    return [ToolCallPart("get_user", {"user_id": u}, tool_call_id=f"c{i}") for i, u in enumerate(user_ids)]


@pytest.mark.parametrize("make_stub", [SyntheticWorld.stub, SyntheticWorld.astub])
def test_pydantic_ai_sees_a_stubs_failures_as_failed_results_and_bad_arguments_as_retries(
    make_stub: Any,
) -> None:
    world, seen = make_world(), []
    stub = make_stub(world, "get_user")
    agent = Agent(scripted(calls_of("u404", "u503", "bob", "u1"), seen), tools=[stub])
    assert asyncio.run(agent.run("who?")).output == "done"
    [scripted_error], [fault], [refused], [answer] = seen[1:5]
    assert (scripted_error.outcome, scripted_error.content) == ("failed", "no user u404")
    assert fault.outcome == "failed"
    assert fault.content == "the service is temporarily unavailable"
    assert refused.outcome == "retried"
    assert refused.content.startswith("invalid input for tool 'get_user': $.user_id: 'bob' does not match")
    assert answer.outcome == "success"
    unavailable = {"code": "unavailable", "message": fault.content, "fault": True}
    assert [c.error for c in world.trace[:2]] == [MISSING, unavailable]


def test_a_stubs_failure_stays_the_same_tool_error_for_code_that_catches_it() -> None:
    world = make_world()
    with pytest.raises(ToolError) as caught:
        world.stub("get_user")("u404")
    error = caught.value
    assert isinstance(error, ToolFailed)
    assert isinstance(error, ToolException)
    assert (type(error).__name__, error.code, error.message, str(error)) == (
        "ToolError",
        "not_found",
        "no user u404",
        "not_found: no user u404",
    )
    assert error == error
    assert error != ToolError("not_found", "no user u404")
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is ToolError
    assert copy.to_dict() == MISSING
    with pytest.raises(ToolInputError) as refused:
        world.stub("get_user")("bob")
    assert isinstance(refused.value, ModelRetry)
    assert refused.value.message == str(refused.value)


def test_langchain_tool_of_a_stub_gives_the_model_an_error_message() -> None:
    world = make_world()
    lookup = tool(world.stub("get_user"))
    lookup.handle_tool_error = True  # LangChain's switch for showing a ToolException to the model
    calls = [{"name": "get_user", "args": {"user_id": u}, "id": u} for u in ("u404", "bob", "u1")]
    model = GenericFakeChatModel(messages=iter([AIMessage("", tool_calls=calls), AIMessage("Sorry.")]))
    messages: list[BaseMessage] = [HumanMessage("who?")]
    messages.append(model.invoke(messages))
    messages += [lookup.invoke({**call, "type": "tool_call"}) for call in calls]
    assert model.invoke(messages).content == "Sorry."
    missing, refused, answer = messages[2:]
    assert isinstance(missing, ToolMessage)
    assert isinstance(refused, ToolMessage)
    assert (missing.status, missing.content) == ("error", "not_found: no user u404")
    assert refused.status == "error"
    assert "'bob' does not match" in str(refused.content)
    assert answer.status == "success"
    assert world.trace[0].error == MISSING


def test_function_tool_of_a_stub_sends_the_error_text_to_openai_agents_failure_error_function() -> None:
    world = make_world()
    lookup = function_tool(world.stub("get_user"), failure_error_function=openai_agents_failure)
    arguments = [json.dumps({"user_id": u}) for u in ("u404", "bob")]
    model = ScriptedModel([[("get_user", a) for a in arguments], "Sorry."])
    agent = SdkAgent(name="support", instructions="Help.", tools=[lookup], model=model)
    result = asyncio.run(Runner.run(agent, "who?", run_config=RunConfig(tracing_disabled=True)))
    assert result.final_output == "Sorry."
    outputs = {k: json.loads(v) for k, v in tool_outputs(model, 1).items()}
    assert outputs["call_0"] == {"error": MISSING}
    assert outputs["call_1"]["error"]["code"] == "invalid_input"
    assert outputs["call_1"]["error"]["problems"] == ["$.user_id: 'bob' does not match '^u[0-9]+$'"]
    assert world.trace[0].error == MISSING
