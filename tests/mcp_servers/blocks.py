"""An MCP server (the `mcp` package's MCPServer) whose tools answer without structured content:
the value goes back as content blocks, one per item of a list, none for an empty list or None."""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import MCPServer

server = MCPServer("blocks")


@server.tool(structured_output=False)
def echo(value: Any) -> Any:
    """Answer `value` as it is."""
    return value


if __name__ == "__main__":
    server.run()
