"""`synthworld serve` under the clients agents use: the `mcp` package's `Client` in each protocol
era (the 2026-07-28 ``server/discover`` probe, and the ``initialize`` handshake of 2025-11-25),
an older client's ``initialize`` (2024-11-05, as `mcp` 1.x sends it), and FastMCP's `Client`
(a dev dependency), over streamable HTTP and stdio: tools listed, a list answered as
``structuredContent`` that each client reads back as the list, and the agent's mistakes (bad
arguments, an unknown tool) as errors saying what to fix. One HTTP server serves every client."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import anyio
import httpx
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests._net import free_port
from tests.test_mcp_e2e import LIMIT, ROOT, SERVE, server_env, wait_for_port

SHOP = "scenarios/shop_refund.yaml"
SEARCH = ("search_orders", {"customer_email": "ada@example.com"})
TOOLS = ["search_orders", "get_order", "refund_order", "send_email"]
MISSING = "'customer_email' is a required property"


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`synthworld serve` of the shop scenario over streamable HTTP, on a free port."""
    port = free_port()
    errlog = (tmp_path_factory.mktemp("serve") / "stderr.txt").open("w")
    command = [*SERVE, SHOP, "--transport", "streamable-http", "--port", str(port)]
    process = subprocess.Popen(command, cwd=ROOT, env=server_env(), stdout=errlog, stderr=errlog)
    try:
        wait_for_port(process, port)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.kill()
        process.wait(timeout=LIMIT)
        errlog.close()


async def with_mcp_client(url: str, mode: Any) -> dict[str, Any]:
    """What an `mcp` client in `mode` negotiated, listed and was answered."""
    async with Client(url, mode=mode, read_timeout_seconds=LIMIT) as client:
        listed = await client.list_tools()
        answer = await client.call_tool(*SEARCH)
        bad = await client.call_tool(SEARCH[0], {})
        with pytest.raises(MCPError) as unknown:
            await client.call_tool("refund_everything", {})
        return {
            "version": client.protocol_version,
            "tools": [tool.name for tool in listed.tools],
            "cursor": listed.next_cursor,
            "answer": answer,
            "bad": bad,
            "unknown": str(unknown.value),
        }


@pytest.mark.parametrize(("mode", "version"), [("auto", "2026-07-28"), ("legacy", "2025-11-25")])
def test_the_mcp_client_in_each_protocol_era(url: str, mode: str, version: str) -> None:
    seen = anyio.run(with_mcp_client, url, mode)
    assert (seen["version"], seen["tools"], seen["cursor"]) == (version, TOOLS, None)
    answer = seen["answer"]
    assert answer.is_error is False
    assert json.loads(answer.content[0].text) == answer.structured_content["result"]
    assert seen["bad"].is_error is True
    assert MISSING in json.loads(seen["bad"].content[0].text)["error"]["message"]
    assert "Unknown tool: 'refund_everything'; this world has: " + ", ".join(TOOLS) in seen["unknown"]


def test_an_older_clients_initialize_gets_its_own_protocol_version(url: str) -> None:
    """A client of the 2024-11-05 protocol (`mcp` 1.x offers it) is answered in that version."""
    message = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2024-11-05",
            "capabilities": {},
            "clientInfo": {"name": "old-client", "version": "1.0"},
        },
    }
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    response = httpx.post(url, json=message, headers=headers, timeout=LIMIT)
    assert response.status_code == 200
    lines = [line for line in response.text.splitlines() if line.startswith("data:")]
    body = json.loads(lines[0][len("data:") :]) if lines else response.json()
    assert body["result"]["protocolVersion"] == "2024-11-05"
    assert body["result"]["serverInfo"]["name"] == "synthworld"
    assert body["result"]["capabilities"]["tools"] == {"listChanged": False}


async def with_fastmcp(target: Any) -> dict[str, Any]:
    """What FastMCP's client listed and read back, and the errors it raised."""
    import fastmcp
    from fastmcp.exceptions import ToolError

    async with fastmcp.Client(target, timeout=LIMIT) as client:
        tools = await client.list_tools()
        answer = await client.call_tool(*SEARCH)
        with pytest.raises(ToolError) as bad:
            await client.call_tool(SEARCH[0], {})
        with pytest.raises(MCPError) as unknown:
            await client.call_tool("refund_everything", {})
        return {
            "tools": [tool.name for tool in tools],
            "answer": answer,
            "bad": str(bad.value),
            "unknown": str(unknown.value),
        }


def check_fastmcp(seen: dict[str, Any]) -> None:
    assert seen["tools"] == TOOLS
    answer = seen["answer"]
    orders = answer.structured_content["result"]
    assert answer.is_error is False
    assert isinstance(answer.data, list)  # the list itself, as from a FastMCP server
    assert [order.order_id for order in answer.data] == [order["order_id"] for order in orders]
    assert MISSING in json.loads(seen["bad"])["error"]["message"]
    assert "Unknown tool: 'refund_everything'" in seen["unknown"]


def test_fastmcp_over_streamable_http(url: str) -> None:
    check_fastmcp(anyio.run(with_fastmcp, url))


def test_fastmcp_over_stdio() -> None:
    from fastmcp.client.transports import StdioTransport

    transport = StdioTransport(
        command=sys.executable, args=[*SERVE[1:], SHOP], env=server_env(), cwd=str(ROOT)
    )
    check_fastmcp(anyio.run(with_fastmcp, transport))
