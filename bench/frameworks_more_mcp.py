"""bench/frameworks_more.py's MCP clients: ``synthworld serve`` over stdio and streamable HTTP."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from frameworks_more_common import adk_model, run_async, short

from synthworld import SyntheticWorld

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
        listed, seen = run_async(drive(MCPServerStdio(params={"command": argv[0], "args": argv[1:]})))
        lines.append("MCPServerStdio: " + check_served(listed, *seen, trace))
        trace = Path(tmp) / "http.json"
        with http_server(trace) as url:
            listed, seen = run_async(drive(MCPServerStreamableHttp(params={"url": url})))
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
        listed, seen = run_async(drive({"command": argv[0], "args": argv[1:], "transport": "stdio"}))
        lines.append("stdio: " + check_served(listed, *seen, trace))
        trace = Path(tmp) / "http.json"
        with http_server(trace) as url:
            listed, seen = run_async(drive({"url": url, "transport": "streamable_http"}))
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
        listed, seen = run_async(drive(stdio))
        time.sleep(2)  # the server writes its trace as it exits
        lines.append("McpToolset(StdioConnectionParams): " + check_served(listed, *seen, trace))
        trace = Path(tmp) / "http.json"
        with http_server(trace) as url:
            listed, seen = run_async(drive(StreamableHTTPConnectionParams(url=url, timeout=60)))
        lines.append("McpToolset(StreamableHTTPConnectionParams): " + check_served(listed, *seen, trace))
    return lines
