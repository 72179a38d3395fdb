"""Worlds from where tools already live: OpenAPI documents, live MCP servers and BFCL tool docs."""

from synthworld.sources.bfcl import bfcl_tools
from synthworld.sources.mcp import McpBackend, mcp_tools
from synthworld.sources.openapi import openapi_tools

__all__ = ["McpBackend", "bfcl_tools", "mcp_tools", "openapi_tools"]
