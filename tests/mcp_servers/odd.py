"""An MCP server whose listing holds tools synthworld cannot take as they are: a name with a slash
(SEP-986 allows it), a name listed twice, beside one ordinary tool."""

from __future__ import annotations

from typing import Any

import anyio
import mcp.types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server


def _tool(name: str) -> types.Tool:
    return types.Tool(name=name, description=f"{name}.", input_schema={"type": "object", "properties": {}})


TOOLS = [_tool("search"), _tool("files/read"), _tool("status"), _tool("status")]


async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


async def main() -> None:
    server = Server("odd", on_list_tools=list_tools)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
