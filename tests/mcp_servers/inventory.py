"""A small real MCP server (written with the official `mcp` package's MCPServer, once FastMCP) that
the source tests twin, record and replay. Its answers are pure functions of the arguments.

    python tests/mcp_servers/inventory.py               # stdio
    python tests/mcp_servers/inventory.py --port 8123   # streamable HTTP on 127.0.0.1:8123/mcp
"""

from __future__ import annotations

import sys

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel

server = MCPServer("inventory")


class Item(BaseModel):
    sku: str
    name: str
    stock: int


_NAMES = {"sku-1": "Dune", "sku-2": "Hyperion", "sku-3": "Solaris"}


@server.tool()
def get_item(sku: str) -> Item:
    """Look up one item by SKU."""
    if sku not in _NAMES:
        raise ToolError(f"no item {sku}")
    return Item(sku=sku, name=_NAMES[sku], stock=len(sku) * 3)


@server.tool()
def list_items(limit: int = 10) -> list[Item]:
    """List the items in stock, at most `limit`."""
    return [Item(sku=sku, name=name, stock=len(sku) * 3) for sku, name in sorted(_NAMES.items())][:limit]


@server.tool()
def add_stock(sku: str, quantity: int) -> int:
    """Add stock to an item; return the new count."""
    return len(sku) * 3 + quantity


if __name__ == "__main__":
    if "--port" in sys.argv:
        port = int(sys.argv[sys.argv.index("--port") + 1])
        server.run(transport="streamable-http", host="127.0.0.1", port=port)
    else:
        server.run()
