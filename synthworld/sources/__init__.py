"""Worlds from where tools already live: OpenAPI documents and live MCP servers."""

from synthworld.sources.mcp import McpBackend, mcp_tools
from synthworld.sources.openapi import openapi_tools

__all__ = ["McpBackend", "mcp_tools", "openapi_tools"]
