"""A world handed to agent frameworks and MCP clients that CI does not install, as their users would.

Run: ``python bench/frameworks_more.py [NAME ...]`` in a venv holding synthworld (``pip install -e
'.[mcp]'``) and the frameworks to try (names: see ``CHECKS``; a framework not installed is reported
as such). Each check drives the framework's own agent loop with a scripted model (no API key):
the model calls ``get_user`` three times, for a user the world answers (``u1``), one it fails with
a simulated ``not_found`` (``u404``), and with arguments the schema refuses (``user_id: 7``), then
answers in text. A check passes when the run ends without a crash, the model was shown the
answer, the failure's text and an error for the bad call as tool results, and the world's trace
holds the calls that reached it; it also says which of synthworld's hand-overs it used (a stub,
``to_langchain()``, ``to_openai()``'s schema, ``synthworld serve`` over stdio or streamable HTTP).
Bench results: bench/RESULTS.md, "Stop 43: frameworks beyond the three tested".
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.metadata
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from synthworld import SyntheticWorld, ToolSpec

USER_ID = {
    "type": "object",
    "properties": {"user_id": {"type": "string", "description": "The user's id."}},
    "required": ["user_id"],
}
USER = {"type": "object", "properties": {"login": {"type": "string"}}, "required": ["login"]}
GET_USER = ToolSpec("get_user", "Fetch a user by id.", USER_ID, USER)
CALLS = [{"user_id": "u1"}, {"user_id": "u404"}, {"user_id": 7}]
"""What the scripted model sends, in this order (one turn each)."""
FAILURE = "no user u404"
FIND_USERS = ToolSpec(
    "find_users",
    "Find users by name.",
    {
        "type": "object",
        "properties": {
            "name-prefix": {"type": "string", "description": "The start of the name."},
            "limit": {"type": "integer", "default": 10},
        },
        "required": ["name-prefix"],
    },
    {"type": "array", "items": USER},
)
"""A stub of it has a parameter renamed (``name_prefix``) and one without a description."""


def make_world() -> SyntheticWorld:
    """One tool, ``get_user``; the user ``u404`` fails with ``not_found``."""
    world = SyntheticWorld(seed=7)
    world.register_tool(GET_USER)
    world.script("get_user", error={"code": "not_found", "message": FAILURE}, when={"user_id": "u404"})
    return world


def answer() -> dict[str, Any]:
    """What the world answers for ``u1`` (the same for every fresh world: the seed is fixed)."""
    value: dict[str, Any] = make_world().call("get_user", {"user_id": "u1"})
    return value


def check_results(results: list[str], world: SyntheticWorld | None = None) -> str:
    """Assert the model was shown the answer, the failure and an error for the bad call, as three
    tool results in order, and that the world recorded the calls it got; say what the bad call got."""
    assert len(results) == 3, f"expected 3 tool results, the model saw {len(results)}: {results}"
    good, failed, bad = results
    assert answer()["login"] in good, f"the answer is not in the first result: {good!r}"
    assert FAILURE in failed, f"the failure's text is not in the second result: {failed!r}"
    assert "user_id" in bad, f"the third result does not name the bad parameter: {bad!r}"
    if world is not None:
        inputs = [c.input for c in world.trace]
        assert inputs[:2] == CALLS[:2], f"the world recorded {inputs}"
        reached = "the world refused it" if inputs[2:] == CALLS[2:] else "the framework refused it"
        return f"bad call: {reached}: {short(bad)}"
    return f"bad call: {short(bad)}"


def short(text: str, limit: int = 110) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


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
        state = agent.invoke(ask) if not asynchronous else _run(agent.ainvoke(ask))
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


def _run(coroutine: Any) -> Any:
    import asyncio

    return asyncio.run(coroutine)


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

    result = _run(go())
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


def adk_model(turns: list[dict[str, Any] | str], results: list[str], *, tool: str = "get_user") -> Any:
    """An ADK ``BaseLlm`` that answers each turn from `turns` (tool-call arguments, or the final
    text) and keeps in `results` the function responses it was sent."""
    from google.adk.models.base_llm import BaseLlm
    from google.adk.models.llm_response import LlmResponse
    from google.genai import types

    class ScriptedLlm(BaseLlm):
        async def generate_content_async(self, llm_request: Any, stream: bool = False) -> Any:
            results[:] = [
                json.dumps(part.function_response.response)
                for content in llm_request.contents
                for part in content.parts or []
                if part.function_response is not None
            ]
            turn = turns.pop(0)
            if isinstance(turn, str):
                part = types.Part(text=turn)
            else:
                call = types.FunctionCall(name=tool, args=turn, id=f"c{len(turns)}")
                part = types.Part(function_call=call)
            yield LlmResponse(content=types.Content(role="model", parts=[part]))

    return ScriptedLlm(model="scripted")


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
    events = _run(InMemoryRunner(agent=agent).run_debug("who is u1?", quiet=True))
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


# -- MCP clients: `synthworld serve` over stdio and streamable HTTP -------------------------------

ROOT = Path(__file__).resolve().parents[1]
SHOP = str(ROOT / "scenarios" / "shop_refund.yaml")
SEARCH = {"customer_email": "ada@example.com"}
BAD = {"customer_email": 7}
REFUSAL = "7 is not of type 'string'"
"""A call the world refuses that no client checks first (the Agents SDK refuses a missing
required parameter itself, hiding why from the model unless given a ``failure_error_function``)."""


def serve_argv(trace: Path, *more: str) -> list[str]:
    """``synthworld serve`` of the shop scenario, its trace saved to `trace` on exit; run by the
    Python in ``$SERVE_PYTHON`` when set (a venv with the ``mcp`` extra, for a client that needs an
    ``mcp`` of its own: langchain-mcp-adapters 0.3 imports what ``mcp`` 2 removed)."""
    python = os.environ.get("SERVE_PYTHON", sys.executable)
    return [python, "-m", "synthworld", "serve", SHOP, "--trace", str(trace), *more]


@contextlib.contextmanager
def http_server(trace: Path) -> Iterator[str]:
    """The shop scenario served over streamable HTTP on a free port: its URL; stopped (Ctrl-C) after."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(serve_argv(trace, "--transport", "streamable-http", "--port", str(port)))
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("synthworld serve did not listen") from None
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)


