"""A real MCP server (tests/mcp_servers/inventory.py, written with the `mcp` package) twinned,
recorded and replayed: `mcp_tools`, `SyntheticWorld.from_mcp`, `McpBackend` behind a
`FixtureBackend` writing a real cassette, then replayed with ``mode="none"`` once the server is
gone. Over stdio and over streamable HTTP on 127.0.0.1; every server is stopped in a ``finally``."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import jsonschema
import pytest
import yaml

from synthworld import (
    BackendError,
    FixtureBackend,
    McpBackend,
    SourceError,
    SyntheticWorld,
    SynthworldWarning,
    ToolError,
    mcp_tools,
)
from tests._mcp_support import BROKEN, INVENTORY, ODD, PAGED, listed_specs
from tests._net import free_port

LIMIT = 60.0
CALLS = [
    ("get_item", {"sku": "sku-1"}),
    ("list_items", {"limit": 2}),
    ("add_stock", {"sku": "sku-2", "quantity": 4}),
]
REAL = [
    {"sku": "sku-1", "name": "Dune", "stock": 15},
    {
        "result": [
            {"sku": "sku-1", "name": "Dune", "stock": 15},
            {"sku": "sku-2", "name": "Hyperion", "stock": 15},
        ]
    },
    {"result": 19},
]


def test_stdio_twin_record_and_replay_with_the_server_stopped(tmp_path: Path) -> None:
    twin = SyntheticWorld.from_mcp(" ".join(INVENTORY), seed=3, timeout=LIMIT)  # a command line
    specs = list(twin.tools.values())
    assert [s.to_dict() for s in specs] == [s.to_dict() for s in listed_specs()]
    assert list(twin.tools) == ["get_item", "list_items", "add_stock"]
    for name, args in CALLS:  # the twin answers from the schemas, without the server
        jsonschema.validate(twin.call(name, args), twin.tools[name].returns)

    cassette = tmp_path / "inventory.yaml"
    backend = McpBackend(INVENTORY, timeout=LIMIT)
    with SyntheticWorld(backend=FixtureBackend(cassette, fallback=backend)) as recorder:
        for spec in specs:
            recorder.register_tool(spec)
        assert [recorder.call(name, args) for name, args in CALLS] == REAL
        with pytest.raises(ToolError) as failed:
            recorder.call("get_item", {"sku": "nope"})
    assert failed.value.code == "tool_error"
    assert "no item nope" in failed.value.message
    assert backend._connection._client is None  # closed with the world: the server is gone

    saved = yaml.safe_load(cassette.read_text())
    assert [i["tool"] for i in saved["interactions"]] == ["get_item", "list_items", "add_stock", "get_item"]
    assert saved["interactions"][0]["output"] == REAL[0]
    assert saved["interactions"][3]["error"]["code"] == "tool_error"

    replay = SyntheticWorld(backend=FixtureBackend(cassette, mode="none"))
    for spec in specs:
        replay.register_tool(spec)
    assert [replay.call(name, args) for name, args in CALLS] == REAL
    with pytest.raises(ToolError, match="no item nope"):
        replay.call("get_item", {"sku": "nope"})
    assert [call.backend for call in replay.trace] == ["fixtures"] * 4


def test_every_page_of_the_listing_is_read() -> None:
    specs = mcp_tools(PAGED, timeout=LIMIT)
    assert [s.name for s in specs] == [f"tool_{n}" for n in range(5)]
    assert specs[0].returns == {"type": "object", "properties": {"y": {"type": "integer"}}, "required": ["y"]}


@contextmanager
def http_server(log: Path) -> Iterator[str]:
    port = free_port()
    with log.open("w") as errlog:
        process = subprocess.Popen([*INVENTORY, "--port", str(port)], stdout=errlog, stderr=errlog)
        try:
            deadline = time.monotonic() + LIMIT
            while True:
                assert process.poll() is None, log.read_text()
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    assert time.monotonic() < deadline, "the server did not listen in time"
                    time.sleep(0.1)
            yield f"http://127.0.0.1:{port}/mcp"
        finally:
            process.kill()
            process.wait(timeout=LIMIT)


def test_streamable_http_twin_and_backend(tmp_path: Path) -> None:
    cassette = tmp_path / "http.yaml"
    with http_server(tmp_path / "server.log") as url:
        twin = SyntheticWorld.from_mcp(url, timeout=LIMIT)
        assert [s.to_dict() for s in twin.tools.values()] == [s.to_dict() for s in listed_specs()]
        backend = FixtureBackend(cassette, fallback=McpBackend(url, timeout=LIMIT))
        with SyntheticWorld.from_mcp(url, backend=backend, timeout=LIMIT) as recorder:
            assert [recorder.call(name, args) for name, args in CALLS] == REAL
    replay = SyntheticWorld(backend=FixtureBackend(cassette, mode="none"))
    for spec in twin.tools.values():
        replay.register_tool(spec)
    assert [replay.call(name, args) for name, args in CALLS] == REAL


def test_a_server_that_cannot_start_is_a_source_error() -> None:
    with pytest.raises(SourceError, match="cannot connect") as caught:
        mcp_tools([sys.executable, "-c", "import sys; sys.exit(3)"], timeout=LIMIT)
    assert "MCP server" in str(caught.value)
    with pytest.raises(SourceError, match="names no MCP server"):
        mcp_tools("")
    port = free_port()  # nothing listens there
    with pytest.raises(SourceError, match="cannot connect"):
        mcp_tools(f"http://127.0.0.1:{port}/mcp", timeout=LIMIT)


def test_a_silent_server_fails_within_the_timeout_not_the_clients_own() -> None:
    # The mcp client alone waits 10 s for its server/discover probe, then `timeout` for initialize.
    with pytest.raises(SourceError, match=r"cannot connect: no answer within 0\.5 s"):
        mcp_tools([*BROKEN, "silent"], timeout=0.5)


def test_a_server_that_fails_its_listing_is_a_source_error() -> None:
    with pytest.raises(SourceError, match="tools/list failed: MCPError: Connection closed") as caught:
        SyntheticWorld.from_mcp([*BROKEN, "dies_on_list"], timeout=LIMIT)
    assert "MCP server" in str(caught.value)


def test_a_listed_tool_that_cannot_be_a_tool_is_named_or_left_out() -> None:
    with pytest.raises(
        SourceError, match="tool 'files/read' cannot be a tool here: invalid ToolSpec"
    ) as caught:
        mcp_tools(ODD, timeout=LIMIT)
    assert str(caught.value).startswith("MCP server ")
    with pytest.warns(SynthworldWarning) as warned:
        world = SyntheticWorld.from_mcp(ODD, timeout=LIMIT, on_error="skip")
    assert list(world.tools) == ["search", "status"]  # the first 'status' is kept
    lines = str(warned[0].message).splitlines()
    assert lines[0] == "2 of 4 tools left out (on_error='skip'):"
    assert "tool 'status' is listed twice; a server's tool names must be unique" in lines[2]
    assert warned[0].filename == __file__


def test_a_server_that_died_is_started_again_at_the_next_call(tmp_path: Path) -> None:
    server = [*BROKEN, "dies_once", str(tmp_path / "died")]
    world = SyntheticWorld.from_mcp(server, timeout=LIMIT, backend=McpBackend(server, timeout=LIMIT))
    with world:
        with pytest.raises(BackendError, match=r"Connection closed \(the next request reconnects\)"):
            world.call("ping", {})
        assert world.call("ping", {}) == "pong"  # a new server process answers
