"""The streamable HTTP server checks ``Mcp-Param-*`` headers from the world's schemas, without
running ``tools/list`` for every ``tools/call`` (a real uvicorn on 127.0.0.1, the real client)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
import uvicorn
from _net import free_port
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.types import HEADER_MISMATCH

from synthworld import SyntheticWorld, ToolSpec
from synthworld.serve.commands import serve as serve_command
from synthworld.serve.mcp import build_server, http_app

WORLDS = Path(__file__).parent / "mcp_worlds"
LIMIT = 30
REGION = {"type": "string", "x-mcp-header": "Region"}  # the client mirrors it as Mcp-Param-Region


class CountingWorld(SyntheticWorld):
    """A world that counts how often its tools are listed."""

    listings = 0

    def to_mcp(self) -> list[Any]:
        self.listings += 1
        return super().to_mcp()


def forecast_world() -> CountingWorld:
    world = CountingWorld(seed=1)
    parameters = {"type": "object", "properties": {"region": REGION, "days": {"type": "integer"}}}
    returns = {"type": "object", "properties": {"summary": {"type": "string"}}, "required": ["summary"]}
    world.register_tool(ToolSpec("forecast", "The weather in a region.", parameters, returns))
    return world


@contextmanager
def served(world: SyntheticWorld) -> Iterator[str]:
    """`world` served as `synthworld serve --transport streamable-http` serves it; its URL."""
    port = free_port()
    config = uvicorn.Config(http_app(build_server(world)), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + LIMIT
        while not server.started and thread.is_alive() and time.monotonic() < deadline:
            thread.join(0.05)
        assert server.started, "uvicorn did not start"
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        server.should_exit = True
        thread.join(LIMIT)


async def wrong_region(request: httpx2.Request) -> None:
    """A request hook: the ``Mcp-Param-Region`` header no longer matches the body."""
    if "mcp-param-region" in request.headers:
        request.headers["Mcp-Param-Region"] = "Nowhere"


async def forecasts(url: str, *, tamper: bool = False) -> list[Any]:
    """List, then call ``forecast`` three times; each result or the MCPError raised."""
    hooks = {"request": [wrong_region]} if tamper else {}
    outcomes: list[Any] = []
    with anyio.fail_after(LIMIT):
        async with (
            httpx2.AsyncClient(event_hooks=hooks) as http,
            Client(streamable_http_client(url, http_client=http)) as client,
        ):
            await client.list_tools()
            for days in range(3):
                try:
                    outcomes.append(await client.call_tool("forecast", {"region": "Oslo", "days": days}))
                except MCPError as exc:
                    outcomes.append(exc)
    return outcomes


def test_a_tool_call_does_not_list_the_tools() -> None:
    world = forecast_world()
    with served(world) as url:
        outcomes = anyio.run(forecasts, url)
    assert [result.is_error for result in outcomes] == [False, False, False]
    assert world.trace.tools == ["forecast"] * 3
    assert world.listings == 1  # the client's own tools/list; before, one more for every call


def test_a_header_that_breaks_with_the_body_is_refused_without_a_listing() -> None:
    world = forecast_world()
    with served(world) as url:
        outcomes = anyio.run(lambda: forecasts(url, tamper=True))
    assert all(isinstance(error, MCPError) for error in outcomes), outcomes
    assert {error.code for error in outcomes} == {HEADER_MISMATCH}
    assert "Mcp-Param-Region header does not match" in str(outcomes[0])
    assert len(world.trace) == 0  # refused before the world was called
    assert world.listings == 1 + 3  # the client's: first, then again after each refusal (the
    # spec's recovery, before it sends the call once more); before, two more per call


@pytest.mark.parametrize("module", ["shop.py:build", "echo.py:world", "marked.py"])
def test_the_schema_checked_is_the_one_listed(module: str) -> None:
    world = serve_command.load_world(f"{WORLDS / module}", seed=0)
    server = build_server(world)

    async def listed() -> dict[str, Any]:
        async with Client(server) as client:
            return {tool.name: tool.input_schema for tool in (await client.list_tools()).tools}

    schemas = anyio.run(listed)
    assert {name: server.get_tool_input_schema(name) for name in schemas} == schemas
    assert server.get_tool_input_schema("no_such_tool") is None