def shop_world() -> SyntheticWorld:
    from synthworld.scenario import load_scenario

    return load_scenario(SHOP).build_world()


def check_served(listed: dict[str, Any], good: str, bad: str, trace: Path) -> str:
    """Assert the client listed ``search_orders`` with the world's exact input schema, got the
    world's answer as text, and the refused call's problem as a tool result; and that the server's
    trace holds both calls."""
    world = shop_world()
    expected = world.tools["search_orders"].parameters
    assert listed == expected, f"listed {listed}, the world has {expected}"
    answer = world.call("search_orders", SEARCH)
    ids = [order["order_id"] for order in answer]
    assert ids, answer
    assert all(i in good for i in ids), f"the answer's orders {ids} are not in {good!r}"
    assert REFUSAL in bad, f"the refused call's result does not say why: {bad!r}"
    recorded = json.loads(trace.read_text())
    calls = recorded["calls"] if isinstance(recorded, dict) else recorded
    assert [c["input"] for c in calls] == [SEARCH, BAD], calls
    return f"schema exact, answer and refusal as tool results, trace of 2 calls; bad call: {short(bad, 80)}"


def agents_sdk_model(turns: list[Any], seen: list[str]) -> Any:
    """An Agents SDK ``Model`` answering each turn from `turns` (a tool call ``(name, arguments)``, or
    the final text); `seen` keeps the ``function_call_output`` texts it was sent."""
    from agents import Model, ModelResponse, Usage
    from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

    class ScriptedModel(Model):
        tools: list[Any] = []  # noqa: RUF012 - set per run

        async def get_response(
            self,
            system_instructions: Any,
            input: Any,
            model_settings: Any,
            tools: Any,
            *args: Any,
            **kwargs: Any,
        ) -> Any:
            ScriptedModel.tools = list(tools)
            items = input if isinstance(input, list) else []
            outputs = [
                i["output"] for i in items if isinstance(i, dict) and i.get("type") == "function_call_output"
            ]
            seen[:] = [o if isinstance(o, str) else "".join(p.get("text", "") for p in o) for o in outputs]
            turn = turns.pop(0)
            if isinstance(turn, str):
                text = ResponseOutputText(type="output_text", text=turn, annotations=[])
                out: Any = ResponseOutputMessage(
                    id="m", type="message", role="assistant", status="completed", content=[text]
                )
            else:
                out = ResponseFunctionToolCall(
                    type="function_call",
                    call_id=f"c{len(turns)}",
                    name=turn[0],
                    arguments=json.dumps(turn[1]),
                )
            return ModelResponse(output=[out], usage=Usage(), response_id=None)

        def stream_response(self, *args: Any, **kwargs: Any) -> Any:
            raise NotImplementedError

    return ScriptedModel()


