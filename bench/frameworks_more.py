"""A world handed to agent frameworks and MCP clients that CI does not install, as their users would.

Run: ``python bench/frameworks_more.py [NAME ...]`` in a venv holding synthworld (``pip install -e
'.[mcp]'``) and the frameworks to try (names: see ``CHECKS``; a framework not installed is reported
as such). Each check drives the framework's own agent loop with a scripted model (no API key):
the model calls ``get_user`` three times, for a user the world answers (``u1``), one it fails with
a simulated ``not_found`` (``u404``), and with arguments the schema refuses (``user_id: 7``), then
answers in text. A check passes when the run ends without a crash, the model was shown the
answer, the failure's text and an error for the bad call as tool results, and the world's trace
holds the calls that reached it; it also says which of synthworld's hand-overs it used (a stub,
``to_langchain()``, ``synthworld serve`` over stdio or streamable HTTP: frameworks_more_mcp.py).
Bench results: bench/RESULTS.md, "Stop 43: frameworks beyond the three tested".
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import traceback
from collections.abc import Callable
from typing import Any

from frameworks_more_common import (
    CALLS,
    FIND_USERS,
    adk_model,
    check_results,
    make_world,
    run_async,
)
from frameworks_more_mcp import (
    check_adk_mcp,
    check_agents_sdk_mcp,
    check_langchain_mcp,
    check_pydantic_ai_mcp,
)

from synthworld import SyntheticWorld

# -- LangGraph ------------------------------------------------------------------------------------


def check_langgraph() -> list[str]:
    """``create_react_agent`` (and its ``ToolNode``) over ``to_langchain()`` and over a stub's ``tool()``."""
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, ToolMessage
    from langchain_core.tools import tool
    from langgraph.prebuilt import create_react_agent

    class FakeModel(GenericFakeChatModel):
        def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
            return self

    def run(tools: list[Any], world: SyntheticWorld, *, asynchronous: bool) -> list[str]:
        turns = [
            AIMessage("", tool_calls=[{"name": "get_user", "args": a, "id": f"c{i}"}])
            for i, a in enumerate(CALLS)
        ]
        agent = create_react_agent(FakeModel(messages=iter([*turns, AIMessage("done")])), tools)
        ask = {"messages": [("user", "who is u1?")]}
        state = agent.invoke(ask) if not asynchronous else run_async(agent.ainvoke(ask))
        assert state["messages"][-1].content == "done"
        return [m.content for m in state["messages"] if isinstance(m, ToolMessage)]

    lines = []
    world = make_world()
    lines.append(
        "to_langchain(), invoke: "
        + check_results(run(world.to_langchain(), world, asynchronous=False), world)
    )
    world = make_world()
    lines.append(
        "to_langchain(), ainvoke: "
        + check_results(run(world.to_langchain(), world, asynchronous=True), world)
    )
    world = make_world()
    stub_tool = tool(world.stub("get_user"))
    stub_tool.handle_tool_error = True  # as the README says: LangChain re-raises a ToolException otherwise
    lines.append(
        "tool(world.stub), handle_tool_error: "
        + check_results(run([stub_tool], world, asynchronous=False), world)
    )
    return lines


# -- LlamaIndex -----------------------------------------------------------------------------------


def check_llama_index() -> list[str]:
    """``FunctionTool.from_defaults(fn=stub, async_fn=astub)`` under a ``FunctionAgent``."""
    from llama_index.core.agent.workflow import FunctionAgent
    from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
    from llama_index.core.llms.mock import MockFunctionCallingLLM
    from llama_index.core.tools import FunctionTool

    world = make_world()
    stub = world.stub("get_user")
    made = FunctionTool.from_defaults(fn=stub, async_fn=world.astub("get_user"))
    schema = made.metadata.get_parameters_dict()
    assert schema["properties"]["user_id"]["description"] == "The user's id.", schema
    assert schema["required"] == ["user_id"], schema
    turns = [
        ChatMessage(
            role="assistant",
            blocks=[ToolCallBlock(tool_call_id=f"c{i}", tool_name="get_user", tool_kwargs=a)],
        )
        for i, a in enumerate(CALLS)
    ]
    turns.append(ChatMessage(role="assistant", content="done"))
    seen: list[str] = []

    def respond(messages: Any, **kwargs: Any) -> Any:
        seen[:] = [str(m.content) for m in messages if m.role == MessageRole.TOOL]
        return turns.pop(0)

    agent = FunctionAgent(tools=[made], llm=MockFunctionCallingLLM(response_generator=respond))

    async def go() -> Any:
        return await agent.run(user_msg="who is u1?")

    result = run_async(go())
    assert str(result) == "done", result
    return ["FunctionTool.from_defaults(fn=stub, async_fn=astub): " + check_results(seen, world)]


# -- smolagents -----------------------------------------------------------------------------------


