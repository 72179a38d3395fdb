"""`mcp_tools`: the tools a live MCP server lists, as `ToolSpec`s."""

from __future__ import annotations

from synthworld.sources.mcp.connection import DEFAULT_TIMEOUT, Connection, ServerLike
from synthworld.spec import ToolSpec

__all__ = ["mcp_tools"]


def mcp_tools(server: ServerLike, *, timeout: float = DEFAULT_TIMEOUT) -> list[ToolSpec]:
    """Every tool `server` lists (all pages), as specs built with `ToolSpec.from_mcp`.

    `server` is a command (``"python server.py"`` split like a shell, or an argv list) run over
    stdio, or an ``http(s)://`` URL (streamable HTTP). Only ``tools/list`` is asked: no tool of
    the real server is called. Raises `SourceError` when the server cannot be reached.
    """
    connection = Connection(server, timeout=timeout)
    try:
        return [ToolSpec.from_mcp(tool) for tool in connection.list_tools()]
    finally:
        connection.close()