def check_agents_sdk_mcp() -> list[str]:
    """The Agents SDK's ``MCPServerStdio`` and ``MCPServerStreamableHttp`` on ``synthworld serve``."""
    from agents import Agent, RunConfig, Runner
    from agents.mcp import MCPServerStdio, MCPServerStreamableHttp

    async def drive(server: Any) -> tuple[dict[str, Any], list[str]]:
        seen: list[str] = []
        model = agents_sdk_model([("search_orders", SEARCH), ("search_orders", BAD), "done"], seen)
        async with server:
            agent = Agent(name="shop", instructions="Help.", mcp_servers=[server], model=model)
            result = await Runner.run(agent, "orders?", run_config=RunConfig(tracing_disabled=True))
        assert result.final_output == "done"
        [listed] = [t.params_json_schema for t in type(model).tools if t.name == "search_orders"]
        return listed, seen

    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        trace = Path(tmp) / "stdio.json"
        argv = serve_argv(trace)
        listed, seen = _run(drive(MCPServerStdio(params={"command": argv[0], "args": argv[1:]})))
        lines.append("MCPServerStdio: " + check_served(listed, *seen, trace))
        trace = Path(tmp) / "http.json"
        with http_server(trace) as url:
            listed, seen = _run(drive(MCPServerStreamableHttp(params={"url": url})))
        lines.append("MCPServerStreamableHttp: " + check_served(listed, *seen, trace))
    return lines


def check_pydantic_ai_mcp() -> list[str]:
    """pydantic-ai's ``MCPToolset`` (its V2 client, built on FastMCP's: ``MCPServerStdio`` is gone)
    on ``synthworld serve`` over stdio (a FastMCP ``StdioTransport``) and streamable HTTP (a URL)."""
    from fastmcp.client.transports import StdioTransport
    from pydantic_ai import Agent
    from pydantic_ai.mcp import MCPToolset
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    def drive(server: Any) -> tuple[dict[str, Any], list[str]]:
        turns: list[Any] = [SEARCH, BAD]
        listed: dict[str, Any] = {}

        def respond(messages: list[Any], info: AgentInfo) -> ModelResponse:
            listed.update(
                next(t.parameters_json_schema for t in info.function_tools if t.name == "search_orders")
            )
            if not turns:
                return ModelResponse(parts=[TextPart("done")])
            return ModelResponse(
                parts=[ToolCallPart("search_orders", turns.pop(0), tool_call_id=f"c{len(turns)}")]
            )

        agent = Agent(FunctionModel(respond), toolsets=[server])
        result = agent.run_sync("orders?")
        assert result.output == "done"
        returned = [
            p
            for m in result.all_messages()
            for p in m.parts
            if p.part_kind in ("tool-return", "retry-prompt")
        ]
        return listed, [
            p.model_response_str() if isinstance(p, ToolReturnPart) else p.model_response() for p in returned
        ]

    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        trace = Path(tmp) / "stdio.json"
        argv = serve_argv(trace)
        listed, seen = drive(MCPToolset(StdioTransport(argv[0], argv[1:], keep_alive=False)))
        lines.append("MCPToolset(StdioTransport): " + check_served(listed, *seen, trace))
        trace = Path(tmp) / "http.json"
        with http_server(trace) as url:
            listed, seen = drive(MCPToolset(url))
        lines.append("MCPToolset(url): " + check_served(listed, *seen, trace))
    return lines