def check_smolagents() -> list[str]:
    """smolagents' ``tool(stub)`` (it reads the stub's docstring Args and type hints) under a
    ``ToolCallingAgent``; each step's result or error reaches the model as the next message."""
    from smolagents import ToolCallingAgent, tool
    from smolagents.models import (
        ChatMessage,
        ChatMessageToolCall,
        ChatMessageToolCallFunction,
        MessageRole,
        Model,
    )

    world = make_world()
    made = tool(world.stub("get_user"))
    assert made.inputs == {"user_id": {"type": "string", "description": "The user's id."}}, made.inputs
    world.register_tool(FIND_USERS)  # a renamed parameter, one without a description
    found = tool(world.stub("find_users")).inputs
    assert found["name_prefix"]["description"] == "The start of the name.", found
    assert found["limit"]["description"] == "Optional; default 10.", found
    calls = [("get_user", a) for a in CALLS] + [("final_answer", {"answer": "done"})]
    results: list[str] = []

    class ScriptedModel(Model):
        def generate(self, messages: Any, *args: Any, **kwargs: Any) -> Any:
            results[:] = [_text(m.content) for m in messages if m.role == MessageRole.TOOL_RESPONSE]
            name, arguments = calls.pop(0)
            function = ChatMessageToolCallFunction(name=name, arguments=arguments)
            call = ChatMessageToolCall(function, id=f"c{len(calls)}", type="function")
            return ChatMessage(role=MessageRole.ASSISTANT, content="", tool_calls=[call])

    agent = ToolCallingAgent(tools=[made], model=ScriptedModel(), max_steps=6, verbosity_level=0)
    assert agent.run("who is u1?") == "done"
    return ["tool(world.stub): " + check_results(results, world)]


def _text(content: Any) -> str:
    """A smolagents message's text (a string, or a list of text parts)."""
    if isinstance(content, list):
        return "".join(str(part.get("text", "")) for part in content)
    return str(content)


# -- Google ADK -----------------------------------------------------------------------------------


def adk_tool_failure(
    tool: Any, args: dict[str, Any], tool_context: Any, error: Exception
) -> dict[str, Any] | None:
    """The README's recipe: the world's refusals and simulated failures as the tool's result."""
    from synthworld import ToolError, ToolInputError

    return {"error": str(error)} if isinstance(error, (ToolError, ToolInputError)) else None


def run_adk(tools: list[Any]) -> list[str]:
    """An ADK ``LlmAgent`` with `tools`, run with the scripted model; the results it was sent."""
    from google.adk.agents import LlmAgent
    from google.adk.runners import InMemoryRunner

    results: list[str] = []
    model = adk_model([*CALLS, "done"], results)
    agent = LlmAgent(
        name="support",
        model=model,
        instruction="Help the user.",
        tools=tools,
        on_tool_error_callback=adk_tool_failure,  # ADK ends the run on a tool's exception otherwise
    )
    events = run_async(InMemoryRunner(agent=agent).run_debug("who is u1?", quiet=True))
    final = [p.text for e in events if e.content for p in e.content.parts or [] if p.text]
    assert final[-1:] == ["done"], final
    return results


def check_adk() -> list[str]:
    """ADK's ``FunctionTool`` over a stub and over an async stub."""
    from google.adk.tools import FunctionTool

    lines = []
    for label, make in (("FunctionTool(world.stub)", "stub"), ("FunctionTool(world.astub)", "astub")):
        world = make_world()
        made = FunctionTool(getattr(world, make)("get_user"))
        declared = made._get_declaration()
        assert declared is not None
        assert declared.description.startswith("Fetch a user by id."), declared
        lines.append(f"{label}: " + check_results(run_adk([made]), world))
    return lines


# -- CrewAI ---------------------------------------------------------------------------------------


def check_crewai() -> list[str]:
    """CrewAI's ``tool`` decorator over a stub, in a one-task crew whose LLM writes ReAct text."""
    from crewai import Agent, Crew, Task
    from crewai.llms.base_llm import BaseLLM
    from crewai.tools import tool

    world = make_world()
    made = tool("get_user")(world.stub("get_user"))
    assert made.args_schema.model_json_schema()["required"] == ["user_id"]
    steps = [f"Thought: look.\nAction: get_user\nAction Input: {json.dumps(a)}" for a in CALLS]
    steps.append("Thought: I know.\nFinal Answer: done")
    results: list[str] = []

    class ScriptedLLM(BaseLLM):
        def call(self, messages: Any, *args: Any, **kwargs: Any) -> str:
            said = [
                str(m["content"]) for m in messages if m["role"] == "assistant"
            ]  # each step + observation
            results[:] = [step.split("\nObservation:", 1)[1] for step in said if "\nObservation:" in step]
            return steps.pop(0)

        def supports_function_calling(self) -> bool:
            return False

    agent = Agent(role="support", goal="help", backstory="b", llm=ScriptedLLM(model="scripted"), tools=[made])
    task = Task(description="who is u1?", expected_output="an answer", agent=agent)
    output = Crew(agents=[agent], tasks=[task], verbose=False).kickoff()
    assert str(output) == "done", output
    return ["tool(world.stub), ReAct text: " + check_results(results[:3], world)]


CHECKS: dict[str, tuple[str, Callable[[], list[str]]]] = {
    "langgraph": ("langgraph", check_langgraph),
    "llama-index": ("llama-index-core", check_llama_index),
    "smolagents": ("smolagents", check_smolagents),
    "adk": ("google-adk", check_adk),
    "crewai": ("crewai", check_crewai),
    "adk-mcp": ("google-adk", check_adk_mcp),
    "agents-mcp": ("openai-agents", check_agents_sdk_mcp),
    "pydantic-ai-mcp": ("pydantic-ai-slim", check_pydantic_ai_mcp),
    "langchain-mcp": ("langchain-mcp-adapters", check_langchain_mcp),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", choices=[[], *CHECKS], help="checks to run (all by default)")
    names = parser.parse_args().names or list(CHECKS)
    print(f"synthworld {importlib.metadata.version('synthworld')}")
    for name in names:
        package, check = CHECKS[name]
        try:
            version = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            print(f"{name}: not installed (pip install {package})")
            continue
        try:
            lines = check()
        except Exception as exc:
            print(f"{name} {version}: FAIL {type(exc).__name__}: {exc}")
            traceback.print_exc()
            continue
        for line in lines:
            print(f"{name} {version}: ok: {line}")


if __name__ == "__main__":
    main()
