"""An MCP server that misbehaves as asked: ``silent`` never speaks (it reads nothing, answers
nothing), ``dies_on_list`` starts normally and exits when asked for its tools."""

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


async def main() -> None:
    server = Server("broken", on_list_tools=list_tools)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


if __name__ == "__main__":
    if sys.argv[1] == "silent":
        time.sleep(600)
    anyio.run(main)
