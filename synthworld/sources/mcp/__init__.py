"""Tools from a live MCP server, and a backend that answers with the server's own tools."""

from synthworld.sources.mcp.backend import McpBackend
from synthworld.sources.mcp.connection import DEFAULT_TIMEOUT, Connection, ServerLike
from synthworld.sources.mcp.identity import ServerIdentity
from synthworld.sources.mcp.tools import mcp_tools

__all__ = ["DEFAULT_TIMEOUT", "Connection", "McpBackend", "ServerIdentity", "ServerLike", "mcp_tools"]
