"""A low-level MCP server listing 200 tools, 50 a page. The first argument picks how it behaves:
``ok``; ``dangling_ref`` (tool_007's output schema refers to a ``$defs`` entry that is not there);
``crash_page2`` (it exits when asked for the second page); ``ref_loop`` (tool_007's input schema
refers to itself in place: a ``$ref`` loop with no base case)."""

from __future__ import annotations

import os
import sys
from typing import Any

import anyio
import mcp.types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server

MODE = sys.argv[1] if len(sys.argv) > 1 else "ok"
PAGE = 50


def _tool(n: int) -> types.Tool:
    output: dict[str, Any] = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
    if MODE == "dangling_ref" and n == 7:
        output["properties"]["n"] = {"$ref": "#/$defs/Missing"}
    inputs: dict[str, Any] = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}
    if MODE == "ref_loop" and n == 7:
        inputs["allOf"] = [{"$ref": "#"}]
    return types.Tool(
        name=f"tool_{n:03d}",
        description=f"Tool number {n}.",
        input_schema=inputs,
        output_schema=output,
    )


TOOLS = [_tool(n) for n in range(200)]


async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
    start = int(params.cursor) if params is not None and params.cursor else 0
    if MODE == "crash_page2" and start >= PAGE:
        os._exit(5)
    more = str(start + PAGE) if start + PAGE < len(TOOLS) else None
    return types.ListToolsResult(tools=TOOLS[start : start + PAGE], next_cursor=more)


async def main() -> None:
    server = Server("many", on_list_tools=list_tools)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
