"""A low-level MCP server that lists its 5 tools two per page (``nextCursor``), for paging tests."""

from __future__ import annotations

from typing import Any

import anyio
import mcp.types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server

TOOLS = [
    types.Tool(
        name=f"tool_{n}",
        description=f"Tool number {n}.",
        input_schema={"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]},
        output_schema={"type": "object", "properties": {"y": {"type": "integer"}}, "required": ["y"]},
    )
    for n in range(5)
]


async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
    start = int(params.cursor) if params is not None and params.cursor else 0
    more = str(start + 2) if start + 2 < len(TOOLS) else None
    return types.ListToolsResult(tools=TOOLS[start : start + 2], next_cursor=more)


async def main() -> None:
    server = Server("paged", on_list_tools=list_tools)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
