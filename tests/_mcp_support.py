"""The test MCP servers in tests/mcp_servers/: their commands, and their tool specs read in-process."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import anyio

from synthworld import ToolSpec
from synthworld.sources.mcp import ServerIdentity

ROOT = Path(__file__).resolve().parents[1]
SERVERS = ROOT / "tests" / "mcp_servers"
INVENTORY = [sys.executable, str(SERVERS / "inventory.py")]
PAGED = [sys.executable, str(SERVERS / "paged.py")]
BROKEN = [sys.executable, str(SERVERS / "broken.py")]
ODD = [sys.executable, str(SERVERS / "odd.py")]
BLOCKS = [sys.executable, str(SERVERS / "blocks.py")]
UNWRAPPED = [sys.executable, str(SERVERS / "unwrapped.py")]
ZOO = [sys.executable, str(SERVERS / "zoo.py")]
MANY = [sys.executable, str(SERVERS / "many.py")]


def server_specs() -> list[ToolSpec]:
    """The specs of the inventory server's own tool listing, read from its `MCPServer` in-process."""
    spec = importlib.util.spec_from_file_location("_inventory_server", SERVERS / "inventory.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    listed = anyio.run(module.server.list_tools)
    return [ToolSpec.from_mcp(tool) for tool in listed]


def listed_specs() -> list[ToolSpec]:
    """`server_specs` as `mcp_tools` reads them from the running server: each also keeps how the
    server introduced itself (name "inventory", no version, no instructions) and what it claimed
    (MCPServer's prompts, resources and tools, with change notifications and subscriptions)."""
    capabilities = {
        "prompts": {"listChanged": True},
        "resources": {"subscribe": True, "listChanged": True},
        "tools": {"listChanged": True},
    }
    identity = ServerIdentity({"name": "inventory", "version": ""}, capabilities=capabilities)
    return [identity.stamp(spec) for spec in server_specs()]
