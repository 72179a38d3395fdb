"""An MCP server that misbehaves as asked: ``silent`` never speaks (it reads nothing, answers
nothing), ``dies_on_list`` starts normally and exits when asked for its tools, ``dies_once MARKER``
lists one tool ``ping`` and exits at its first call (leaving the file MARKER), answering later
runs' calls."""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import anyio
import mcp.types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server


async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
    os._exit(3)


PING = types.Tool(name="ping", description="Ping.", input_schema={"type": "object", "properties": {}})


async def list_one(ctx: Any, params: Any) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[PING])


async def call_once(ctx: Any, params: Any) -> types.CallToolResult:
    marker = sys.argv[2]
    if not os.path.exists(marker):
        open(marker, "w").close()
        os._exit(3)
    return types.CallToolResult(content=[types.TextContent(type="text", text='"pong"')])


async def main() -> None:
    if sys.argv[1] == "dies_once":
        server = Server("broken", on_list_tools=list_one, on_call_tool=call_once)
    else:
        server = Server("broken", on_list_tools=list_tools)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


if __name__ == "__main__":
    if sys.argv[1] == "silent":
        time.sleep(600)
    anyio.run(main)
