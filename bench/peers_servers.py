"""The payload and the servers bench/bench_peers.py compares: one ~1 KB JSON answer, three ways.

- `payload(i)`: the answer for item `i` (about 1 KB of JSON), the same everywhere.
- `serve_http(port)`: a plain ``http.server`` answering ``GET /items/{i}`` with it (for vcrpy).
- `build_world()`: a synthworld world whose one tool ``get_item(item_id)`` answers it
  (``synthworld serve bench/peers_servers.py:build_world``).
- ``python bench/peers_servers.py mcpserver stdio|streamable-http [PORT]``: the same tool on a plain
  ``MCPServer`` (mcp 2's name for FastMCP), returning the same payload.
"""

from __future__ import annotations

import http.server
import json
import sys
import threading
from typing import Any

from typing_extensions import TypedDict  # pydantic (MCPServer) reads only this one on Python < 3.12

TEXT = (
    "A sturdy, well-reviewed item that ships in two to three business days from the nearest "
    "warehouse. Returns are accepted within thirty days of delivery in original packaging. "
)


class Address(TypedDict):
    street: str
    city: str
    zip: str


class Item(TypedDict):
    id: int
    name: str
    email: str
    tags: list[str]
    address: Address
    score: float
    active: bool
    description: str


def payload(i: int) -> Item:
    """The answer for item `i`: about 1 KB as JSON."""
    return {
        "id": i,
        "name": f"Item number {i}",
        "email": f"owner{i}@example.com",
        "tags": [f"tag-{(i + k) % 17}" for k in range(6)],
        "address": {"street": f"{i} Main Street", "city": "Springfield", "zip": f"{10000 + i % 90000}"},
        "score": round(i / 7, 4),
        "active": i % 2 == 0,
        "description": (TEXT * 4)[: 680 + i % 7],
    }


def get_item(item_id: int) -> Item:
    """Fetch an item by its ID."""
    return payload(item_id)


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as a real API would
    disable_nagle_algorithm = True  # else headers and body wait on delayed ACKs: 40 ms a request

    def do_GET(self) -> None:
        body = json.dumps(payload(int(self.path.rsplit("/", 1)[-1]))).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        return


def serve_http() -> http.server.ThreadingHTTPServer:
    """A started HTTP server on a free 127.0.0.1 port (``server.server_address``); `shutdown()` it."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def build_world() -> Any:
    """A synthworld world whose ``get_item`` answers `payload` (its schema checked both ways).

    ``remember=False``: no echo or recall, so the answer is `payload` to the byte (by default the
    world's address rule would give the address a coherent city and zip of its own)."""
    from synthworld import FunctionBackend, SyntheticWorld

    backend = FunctionBackend(lambda tool, args: payload(args["item_id"]))
    world = SyntheticWorld(seed=0, backend=backend, remember=False)
    world.tool(get_item)
    return world


def run_mcpserver(transport: str, port: int) -> None:
    """The same tool on a plain ``MCPServer`` (FastMCP in mcp 1.x)."""
    from mcp.server.mcpserver import MCPServer

    server = MCPServer("peer")
    server.tool(structured_output=True)(get_item)
    if transport == "stdio":
        server.run("stdio")
    else:
        server.run("streamable-http", host="127.0.0.1", port=port)


if __name__ == "__main__":
    if sys.argv[1:2] != ["mcpserver"] or len(sys.argv) < 3:
        sys.exit("usage: python bench/peers_servers.py mcpserver stdio|streamable-http [PORT]")
    run_mcpserver(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 8000)