def check_langchain_mcp() -> list[str]:
    """langchain-mcp-adapters' ``MultiServerMCPClient`` tools under LangGraph's ``create_react_agent``."""
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, ToolMessage
    from langchain_mcp_adapters.client import MultiServerMCPClient
    from langchain_mcp_adapters.tools import load_mcp_tools
    from langgraph.prebuilt import create_react_agent

    class FakeModel(GenericFakeChatModel):
        def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
            return self

    async def drive(connection: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
        # one session for the whole run: get_tools() alone opens one per call, and over stdio that
        # starts a new server, a new world, for each call (what a call made is gone at the next)
        async with MultiServerMCPClient({"shop": connection}).session("shop") as session:
            return await drive_with(await load_mcp_tools(session))

    async def drive_with(tools: list[Any]) -> tuple[dict[str, Any], list[str]]:
        [search] = [t for t in tools if t.name == "search_orders"]
        search.handle_tool_error = True  # the adapter raises a ToolException for an isError result
        turns = [
            AIMessage("", tool_calls=[{"name": "search_orders", "args": a, "id": f"c{i}"}])
            for i, a in enumerate([SEARCH, BAD])
        ]
        agent = create_react_agent(FakeModel(messages=iter([*turns, AIMessage("done")])), tools)
        state = await agent.ainvoke({"messages": [("user", "orders?")]})
        assert state["messages"][-1].content == "done"
        results = [m.content for m in state["messages"] if isinstance(m, ToolMessage)]
        return dict(search.args_schema), [r if isinstance(r, str) else json.dumps(r) for r in results]

    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        trace = Path(tmp) / "stdio.json"
        argv = serve_argv(trace)
        listed, seen = _run(drive({"command": argv[0], "args": argv[1:], "transport": "stdio"}))
        lines.append("stdio: " + check_served(listed, *seen, trace))
        trace = Path(tmp) / "http.json"
        with http_server(trace) as url:
            listed, seen = _run(drive({"url": url, "transport": "streamable_http"}))
        lines.append("streamable_http: " + check_served(listed, *seen, trace))
    return lines


def check_adk_mcp() -> list[str]:
    """ADK's ``McpToolset`` on ``synthworld serve`` over stdio and streamable HTTP."""
    from google.adk.agents import LlmAgent
    from google.adk.runners import InMemoryRunner
    from google.adk.tools.mcp_tool import McpToolset, StdioConnectionParams, StreamableHTTPConnectionParams
    from mcp import StdioServerParameters

    async def drive(connection: Any) -> tuple[dict[str, Any], list[str]]:
        toolset = McpToolset(connection_params=connection)
        [search] = [t for t in await toolset.get_tools() if t.name == "search_orders"]
        listed = dict(
            search.raw_mcp_tool.input_schema
            if hasattr(search.raw_mcp_tool, "input_schema")
            else search.raw_mcp_tool.inputSchema
        )
        results: list[str] = []
        model = adk_model([SEARCH, BAD, "done"], results, tool="search_orders")
        agent = LlmAgent(name="shop", model=model, instruction="Help.", tools=[toolset])
        await InMemoryRunner(agent=agent).run_debug("orders?", quiet=True)
        await toolset.close()
        return listed, results

    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        trace = Path(tmp) / "stdio.json"
        argv = serve_argv(trace)
        stdio = StdioConnectionParams(
            server_params=StdioServerParameters(command=argv[0], args=argv[1:]), timeout=60
        )
        listed, seen = _run(drive(stdio))
        time.sleep(2)  # the server writes its trace as it exits
        lines.append("McpToolset(StdioConnectionParams): " + check_served(listed, *seen, trace))
        trace = Path(tmp) / "http.json"
        with http_server(trace) as url:
            listed, seen = _run(drive(StreamableHTTPConnectionParams(url=url, timeout=60)))
        lines.append("McpToolset(StreamableHTTPConnectionParams): " + check_served(listed, *seen, trace))
    return lines


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
