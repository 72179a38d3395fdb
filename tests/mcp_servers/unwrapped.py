"""An MCP server declaring an output schema that admits objects and strings, with no ``result``
wrapper (the 2026-07-28 protocol allows any output schema): its ``lookup`` answers a real object
whose one key is ``result``."""

from __future__ import annotations

from typing import Any

import anyio
import mcp.types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server

OUTPUT = {"anyOf": [{"type": "object", "properties": {"result": {"type": "integer"}}}, {"type": "string"}]}
TOOL = types.Tool(
    name="lookup",
    description="Look a key up.",
    input_schema={"type": "object", "properties": {"key": {"type": "integer"}}, "required": ["key"]},
    output_schema=OUTPUT,
)


async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[TOOL])


async def call_tool(ctx: Any, params: Any) -> types.CallToolResult:
    return types.CallToolResult(content=[], structured_content={"result": params.arguments["key"]})


async def main() -> None:
    server = Server("unwrapped", on_list_tools=list_tools, on_call_tool=call_tool)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
